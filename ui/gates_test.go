package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/gpupick/gpupick/model"
)

// The detail of #1 says what a gate of the answers costs, worked out off
// the update loop once the detail is open: Qwen2.5-14B at 128k context
// for 4 users, whose first-token limit forces a dear pick; both languages.
func TestDetailGatePrice(t *testing.T) {
	for _, tc := range []struct{ lang, gate string }{
		{"en", "s first-token limit makes #1 cost"},
		{"zh", "秒的首 token 上限使第一名总计花费"},
	} {
		a := model.DefaultAnswers()
		a.Model, a.Context, a.Batch = "qwen2.5-14b", 128*1024, 4
		m := realModelIn(t, a, tc.lang)
		top := press(t, m, "ctrl+o", "enter")
		lines := newDetailView(&top).Render(200, 0)
		for i, l := range lines {
			lines[i] = ansi.Strip(l)
		}
		if d := strings.Join(lines, "\n"); !strings.Contains(d, tc.gate) {
			t.Errorf("%s: the detail of #1 does not price the first-token limit:\n%s", tc.lang, d)
		}
	}
}
