package cli

import (
	"cmp"
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestHelpSize: the size the help's builder is grown to (helpSize) holds
// every command's help, in English and Chinese, plain at widths from 1 to
// helpMaxWidth columns and in colour from 60 (a narrower terminal's
// escape sequences on every short line may grow it once more), so the
// builder grows once; and plain from 20 columns it is at most half again
// the help (and 512 bytes), so the builder takes no pages the help does
// not write (issue 26).
func TestHelpSize(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		tr := newTree(nil, environ{}, lang, nil, io.Discard, io.Discard)
		tr.declareAll()
		for _, st := range []*helpStyles{plainHelpStyles(), colourHelpStyles(nil, nil)} {
			walkTree(tr.root, func(c *cobra.Command) {
				for _, width := range []int{1, 20, 40, 60, 80, 100, helpMaxWidth} {
					rows, _ := helpRows(c, lang, tr.declarable)
					space, room := rowColumns(rows, width)
					est := helpSize(cmp.Or(c.Long, c.Short), c.Example, rows, width, space, room, st.codeBlock.on)
					var b strings.Builder
					writeHelp(&b, c, lang, width, st, tr.declarable)
					n := b.Len()
					if st.codeBlock.on && width >= 60 && n > est || !st.codeBlock.on && (n > est || width >= 20 && est > n+n/2+512) {
						t.Errorf("%s, %s, colour %v, %d columns: %d bytes, estimated %d", c.CommandPath(), lang, st.codeBlock.on, width, n, est)
					}
				}
			})
		}
	}
}
