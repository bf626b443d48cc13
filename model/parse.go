package model

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gpupick/gpupick/model/text"
)

// The accepted forms of each value, shown in error messages and help.
const (
	FormsParams    = "a count with B, M or T, e.g. 70B, 7.5b, 405 billion, 500M"
	FormsTokens    = "a count with k, M, B or T, e.g. 2B, 500M, 1.5T"
	FormsContext   = "tokens, e.g. 8k, 32k, 128k or 4096"
	FormsSize      = "a size with MB, GB or TB, e.g. 80GB, 500 GB, 2TB"
	FormsDuration  = "a number with min, h, d, w, mo or y, e.g. 8h, 10d, 2w, 3mo, 1y"
	FormsPerWeek   = "hours a week, e.g. 40, 40h/w, 8h/d or 24/7"
	FormsBudget    = "an amount per hour, per month or in total, e.g. 2.5/h, $3000/mo, 3k/mo, ¥500"
	FormsCurrency  = "USD or CNY"
	FormsPrecision = "auto (the checkpoint's), fp32, bf16, fp16, fp8, int8, int4, fp4 (NVFP4) or mxfp4"
	FormsWorkload  = "inference, finetune, lora, qlora, pretrain, vram or embed"
	FormsLatency   = "realtime, interactive or batch"
	FormsCount     = "a whole number, e.g. 1, 8"
	// FormsNumber is the fix for a number whose separators gpupick will
	// not guess at ("1,5,0", "1.000,5").
	FormsNumber = "2.5 for a decimal or 1,000 for thousands"
)

// maxInput bounds what a parser reads; longer input is rejected, not cut.
const maxInput = 64

// fieldErr is the *FieldError of field for value: msg, and the fix lists
// the forms; both in English and Chinese (model/errtext.go).
func fieldErr(field, value string, msg text.Pair, forms string) error {
	return newErr(field, short(value, 40), ReasonForm, msg, use(forms))
}

// unitErr is the message for a unit gpupick does not know.
func unitErr(unit string) text.Pair {
	return txf("unknown unit %q", short(unit, 12))
}

// NormalizeWidth maps full-width ASCII forms (U+FF01 to U+FF5E, as Chinese
// and Japanese input methods type them: a full-width "2,5GB") to ASCII and
// the ideographic space to a space, so every parser reads a full-width
// "2,5" as "2,5". Other characters, including the full-width yen sign
// U+FFE5, are kept.
func NormalizeWidth(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFEE0
		case r == 0x3000:
			return ' '
		}
		return r
	}, s)
}

// clean normalises width and trims s; ok is false when s is too long to be
// an answer.
func clean(s string) (string, bool) {
	if len(s) > 4*maxInput {
		return "", false
	}
	t := strings.TrimSpace(NormalizeWidth(s))
	return t, len(t) <= maxInput
}

// lowerASCII lower-cases A to Z only, so byte offsets stay put.
func lowerASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// numSpec describes a numeric answer for its error messages.
type numSpec struct {
	field string // the flag and TOML key
	what  string // "a parameter count", for "not a parameter count"
	forms string // the accepted forms, for the fix
	// rng is the accepted range, e.g. "0.001B to 100000B", in both
	// languages: worked out when a message names it, so that the specs
	// ask the Chinese table nothing at start-up (zhText). A spec's own is
	// a func literal that captures nothing, which the linker lays out
	// (a closure over a variable would be made at start-up).
	rng func() text.Pair
}

// fail is a *FieldError for input in with msg; the fix lists the forms.
func (p numSpec) fail(in string, msg text.Pair) error {
	return fieldErr(p.field, in, msg, p.forms)
}

// outOfRange says the value is outside the accepted range, naming it.
func (p numSpec) outOfRange(in string) error {
	return newErr(p.field, short(in, 40), ReasonRange, p.inRange("out of range (accepted: %s)"), use(p.forms))
}

// inRange formats a message with p's range in both languages.
func (p numSpec) inRange(format string) text.Pair {
	rng := p.rng()
	return text.Pair{fmt.Sprintf(format, rng[text.EN]), fmt.Sprintf(zhText.Get()[format], rng[text.ZH])}
}

// numProblem is why readNumber could not read a number.
type numProblem int

