package data

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// priceKindCodes are the price kinds as price_origins writes them.
// Made on first use, not at start-up (issue 26).
var priceKindCodes = lazy.Value[map[model.PriceKind]string]{New: func() map[model.PriceKind]string {
	return map[model.PriceKind]string{
		model.PriceKindOnDemand: "od", model.PriceKindSpot: "spot", model.PriceKindPlan: "plan",
	}
}}

// priceOriginCol is an offer's price origins (OfferDetail.PriceOrigins):
// a list of kind:place=source@date items ("od:cn-beijing=3@2024-01-10|
// plan:monthly=7@2023-06-01"), the kind od, spot or plan, the place
// escaped as a list item is, the source a line of sources.tsv (as the
// sources column's) and the date YYYY-MM-DD or empty.
func priceOriginCol(name string, p func(*model.OfferDetail) *[]model.PriceOrigin) column[model.OfferDetail] {
	return column[model.OfferDetail]{name: name,
		enc: func(o *model.OfferDetail, ctx *tsvCtx) string {
			var b strings.Builder
			for i, po := range *p(o) {
				if i > 0 {
					b.WriteByte('|')
				}
				b.WriteString(priceKindCodes.Get()[po.Kind])
				b.WriteByte(':')
				b.WriteString(tsvEscape(po.Place, true))
				b.WriteByte('=')
				b.WriteString(ctx.sourceIDs([]string{po.Source}))
				b.WriteByte('@')
				b.WriteString(po.Date)
			}
			return b.String()
		},
		dec: func(o *model.OfferDetail, s string, ctx *tsvCtx) (err error) {
			*p(o), err = decodePriceOrigins(s, ctx)
			return err
		}}
}

// decodePriceOrigins reads a price_origins field ("" is none).
func decodePriceOrigins(s string, ctx *tsvCtx) ([]model.PriceOrigin, error) {
	if s == "" {
		return nil, nil
	}
	var out []model.PriceOrigin
	err := tsvEachItem(s, func(it string) error {
		po, err := decodePriceOrigin(it, ctx)
		if err != nil {
			return fmt.Errorf("%q is not kind:place=source@date (kind od, spot or plan, source a line of sources.tsv, date YYYY-MM-DD or empty; e.g. od:us-east-1=3@2024-01-10): %w", it, err)
		}
		out = append(out, po)
		return nil
	})
	return out, err
}

// decodePriceOrigin reads one item of a price_origins field.
func decodePriceOrigin(it string, ctx *tsvCtx) (model.PriceOrigin, error) {
	var po model.PriceOrigin
	code, rest, ok := strings.Cut(it, ":")
	for k, c := range priceKindCodes.Get() {
		if c == code {
			po.Kind = k
		}
	}
	if !ok || po.Kind == "" {
		return po, fmt.Errorf("kind %q", code)
	}
	cut := strings.LastIndexByte(rest, '=')
	if cut <= 0 {
		return po, fmt.Errorf("no place=")
	}
	po.Place = ctx.keep(rest[:cut])
	id, date, ok := strings.Cut(rest[cut+1:], "@")
	if !ok {
		return po, fmt.Errorf("no @date")
	}
	if _, err := strconv.Atoi(id); err != nil {
		return po, fmt.Errorf("source id %q", id)
	}
	src, err := ctx.sourcesOf(id)
	if err != nil {
		return po, err
	}
	po.Source = src[0]
	if date != "" {
		if _, err := time.Parse("2006-01-02", date); err != nil {
			return po, fmt.Errorf("date %q", date)
		}
	}
	po.Date = ctx.keep(date)
	return po, nil
}
