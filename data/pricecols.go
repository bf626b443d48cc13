package data

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// zonePriceCol is a list of zone=price pairs ("us-east-1a=1.25|...").
func zonePriceCol(name string, p func(*model.Offer) *[]model.ZonePrice) column[model.Offer] {
	return column[model.Offer]{name,
		func(o *model.Offer, _ *tsvCtx) string {
			items := make([]string, len(*p(o)))
			for i, z := range *p(o) {
				items[i] = z.Zone + "=" + strconv.FormatFloat(z.Price, 'f', -1, 64)
			}
			return tsvList(items)
		},
		func(o *model.Offer, s string, c *tsvCtx) error {
			if s == "" {
				*p(o) = nil
				return nil
			}
			out, err := cachedList(c, s, parseZonePrices)
			if err != nil {
				return err
			}
			*p(o) = out
			return nil
		}}
}

// parseZonePrices reads a non-empty list of zone=price pairs, each zone
// kept through c (tsvCtx.str).
func parseZonePrices(s string, c *tsvCtx) ([]model.ZonePrice, error) {
	out := make([]model.ZonePrice, 0, strings.Count(s, "|")+1)
	err := tsvEachItem(s, func(it string) error {
		zone, val, ok := strings.Cut(it, "=")
		v, err := parseNum(val)
		if !ok || zone == "" || err != nil || !(v > 0) {
			return fmt.Errorf("%q is not zone=price (e.g. us-east-1a=1.25)", it)
		}
		out = append(out, model.ZonePrice{Zone: c.str(zone), Price: v})
		return nil
	})
	return out, err
}

// bucketCol is a list of region=bucket pairs ("us-east-1=1|..."), the
// bucket an index of model.InterruptionBuckets.
func bucketCol(name string, p func(*model.Offer) *[]model.RegionBucket) column[model.Offer] {
	return column[model.Offer]{name,
		func(o *model.Offer, _ *tsvCtx) string {
			items := make([]string, len(*p(o)))
			for i, b := range *p(o) {
				items[i] = b.Region + "=" + strconv.Itoa(b.Bucket)
			}
			return tsvList(items)
		},
		func(o *model.Offer, s string, c *tsvCtx) error {
			if s == "" {
				*p(o) = nil
				return nil
			}
			out, err := cachedList(c, s, parseBuckets)
			if err != nil {
				return err
			}
			*p(o) = out
			return nil
		}}
}

// parseBuckets reads a non-empty list of region=bucket pairs, each region
// kept through c (tsvCtx.str).
func parseBuckets(s string, c *tsvCtx) ([]model.RegionBucket, error) {
	out := make([]model.RegionBucket, 0, strings.Count(s, "|")+1)
	err := tsvEachItem(s, func(it string) error {
		region, val, ok := strings.Cut(it, "=")
		v, err := strconv.Atoi(val)
		if !ok || region == "" || err != nil || v < 0 || v >= len(model.InterruptionBuckets) {
			return fmt.Errorf("%q is not region=bucket with a bucket 0-%d (e.g. us-east-1=1)", it, len(model.InterruptionBuckets)-1)
		}
		out = append(out, model.RegionBucket{Region: c.str(region), Bucket: v})
		return nil
	})
	return out, err
}
