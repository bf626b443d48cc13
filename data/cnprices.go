package data

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// fileCNPrices is the reference data's table of Chinese list prices
// (cn/2026-12-01/cn_prices.csv). Its Alibaba rows are pay-as-you-go and
// monthly subscription prices in cn-shanghai as of 2023-06, a third-party
// transcription of Alibaba's buy page: the only Alibaba subscription
// prices found. Its other rows (Tencent bare metal with no unit, AutoDL
// with no configuration, both confidence low) are not prices gpupick can
// quote and are not read.
const fileCNPrices = "cn/2026-12-01/cn_prices.csv"

// cnPlanPrice is one Alibaba type's prices in one region from
// cn_prices.csv: hourly and monthly in CNY, each 0 where the file has none.
type cnPlanPrice struct {
	instanceType, region string
	hourly, monthly      float64
	date, source         string
	confidence           string
}

// cnPriceModel reads a price_model value of cn_prices.csv's Alibaba rows
// by its English key ("payg (…)", "subscription_monthly (…)"): whether it
// is the monthly one, and whether it is one of the two.
func cnPriceModel(s string) (monthly, ok bool) {
	key, _, _ := strings.Cut(s, " ")
	switch key {
	case "payg":
		return false, true
	case "subscription_monthly":
		return true, true
	}
	return false, false
}

// parseCNPrices reads cn_prices.csv's Alibaba rows, one cnPlanPrice per
// type and region, in file order. A price model or unit it does not know
// is an error naming the column: a price is never read in the wrong unit.
func parseCNPrices(r io.Reader, name string) ([]cnPlanPrice, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "instance_type", "region", "price_model", "price_cny", "unit", "date",
		"source_url", "confidence"); err != nil {
		return nil, err
	}
	var out []cnPlanPrice
	at := map[string]int{}
	for i := range t.rows {
		if t.get(i, "provider") != "Alibaba Cloud" {
			continue
		}
		where := fmt.Sprintf("%s: line %d", name, t.lines[i])
		monthly, ok := cnPriceModel(t.get(i, "price_model"))
		if !ok {
			return nil, fmt.Errorf("%s: column price_model: %q is not one of the Alibaba price models read (want \"payg (…)\" or \"subscription_monthly (…)\")", where, t.get(i, "price_model"))
		}
		wantUnit := map[bool]string{false: "CNY/hour", true: "CNY/month"}[monthly]
		if u := t.get(i, "unit"); u != wantUnit {
			return nil, fmt.Errorf("%s: column unit: %q for %s (want %s)", where, u, t.get(i, "price_model"), wantUnit)
		}
		v, has, err := t.num(i, "price_cny")
		if err != nil {
			return nil, err
		}
		if !has || v <= 0 {
			return nil, fmt.Errorf("%s: column price_cny: empty or zero (a row of this file is a price)", where)
		}
		key := t.get(i, "instance_type") + "\x00" + t.get(i, "region")
		j, seen := at[key]
		if !seen {
			j = len(out)
			at[key] = j
			out = append(out, cnPlanPrice{instanceType: t.get(i, "instance_type"), region: t.get(i, "region"),
				date: t.get(i, "date"), source: t.get(i, "source_url"), confidence: t.get(i, "confidence")})
		}
		dst := &out[j].hourly
		if monthly {
			dst = &out[j].monthly
		}
		if *dst > 0 {
			return nil, fmt.Errorf("%s: %s in %s has two %s prices", where, out[j].instanceType, out[j].region, t.get(i, "price_model"))
		}
		*dst = v
	}
	return out, nil
}

// note is what an offer says of the prices: where they hold, their date,
// the source's caveat and confidence.
func (p cnPlanPrice) note() string {
	var parts []string
	if p.hourly > 0 {
		parts = append(parts, "pay-as-you-go "+strconv.FormatFloat(p.hourly, 'f', -1, 64)+" CNY/h")
	}
	if p.monthly > 0 {
		parts = append(parts, "monthly "+strconv.FormatFloat(p.monthly, 'f', -1, 64)+" CNY/month")
	}
	return fmt.Sprintf("%s: %s as of %s, a third-party transcription of Alibaba's buy page (%s; confidence: %s)",
		p.region, strings.Join(parts, ", "), p.date, p.source, p.confidence)
}

// cnAddPlanPrices writes cn_prices.csv's Alibaba prices into the price
// sheet's rows before they become offers: the monthly price into the
// type's row of the region (a row added, with the type's facts, where the
// sheet has none there), the hourly only where the sheet has no hourly
// price for the row (the sheet's own, read later, wins). Each row so
// priced says where its prices come from (column plan_note).
func (ref *reference) cnAddPlanPrices(t *table) {
	if len(ref.cnPlans) == 0 {
		return
	}
	t.addCol("plan_note")
	first := map[string]int{}
	at := map[string]int{}
	for i := range t.rows {
		if cnProviders.Get()[t.get(i, "provider")].key != "alibaba" {
			continue
		}
		it := t.get(i, "instance_type")
		if _, ok := first[it]; !ok {
			first[it] = i
		}
		for _, reg := range model.SplitOn(t.get(i, "region"), ";") {
			at[it+"\x00"+reg] = i
		}
	}
	for _, p := range ref.cnPlans {
		f, known := first[p.instanceType]
		if !known {
			continue // a type neither table has: nothing to hang the price on
		}
		i, ok := at[p.instanceType+"\x00"+p.region]
		switch {
		case ok:
		case t.get(f, "region") == "": // a spec-only row: it becomes the priced one
			i = f
			t.set(i, "region", p.region)
			t.set(i, "billing_notes", "price = pay-as-you-go and monthly list, compute only")
		default:
			t.rows = append(t.rows, append([]string(nil), t.rows[f]...))
			t.lines = append(t.lines, t.lines[f])
			i = len(t.rows) - 1
			t.set(i, "region", p.region)
			t.set(i, "price_source_url", "")
			for _, col := range []string{"price_hourly_cny", "price_daily_cny", "price_weekly_cny", "price_monthly_cny", "price_yearly_cny", "spot_price_cny"} {
				t.set(i, col, "")
			}
		}
		if p.monthly > 0 && t.get(i, "price_monthly_cny") == "" {
			t.set(i, "price_monthly_cny", strconv.FormatFloat(p.monthly, 'f', -1, 64))
		}
		if p.hourly > 0 && t.get(i, "price_hourly_cny") == "" {
			t.set(i, "price_hourly_cny", strconv.FormatFloat(p.hourly, 'f', -1, 64))
		}
		t.set(i, "plan_note", joinNonEmpty("; ", t.get(i, "plan_note"), p.note()))
		t.set(i, "price_source_url", joinNonEmpty(" ; ", t.get(i, "price_source_url"), p.source))
	}
}
