package cli

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLastBreakASCII: for printable ASCII (spaces, words, URLs and
// hosts), the break found from room back is the one the rune-by-rune
// search finds, at every room and lead.
func TestLastBreakASCII(t *testing.T) {
	words := []string{"a", "go", "word", "https://x.io/a/b", "(see", "github.com/o/r),", "--flag", "1.5", "", " "}
	rng := rand.New(rand.NewPCG(26, 1))
	checked := 0
	for range 3000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[rng.IntN(len(words))])
		}
		s := b.String()
		spans := urlSpans(s)
		for room := 1; room <= len(s)+1; room++ {
			for lead := 0; lead <= min(4, len(s)); lead++ {
				cut, next, hard, ok := lastBreakASCII(s, room, lead, spans)
				if !ok {
					continue
				}
				checked++
				wc, wn, wh := lastBreak(s, room, lead, spans)
				if cut != wc || next != wn || hard != wh {
					t.Fatalf("%q room %d lead %d: (%d, %d, %d), rune by rune (%d, %d, %d)", s, room, lead, cut, next, hard, wc, wn, wh)
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d cases checked", checked)
	}
}
