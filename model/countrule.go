package model

import (
	"math"
	"strconv"

	"github.com/gpupick/gpupick/model/text"
)

// countRule is the accepted range of a whole-number answer (users, GPUs,
// nodes, vCPUs per GPU, headroom) and what its blank means: the one
// definition its parse, its check of a stored value and every message
// read, so a flag, a decision record, the wizard and the line prompt state
// the same range in both languages.
type countRule struct {
	lo, hi int
	// unit is written after each bound ("%" for the headroom).
	unit string
	// blank is what an empty answer means: "" when an answer is needed,
	// "any" for no restriction, else the default it stands for ("10%").
	blank string
	// forms is the fix's accepted forms (FormsCount unless set).
	forms string
}

// The count answers' rules.
var (
	ruleBatch    = countRule{lo: 1, hi: 1_000_000}
	ruleGPUs     = countRule{lo: 1, hi: 1024, blank: "any"}
	ruleNodes    = countRule{lo: 1, hi: 4096, blank: "any"}
	ruleVCPUs    = countRule{lo: 1, hi: 256, blank: "any"}
	ruleHeadroom = countRule{lo: 1, hi: 90, unit: "%", blank: "10%", forms: "a whole percentage, e.g. 10%"}
	// ruleCount is ParseCount's: any count from none to a million.
	ruleCount = countRule{lo: 0, hi: 1_000_000}
)

// rng is the accepted range in both languages: "1 to 1024, or blank for
// any", "1% to 90%, or blank for 10%", "1 to 1000000".
func (r countRule) rng() text.Pair {
	lo, hi := strconv.Itoa(r.lo)+r.unit, strconv.Itoa(r.hi)+r.unit
	switch r.blank {
	case "":
		return txf("%s to %s", lo, hi)
	case "any":
		return txf("%s to %s, or blank for any", lo, hi)
	}
	return txf("%s to %s, or blank for %s", lo, hi, r.blank)
}

// spec is the numSpec of the answer field under r, for its messages.
func (r countRule) spec(field string) numSpec {
	forms := r.forms
	if forms == "" {
		forms = FormsCount
	}
	return numSpec{field, "a whole number", forms, r.rng}
}

// parse reads a whole number within r for the answer field ("8",
// "1,000", full-width digits); every refusal states r's range.
func (r countRule) parse(field, s string) (int, error) {
	p := r.spec(field)
	lit, unit, err := p.readAnswer(s)
	if err != nil {
		return 0, err
	}
	if unit != "" {
		return 0, p.fail(s, txf("unexpected %q", short(unit, 12)))
	}
	v, ok := decimal(lit, 0)
	if !ok || v < float64(r.lo) || v > float64(r.hi) {
		return 0, p.outOfRange(s)
	}
	if v != math.Trunc(v) {
		return 0, p.fail(s, tx("not a whole number"))
	}
	return int(v), nil
}

// check validates a stored count: 0 is a count not given (a record's
// 0 is read as the flag reads "0" by CheckRecorded); anything else must
// be within r.
func (r countRule) check(n int) error {
	if n == 0 || n >= r.lo && n <= r.hi {
		return nil
	}
	p := r.spec("")
	return newErr("", strconv.Itoa(n), ReasonRange, p.inRange("out of range (accepted: %s)"), use(p.forms))
}
