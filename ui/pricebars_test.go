package ui

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// The detail's bars draw every price model of the table the offer quotes:
// hybrids by their two parts ("1yr+od"), spot with AWS's interruption
// bucket and its date (on the note line under its bar), and the zone range; hybrids not quoted leave no line.
func TestPriceBarsShowHybrids(t *testing.T) {
	m := newTestModel(t, 140, 40)
	r := &model.Recommendation{
		PriceModel: model.PriceHybrid1yOnDemand, CalendarHours: 18 * model.HoursPerMonth,
		PriceModels: []model.PriceQuote{
			{Name: model.PriceOnDemand, Hourly: 2, Total: 26298, Eligible: true, Region: "us-east-1"},
			{Name: model.PriceSpot, Hourly: 1, Total: 13149, Eligible: true, Region: "us-east-1a", RangeLow: 0.5, RangeHigh: 3,
				Interruption: "5-10%", InterruptionDate: "2025-06-28"},
			{Name: model.PriceReserved1, Hourly: 1.2, Total: 21038.4, Eligible: true},
			{Name: model.PriceHybrid1yOnDemand, Hourly: 1.47, Total: 19285.2, Eligible: true,
				Assumptions: []string{"1 x 8766 h on the plan", "then 4383 h on demand"}},
		},
	}
	lines := newDetailView(&m).priceModelLines(r, model.USD, 120)
	text := strings.Join(lines, "\n")
	find := func(name string) string {
		for _, l := range lines {
			if strings.Contains(l, name) {
				return l
			}
		}
		return ""
	}
	hy := find("1yr+od")
	if hy == "" || !strings.Contains(hy, "$19.3k") || !strings.Contains(hy, "›") {
		t.Errorf("no chosen hybrid bar at $19.3k:\n%s", text)
	}
	if find("1yr+spot") != "" || find("3yr+od") != "" {
		t.Errorf("hybrids the offer does not quote are drawn:\n%s", text)
	}
	if sp := find("interrupted"); !strings.Contains(sp, "5-10%") || !strings.Contains(sp, "2025-06-28") {
		t.Errorf("spot bar without its interruption bucket and date: %q\n%s", sp, text)
	}
	if !strings.Contains(text, "$0.500") || !strings.Contains(text, "$3.00") {
		t.Errorf("spot range across zones not shown:\n%s", text)
	}
}
