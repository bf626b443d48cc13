package cli

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model/text"
)

// TestCLITextsBothLanguages checks the CLI's table with text.Check: every
// message has an English and a Chinese text taking the same arguments, and
// a tab-separated header has as many columns in both.
func TestCLITextsBothLanguages(t *testing.T) {
	for _, p := range text.Check(cliTexts, cliMsgCount) {
		t.Error(p)
	}
	for k := cliMsg(0); k < cliMsgCount && int(k) < len(cliTexts); k++ {
		if p := cliTexts[k]; strings.Count(p[text.EN], "\t") != strings.Count(p[text.ZH], "\t") {
			t.Errorf("%q: the Chinese has other columns", p[text.EN])
		}
	}
}
