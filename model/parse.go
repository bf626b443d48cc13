package model

import (
	"math"
	"strconv"
	"strings"
	"unicode"
)

// The accepted forms of each value, shown in error messages and help.
const (
	FormsParams    = "a count with B, M or T, e.g. 70B, 7.5b, 405 billion, 500M"
	FormsTokens    = "a count with k, M, B or T, e.g. 2B, 500M, 1.5T"
	FormsContext   = "tokens, e.g. 8k, 32k, 128k or 4096"
	FormsSize      = "a size with MB, GB or TB, e.g. 80GB, 500 GB, 2TB"
	FormsDuration  = "a number with h, d, w, mo or y, e.g. 8h, 10d, 2w, 3mo, 1y"
	FormsPerWeek   = "hours a week, e.g. 40, 40h/w, 8h/d or 24/7"
	FormsBudget    = "an amount per hour, per month or in total, e.g. 2.5/h, $3000/mo, ¥500, 500"
	FormsCurrency  = "USD or CNY"
	FormsPrecision = "fp32, bf16, fp16, fp8, int8 or int4"
	FormsWorkload  = "inference, finetune, lora, qlora, pretrain or vram"
	FormsLatency   = "realtime, interactive or batch"
	FormsCount     = "a whole number, e.g. 1, 8"
)

// maxInput bounds what a parser reads; longer input is rejected, not cut.
const maxInput = 64

// FormatNumber formats a float with as few digits as it needs (2.5, 3000).
func FormatNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func fieldErr(field, value, msg, forms string) error {
	return &FieldError{Field: field, Value: short(value, 40), Msg: msg, Fix: "use " + forms}
}

// short cuts s to at most n runes, marking the cut with "…".
func short(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// unitErr is the message for a unit gpupick does not know.
func unitErr(unit string) string {
	return "unknown unit " + strconv.Quote(short(unit, 12))
}

// splitNumber splits "7.5 billion" into 7.5 and "billion" (lower-cased, no
// spaces). It rejects NaN, Inf, negative numbers and over-long input.
func splitNumber(s string) (float64, string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxInput {
		return 0, "", false
	}
	s = strings.ReplaceAll(s, ",", "")
	s = strings.ReplaceAll(s, "_", "")
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, "", false
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, "", false
	}
	unit := strings.ToLower(strings.Join(strings.Fields(s[i:]), ""))
	return v, unit, true
}

// scale maps count suffixes to multipliers.
func countScale(unit string, k float64) (float64, bool) {
	switch unit {
	case "":
		return 1, true
	case "k", "thousand":
		return k, true
	case "m", "mn", "million", "millions":
		return 1e6, true
	case "b", "bn", "billion", "billions", "g":
		return 1e9, true
	case "t", "tn", "trillion", "trillions":
		return 1e12, true
	}
	return 0, false
}

// ParseParams reads a parameter count ("70B", "7.5b", "405 billion",
// "500M", "1.2T") and returns it in billions. A bare number under a million
// is taken as billions ("70" = 70B); a larger one as a raw count.
func ParseParams(s string) (float64, error) {
	v, unit, ok := splitNumber(strings.TrimSuffix(strings.TrimSpace(strings.ToLower(s)), "params"))
	if !ok {
		return 0, fieldErr("params", s, "not a parameter count", FormsParams)
	}
	var b float64
	if unit == "" {
		if v < 1e6 {
			b = v
		} else {
			b = v / 1e9
		}
	} else {
		m, ok := countScale(unit, 1e3)
		if !ok {
			return 0, fieldErr("params", s, unitErr(unit), FormsParams)
		}
		b = v * m / 1e9
	}
	if b < 0.001 || b > 100000 {
		return 0, fieldErr("params", s, "out of range (0.001B to 100000B)", FormsParams)
	}
	return b, nil
}

