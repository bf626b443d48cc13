package data

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// providerInfo is one row of facts/providers.csv: the key, display name and
// currency of a provider.
type providerInfo struct {
	Key      string
	Name     string
	Currency model.Currency
}

// parseProviders reads facts/providers.csv.
func parseProviders(r io.Reader, name string) ([]providerInfo, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "name", "currency"); err != nil {
		return nil, err
	}
	var out []providerInfo
	for i := range t.rows {
		p := providerInfo{Key: t.get(i, "provider"), Name: t.get(i, "name"), Currency: model.Currency(t.get(i, "currency"))}
		if p.Key == "" || p.Key != strings.ToLower(p.Key) || p.Name == "" {
			return nil, fmt.Errorf("%s: line %d: provider must be a lower-case key and name non-empty", name, t.lines[i])
		}
		if p.Currency != model.USD && p.Currency != model.CNY {
			return nil, fmt.Errorf("%s: line %d: column currency: %q is not USD or CNY", name, t.lines[i], p.Currency)
		}
		out = append(out, p)
	}
	return out, nil
}

// cnPolicyProviders maps cn_provider_policies.csv's provider names to keys.
// Made on first use, not at start-up (issue 26).
var cnPolicyProviders = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"Alibaba Cloud": "alibaba", "Tencent Cloud": "tencent", "Huawei Cloud": "huawei",
		"Featurize": "featurize", "AutoDL": "autodl",
	}
}}

// policyRow is one policy fact of either policy file.
type policyRow struct {
	provider, policy, value, unit, conditions, source, quality string
}

// parsePolicyRows reads provider_policies.csv (cn=false) or
// cn/cn_provider_policies.csv (cn=true).
func parsePolicyRows(r io.Reader, name string, cn bool) ([]policyRow, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "policy", "value", "unit", "source_url"); err != nil {
		return nil, err
	}
	var out []policyRow
	for i := range t.rows {
		p := policyRow{
			provider: t.get(i, "provider"), policy: t.get(i, "policy"), value: t.get(i, "value"),
			unit: t.get(i, "unit"), conditions: t.get(i, "conditions"), source: t.get(i, "source_url"),
			quality: t.get(i, "source_quality"),
		}
		if cn {
			key, ok := cnPolicyProviders.Get()[p.provider]
			if !ok {
				return nil, fmt.Errorf("%s: line %d: column provider: unknown provider %q", name, t.lines[i], p.provider)
			}
			p.provider = key
			if d := t.get(i, "source_date"); d != "" {
				p.conditions = joinNonEmpty("; ", p.conditions, "source dated "+d)
			}
			if strings.HasSuffix(p.policy, "_UNVERIFIED") {
				p.quality = "unverified"
			}
		}
		if p.provider == "" || p.policy == "" {
			return nil, fmt.Errorf("%s: line %d: provider and policy must not be empty", name, t.lines[i])
		}
		out = append(out, p)
	}
	return out, nil
}

// firstNumber reads the leading number of a value ("0.053;0.071" -> 0.053,
// "about 5 (…)" -> 5).
var firstNumberRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\d+(?:\.\d+)?`) }}

func firstNumber(s string) (float64, bool) {
	m := firstNumberRe.Get().FindString(s)
	if m == "" {
		return 0, false
	}
	v, err := strconv.ParseFloat(m, 64)
	return v, err == nil
}

// egressTierRe reads an egress band from its conditions ("first 10 TB",
// "next 40 TB", "over 150 TB").
var egressTierRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(first|next|over)\s+(\d+(?:\.\d+)?)\s*TB`) }}

