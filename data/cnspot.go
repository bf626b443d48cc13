package data

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// fileCNSpot is the reference data's table of Alibaba and Tencent billing
// and spot rules (cn/2026-12-01/cn_discounts_spot.csv), each row with its
// source, date and confidence.
const fileCNSpot = "cn/2026-12-01/cn_discounts_spot.csv"

// cnSpotTopics maps the file's topics to policy names the policy build
// reads (spot_discount_max, spot_interruption_notice) or keeps as notes.
// A topic not here is a note under its own name, except the ones
// cnSkippedTopic leaves out.
// Made on first use, not at start-up (issue 26).
var cnSpotTopics = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"spot_max_discount":   "spot_discount_max",
		"spot_discount_range": "spot_discount_max",
	}
}}

// cnSkippedTopic reports whether a topic is not a rule to state: a ratio
// derived from prices that no source states (monthly ≈ 480 × hourly is an
// observation, never a price), an example's figures, or a text the file
// itself marks unverified.
func cnSkippedTopic(topic string) bool {
	return strings.HasPrefix(topic, "derived_") || strings.HasSuffix(topic, "_example") ||
		strings.HasSuffix(topic, "_UNVERIFIED")
}

// parseCNSpotRules reads cn_discounts_spot.csv into policy rows. A spot
// discount range ("0.1 to 1.0 of PAYG") becomes the largest discount it
// allows (90%); each row's confidence travels as its quality.
func parseCNSpotRules(r io.Reader, name string) ([]policyRow, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "topic", "value", "unit", "conditions", "source_url", "date", "confidence"); err != nil {
		return nil, err
	}
	var out []policyRow
	for i := range t.rows {
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		key, ok := cnPolicyProviders.Get()[t.get(i, "provider")]
		if !ok {
			return nil, fmt.Errorf("%s: column provider: unknown provider %q (want one of cn_provider_policies.csv's)", at, t.get(i, "provider"))
		}
		topic := t.get(i, "topic")
		if topic == "" {
			return nil, fmt.Errorf("%s: column topic is empty", at)
		}
		if cnSkippedTopic(topic) {
			continue
		}
		p := policyRow{provider: key, policy: topic, value: t.get(i, "value"), unit: t.get(i, "unit"),
			conditions: joinNonEmpty("; ", t.get(i, "conditions"), "source dated "+t.get(i, "date"), "confidence: "+t.get(i, "confidence")),
			source:     t.get(i, "source_url"), quality: t.get(i, "confidence")}
		if pol, ok := cnSpotTopics.Get()[topic]; ok {
			pct, err := cnSpotDiscountPct(p.value, p.unit)
			if err != nil {
				return nil, fmt.Errorf("%s: column value: %w", at, err)
			}
			p.policy, p.value, p.unit = pol, strconv.FormatFloat(pct, 'f', -1, 64), "percent"
			p.conditions = joinNonEmpty("; ", "as stated: "+t.get(i, "value"), p.conditions)
		}
		out = append(out, p)
	}
	return out, nil
}

// cnSpotDiscountPct reads the largest spot discount a value states, in
// percent off pay-as-you-go: "up to 90% off …" is 90; a range of
// fractions of the pay-as-you-go price ("0.1 to 1.0 of PAYG") is one minus
// its floor (90).
func cnSpotDiscountPct(value, unit string) (float64, error) {
	n, ok := firstNumber(value)
	switch {
	case !ok:
		return 0, fmt.Errorf("%q states no number (want \"up to 90%% off\" or \"0.1 to 1.0 of PAYG\")", value)
	case strings.Contains(value, "%") && n > 0 && n < 100:
		return n, nil
	case strings.Contains(unit, "fraction") && n > 0 && n < 1:
		return (1 - n) * 100, nil
	}
	return 0, fmt.Errorf("%q is neither a percentage off nor a fraction of the pay-as-you-go price", value)
}