// ParseTokens reads a token count ("2B", "500M", "1.5T", "300k") and
// returns the count.
func ParseTokens(s string) (float64, error) {
	v, unit, ok := splitNumber(strings.TrimSuffix(strings.TrimSpace(strings.ToLower(s)), "tokens"))
	if !ok {
		return 0, fieldErr("tokens", s, "not a token count", FormsTokens)
	}
	m, ok := countScale(unit, 1e3)
	if !ok {
		return 0, fieldErr("tokens", s, unitErr(unit), FormsTokens)
	}
	t := v * m
	if t < 1 || t > 1e16 {
		return 0, fieldErr("tokens", s, "out of range (1 to 10P tokens)", FormsTokens)
	}
	return t, nil
}

// ParseContext reads a context length ("8k" = 8192, "128k", "4096") in tokens.
// A "k" is 1024 tokens, as model cards count context.
func ParseContext(s string) (int, error) {
	v, unit, ok := splitNumber(strings.TrimSuffix(strings.TrimSpace(strings.ToLower(s)), "tokens"))
	if !ok {
		return 0, fieldErr("context", s, "not a token count", FormsContext)
	}
	m, ok := countScale(unit, 1024)
	if !ok || unit == "b" || unit == "t" || unit == "g" {
		return 0, fieldErr("context", s, unitErr(unit), FormsContext)
	}
	if unit == "m" || unit == "million" {
		m = 1024 * 1024
	}
	t := v * m
	if t < 1 || t > 100_000_000 {
		return 0, fieldErr("context", s, "out of range (1 to 100M tokens)", FormsContext)
	}
	return int(math.Round(t)), nil
}

// ParseCount reads a whole non-negative number ("8") for counts such as GPUs,
// nodes or users; the field names it in errors.
func ParseCount(field, s string) (int, error) {
	v, unit, ok := splitNumber(s)
	if !ok || unit != "" || v != math.Trunc(v) {
		return 0, fieldErr(field, s, "not a whole number", FormsCount)
	}
	if v > 1_000_000 {
		return 0, fieldErr(field, s, "out of range (at most 1000000)", FormsCount)
	}
	return int(v), nil
}

// ParseSize reads a size ("80GB", "2TB", "500 GiB", "800") and returns GB. A
// bare number is GB; GB and GiB are treated alike (vendors use "GB" for GiB),
// a TB is 1000 GB and a TiB 1024 GiB.
func ParseSize(field, s string) (float64, error) {
	v, unit, ok := splitNumber(s)
	if !ok {
		return 0, fieldErr(field, s, "not a size", FormsSize)
	}
	var m float64
	switch unit {
	case "", "g", "gb", "gib", "gbyte", "gbytes":
		m = 1
	case "m", "mb", "mib":
		m = 1.0 / 1000
	case "t", "tb":
		m = 1000
	case "tib":
		m = 1024
	case "p", "pb":
		m = 1e6
	default:
		return 0, fieldErr(field, s, unitErr(unit), FormsSize)
	}
	g := v * m
	if g > 1e9 {
		return 0, fieldErr(field, s, "out of range", FormsSize)
	}
	return g, nil
}

// ParseDuration reads a run length ("8h", "10d", "2w", "3mo", "1y",
// "90 minutes", "3 months") and returns hours. A bare "m" is refused because
// it could mean minutes or months.
func ParseDuration(s string) (float64, error) {
	v, unit, ok := splitNumber(s)
	if !ok {
		return 0, fieldErr("duration", s, "not a duration", FormsDuration)
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
		return 0, fieldErr("duration", s, `"m" is ambiguous`, "min for minutes or mo for months")
	case "":
		return 0, fieldErr("duration", s, "no unit", FormsDuration)
	default:
		return 0, fieldErr("duration", s, unitErr(unit), FormsDuration)
	}
	d := v * h
	if d <= 0 || d > HoursPerMonth*12*10 {
		return 0, fieldErr("duration", s, "out of range (more than 0, at most 10 years)", FormsDuration)
	}
	return d, nil
}

