package data

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// zonePriceCol is a list of zone=price pairs ("us-east-1a=1.25|...", the
// spot or on-demand prices place by place). A zone is escaped as a list
// item is, and its price follows the last "=", so any region name (a
// marketplace's "Sichuan, CN, AS") reads back.
func zonePriceCol(name string, p func(*model.OfferDetail) *[]model.ZonePrice) column[model.OfferDetail] {
	return column[model.OfferDetail]{name: name,
		enc: func(o *model.OfferDetail, _ *tsvCtx) string {
			var b strings.Builder
			for i, z := range *p(o) {
				if i > 0 {
					b.WriteByte('|')
				}
				b.WriteString(tsvEscape(z.Zone, true))
				b.WriteByte('=')
				b.WriteString(strconv.FormatFloat(z.Price, 'f', -1, 64))
			}
			return b.String()
		},
		dec: func(o *model.OfferDetail, s string, ctx *tsvCtx) (err error) {
			*p(o), err = decodeZonePrices(s, ctx)
			return err
		}}
}

// decodeZonePrices reads a spot_zones or on_demand_zones field ("" is
// none), the list shared by the decode's fields of the same text.
func decodeZonePrices(s string, ctx *tsvCtx) ([]model.ZonePrice, error) {
	return decodePairs(s, ctx, zoneTable, func(it string) (model.ZonePrice, error) {
		cut := strings.LastIndexByte(it, '=')
		if cut < 0 {
			cut = len(it)
		}
		zone, val := it[:cut], it[min(cut+1, len(it)):]
		v, err := parseNum(val)
		if cut == len(it) || zone == "" || err != nil || !(v > 0) {
			return model.ZonePrice{}, fmt.Errorf("%q is not zone=price (e.g. us-east-1a=1.25)", it)
		}
		return model.ZonePrice{Zone: ctx.str(zone), Price: v}, nil
	}, func(z *model.ZonePrice) { z.Zone = strings.Clone(z.Zone) })
}

// bucketCol is a list of region=bucket pairs ("us-east-1=1|..."), the
// bucket an index of model.InterruptionBuckets.
func bucketCol(name string, p func(*model.OfferDetail) *[]model.RegionBucket) column[model.OfferDetail] {
	return column[model.OfferDetail]{name: name,
		enc: func(o *model.OfferDetail, _ *tsvCtx) string {
			items := make([]string, len(*p(o)))
			for i, b := range *p(o) {
				items[i] = b.Region + "=" + strconv.Itoa(b.Bucket)
			}
			return tsvList(items)
		},
		dec: func(o *model.OfferDetail, s string, ctx *tsvCtx) (err error) {
			*p(o), err = decodeBuckets(s, ctx)
			return err
		}}
}

// decodeBuckets reads an interruption field ("" is none), the list shared
// by the decode's fields of the same text.
func decodeBuckets(s string, ctx *tsvCtx) ([]model.RegionBucket, error) {
	return decodePairs(s, ctx, bucketTable, func(it string) (model.RegionBucket, error) {
		region, val, ok := strings.Cut(it, "=")
		v, err := strconv.Atoi(val)
		if !ok || region == "" || err != nil || v < 0 || v >= len(model.InterruptionBuckets) {
			return model.RegionBucket{}, fmt.Errorf("%q is not region=bucket with a bucket 0-%d (e.g. us-east-1=1)", it, len(model.InterruptionBuckets)-1)
		}
		return model.RegionBucket{Region: ctx.str(region), Bucket: v}, nil
	}, func(b *model.RegionBucket) { b.Region = strings.Clone(b.Region) })
}

// regionListCol is a list of region names ("ap-shanghai-4|ap-beijing-5"),
// "" for none (not an empty list).
func regionListCol(name string, p func(*model.OfferDetail) *[]string) column[model.OfferDetail] {
	return column[model.OfferDetail]{name: name,
		enc: func(o *model.OfferDetail, _ *tsvCtx) string { return tsvList(*p(o)) },
		dec: func(o *model.OfferDetail, s string, ctx *tsvCtx) (err error) {
			*p(o), err = decodeRegionList(s, ctx)
			return err
		}}
}

// decodeRegionList reads a plan_regions field ("" is none), the list
// shared by the decode's fields of the same text.
func decodeRegionList(s string, ctx *tsvCtx) ([]string, error) {
	return decodePairs(s, ctx, regionTable, func(it string) (string, error) {
		if it == "" {
			return "", fmt.Errorf("an empty region in %q (regions are separated by |)", s)
		}
		return ctx.str(it), nil
	}, func(r *string) { *r = strings.Clone(*r) })
}

// decodePairs reads a list field of items ("" is none; key=value pairs
// for the price lists) with item, the list shared by the decode's fields of the same text (table;
// own copies an item's text out of the file's: keepList). A streamed
// decode's item already copied its text out of the block (tsvCtx.str), so
// own is not called again on it.
func decodePairs[E any](s string, ctx *tsvCtx, table func(*detailInterner) map[string][]E, item func(string) (E, error), own func(*E)) ([]E, error) {
	if s == "" {
		return nil, nil
	}
	if v, ok := sharedList(ctx.details, table, s); ok {
		return v, nil
	}
	out := make([]E, 0, strings.Count(s, "|")+1)
	err := tsvEachItem(s, func(it string) error {
		e, err := item(it)
		if err != nil {
			return err
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if ctx.in != nil {
		own = nil // a streamed decode's items hold copies already (tsvCtx.str)
	}
	return keepList(ctx.details, table, s, out, own), nil
}
