package ui

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestPrecisionOffersAutoFirst: the precision question starts on auto,
// the checkpoint's own format, offered first with its hint in both
// languages; picking bf16 keeps bf16 in the answers.
func TestPrecisionOffersAutoFirst(t *testing.T) {
	for _, tc := range []struct{ lang, auto, hint, summary string }{
		{"en", "auto", "as shipped: DeepSeek-V3/R1 in FP8", "auto"},
		{"zh", "自动", "沿用检查点：DeepSeek-V3/R1 为 FP8", "自动"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = tc.lang })
			m = goTo(t, m, fPrecision)
			if m.form.answers.Precision != model.PrecisionAuto || m.form.optionIndex(fPrecision) != 0 {
				t.Fatalf("precision starts at %q (option %d), want auto, the first", m.form.answers.Precision, m.form.optionIndex(fPrecision))
			}
			var first string
			for _, l := range strings.Split(screen(m), "\n") {
				if strings.Contains(l, "● ") || strings.Contains(l, "○ ") {
					first = l
					break
				}
			}
			if !strings.Contains(first, "● "+tc.auto) || !strings.Contains(first, tc.hint) {
				t.Errorf("first option %q, want the chosen %q with %q", first, tc.auto, tc.hint)
			}
			if got := sumPrecision(&m.form, m.t); got != tc.summary {
				t.Errorf("summary %q, want %q", got, tc.summary)
			}
			m = press(t, m, "3") // bf16, after auto and fp32
			if m.form.answers.Precision != model.BF16 {
				t.Errorf("option 3 gives %q, want bf16", m.form.answers.Precision)
			}
		})
	}
}
