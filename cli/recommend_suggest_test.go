package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestRecommendWaysBack: over the budget, recommend prints each way back
// as the flags to type, the change in a sentence, the first offer under it
// with its cost and whether it keeps the budget, and what it gives up, in
// English and in Chinese; the JSON carries the same suggestions with their
// changes as flag and value. GLM-4-9B on three Chinese clouds at ¥4,000 a
// month (Alibaba's published 包月 A10 at ¥4,576 keeps ¥5,000): a narrower precision keeps the budget (a 3-year term off the
// monthly list price may keep it too, and come first when it meets the
// latency class that the precision's offer misses).
func TestRecommendWaysBack(t *testing.T) {
	isolate(t)
	args := []string{"recommend", "--model", "glm-4-9b", "--provider", "alibaba,tencent,featurize", "--budget", "4000/mo", "--currency", "CNY", "--top", "3"}
	_, js, _ := runCLI(t, append(args, "--format", "json")...)
	var res model.Result
	if err := json.Unmarshal([]byte(js), &res); err != nil {
		t.Fatalf("json: %v\n%s", err, js)
	}
	at := slices.IndexFunc(res.Suggestions, func(s model.Suggestion) bool { return s.WithinBudget && s.Kind == model.SuggestPrecision })
	if at < 0 {
		t.Fatalf("no suggestion is a precision that keeps the budget: %+v", res.Suggestions)
	}
	first := res.Suggestions[at]
	if len(first.Changes) != 1 || first.Changes[0].Flag != "precision" || first.Changes[0].Value == "" {
		t.Fatalf("changes %+v", first.Changes)
	}
	arg := "--precision " + first.Changes[0].Value
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"Ways back under the budget", "Try:   " + arg + " — use " + first.Changes[0].Value + " precision: ", "within the budget of ¥4000/mo", "       quality: "}},
		{"zh", []string{"回到预算内的办法", "可试：  " + arg + " — 改用 " + first.Changes[0].Value + " 精度：", "在 ¥4000/月 预算内", "       质量："}},
	} {
		code, out, errs := runCLI(t, append(args, "--lang", tc.lang)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", tc.lang, code, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in:\n%s", tc.lang, w, out)
			}
		}
		if n := strings.Count(out, "\n"+strings.Fields(tc.want[1])[0]); n != len(res.Suggestions) {
			t.Errorf("%s: %d suggestion lines, the JSON has %d", tc.lang, n, len(res.Suggestions))
		}
	}
}
