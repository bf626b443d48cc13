package data

import (
	"fmt"
	"strconv"

	"github.com/gpupick/gpupick/model"
)

// The columns of a marketplace host's facts (model.MarketHost, the host
// columns of offercols.tsv): numbers, written only for an offer with a
// host, so that each live offer's facts are a few numbers, not sentences
// of its own (issue 24).

// hostBlock is how many hosts ownHost cuts from one allocation: a live
// catalog's 100k hosts are a few hundred allocations, not 100k.
const hostBlock = 256

// hostCol is an offer column of a host field. Decoding a non-empty field
// gives the row its host (ownHost); an offer with no host writes "".
func hostCol(c column[model.MarketHost]) column[model.Offer] {
	return column[model.Offer]{name: c.name, skipEmpty: true,
		enc: func(o *model.Offer, ctx *tsvCtx) string {
			if o.Host == nil {
				return ""
			}
			return c.enc(o.Host, ctx)
		},
		dec: func(o *model.Offer, s string, ctx *tsvCtx) error {
			if s == "" {
				return nil
			}
			return c.dec(ownHost(o, ctx), s, ctx)
		}}
}

// ownHost returns the row's host, giving it one (cut from ctx's block)
// on its first host field.
func ownHost(o *model.Offer, ctx *tsvCtx) *model.MarketHost {
	if o.Host != nil {
		return o.Host
	}
	if ctx == nil {
		o.Host = new(model.MarketHost)
		return o.Host
	}
	if len(ctx.hosts) == 0 {
		ctx.hosts = make([]model.MarketHost, hostBlock)
	}
	o.Host, ctx.hosts = &ctx.hosts[0], ctx.hosts[1:]
	return o.Host
}

// idCol is a column of a 64-bit id ("" for 0).
func idCol[T any](name string, p func(*T) *int64) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtID(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decID(s); return err }}
}

// fmtID writes an id, "" for 0.
func fmtID(v int64) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatInt(v, 10)
}

// decID reads an id field ("" is 0): a whole number of 64 bits, not
// negative.
func decID(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not an id (want a whole number from 0 to %d)", s, int64(1<<63-1))
	}
	return v, nil
}
