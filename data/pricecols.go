package data

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// zonePriceCol is a list of zone=price pairs ("us-east-1a=1.25|...").
func zonePriceCol(name string, p func(*model.OfferDetail) *[]model.ZonePrice) column[model.OfferDetail] {
	return column[model.OfferDetail]{name: name,
		enc: func(o *model.OfferDetail, _ *tsvCtx) string {
			items := make([]string, len(*p(o)))
			for i, z := range *p(o) {
				items[i] = z.Zone + "=" + strconv.FormatFloat(z.Price, 'f', -1, 64)
			}
			return tsvList(items)
		},
		dec: func(o *model.OfferDetail, s string, ctx *tsvCtx) (err error) {
			*p(o), err = decodeZonePrices(s, ctx)
			return err
		}}
}

// decodeZonePrices reads a spot_zones field ("" is none), the list shared
// by the decode's fields of the same text.
func decodeZonePrices(s string, ctx *tsvCtx) ([]model.ZonePrice, error) {
	return decodePairs(s, ctx, zoneTable, func(it string) (model.ZonePrice, error) {
		zone, val, ok := strings.Cut(it, "=")
		v, err := parseNum(val)
		if !ok || zone == "" || err != nil || !(v > 0) {
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

// decodePairs reads a list field of key=value items ("" is none) with
// item, the list shared by the decode's fields of the same text (table;
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