const (
	numOK numProblem = iota
	numTooLong
	numMissing   // no digits at all
	numNegative  // a leading minus
	numNonFinite // NaN or Inf
	numExponent  // 1e9
	numHex       // 0x10
	numSpace     // "1 000"
	numDots      // "1.000.000"
	numComma     // "1,5,0", "1.000,5"
	numUnderscore
)

// numErr turns a numProblem into the *FieldError of p.
func (p numSpec) numErr(in string, why numProblem) error {
	switch why {
	case numTooLong:
		return p.fail(in, txf("too long (at most %d characters)", maxInput))
	case numNegative:
		return p.fail(in, p.inRange("negative (accepted: %s)"))
	case numNonFinite:
		return p.fail(in, p.inRange("not a finite number (accepted: %s)"))
	case numExponent:
		return p.fail(in, tx("exponent notation is not accepted"))
	case numHex:
		return p.fail(in, tx("not a decimal number"))
	case numSpace:
		return fieldErr(p.field, in, tx("a space inside the number"), "1000 or 1,000 for thousands")
	case numDots:
		return fieldErr(p.field, in, tx("more than one decimal point"), FormsNumber)
	case numComma:
		return fieldErr(p.field, in, tx("ambiguous comma"), FormsNumber)
	case numUnderscore:
		return fieldErr(p.field, in, tx("misplaced _"), "1_000 or 1000 for thousands")
	}
	return p.fail(in, text.Pair{"not " + p.what, fmt.Sprintf(zhText.Get()["not %s"], zhArg(zhText.Get()[p.what]))})
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// readNumber reads the decimal number that starts s (already cleaned) and
// returns its digits with at most one '.' and no separators (lit), and the
// rest of s with spaces removed (unit, case kept).
//
// Separators follow one rule, so a number is never read two ways:
//   - "_" between digits groups them and is dropped: 1_000.
//   - "," is thousands grouping when every comma is followed by exactly
//     three digits, the first group has one to three digits and does not
//     start with 0, and any "." comes after the last group: 1,000,
//     12,345,678, 1,000.5. So "1,000" is one thousand, as English and
//     Chinese users mean it (a German reads it as 1.0: gpupick does not).
//   - Otherwise a single "," with one or two digits after it and no "." is
//     a decimal comma: 2,5 = 2.5, 70,5 = 70.5, 1,00 = 1.
//   - Any other comma ("1,5,0", "2,50,0", "0,125", "1,0000", "1,000,00",
//     "1.000,5", "1,00,000") is refused, never guessed at.
//
// Exponents (1e9), hex (0x10), signs, NaN and Inf are refused.
func readNumber(s string) (lit, unit string, why numProblem) {
	if s == "" {
		return "", "", numMissing
	}
	if s[0] == '-' {
		return "", "", numNegative
	}
	low := lowerASCII(s)
	if strings.HasPrefix(low, "nan") || strings.HasPrefix(low, "inf") || strings.HasPrefix(low, "+inf") {
		return "", "", numNonFinite
	}
	i, digits := 0, false
	for i < len(s) && (isDigit(s[i]) || s[i] == '.' || s[i] == ',' || s[i] == '_') {
		digits = digits || isDigit(s[i])
		i++
	}
	if !digits {
		return "", "", numMissing
	}
	tok, rest := s[:i], s[i:]
	if len(rest) >= 2 && (rest[0] == 'e' || rest[0] == 'E') && (isDigit(rest[1]) || rest[1] == '+' || rest[1] == '-') {
		return "", "", numExponent
	}
	if tok == "0" && rest != "" && (rest[0] == 'x' || rest[0] == 'X') {
		return "", "", numHex
	}
	unit = strings.Join(strings.Fields(rest), "")
	if unit != "" && (isDigit(unit[0]) || unit[0] == '.' || unit[0] == ',' || unit[0] == '_') {
		return "", "", numSpace
	}
	lit, why = ungroup(tok)
	return lit, unit, why
}

// ungroup applies readNumber's separator rules to tok, made of digits,
// '.', ',' and '_'.
func ungroup(tok string) (string, numProblem) {
	if strings.Count(tok, ".") > 1 {
		return "", numDots
	}
	hasU, hasC := strings.Contains(tok, "_"), strings.Contains(tok, ",")
	if hasU && hasC {
		return "", numComma
	}
	if hasU {
		for i := 0; i < len(tok); i++ {
			if tok[i] == '_' && (i == 0 || i == len(tok)-1 || !isDigit(tok[i-1]) || !isDigit(tok[i+1])) {
				return "", numUnderscore
			}
		}
		return strings.ReplaceAll(tok, "_", ""), numOK
	}
	if !hasC {
		return tok, numOK
	}
	intPart, frac := tok, ""
	if d := strings.IndexByte(tok, '.'); d >= 0 {
		intPart, frac = tok[:d], tok[d:]
		if strings.Contains(frac, ",") {
			return "", numComma
		}
	}
	groups := strings.Split(intPart, ",")
	if thousands(groups) {
		return strings.Join(groups, "") + frac, numOK
	}
	if frac == "" && len(groups) == 2 && groups[0] != "" && len(groups[1]) >= 1 && len(groups[1]) <= 2 {
		return groups[0] + "." + groups[1], numOK
	}
	return "", numComma
}

// thousands reports whether groups (split at commas) are 1,000-style
// grouping: a first group of one to three digits not starting with 0,
// then groups of exactly three.
func thousands(groups []string) bool {
	if len(groups) < 2 || len(groups[0]) < 1 || len(groups[0]) > 3 || groups[0][0] == '0' {
		return false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

// decimal is lit × 10^exp, correctly rounded (so 1.1k is exactly 1100);
// ok is false when it overflows.
func decimal(lit string, exp int) (float64, bool) {
	v, err := strconv.ParseFloat(lit+"e"+strconv.Itoa(exp), 64)
	return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// readAnswer cleans s, lower-cases it, cuts a trailing word such as
// "tokens" and reads the number: the shared start of the numeric parsers.
func (p numSpec) readAnswer(s string, suffixes ...string) (lit, unit string, err error) {
	t, ok := clean(s)
	if !ok {
		return "", "", p.numErr(s, numTooLong)
	}
	t = strings.ToLower(t)
	for _, suf := range suffixes {
		if strings.HasSuffix(t, suf) {
			t = strings.TrimSpace(strings.TrimSuffix(t, suf))
			break
		}
	}
	lit, unit, why := readNumber(t)
	if why != numOK {
		return "", "", p.numErr(s, why)
	}
	return lit, unit, nil
}

// countExp maps count suffixes to powers of ten.
func countExp(unit string) (int, bool) {
	switch unit {
	case "":
		return 0, true
	case "k", "thousand":
		return 3, true
	case "m", "mn", "million", "millions":
		return 6, true
	case "b", "bn", "billion", "billions", "g":
		return 9, true
	case "t", "tn", "trillion", "trillions":
		return 12, true
	}
	return 0, false
}

// The numeric answers and their ranges. Every numeric parser reads its
// number with readNumber (1,000 and 1_000 are thousands, 2,5 is 2.5,
// "1,5,0" is refused), reads full-width digits as ASCII, and refuses
// exponents, hex, signs, NaN and Inf; every error is a *FieldError.
var (
	specParams   = numSpec{"params", "a parameter count", FormsParams, func() text.Pair { return tx("0.001B to 100000B") }}
	specTokens   = numSpec{"tokens", "a token count", FormsTokens, func() text.Pair { return tx("1 to 10000T tokens") }}
	specContext  = numSpec{"context", "a token count", FormsContext, func() text.Pair { return tx("1 to 100000000 tokens") }}
	specDuration = numSpec{"duration", "a duration", FormsDuration, func() text.Pair { return tx("1min to 10y") }}
	specPerWeek  = numSpec{"hours_per_week", "a number of hours", FormsPerWeek, func() text.Pair { return tx("0.01 to 168 hours a week") }}
	specCkpt     = numSpec{"checkpoint-interval", "a time", FormsCheckpoint, func() text.Pair { return tx("1min to 24h") }}
	specBudget   = numSpec{"budget", "an amount", FormsBudget, func() text.Pair { return tx("0.01 to 1000000M") }}
)

// ParseParams reads a parameter count ("70B", "7.5b", "70,5B", "405
// billion", "500M", "1.2T") and returns it in billions (0.001 to 100000). A
// bare number under a million is taken as billions ("70" = 70B); a larger
// one as a raw count ("8,000,000,000" = 8B). "1,000B" is a thousand
// billion; "2,5B" is 2.5B (see readNumber).
func ParseParams(s string) (float64, error) {
	p := specParams
	lit, unit, err := p.readAnswer(s, "parameters", "params")
	if err != nil {
		return 0, err
	}
	exp, ok := countExp(unit)
	if !ok {
		return 0, p.fail(s, unitErr(unit))
	}
	if unit == "" {
		if v, ok := decimal(lit, 0); ok && v < 1e6 {
			exp = 9
		}
	}
	b, ok := decimal(lit, exp-9)
	if !ok || b < 0.001 || b > 100000 {
		return 0, p.outOfRange(s)
	}
	return b, nil
}

// ParseTokens reads a token count ("2B", "500M", "1.5T", "300k", "2,5B")
// and returns the count (1 to 1e16).
func ParseTokens(s string) (float64, error) {
	p := specTokens
	lit, unit, err := p.readAnswer(s, "tokens")
	if err != nil {
		return 0, err
	}
	exp, ok := countExp(unit)
	if !ok {
		return 0, p.fail(s, unitErr(unit))
	}
	t, ok := decimal(lit, exp)
	if !ok || t < 1 || t > 1e16 {
		return 0, p.outOfRange(s)
	}
	return t, nil
}

// ParseContext reads a context length ("8k" = 8192, "128k", "4096", "1M")
// in tokens (1 to 100000000). A "k" is 1024 tokens and an "M" 1024 k, as
// model cards count context; a fraction of a k or M is rounded to a whole
// token, a fraction of one token ("1.5") is refused.
func ParseContext(s string) (int, error) { return parseTokenCount(specContext, s) }

// ParseTokenLength reads the length of a prompt or an output in tokens,
// as ParseContext reads a context ("512", "1k", "32k"; k = 1024); field
// names the answer in errors.
func ParseTokenLength(field, s string) (int, error) {
	return parseTokenCount(numSpec{field, "a token count", FormsTokenLength, func() text.Pair { return tx("1 to 100000000 tokens") }}, s)
}

// FormsTokenLength are the accepted forms of a prompt or output length.
const FormsTokenLength = "a token count such as 512, 1k or 32k (k = 1024)"

// parseTokenCount reads a count of tokens with an optional k or m
// (1024-based, as contexts are written) for the answer p describes.
func parseTokenCount(p numSpec, s string) (int, error) {
	lit, unit, err := p.readAnswer(s, "tokens")
	if err != nil {
		return 0, err
	}
	var m float64
	switch unit {
	case "":
		m = 1
	case "k", "thousand":
		m = 1024
	case "m", "mn", "million", "millions":
		m = 1024 * 1024
	default:
		return 0, p.fail(s, unitErr(unit))
	}
	v, ok := decimal(lit, 0)
	t := math.Round(v * m)
	if !ok || t < 1 || t > 100_000_000 {
		return 0, p.outOfRange(s)
	}
	if unit == "" && v != math.Trunc(v) {
		// "1.5" tokens is no length ("1.5k" is 1536): refused, not rounded.
		return 0, p.fail(s, tx("not a whole number"))
	}
	return int(t), nil
}

// ParseCount reads a whole non-negative number ("8", "1,000") for counts
// such as GPUs, nodes or users, at most 1000000; the field names it in
// errors. An answer's own range is its countRule's.
func ParseCount(field, s string) (int, error) { return ruleCount.parse(field, s) }

// ParseSize reads a size ("80GB", "2TB", "1,5TB", "500 GiB", "800") and
// returns GB: 0, or 1MB to 1000PB. A bare number is GB; GB and GiB are
// treated alike (vendors use "GB" for GiB), a TB is 1000 GB and a TiB 1024
// GiB.
func ParseSize(field, s string) (float64, error) {
	p := numSpec{field, "a size", FormsSize, func() text.Pair { return tx("0, or 1MB to 1000PB") }}
	lit, unit, err := p.readAnswer(s)
	if err != nil {
		return 0, err
	}
	exp, bin := 0, false
	switch unit {
	case "", "g", "gb", "gib", "gbyte", "gbytes":
	case "m", "mb", "mib":
		exp = -3
	case "t", "tb":
		exp = 3
	case "tib":
		bin = true
	case "p", "pb":
		exp = 6
	default:
		return 0, p.fail(s, unitErr(unit))
	}
	g, ok := decimal(lit, exp)
	if bin {
		g *= 1024
	}
	if !ok || g > 1e9 || g > 0 && g < 0.001 {
		return 0, p.outOfRange(s)
	}
	return g, nil
}

// ParseDuration reads a run length ("8h", "10d", "2w", "3mo", "1y",
// "90 minutes", "3 months", "1,5h") and returns hours, from one minute to
// ten years. A bare "m" is refused because it could mean minutes or months.
func ParseDuration(s string) (float64, error) {
	return specDuration.duration(s, 1.0/60, HoursPerMonth*12*10)
}

// duration reads a length of time with ParseDuration's units and returns
// hours within [lo, hi]; errors name p's field and range.
func (p numSpec) duration(s string, lo, hi float64) (float64, error) {
	lit, unit, err := p.readAnswer(s)
	if err != nil {
		return 0, err
	}
	unit, err = p.timeUnit(s, unit)
	if err != nil {
		return 0, err
	}
	var h float64
	switch unit {
	case "min", "mins", "minute", "minutes":
		h = 1.0 / 60
	case "h", "hr", "hrs", "hour", "hours":
		h = 1
	case "d", "day", "days":
		h = 24
	case "w", "wk", "wks", "week", "weeks":
		h = HoursPerWeekFull
	case "mo", "mos", "mon", "month", "months":
		h = HoursPerMonth
	case "y", "yr", "yrs", "year", "years":
		h = HoursPerMonth * 12
	case "m":
		return 0, fieldErr(p.field, s, tx(`"m" is ambiguous`), "min for minutes or mo for months")
	case "":
		return 0, p.fail(s, tx("no unit"))
	default:
		return 0, p.fail(s, unitErr(unit))
	}
	v, ok := decimal(lit, 0)
	d := v * h
	if !ok || d < lo || d > hi {
		return 0, p.outOfRange(s)
	}
	return d, nil
}

// timeUnit maps a Chinese unit of time (zhTimeUnits: months, days, weeks,
// hours) to the English one the parsers switch on; any other unit is
// returned as it is. A bare zhMonthAlone is refused: with a number it is a
// month of the year (March), not three months.
func (p numSpec) timeUnit(s, unit string) (string, error) {
	if en, ok := lookup(zhTimeUnits, unit); ok {
		return en, nil
	}
	if unit == zhMonthAlone {
		return "", fieldErr(p.field, s, txf("%q alone is a month of the year", zhMonthAlone), zhMonthsForms)
	}
	return unit, nil
}

// Checkpoint interval bounds, in minutes.
const (
	// DefaultCheckpointMinutes is the checkpoint interval assumed when the
	// answer is blank.
	DefaultCheckpointMinutes = 30.0
	// MaxCheckpointMinutes is the longest interval accepted (a day).
	MaxCheckpointMinutes = 24 * 60.0
)

// ParseCheckpointInterval reads how often a job checkpoints ("30min",
// "2h", "45" for minutes, "1,5h") and returns minutes, from 1 to 1440.
func ParseCheckpointInterval(s string) (float64, error) {
	p := specCkpt
	lit, unit, err := p.readAnswer(s)
	if err != nil {
		return 0, err
	}
	if unit, err = p.timeUnit(s, unit); err != nil {
		return 0, err
	}
	var m float64
	switch unit {
	case "", "min", "mins", "minute", "minutes":
		m = 1
	case "h", "hr", "hrs", "hour", "hours":
		m = 60
	case "m":
		return 0, fieldErr(p.field, s, tx(`"m" is ambiguous`), "min for minutes or h for hours")
	default:
		return 0, p.fail(s, unitErr(unit))
	}
	v, ok := decimal(lit, 0)
	v *= m
	if !ok || v < 1 || v > MaxCheckpointMinutes {
		return 0, p.outOfRange(s)
	}
	return v, nil
}

// ParseHoursPerWeek reads weekly use ("40", "37,5", "40h/w", "8h/d",
// "24/7") and returns hours per week (0.01 to 168).
func ParseHoursPerWeek(s string) (float64, error) {
	p := specPerWeek
	t, _ := clean(s)
	if t = strings.ToLower(strings.Join(strings.Fields(t), "")); t == "24/7" || t == "always" {
		return HoursPerWeekFull, nil
	}
	lit, unit, err := p.readAnswer(s)
	if err != nil {
		return 0, err
	}
	v, ok := decimal(lit, 0)
	switch unit {
	case "", "h", "hr", "hrs", "hours", "h/w", "h/wk", "h/week", "hperweek", "hours/week", "/w", "/week":
	case "h/d", "h/day", "/d", "/day", "hours/day", "hperday":
		v *= 7
	default:
		return 0, p.fail(s, unitErr(unit))
	}
	if !ok || v < 0.01 || v > HoursPerWeekFull {
		return 0, p.outOfRange(s)
	}
	return v, nil
}

// ParseCurrency reads "USD", "$", "CNY", "RMB", "¥" or a Chinese word for
// yuan (zhCurrencies).
func ParseCurrency(s string) (Currency, error) {
	t, _ := clean(s)
	if c, ok := currencyWord(strings.ToLower(t)); ok {
		return c, nil
	}
	return "", fieldErr("currency", s, tx("unknown currency"), FormsCurrency)
}

// asciiCurrencies are the ASCII ways to name a currency, longest first
// among those that end alike, so "us$" is tried before "$".
var asciiCurrencies = []currencyTok{
	{"us$", USD}, {"usd", USD}, {"$", USD}, {"dollars", USD}, {"dollar", USD},
	{"cny", CNY}, {"rmb", CNY}, {"yuan", CNY}, {"¥", CNY},
}

// currencies yields the ways to name a currency in the order to try
// them: asciiCurrencies, then zhCurrencies (two tables the linker lays
// out, not joined at start-up).
func currencies(yield func(currencyTok) bool) {
	for _, list := range [...][]currencyTok{asciiCurrencies, zhCurrencies} {
		for _, c := range list {
			if !yield(c) {
				return
			}
		}
	}
}

// currencyTok is one way to name a currency.
type currencyTok struct {
	tok string
	cur Currency
}

// currencyWord looks up a lower-cased currency name.
func currencyWord(s string) (Currency, bool) {
	for c := range currencies {
		if s == c.tok {
			return c.cur, true
		}
	}
	return "", false
}

// cutCurrency removes a currency name that s starts with, or ends with
// when suffix is set, ignoring ASCII case.
func cutCurrency(s string, suffix bool) (string, Currency) {
	l := lowerASCII(s)
	for c := range currencies {
		if !suffix && strings.HasPrefix(l, c.tok) {
			return strings.TrimSpace(s[len(c.tok):]), c.cur
		}
		if suffix && strings.HasSuffix(l, c.tok) {
			return strings.TrimSpace(s[:len(s)-len(c.tok)]), c.cur
		}
	}
	return s, ""
}

// splitPeriod cuts a budget at "/", " per " or zhPer into the amount and
// the period word (lower-cased), or cuts a trailing " total"; cut says
// whether a period was written.
func splitPeriod(s string) (num, per string, cut bool) {
	l := lowerASCII(s)
	for _, sep := range []string{"/", " per ", zhPer} {
		if i := strings.Index(l, sep); i >= 0 {
			return strings.TrimSpace(s[:i]), strings.TrimSpace(l[i+len(sep):]), true
		}
	}
	if strings.HasSuffix(l, " total") {
		return strings.TrimSpace(s[:len(s)-len(" total")]), "total", true
	}
	return s, "", false
}

// budgetPeriod maps the word after "/", "per" or zhPer to a period.
func budgetPeriod(w string) (BudgetPeriod, bool) {
	switch {
	case slices.Contains(zhHour, w):
		return BudgetHourly, true
	case slices.Contains(zhMonth, w):
		return BudgetMonthly, true
	}
	switch w {
	case "h", "hr", "hrs", "hour", "hours":
		return BudgetHourly, true
	case "mo", "m", "mon", "mth", "month", "months":
		return BudgetMonthly, true
	case "total", "run", "job":
		return BudgetTotal, true
	}
	return "", false
}

// ParseBudget reads a spending cap: "2.5/h", "$2,5/h", "3000/mo", "3k/mo",
// "¥20k/mo", "$1.2M", "¥500", "500 CNY/month", the Chinese forms "20 yuan
// per hour" and "per hour ¥20" (model/vocab.go), "500" (a total). Without
// a currency the amount is in def. Multipliers are k or zhThousand
// (thousand), M, mn or million, zhTenThousand (ten thousand) and
// zhHundredMillion (a hundred million), as FormatMoneyIn writes them; a
// lower-case "m" is refused, as it could mean a month. The
// amount is 0.01 to 1e12.
func ParseBudget(s string, def Currency) (Budget, error) {
	p := specBudget
	t, ok := clean(s)
	if !ok {
		return Budget{}, p.numErr(s, numTooLong)
	}
	var period BudgetPeriod
	// zhPer + period + amount ("per hour ¥20"): the period first.
	if rest, ok := strings.CutPrefix(t, zhPer); ok {
		for _, w := range zhPeriodFirst {
			if r, ok := strings.CutPrefix(rest, w); ok {
				period, _ = budgetPeriod(w)
				t = strings.TrimSpace(r)
				break
			}
		}
	}
	t, cur := cutCurrency(t, false)
	num, per, cut := splitPeriod(t)
	if cut {
		pp, ok := budgetPeriod(per)
		if !ok {
			return Budget{}, p.fail(s, txf("unknown period %q", short(per, 12)))
		}
		if period != "" && pp != period {
			return Budget{}, p.fail(s, tx("two periods"))
		}
		period = pp
	}
	num, cur2 := cutCurrency(num, true)
	if cur != "" && cur2 != "" && cur != cur2 {
		return Budget{}, fieldErr(p.field, s, tx("two currencies"), "one of $ or ¥")
	}
	b := Budget{Period: BudgetTotal, Currency: def}
	if cur2 != "" {
		cur = cur2
	}
	if cur != "" {
		b.Currency = cur
	}
	if period != "" {
		b.Period = period
	}
	lit, unit, why := readNumber(num)
	if why != numOK {
		return Budget{}, p.numErr(s, why)
	}
	exp := 0
	switch lowerASCII(unit) {
	case "":
	case "k", "thousand", zhThousand:
		exp = 3
	case zhTenThousand:
		exp = 4
	case zhHundredMillion:
		exp = 8
	case "m", "mn", "million", "millions":
		if unit == "m" {
			return Budget{}, fieldErr(p.field, s, tx(`"m" is ambiguous`), "M or million for millions, /mo for a month")
		}
		exp = 6
	default:
		return Budget{}, p.fail(s, txf("unexpected %q", short(unit, 12)))
	}
	v, ok := decimal(lit, exp)
	if !ok || v < 0.01 || v > 1e12 {
		return Budget{}, p.outOfRange(s)
	}
	b.Amount = v
	return b, nil
}

// ParseWorkload reads a workload and common spellings ("fine-tune", "q-lora",
// "serve").
func ParseWorkload(s string) (Workload, error) {
	t, _ := clean(s)
	t = strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, strings.ToLower(t))
	switch t {
	case "inference", "infer", "serve", "serving", "chat":
		return WorkloadInference, nil
	case "finetune", "full", "fullfinetune", "ft", "sft":
		return WorkloadFineTune, nil
	case "embed", "embedding", "embeddings", "rerank", "reranker", "reranking", "pooling":
		return WorkloadEmbed, nil
	case "lora":
		return WorkloadLoRA, nil
	case "qlora":
		return WorkloadQLoRA, nil
	case "pretrain", "pretraining", "train", "training":
		return WorkloadPretrain, nil
	case "vram", "iknowmyvram", "memory", "known":
		return WorkloadVRAM, nil
	}
	return "", fieldErr("workload", s, tx("unknown workload"), FormsWorkload)
}

// ParsePrecision reads a precision ("auto", "bf16", "FP8", "4bit", "q4",
// "nvfp4", "MXFP4", or a Chinese name in zhPrecisions).
func ParsePrecision(s string) (Precision, error) {
	t, _ := clean(s)
	switch strings.ToLower(t) {
	case "auto", "default", "checkpoint":
		return PrecisionAuto, nil
	case "fp32", "float32", "f32", "32bit":
		return FP32, nil
	case "bf16", "bfloat16":
		return BF16, nil
	case "fp16", "float16", "f16", "half", "16bit":
		return FP16, nil
	case "fp8", "f8", "e4m3":
		return FP8, nil
	case "int8", "i8", "8bit", "q8":
		return INT8, nil
	case "int4", "i4", "4bit", "q4", "nf4", "awq", "gptq":
		return INT4, nil
	case "fp4", "nvfp4", "nv-fp4", "nv_fp4", "f4":
		return FP4, nil
	case "mxfp4", "mx-fp4", "mx_fp4", "mx fp4", "ocp-mxfp4":
		return MXFP4, nil
	}
	if p, ok := lookup(zhPrecisions, strings.ToLower(t)); ok {
		return p, nil
	}
	return "", fieldErr("precision", s, tx("unknown precision"), FormsPrecision)
}

// ParseLatency reads a latency class.
func ParseLatency(s string) (Latency, error) {
	t, _ := clean(s)
	switch strings.ToLower(t) {
	case "realtime", "real-time", "rt", "streaming":
		return LatencyRealtime, nil
	case "interactive", "int":
		return LatencyInteractive, nil
	case "batch", "offline", "throughput":
		return LatencyBatch, nil
	}
	return "", fieldErr("latency", s, tx("unknown latency class"), FormsLatency)
}

// Speculative is how decoding speculates ahead of the model: SpecNone
// (the default) or SpecMTP, the checkpoint's multi-token-prediction
// module as the draft (vLLM's --speculative-config '{"method": "mtp"}').
type Speculative string

// Speculative-decoding methods.
const (
	SpecNone Speculative = "none"
	SpecMTP  Speculative = "mtp"
)

// Speculatives are the accepted methods, default first.
var Speculatives = []Speculative{SpecNone, SpecMTP}

// FormsSpeculative are the accepted forms of the speculative answer.
const FormsSpeculative = "none or mtp (the checkpoint's multi-token-prediction layers as the draft)"

// ParseSpeculative reads a speculative-decoding method ("none", "off",
// "mtp", "nextn").
func ParseSpeculative(s string) (Speculative, error) {
	t, _ := clean(s)
	switch strings.ToLower(t) {
	case "none", "off", "no":
		return SpecNone, nil
	case "mtp", "nextn":
		return SpecMTP, nil
	}
	return "", fieldErr("speculative", s, tx("unknown speculative-decoding method"), FormsSpeculative)
}

// KVCache is the format a served model's KV cache is stored in:
// KVCacheAuto (the default, "" in Answers: the checkpoint's, as vLLM's
// --kv-cache-dtype auto takes it), KVCacheFP8 or KVCacheBF16 (16 bits).
type KVCache string

// KV-cache formats.
const (
	KVCacheAuto KVCache = "auto"
	KVCacheFP8  KVCache = "fp8"
	KVCacheBF16 KVCache = "bf16"
)

// KVCaches are the accepted formats, default first.
var KVCaches = []KVCache{KVCacheAuto, KVCacheFP8, KVCacheBF16}

// FormsKVCache are the accepted forms of the KV-cache answer.
const FormsKVCache = "auto (the checkpoint's), fp8 or bf16"

// ParseKVCache reads a KV-cache format ("auto", "fp8", "fp8_e4m3", "bf16",
// "fp16", "16bit").
func ParseKVCache(s string) (KVCache, error) {
	t, _ := clean(s)
	switch strings.ToLower(t) {
	case "auto", "default":
		return KVCacheAuto, nil
	case "fp8", "fp8_e4m3", "fp8-e4m3", "e4m3":
		return KVCacheFP8, nil
	case "bf16", "fp16", "16bit", "16-bit":
		return KVCacheBF16, nil
	}
	return "", fieldErr("kv-cache", s, tx("unknown KV-cache format"), FormsKVCache)
}

// FormsRunCommand are the accepted forms of the run-command answer.
const FormsRunCommand = "a shell command on one line (chain steps with && or ;), at most 2000 characters, or blank for the workload's standard command"

// maxRunCommand is the longest run command accepted.
const maxRunCommand = 2000

// ParseRunCommand reads the user's own command for the launch export: the
// text as typed, trimmed; blank is the standard command. A line break or
// other control character is refused (a launcher runs the line as it is,
// and the wizard field is one line), as is a command over 2000
// characters.
func ParseRunCommand(s string) (string, error) {
	t := strings.TrimSpace(s)
	if strings.ContainsFunc(t, isControl) {
		return "", fieldErr("run-command", s, tx("the command has a line break or control character"), FormsRunCommand)
	}
	if len(t) > maxRunCommand {
		return "", fieldErr("run-command", s, tx("the command is too long"), FormsRunCommand)
	}
	return t, nil
}
