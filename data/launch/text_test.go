package launch

import (
	"testing"

	"github.com/gpupick/gpupick/model/text"
)

// TestTextsBothLanguages checks the exporters' table with text.Check.
func TestTextsBothLanguages(t *testing.T) {
	for _, p := range text.Check(texts, msgCount) {
		t.Error(p)
	}
}