// ParseHoursPerWeek reads weekly use ("40", "40h/w", "8h/d", "24/7") and
// returns hours per week (at most 168).
func ParseHoursPerWeek(s string) (float64, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), ""))
	if t == "24/7" || t == "always" {
		return HoursPerWeekFull, nil
	}
	v, unit, ok := splitNumber(t)
	if !ok {
		return 0, fieldErr("hours_per_week", s, "not a number of hours", FormsPerWeek)
	}
	switch unit {
	case "", "h", "h/w", "h/wk", "h/week", "hperweek", "hours/week", "/w", "/week":
	case "h/d", "h/day", "/d", "/day", "hours/day", "hperday":
		v *= 7
	default:
		return 0, fieldErr("hours_per_week", s, unitErr(unit), FormsPerWeek)
	}
	if v <= 0 || v > HoursPerWeekFull {
		return 0, fieldErr("hours_per_week", s, "out of range (more than 0, at most 168)", FormsPerWeek)
	}
	return v, nil
}

// ParseCurrency reads "USD", "$", "CNY", "RMB", "¥" or "元".
func ParseCurrency(s string) (Currency, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "USD", "$", "US$", "DOLLAR", "DOLLARS":
		return USD, nil
	case "CNY", "RMB", "¥", "￥", "元", "YUAN":
		return CNY, nil
	}
	return "", fieldErr("currency", s, "unknown currency", FormsCurrency)
}

// ParseBudget reads a spending cap: "2.5/h", "$2.5/h", "3000/mo", "¥500",
// "500 CNY/month", "500" (a total). Without a currency the amount is in
// def.
func ParseBudget(s string, def Currency) (Budget, error) {
	orig := s
	t := strings.TrimSpace(s)
	if t == "" || len(t) > maxInput {
		return Budget{}, fieldErr("budget", orig, "not an amount", FormsBudget)
	}
	b := Budget{Currency: def, Period: BudgetTotal}
	lower := strings.ToLower(t)
	// Currency prefix or suffix.
	for _, p := range []struct {
		tok string
		cur Currency
	}{{"us$", USD}, {"$", USD}, {"usd", USD}, {"¥", CNY}, {"￥", CNY}, {"cny", CNY}, {"rmb", CNY}, {"元", CNY}} {
		if strings.HasPrefix(lower, p.tok) {
			b.Currency = p.cur
			lower = strings.TrimSpace(lower[len(p.tok):])
			break
		}
	}
	// Period suffix after a slash or "per".
	num, per := lower, ""
	if i := strings.IndexByte(lower, '/'); i >= 0 {
		num, per = lower[:i], strings.TrimSpace(lower[i+1:])
	} else if i := strings.Index(lower, " per "); i >= 0 {
		num, per = lower[:i], strings.TrimSpace(lower[i+5:])
	} else if strings.HasSuffix(lower, " total") {
		num = strings.TrimSuffix(lower, " total")
	}
	num = strings.TrimSpace(num)
	for _, p := range []struct {
		tok string
		cur Currency
	}{{"usd", USD}, {"$", USD}, {"cny", CNY}, {"rmb", CNY}, {"元", CNY}, {"¥", CNY}} {
		if strings.HasSuffix(num, p.tok) {
			b.Currency = p.cur
			num = strings.TrimSpace(strings.TrimSuffix(num, p.tok))
			break
		}
	}
	switch per {
	case "":
	case "h", "hr", "hour", "hours":
		b.Period = BudgetHourly
	case "mo", "m", "mon", "month", "months", "月":
		b.Period = BudgetMonthly
	case "total", "run", "job":
		b.Period = BudgetTotal
	default:
		return Budget{}, fieldErr("budget", orig, "unknown period "+strconv.Quote(short(per, 12)), FormsBudget)
	}
	v, unit, ok := splitNumber(num)
	if !ok || unit != "" {
		msg := "not an amount"
		if ok {
			msg = "unexpected " + strconv.Quote(short(unit, 12))
		}
		return Budget{}, fieldErr("budget", orig, msg, FormsBudget)
	}
	if v <= 0 || v > 1e12 {
		return Budget{}, fieldErr("budget", orig, "out of range (more than 0)", FormsBudget)
	}
	b.Amount = v
	return b, nil
}

