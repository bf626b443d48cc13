package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// In Chinese the recommend table writes totals in ten thousands (the
// model.FormatMoneyIn of the JSON's totals in the wizard's cell style,
// not "¥1136k") and names the
// warnings in Chinese (model.WarningName), while the JSON keeps the codes.
func TestRecommendChineseMoneyAndWarningNames(t *testing.T) {
	isolate(t)
	t.Setenv("COLUMNS", "1000") // every column, the warnings' too
	args := []string{"recommend", "--model", "llama-3.1-70b", "--duration", "1年", "--currency", "CNY", "--top", "3"}
	code, js, e := runCLI(t, append(args, "--format", "json")...)
	if code != exitOK {
		t.Fatalf("json: exit %d: %s", code, e)
	}
	var res model.Result
	if err := json.Unmarshal([]byte(js), &res); err != nil || len(res.Recommendations) == 0 {
		t.Fatalf("json: %v, %d recommendations", err, len(res.Recommendations))
	}
	code, out, e := runCLI(t, append(args, "--lang", "zh")...)
	if code != exitOK {
		t.Fatalf("zh: exit %d: %s", code, e)
	}
	lines := strings.Split(out, "\n")
	tenThousands := 0
	for i, r := range res.Recommendations {
		if r.Total < 1e5 {
			continue
		}
		want := model.FormatMoneyIn(r.Total, res.Currency, model.MoneyCell, true)
		var row string
		for _, l := range lines {
			if strings.HasPrefix(l, strconv.Itoa(i+1)+" ") && strings.Contains(l, r.InstanceType) {
				row = l
			}
		}
		if row == "" || !strings.Contains(row, want) || strings.Contains(row, "k ") {
			t.Errorf("#%d total %v: want %q in the row %q", i+1, r.Total, want, row)
		}
		tenThousands++
		for _, w := range r.Warnings {
			if n := model.WarningName(w.Code); !strings.Contains(row, n.ZH) || strings.Contains(row, " "+w.Code) {
				t.Errorf("#%d: warning %s: want its name %q in the row %q", i+1, w.Code, n.ZH, row)
			}
			if w.Code == "" || strings.ContainsFunc(w.Code, func(r rune) bool { return r > 0x7f }) {
				t.Errorf("JSON warning code %q", w.Code)
			}
		}
	}
	if tenThousands == 0 {
		t.Fatalf("no total of ¥100,000 or more to check:\n%s", js)
	}
}
