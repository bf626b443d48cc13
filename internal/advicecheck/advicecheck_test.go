package advicecheck

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/model"
)

func TestOutsideRegions(t *testing.T) {
	cat := &model.Catalog{Places: []model.Place{{Provider: "p", Region: "eu-central-1", Country: "DE"}, {Provider: "p", Region: "us-east-1", Country: "US"}},
		RegionGroups: []model.RegionGroup{{Name: "europe", Countries: []string{"DE"}}}}
	rf := model.NewRegionFilter([]string{"europe"}, cat)
	recs := []model.Recommendation{
		{Provider: "p", InstanceType: "in", Region: "eu-central-1", PriceModels: []model.PriceQuote{{Name: model.PriceOnDemand, Region: "eu-central-1"}}},
		{Provider: "p", InstanceType: "out", Region: "eu-central-1", PriceModels: []model.PriceQuote{{Name: model.PriceSpot, Region: "us-east-1a"}}},
	}
	got := OutsideRegions(rf, recs)
	if want := []string{`#2 out quotes spot in "us-east-1a"`}; !slices.Equal(got, want) {
		t.Errorf("OutsideRegions = %q, want %q", got, want)
	}
}
