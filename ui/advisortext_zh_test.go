package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

var (
	// advisorEnglish are the English words the advisor used to write into
	// its Chinese texts, which the wizard shows: a latency class by its flag
	// value, an unknown interruption rate.
	advisorEnglish = regexp.MustCompile(`\b(realtime|interactive|batch|unknown)\b`)
	// riskID is a risk's id ("tp-over-pcie", "shared-vcpu"), which the
	// "why #1" lines name in Chinese; a --flag and its value are cut first.
	riskID   = regexp.MustCompile(`\b[a-z0-9]+(?:-[a-z0-9]+)+\b`)
	flagText = regexp.MustCompile(`--[a-z-]+ \S+`)
)

// TestWizardChineseAdvisorTexts drives the wizard in Chinese on the real
// advisor with answers whose notes, warnings, assumptions and "why #1"
// name a latency class and the risks of the runner-up, and
// asserts that the screen and the detail of #1 show the Chinese names of
// those values and none of the English ones.
func TestWizardChineseAdvisorTexts(t *testing.T) {
	cases := []struct {
		name string
		set  func(a *model.Answers)
		want []string // Chinese the output must show
	}{
		{"image latency class", func(a *model.Answers) { a.Model = "flux.1-dev" }, []string{"交互式延迟等级"}},
		{"runner-up's risks", func(a *model.Answers) {
			a.Model, a.DurationHours, a.Providers = "llama-3.1-8b", 12*model.HoursPerMonth, []string{"aws"}
		}, []string{"为何排第一", "计入风险加成后"}},
		{"realtime", func(a *model.Answers) { a.Model, a.Latency = "flux.1-dev", model.LatencyRealtime }, []string{"实时延迟等级"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := model.DefaultAnswers()
			tc.set(&a)
			m := realModelIn(t, a, "zh")
			out := screen(m)
			if len(m.res.Recommendations) > 0 {
				top := press(t, m, "ctrl+o", "enter")
				lines := newDetailView(&top).Render(200, 0)
				for i, l := range lines {
					lines[i] = ansi.Strip(l)
				}
				out += "\n" + strings.Join(lines, "\n")
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the Chinese wizard:\n%s", w, out)
				}
			}
			// Warning codes are ids in every language ("speed-unknown").
			ids := out
			for _, code := range advisor.WarningCodes() {
				ids = strings.ReplaceAll(ids, code, "")
			}
			if bad := advisorEnglish.FindAllString(ids, -1); len(bad) > 0 {
				t.Errorf("English %q in the Chinese wizard:\n%s", bad, out)
			}
			// The "why #1" lines: from their title to the blank line.
			_, why, _ := strings.Cut(out[strings.LastIndex(out, "\n为何排第一")+1:], "\n")
			why, _, _ = strings.Cut(why, "\n\n")
			if bad := riskID.FindAllString(flagText.ReplaceAllString(why, ""), -1); len(bad) > 0 {
				t.Errorf("risk ids %q in the Chinese \"why #1\":\n%s", bad, why)
			}
		})
	}
}
