package advisor

import (
	"strings"
	"testing"
	"time"

	"github.com/gpupick/gpupick/model"
)

// liveAsOf is the load time of liveCatalog.
var liveAsOf = time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)

// liveCatalog holds two live offers of one L4 host, stale (fetched
// 7 h before the load, past model.LiveStaleHours) and fresh (fetched 1 h
// before) at a price 2% higher, as of asOf.
func liveCatalog(asOf time.Time) *model.Catalog {
	stale := testOffer("cloudA", "stale-host", "L4", 1, 1.00)
	stale.EditDetail().FetchedAt = liveAsOf.Add(-7 * time.Hour).Format(time.RFC3339)
	fresh := testOffer("cloudA", "fresh-host", "L4", 1, 1.02)
	fresh.EditDetail().FetchedAt = liveAsOf.Add(-time.Hour).Format(time.RFC3339)
	cat := catWith(stale, fresh)
	cat.Info.AsOf = asOf
	return cat
}

// A stale live price is never taken as current: it carries the
// stale-price risk in the ranking (so a fresh offer 2% dearer ranks
// first), the stale-price warning naming its fetch time and the refresh,
// and its quotes say so; a fresh live offer's quotes say when it was
// fetched. Without a load time, every live offer is stale (the worse case).
func TestLiveStalePrice(t *testing.T) {
	for _, tc := range []struct {
		lang, warn, note, freshNote string
	}{
		{"en", "live marketplace price fetched 2026-11-02T05:00:00Z, 7.0 h ago (current for 6 h)", "stale, taken as a stale price",
			"live marketplace price fetched 2026-11-02T11:00:00Z, 1.0 h ago (current for 6 h)"},
		{"zh", "实时市场价格获取于 2026-11-02T05:00:00Z，已过 7.0 小时（有效期 6 小时）", "已过时，按过时价格计",
			"实时市场价格获取于 2026-11-02T11:00:00Z，已过 1.0 小时（有效期 6 小时）"},
	} {
		res := Recommend(liveCatalog(liveAsOf), stated(10, nil), Options{Lang: tc.lang})
		if got := names(res); len(got) != 2 || got[0] != "fresh-host" {
			t.Fatalf("%s: ranked %v, want the fresh live offer first", tc.lang, got)
		}
		st, fr := recOf(t, res, "stale-host"), recOf(t, res, "fresh-host")
		stale, fresh := &st, &fr
		if !hasWarning(stale, model.WarnStalePrice, tc.warn) || hasWarning(fresh, model.WarnStalePrice, "") {
			t.Errorf("%s: stale warnings %+v; fresh %+v", tc.lang, stale.Warnings, fresh.Warnings)
		}
		if !hasRisk(stale, model.WarnStalePrice) || hasRisk(fresh, model.WarnStalePrice) {
			t.Errorf("%s: stale risks %+v; fresh %+v", tc.lang, stale.Risk, fresh.Risk)
		}
		if q := quoteOf(stale, model.PriceOnDemand); q == nil || !strings.Contains(q.Note, tc.note) {
			t.Errorf("%s: stale on-demand quote %+v, want %q", tc.lang, q, tc.note)
		}
		if q := quoteOf(fresh, model.PriceOnDemand); q == nil || !strings.Contains(q.Note, tc.freshNote) {
			t.Errorf("%s: fresh on-demand quote %+v, want %q", tc.lang, q, tc.freshNote)
		}
	}
	res := Recommend(liveCatalog(time.Time{}), stated(10, nil), Options{})
	for _, name := range []string{"stale-host", "fresh-host"} {
		if r := recOf(t, res, name); !hasWarning(&r, model.WarnStalePrice, "of an age that cannot be told") || !hasRisk(&r, model.WarnStalePrice) {
			t.Errorf("no load time: %s is not taken as stale: %+v %+v", name, r.Warnings, r.Risk)
		}
	}
}

// hasWarning reports whether r has a warning of code whose message holds text.
func hasWarning(r *model.Recommendation, code, text string) bool {
	for _, w := range r.Warnings {
		if w.Code == code && strings.Contains(w.Message, text) {
			return true
		}
	}
	return false
}

// quoteOf is r's quote of price model pm (nil if none).
func quoteOf(r *model.Recommendation, pm model.PriceModel) *model.PriceQuote {
	for i := range r.PriceModels {
		if r.PriceModels[i].Name == pm {
			return &r.PriceModels[i]
		}
	}
	return nil
}
