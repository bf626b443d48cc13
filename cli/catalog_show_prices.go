package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// zonePricesText lists prices place by place ("us-east-1 55.04, ..."),
// then the offer's regions that have none.
func zonePricesText(o *model.Offer, zones []model.ZonePrice, lang string) string {
	parts := make([]string, 0, len(zones))
	priced := make(map[string]bool, len(zones))
	for _, z := range zones {
		parts = append(parts, z.Zone+" "+model.FormatNumber(z.Price))
		priced[z.Zone] = true
	}
	var none []string
	for _, r := range o.Regions {
		if !priced[r] && !slices.ContainsFunc(zones, func(z model.ZonePrice) bool {
			return strings.HasPrefix(z.Zone, r+"/") || strings.HasPrefix(z.Zone, r+"-")
		}) {
			none = append(none, r)
		}
	}
	s := strings.Join(parts, ", ")
	if len(none) > 0 {
		s += fmt.Sprintf(tCatNoPriceIn.in(lang), strings.Join(none, ", "))
	}
	return s
}

// showPriceFacts adds `catalog show`'s rows for where an offer's prices
// apply and the price models its data supports beyond the hourly prices:
// the region of the lowest on-demand price, the on-demand prices by
// region and spot prices by zone where they are kept, the regions plan
// prices hold in where they are limited, AWS's
// interruption buckets and the firm committed discounts (the rows of
// model.PriceModelTable the offer has data for), labelled in lang.
func showPriceFacts(o *model.Offer, row func(k, v string), lang string) {
	if o.Detail().OnDemandRegion != "" {
		v := o.Detail().OnDemandRegion
		if o.Detail().PricedZones == 1 {
			v += tCatOnlyZone.in(lang)
		} else if o.Detail().PricedZones > 1 {
			v += fmt.Sprintf(tCatLowestOf.in(lang), o.Detail().PricedZones)
		}
		row(tCatOnDemandFrom.in(lang), v)
	}
	for _, l := range []struct {
		label cliMsg
		zones []model.ZonePrice
	}{{tCatOnDemandByRegion, o.Detail().OnDemandZones}, {tCatSpotByZone, o.Detail().SpotZones}} {
		if len(l.zones) > 0 {
			row(l.label.in(lang), zonePricesText(o, l.zones, lang))
		}
	}
	if rs := o.Detail().PlanRegions; len(rs) > 0 {
		row(tCatPlanRegions.in(lang), strings.Join(rs, ", "))
	}
	if n := len(o.Detail().Interruption); n > 0 {
		parts := make([]string, n)
		for i, b := range o.Detail().Interruption {
			name := "?"
			if b.Bucket >= 0 && b.Bucket < len(model.InterruptionBuckets) {
				name = model.InterruptionBuckets[b.Bucket]
			}
			parts[i] = b.Region + " " + name
		}
		row(tCatSpotInterruption.in(lang), strings.Join(parts, ", ")+fmt.Sprintf(tCatInterruptionSource.in(lang), o.Detail().InterruptionDate))
	}
	for _, c := range []struct {
		pm  model.PriceModel
		off float64
	}{{model.PriceReserved1, o.Detail().Commit1yOff}, {model.PriceReserved3, o.Detail().Commit3yOff}} {
		if c.off > 0 {
			row(fmt.Sprintf(tCatFirm.in(lang), priceModelName(c.pm, lang)), fmt.Sprintf(tCatFirmValue.in(lang), c.off*100, o.Detail().CommitSource))
		}
	}
}
