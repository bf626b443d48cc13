package cli

import (
	"flag"
	"testing"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// TestAnswerFlagHelpChineseOnAsking: the answers' flags, declared with
// their Chinese help made only when asked for (flagHelpLazy), show the
// registry's Chinese under flagHelpIn, the same the second time (once made
// and kept), and the English for English.
func TestAnswerFlagHelpChineseOnAsking(t *testing.T) {
	var af answerFlags
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	af.register(fs)
	for _, s := range model.Registry() {
		s := model.Spec(s.ID)
		en := fs.Lookup(s.Name).Usage
		if en != s.FlagUsageIn(text.EN) {
			t.Fatalf("--%s: usage %q, want the registry's English %q", s.Name, en, s.FlagUsageIn(text.EN))
		}
		flagHelpZH.mu.Lock()
		_, kept := flagHelpZH.m[en]
		flagHelpZH.mu.Unlock()
		if !kept {
			t.Fatalf("--%s: no Chinese kept for its help", s.Name)
		}
		want := s.FlagUsageIn(text.ZH)
		for i := range 2 {
			if got := flagHelpIn(en, "zh"); got != want {
				t.Fatalf("--%s in Chinese (asking %d): %q, want %q", s.Name, i+1, got, want)
			}
		}
		if got := flagHelpIn(en, "en"); got != en {
			t.Fatalf("--%s in English: %q, want %q", s.Name, got, en)
		}
	}
}