// termRe reads one row of a duration discount table written in
// zheDiscount ("6-11 months: 88zhe (0.88)", "3/4/5 years: 5zhe (0.50)",
// with the Chinese character for zhe).
var termRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(\d+(?:[-/]\d+)*)\s+(months?|years?):\s*[\d.]+` + zheDiscount + `\s*\((0?\.\d+|1(?:\.0+)?)\)`)
}}

// buildPolicies turns the policy rows into one Policy per provider. Every
// provider of providers.csv gets an entry (with its display name and
// currency) even when no policy fact is known. Discounts are stored as the
// sources give them: an "up to" maximum stays an "up to" maximum, never
// split into 1-year and 3-year rates; only a published per-term table
// (Tencent's) fills Commit1y, Commit3y and Terms. egress holds the
// published internet egress bands of facts/egress_tiers.csv by provider;
// they complete the egress rows of the policy files (see mergeEgress).
func buildPolicies(providers []providerInfo, rows []policyRow, egress map[string][]egressBand) (map[string]model.Policy, error) {
	b := policyBuild{pols: map[string]*model.Policy{}, egressRows: map[string][]policyRow{}, spotNoMax: map[string]bool{}}
	for _, p := range providers {
		b.pols[p.Key] = &model.Policy{Provider: p.Key, Name: p.Name, Currency: p.Currency, Sources: []string{}}
	}
	for _, r := range rows {
		if err := b.apply(r); err != nil {
			return nil, err
		}
	}
	pols := b.pols
	// GCP sells two interruptible products: legacy preemptible VMs stop after
	// 24 h, Spot VMs have no maximum run time. The catalog's spot prices are
	// for Spot VMs (SkyPilot launches Spot VMs), so the limit stays a note.
	for prov := range b.spotNoMax {
		p := pols[prov]
		if p.PreemptibleMaxHours > 0 {
			p.SpotNote = joinNonEmpty("; ", p.SpotNote, fmt.Sprintf("the %.0f h limit applies to legacy preemptible VMs only; the spot prices here are for Spot VMs, which have no maximum run time", p.PreemptibleMaxHours))
			p.PreemptibleMaxHours = 0
		}
	}
	for prov, rs := range b.egressRows {
		p := pols[prov]
		p.EgressKnown = true
		p.EgressTiers = egressTiers(rs)
	}
	for _, prov := range sortedProviders(egress) {
		p, ok := pols[prov]
		if !ok {
			return nil, fmt.Errorf("facts/egress_tiers.csv: provider %q is not in providers.csv", prov)
		}
		if err := mergeEgress(p, egress[prov]); err != nil {
			return nil, err
		}
	}
	out := make(map[string]model.Policy, len(pols))
	for k, p := range pols {
		p.Sources = uniqKeepOrder(p.Sources)
		if p.Notes == nil {
			p.Notes = []string{}
		}
		out[k] = *p
	}
	return out, nil
}

// policyBuild is the policies buildPolicies is building, by provider, and
// what the rows leave for the end: the egress price rows and the
// providers whose spot VMs have no maximum run time.
type policyBuild struct {
	pols       map[string]*model.Policy
	egressRows map[string][]policyRow
	spotNoMax  map[string]bool
}

// policyFact is a policy row as the rules of one area read it: with its
// note (policyNote) and the first number of its value, if any.
type policyFact struct {
	policyRow
	note   string
	num    float64
	hasNum bool
}

// apply adds one policy row to its provider's policy: the rule of its
// area (commitment, spot, billing, egress, storage; the areas' keys are
// apart, so at most one applies), else its note among the notes; then
// what follows from any row, and its sources.
func (b *policyBuild) apply(r policyRow) error {
	p, ok := b.pols[r.provider]
	if !ok {
		return fmt.Errorf("policy %s of provider %q: the provider is not in providers.csv", r.policy, r.provider)
	}
	f := policyFact{policyRow: r, note: policyNote(r)}
	f.num, f.hasNum = firstNumber(r.value)
	handled, err := commitFact(p, f)
	if err != nil {
		return err
	}
	if !handled {
		handled = b.spotFact(p, f) || billingFact(p, f) || b.egressFact(p, f) || storageFact(p, f)
	}
	if !handled {
		p.Notes = append(p.Notes, f.note)
	}
	impliedFacts(p, f)
	p.Sources = append(p.Sources, model.SplitOn(r.source, " ; ")...)
	return nil
}

// commitFact applies a commitment or subscription row; it reports whether
// the row was one it knows.
func commitFact(p *model.Policy, f policyFact) (bool, error) {
	switch {
	case f.policy == "commit_discount_max" && f.hasNum:
		d := model.Discount{Fraction: f.num / 100, UpTo: true, Note: f.conditions, Source: f.source}
		if d.Fraction > p.CommitMax.Fraction {
			if p.CommitMax.Fraction > 0 {
				p.Notes = append(p.Notes, discountNote("commitment", p.CommitMax))
			}
			p.CommitMax = d
		} else {
			p.Notes = append(p.Notes, f.note)
		}
	case f.policy == "commit_term", f.policy == "commit_billing", f.policy == "commit_payment":
		p.CommitNote = joinNonEmpty("; ", p.CommitNote, f.note)
	case f.policy == "commit_reserves_capacity":
		if t, ok := parseTri(f.value); ok && t != model.Unknown {
			p.CommitReservesCapacity = t
		} else if strings.HasPrefix(strings.ToLower(f.value), "yes") {
			p.CommitReservesCapacity = model.Yes
		}
		p.CommitNote = joinNonEmpty("; ", p.CommitNote, f.note)
	case f.policy == "subscription_duration_discount":
		if err := setTerms(p, f.policyRow); err != nil {
			return false, err
		}
		p.CommitNote = joinNonEmpty("; ", p.CommitNote, f.note)
	case strings.HasPrefix(f.policy, "subscription_duration_discount"):
		p.CommitNote = joinNonEmpty("; ", p.CommitNote, f.note)
	default:
		return false, nil
	}
	return true, nil
}

// spotFact applies a spot (or preemptible) row; it reports whether the
// row was one it knows.
func (b *policyBuild) spotFact(p *model.Policy, f policyFact) bool {
	switch {
	case (f.policy == "spot_discount_max" || f.policy == "spot_discount") && f.hasNum:
		d := model.Discount{Fraction: f.num / 100, UpTo: f.policy == "spot_discount_max", Note: f.conditions, Source: f.source}
		if d.Fraction > p.SpotDiscountMax.Fraction {
			p.SpotDiscountMax = d
		}
	case f.policy == "spot_interruption_notice" && f.hasNum:
		secs := f.num
		if strings.HasPrefix(strings.ToLower(f.unit), "minute") {
			secs *= 60
		}
		p.SpotNoticeSeconds = secs
		p.SpotNote = joinNonEmpty("; ", p.SpotNote, f.note)
	case f.policy == "preemptible_max_runtime" && f.hasNum:
		p.PreemptibleMaxHours = f.num
		p.SpotNote = joinNonEmpty("; ", p.SpotNote, f.note)
	case f.policy == "spot_max_runtime" && strings.HasPrefix(strings.ToLower(f.value), "none"):
		b.spotNoMax[f.provider] = true
		p.SpotNote = joinNonEmpty("; ", p.SpotNote, f.note)
	case f.policy == "spot_available":
		p.SpotAvailable, _ = parseTri(f.value)
		p.SpotNote = joinNonEmpty("; ", p.SpotNote, f.note)
	case strings.HasPrefix(f.policy, "spot_") || strings.HasPrefix(f.policy, "guaranteed_spot"):
		p.SpotNote = joinNonEmpty("; ", p.SpotNote, f.note)
	default:
		return false
	}
	return true
}

// billingFact applies a billing row; it reports whether the row was one
// it knows.
func billingFact(p *model.Policy, f policyFact) bool {
	switch {
	case f.policy == "billing_granularity" || f.policy == "payg_billing_granularity":
		if g := granularity(f.value); g != "" {
			p.BillingGranularity = g
		}
		p.Notes = append(p.Notes, f.note)
	case f.policy == "billing_minimum" && f.hasNum:
		p.BillingMinimumSeconds = f.num
	default:
		return false
	}
	return true
}

// egressFact applies an egress row (the price rows are kept for
// egressTiers); it reports whether the row was one it knows.
func (b *policyBuild) egressFact(p *model.Policy, f policyFact) bool {
	switch {
	case f.policy == "egress_free_allowance" && f.hasNum:
		gb := f.num
		if strings.HasPrefix(strings.ToUpper(f.unit), "TB") {
			gb *= 1000
		}
		p.EgressFreeGBMonth = gb
		p.EgressNote = joinNonEmpty("; ", p.EgressNote, f.note)
	case f.policy == "egress_price_internet" || f.policy == "egress_traffic_price" || f.policy == "egress_traffic_price_mainland":
		if f.hasNum {
			b.egressRows[f.provider] = append(b.egressRows[f.provider], f.policyRow)
		}
		p.EgressNote = joinNonEmpty("; ", p.EgressNote, f.note)
	case strings.HasPrefix(f.policy, "egress_"):
		p.EgressNote = joinNonEmpty("; ", p.EgressNote, f.note)
	default:
		return false
	}
	return true
}

// storageFact applies a storage or stopped-instance row; it reports
// whether the row was one it knows.
func storageFact(p *model.Policy, f policyFact) bool {
	switch {
	case strings.HasPrefix(f.policy, "block_storage_price") && f.hasNum:
		if p.BlockStorageGBMonth == 0 && strings.Contains(f.unit, "month") {
			p.BlockStorageGBMonth = f.num
		}
		p.Notes = append(p.Notes, f.note)
	case f.policy == "storage_overage_price" && f.hasNum && strings.Contains(f.unit, "/hour"):
		// Featurize bills storage per GB-hour: per month = x 730 hours.
		if p.BlockStorageGBMonth == 0 {
			p.BlockStorageGBMonth = roundPrice(f.num * 730)
		}
		p.Notes = append(p.Notes, f.note+" (= "+model.FormatNumber(roundPrice(f.num*730))+" per GB-month at 730 h)")
	case f.policy == "local_disk_survives_stop":
		l := strings.ToLower(f.value)
		if strings.HasPrefix(l, "no") {
			p.LocalDiskSurvivesStop = model.No
		} else if strings.HasPrefix(l, "yes") {
			p.LocalDiskSurvivesStop = model.Yes
		}
		p.Notes = append(p.Notes, f.note)
	case f.policy == "storage_billed_when_stopped":
		p.StorageBilledWhileStopped, _ = parseTri(f.value)
		p.Notes = append(p.Notes, f.note)
	case f.policy == "stop_charging_mode" && strings.Contains(f.value, "still billed"):
		p.StorageBilledWhileStopped = model.Yes
		p.Notes = append(p.Notes, f.note)
	default:
		return false
	}
	return true
}

// impliedFacts sets the facts that follow from a row whatever its key:
// disks "still billed" while stopped or deallocated, a price for storage
// of stopped instances, and spot rules that say spot exists.
func impliedFacts(p *model.Policy, f policyFact) {
	text := strings.ToLower(f.value + " " + f.conditions)
	diskWords := strings.Contains(text, "disk") || strings.Contains(text, "storage") || strings.Contains(text, "volume")
	if strings.Contains(text, "still billed") && diskWords || strings.HasSuffix(f.policy, "_stopped") && f.hasNum && f.num > 0 {
		p.StorageBilledWhileStopped = model.Yes
	}
	if p.SpotAvailable == model.Unknown && f.policy != "spot_available" &&
		(strings.HasPrefix(f.policy, "spot_") && f.policy != "spot_price_example" || strings.HasPrefix(f.policy, "spot_discount")) {
		p.SpotAvailable = model.Yes
	}
}

// sortedProviders returns the keys of a per-provider map in order.
func sortedProviders[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// policyNote renders a policy row as one line with its source.
func policyNote(r policyRow) string {
	s := r.policy + ": " + r.value
	if r.unit != "" && r.unit != "text" {
		s += " " + r.unit
	}
	if r.conditions != "" {
		s += " (" + r.conditions + ")"
	}
	if r.quality != "" && r.quality != "primary" {
		s += " [" + r.quality + "]"
	}
	return s + " — " + r.source
}

// discountNote renders a discount kept as a note.
func discountNote(what string, d model.Discount) string {
	s := fmt.Sprintf("%s discount up to %s%%", what, model.FormatNumber(d.Fraction*100))
	if d.Note != "" {
		s += " (" + d.Note + ")"
	}
	return s + " — " + d.Source
}

// granularity reduces a billing text to "per-second", "per-minute" or
// "hourly".
func granularity(s string) string {
	l := strings.ToLower(s)
	switch {
	case strings.Contains(l, "second"):
		return "per-second"
	case strings.Contains(l, "minute"):
		return "per-minute"
	case strings.Contains(l, "hour"):
		return "hourly"
	}
	return ""
}

// egressTiers builds the bands of internet egress pricing from the rows of
// one provider: "first N TB" ends at N TB, "next N TB" adds N TB, "over N
// TB" is the last, open band. A single row without bands is one open band.
func egressTiers(rs []policyRow) []model.EgressTier {
	var tiers []model.EgressTier
	upTo := 0.0
	for _, r := range rs {
		price, _ := firstNumber(r.value)
		m := egressTierRe.Get().FindStringSubmatch(r.conditions)
		if m == nil {
			if len(rs) == 1 {
				return []model.EgressTier{{PerGB: price}}
			}
			continue
		}
		n, _ := strconv.ParseFloat(m[2], 64)
		switch strings.ToLower(m[1]) {
		case "first":
			upTo = n * 1000
			tiers = append(tiers, model.EgressTier{UpToGB: upTo, PerGB: price})
		case "next":
			upTo += n * 1000
			tiers = append(tiers, model.EgressTier{UpToGB: upTo, PerGB: price})
		case "over":
			tiers = append(tiers, model.EgressTier{PerGB: price})
		}
	}
	sort.SliceStable(tiers, func(i, j int) bool {
		a, b := tiers[i].UpToGB, tiers[j].UpToGB
		if a == 0 {
			return false
		}
		return b == 0 || a < b
	})
	return tiers
}

// setTerms reads a published duration-discount table (Tencent) into Terms,
// Commit1y, Commit3y and CommitMax. The rates are fractions of the listed
// monthly price, so the discounts are marked OfMonthly.
func setTerms(p *model.Policy, r policyRow) error {
	for _, m := range termRe.Get().FindAllStringSubmatch(r.value, -1) {
		pay, err := strconv.ParseFloat(m[3], 64)
		if err != nil || pay <= 0 || pay > 1 {
			return fmt.Errorf("policy %s of %s: bad rate %q", r.policy, r.provider, m[3])
		}
		unit := 1
		if strings.HasPrefix(m[2], "year") {
			unit = 12
		}
		var nums []int
		for _, f := range strings.FieldsFunc(m[1], func(c rune) bool { return c == '-' || c == '/' }) {
			n, err := strconv.Atoi(f)
			if err != nil {
				return fmt.Errorf("policy %s of %s: bad term %q", r.policy, r.provider, m[1])
			}
			nums = append(nums, n*unit)
		}
		d := model.Discount{Fraction: roundPrice(1 - pay), Note: m[0] + " of the listed monthly price (" + r.unit + ")", Source: r.source, OfMonthly: true}
		term := model.TermDiscount{MinMonths: nums[0], MaxMonths: nums[len(nums)-1], Discount: d}
		p.Terms = append(p.Terms, term)
		if term.MinMonths <= 12 && 12 <= term.MaxMonths {
			p.Commit1y = d
		}
		if term.MinMonths <= 36 && 36 <= term.MaxMonths {
			p.Commit3y = d
		}
		if d.Fraction > p.CommitMax.Fraction {
			p.CommitMax = d
		}
	}
	if len(p.Terms) == 0 {
		return fmt.Errorf("policy %s of %s: no term read from %q", r.policy, r.provider, r.value)
	}
	return nil
}
