package data

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gpupick/gpupick/model"
)

// The columns of a marketplace host's facts (model.MarketHost, the host
// columns of offercols.tsv): numbers, written only for an offer with a
// host, so that each live offer's facts are a few numbers, not sentences
// of its own (issue 24).

// hostBlock is how many hosts ownHost cuts from one allocation: a live
// catalog's 100k hosts are about a hundred allocations, not 100k (a block
// is 56 KB; a goroutine leaves at most one part used).
const hostBlock = 1024

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

// idCol is a column of a marketplace id ("" for 0).
func idCol[T any](name string, p func(*T) *uint32) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtID(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decID(s); return err }}
}

// fmtID writes an id, "" for 0.
func fmtID(v uint32) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatUint(uint64(v), 10)
}

// decID reads an id field ("" is 0): a whole number from 0 to
// model.MaxHostID.
func decID(s string) (uint32, error) {
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not an id (want a whole number from 1 to %d)", s, uint32(model.MaxHostID))
	}
	return uint32(v), nil
}

// num32Col is a column of a measurement kept in 32 bits ("" for 0).
func num32Col[T any](name string, p func(*T) *float32) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtNum32(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decNum32(s); return err }}
}

// fmtNum32 writes a 32-bit number in the fewest digits that read back
// to it, "" for 0.
func fmtNum32(v float32) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatFloat(float64(v), 'f', -1, 32)
}

// decNum32 reads a 32-bit number field ("" is 0): finite, not negative,
// within float32's range, rounded once to the nearest float32.
func decNum32(s string) (float32, error) {
	if s == "" {
		return 0, nil
	}
	if v, ok := plainDecimal32(s); ok {
		return v, nil
	}
	v, err := strconv.ParseFloat(s, 32)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a number of 32 bits (want a finite number up to %g)", s, math.MaxFloat32)
	}
	if v < 0 {
		return 0, fmt.Errorf("%q is negative", s)
	}
	return float32(v), nil
}

// pow10f32 are the powers of ten float32 holds exactly.
var pow10f32 = [...]float32{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}

// plainDecimal32 reads the form fmtNum32 writes for most measurements (a
// plain decimal, "0.15", "911", whose digits make a whole number under
// 2^24 and with at most 10 after the point) with one division of two
// float32s that hold them exactly, so rounded once to the nearest
// float32 as strconv.ParseFloat(s, 32) is (its own fast path, without
// its general scan); ok is false for any other form, which ParseFloat
// then reads.
func plainDecimal32(s string) (v float32, ok bool) {
	var m uint32
	point, after, digits := false, 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if m = m*10 + uint32(c-'0'); m >= 1<<24 {
				return 0, false
			}
			digits++
			if point {
				after++
			}
		case c == '.' && !point:
			point = true
		default:
			return 0, false
		}
	}
	if digits == 0 || after >= len(pow10f32) {
		return 0, false
	}
	return float32(m) / pow10f32[after], true
}

// verificationCol is the column of a host's verification state, its word
// read strictly ("" for none).
func verificationCol[T any](name string, p func(*T) *model.HostVerification) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string {
			if *p(v) == 0 {
				return ""
			}
			return p(v).String()
		},
		dec: func(v *T, s string, _ *tsvCtx) (err error) {
			if s == "" {
				return nil
			}
			*p(v), err = model.ParseHostVerification(s)
			return err
		}}
}
