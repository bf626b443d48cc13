package cli

import (
	"flag"
	"strconv"
	"strings"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// The typed values of the flags that are not answers (--top, --hours,
// --max-mb, --timeout, --within-budget…). Each Set reads its own text and
// returns a refusal (flagRefusal) that names the flag, says why and states
// what the flag accepts with an example; cobra's flag error words it in the
// command line's language (pflagErrorText), in place of a flag package's
// "invalid value …: parse error". The refusal is the value's own, not a
// flag package's wording, so it holds under any flag parser.
//
// A value is read as typed, never guessed at: a plain number in ASCII
// digits with a point for decimals (an answer's lenient forms, "1,5" or a
// full-width 2 (U+FF12), are the answers' own: model's parsers). What is
// refused with a fix ("1,5": use a point, 1.5) says the fix.

// flagRefusal is a flag value refused: the flag, the text as typed, why
// (a message and its arguments) and what the flag accepts.
type flagRefusal struct {
	flag, value string
	why         cliMsg
	whyArgs     []any
	accepted    cliMsg
	accArgs     []any
}

// Error is the refusal in English.
func (r *flagRefusal) Error() string { return r.text("en") }

// text is the refusal in lang: `--top "abc": not a whole number
// (accepted: a whole number from 1 to 10000, e.g. --top 5)`.
func (r *flagRefusal) text(lang string) string {
	return tf(tErrFlagValue, lang, r.flag, model.Shorten(r.value, 40), tf(r.why, lang, r.whyArgs...), tf(r.accepted, lang, r.accArgs...))
}

// refusing gives a typed value its refusals: the error its Set returns,
// which cobra's flag error (pflagErrorText) words in the command line's
// language.
type refusing struct{}

// refuse returns a refusal of value for flag.
func (refusing) refuse(flag, value string, accepted cliMsg, accArgs []any, why cliMsg, whyArgs ...any) error {
	return &flagRefusal{flag: flag, value: value, why: why, whyArgs: whyArgs, accepted: accepted, accArgs: accArgs}
}

// plainProblem is why s is not a plain ASCII decimal number: an empty
// value, a negative number (below every flag's range), a decimal comma or
// full-width digits (with the form to type), or not a number at all; ok
// when it is one.
func plainProblem(s string, whole bool) (why cliMsg, args []any, ok bool) {
	switch {
	case s == "":
		return tFlagEmpty, nil, false
	case isPlainNumber(s, whole):
		return 0, nil, true
	case s[0] == '-' && isPlainNumber(s[1:], whole):
		return tFlagOutOfRange, nil, false
	}
	if n := model.NormalizeWidth(s); n != s && isPlainNumber(n, whole) {
		return tFlagFullWidth, []any{n}, false
	}
	if n := strings.Replace(s, ",", ".", 1); !whole && n != s && isPlainNumber(n, false) {
		return tFlagDecimalComma, []any{n}, false
	}
	if whole {
		return tFlagNotWhole, nil, false
	}
	return tFlagNotNumber, nil, false
}

// isPlainNumber reports whether s is ASCII digits with, unless whole, at
// most one point between digits: no sign, exponent, NaN, Inf or hex.
func isPlainNumber(s string, whole bool) bool {
	ip, fp, dot := strings.Cut(s, ".")
	digits := func(t string) bool {
		return t != "" && strings.Trim(t, "0123456789") == ""
	}
	return digits(ip) && (!dot || !whole && digits(fp))
}

// The ranges of the typed flags.
const (
	maxTop = 10000 // recommend --top
	// maxTrialHours is plan --hours' most: a week of trial per candidate.
	maxTrialHours = 168
	// maxDownloadMiB is catalog update --max-mb's most: the largest file
	// of the cached catalog (data.DefaultMaxDownload), since a download
	// larger than the cache holds could never be written.
	maxDownloadMiB = data.DefaultMaxDownload >> 20
)

// intFlag is a whole-number flag within [lo, hi] (--top, --max-mb).
type intFlag struct {
	refusing
	name     string
	p        *int
	lo, hi   int
	accepted cliMsg // worded with lo and hi
}

// newIntFlag registers a whole-number flag with its default, range and
// what it accepts (a message worded with lo and hi).
func newIntFlag(fs *flag.FlagSet, p *int, name string, def, lo, hi int, accepted cliMsg, usage string) {
	*p = def
	fs.Var(&intFlag{name: name, p: p, lo: lo, hi: hi, accepted: accepted}, name, usage)
}

func (f *intFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.Itoa(*f.p)
}

// Set reads a whole number in ASCII digits within the flag's range.
func (f *intFlag) Set(s string) error {
	acc := []any{f.lo, f.hi}
	if why, args, ok := plainProblem(s, true); !ok {
		return f.refuse(f.name, s, f.accepted, acc, why, args...)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < f.lo || n > f.hi {
		return f.refuse(f.name, s, f.accepted, acc, tFlagOutOfRange)
	}
	*f.p = n
	return nil
}

// hoursFlag is a number of hours above 0 and at most hi (plan --hours).
type hoursFlag struct {
	refusing
	name string
	p    *float64
	hi   float64
}

func (f *hoursFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.FormatFloat(*f.p, 'f', -1, 64)
}

// Set reads a plain decimal number of hours in (0, hi].
func (f *hoursFlag) Set(s string) error {
	acc := []any{strconv.FormatFloat(f.hi, 'f', -1, 64)}
	if why, args, ok := plainProblem(s, false); !ok {
		return f.refuse(f.name, s, tAccHours, acc, why, args...)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0 && v <= f.hi) {
		return f.refuse(f.name, s, tAccHours, acc, tFlagOutOfRange)
	}
	*f.p = v
	return nil
}

// durationFlag is a positive length of time with its unit (--timeout 2m).
type durationFlag struct {
	refusing
	name string
	p    *time.Duration
}

func (f *durationFlag) String() string {
	if f.p == nil {
		return ""
	}
	return f.p.String()
}

// Set reads a Go duration ("30s", "2m", "1h30m") above 0; a bare number
// is refused with the unit it lacks.
func (f *durationFlag) Set(s string) error {
	acc := []any{f.name}
	switch why, _, ok := plainProblem(s, false); {
	case ok:
		return f.refuse(f.name, s, tAccDuration, acc, tFlagNoUnit, s, s)
	case why == tFlagEmpty:
		return f.refuse(f.name, s, tAccDuration, acc, why)
	}
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return f.refuse(f.name, s, tAccDuration, acc, tFlagNotDuration)
	case d <= 0:
		return f.refuse(f.name, s, tAccDuration, acc, tFlagOutOfRange)
	}
	*f.p = d
	return nil
}

// boolFlag is an on/off flag: alone it is true, or true/false (1/0) given
// as --flag=false.
type boolFlag struct {
	refusing
	name string
	p    *bool
}

func (f *boolFlag) String() string {
	if f.p == nil {
		return ""
	}
	return strconv.FormatBool(*f.p)
}

// IsBoolFlag lets the flag be given alone.
func (f *boolFlag) IsBoolFlag() bool { return true }

// Set reads true, false, 1 or 0 (and the spellings strconv.ParseBool
// takes: t, f, TRUE…).
func (f *boolFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return f.refuse(f.name, s, tAccBool, []any{f.name, f.name}, tFlagNotBool)
	}
	*f.p = v
	return nil
}

// newBoolFlag registers an on/off flag, false unless given.
func newBoolFlag(fs *flag.FlagSet, p *bool, name, usage string) {
	fs.Var(&boolFlag{name: name, p: p}, name, usage)
}
