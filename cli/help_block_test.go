package cli

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
)

// TestColourHelpAnyWidth: on a colour terminal of any width the help is
// written (a terminal narrower than an example's longest word made the
// padding of the code block negative: a panic), each code block's lines
// on its background as wide as one another: a word wider than the block
// widens it.
func TestColourHelpAnyWidth(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		tr := newTree(nil, environ{}, lang, nil, io.Discard, io.Discard)
		tr.declareAll()
		walkTree(tr.root, func(c *cobra.Command) {
			for width := 1; width <= helpMaxWidth; width++ {
				var b strings.Builder
				writeHelp(&b, c, lang, width, colourHelpStyles(nil, nil), nil)
				blockWidth := -1 // the width of the block's lines so far; -1 outside a block
				for _, l := range strings.Split(b.String(), "\n") {
					if !strings.Contains(l, "\x1b[48;2;") {
						blockWidth = -1
						continue
					}
					if w := ansi.StringWidth(l); blockWidth < 0 {
						blockWidth = w
					} else if w != blockWidth {
						t.Errorf("%s %s at %d: a code block's line %d wide, the one before %d: %q", lang, c.CommandPath(), width, w, blockWidth, ansi.Strip(l))
					}
				}
			}
		})
	}
}