// ParseWorkload reads a workload and common spellings ("fine-tune", "q-lora",
// "serve").
func ParseWorkload(s string) (Workload, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, t)
	switch t {
	case "inference", "infer", "serve", "serving", "chat":
		return WorkloadInference, nil
	case "finetune", "full", "fullfinetune", "ft", "sft":
		return WorkloadFineTune, nil
	case "lora":
		return WorkloadLoRA, nil
	case "qlora":
		return WorkloadQLoRA, nil
	case "pretrain", "pretraining", "train", "training":
		return WorkloadPretrain, nil
	case "vram", "iknowmyvram", "memory", "known":
		return WorkloadVRAM, nil
	}
	return "", fieldErr("workload", s, "unknown workload", FormsWorkload)
}

// ParsePrecision reads a precision ("bf16", "FP8", "4bit", "q4").
func ParsePrecision(s string) (Precision, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
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
	}
	return "", fieldErr("precision", s, "unknown precision", FormsPrecision)
}

// ParseLatency reads a latency class.
func ParseLatency(s string) (Latency, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "realtime", "real-time", "rt", "streaming":
		return LatencyRealtime, nil
	case "interactive", "int":
		return LatencyInteractive, nil
	case "batch", "offline", "throughput":
		return LatencyBatch, nil
	}
	return "", fieldErr("latency", s, "unknown latency class", FormsLatency)
}

// FormatParams formats billions of parameters ("70B", "1.23B", "500M").
func FormatParams(b float64) string {
	switch {
	case b <= 0:
		return "unknown"
	case b < 1:
		return FormatNumber(math.Round(b*1000)) + "M"
	case b >= 1000:
		return FormatNumber(math.Round(b/10)/100) + "T"
	}
	return FormatNumber(math.Round(b*100)/100) + "B"
}

// FormatCount formats a large count with k, M, B or T ("2B", "128k").
func FormatCount(v float64) string {
	switch {
	case v >= 1e12:
		return FormatNumber(math.Round(v/1e10)/100) + "T"
	case v >= 1e9:
		return FormatNumber(math.Round(v/1e7)/100) + "B"
	case v >= 1e6:
		return FormatNumber(math.Round(v/1e4)/100) + "M"
	case v >= 1e3:
		return FormatNumber(math.Round(v/10)/100) + "k"
	}
	return FormatNumber(math.Round(v*100) / 100)
}

// FormatContext formats a context length the way ParseContext reads it
// ("8k" for 8192, "4000" when not a multiple of 1024).
func FormatContext(n int) string {
	if n > 0 && n%1024 == 0 {
		return strconv.Itoa(n/1024) + "k"
	}
	return strconv.Itoa(n)
}

// FormatDuration formats hours the way ParseDuration reads them, choosing
// the largest unit that gives a short number ("3mo", "2w", "8h").
func FormatDuration(h float64) string {
	units := []struct {
		n string
		h float64
	}{{"y", HoursPerMonth * 12}, {"mo", HoursPerMonth}, {"w", HoursPerWeekFull}, {"d", 24}, {"h", 1}}
	for _, u := range units {
		q := h / u.h
		if q >= 1 && math.Abs(q-math.Round(q*10)/10) < 1e-9 {
			return FormatNumber(math.Round(q*10)/10) + u.n
		}
	}
	if h < 1 && h > 0 {
		return FormatNumber(math.Round(h*60)) + "min"
	}
	return FormatNumber(math.Round(h*100)/100) + "h"
}
