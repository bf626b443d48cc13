package advisor

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// TestSpotOneName: every advisor text (notes, assumptions, warnings)
// that names spot in English names it with the price model's
// Chinese name (model's, which the CLI and the wizard print too), and
// 抢占式 stands only where the English names preemptible capacity.
func TestSpotOneName(t *testing.T) {
	spot := model.PriceSpot.Name().ZH
	pairs := append([]text.Pair(nil), texts...)
	for _, d := range warnDefs.Get() {
		pairs = append(pairs, d.msg, d.detail)
	}
	for i, p := range pairs {
		// AWS's Spot Instance Advisor is a name, kept in both languages.
		pairs[i][text.EN] = strings.ReplaceAll(p[text.EN], "Spot Instance Advisor", "")
	}
	for _, p := range append(text.Term(pairs, text.EN, "spot", spot), text.Term(pairs, text.ZH, "抢占式", "preemptible")...) {
		t.Error(p)
	}
}

// TestChineseValueNames: the names the advisor's Chinese texts give
// values are Chinese, and English keeps the ids.
func TestChineseValueNames(t *testing.T) {
	for _, c := range model.Latencies {
		if en, zh := langEN.latency(c), langZH.latency(c); en != string(c) || zh != c.Name().ZH || strings.ContainsAny(zh, "abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("latency %s: English %q, Chinese %q", c, en, zh)
		}
	}
	for code := range riskTexts.Get() {
		if _, ok := riskNames.Get()[code]; !ok {
			t.Errorf("risk %s has no short name", code)
		}
	}
	for code := range riskNames.Get() {
		if en, zh := langEN.riskName(code), langZH.riskName(code); en != code || zh == code || strings.Contains(zh, "-") {
			t.Errorf("risk %s: English %q, Chinese %q", code, en, zh)
		}
	}
	for _, b := range []int8{-1, 0, int8(len(model.InterruptionBuckets) - 1), int8(len(model.InterruptionBuckets))} {
		if zh := langZH.bucket(b); strings.ContainsAny(zh, "abcdefghijklmnopqrstuvwxyz") {
			t.Errorf("bucket %d: Chinese %q", b, zh)
		}
	}
	b := model.Budget{Amount: 3000, Currency: model.CNY, Period: model.BudgetMonthly}
	if en, zh := langEN.budget(b), langZH.budget(b); en != b.String() || strings.Contains(zh, "mo") {
		t.Errorf("budget: English %q, Chinese %q", en, zh)
	}
}
