package data

import (
	"fmt"
	"io"
	"io/fs"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// The reference files of commitment and spot data (../shared/data).
const (
	fileGCPCUD      = "commitments/gcp_cud_gpu_vm.csv"
	fileCommitTerms = "commitments/commitment_terms.csv"
	fileAWSSpot     = "spot/aws_spot_advisor_gpu.csv"
	// awsSpotDate is the date of the Spot Instance Advisor feed the spot
	// file was cut from: the commit of the verbatim copy in
	// github.com/alexei-led/spotinfo (5eedf20a, 2025-06-28), per
	// spot/README.md.
	awsSpotDate   = "2025-06-28"
	awsSpotSource = "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json (copy in github.com/alexei-led/spotinfo @5eedf20a99614443af215f4aaf09bd10805cac72, 2025-06-28)"
)

// cudFamily is a GCP machine family with firm committed-use discounts.
type cudFamily struct {
	prefix         string // machine-type prefix, "a2-highgpu"
	off1y, off3y   float64
	source, sample string
}

// parseGCPCUD reads gcp_cud_gpu_vm.csv and derives, per machine family
// (the machine type less its last part), the discount of the 1- and 3-year
// committed prices off the on-demand price. The rows of a family must
// agree within half a percentage point; a family without committed prices
// (A2 Ultra) is left out.
func parseGCPCUD(r io.Reader, name string) ([]cudFamily, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("machine_type", "region", "ondemand_usd_month", "cud_1y_usd_month", "cud_3y_usd_month", "source"); err != nil {
		return nil, err
	}
	byFam := map[string]*cudFamily{}
	var order []string
	for i := range t.rows {
		mt := t.get(i, "machine_type")
		cut := strings.LastIndexByte(mt, '-')
		if cut <= 0 {
			return nil, fmt.Errorf("%s: line %d: column machine_type: %q has no family prefix (want e.g. a2-highgpu-1g)", name, t.lines[i], mt)
		}
		num := func(col string) (float64, error) {
			s := t.get(i, col)
			if s == "" {
				return 0, nil
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || !(v > 0) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("%s: line %d: column %s: %q is not a positive number", name, t.lines[i], col, s)
			}
			return v, nil
		}
		od, err := num("ondemand_usd_month")
		if err != nil {
			return nil, err
		}
		c1, err := num("cud_1y_usd_month")
		if err != nil {
			return nil, err
		}
		c3, err := num("cud_3y_usd_month")
		if err != nil {
			return nil, err
		}
		if od == 0 || c1 == 0 || c3 == 0 {
			continue // no committed price for this family
		}
		f1, f3 := 1-c1/od, 1-c3/od
		if !(f1 > 0 && f3 > 0) {
			return nil, fmt.Errorf("%s: line %d: %s: a committed price is not below the on-demand price (want cud_1y and cud_3y below ondemand)", name, t.lines[i], mt)
		}
		fam := mt[:cut]
		g, ok := byFam[fam]
		if !ok {
			g = &cudFamily{prefix: fam, off1y: f1, off3y: f3, source: t.get(i, "source"), sample: mt + " " + t.get(i, "region")}
			byFam[fam] = g
			order = append(order, fam)
			continue
		}
		if math.Abs(g.off1y-f1) > 0.005 || math.Abs(g.off3y-f3) > 0.005 {
			return nil, fmt.Errorf("%s: line %d: %s: committed discounts %.1f%%/%.1f%% differ from the family's %.1f%%/%.1f%% (%s)", name, t.lines[i], mt, f1*100, f3*100, g.off1y*100, g.off3y*100, g.sample)
		}
	}
	sort.Strings(order)
	out := make([]cudFamily, 0, len(order))
	for _, f := range order {
		out = append(out, *byFam[f])
	}
	return out, nil
}

// applyGCPCUD gives each GCP offer of a covered family its firm
// committed-use discounts.
func applyGCPCUD(offers []model.Offer, fams []cudFamily) {
	for i := range offers {
		o := &offers[i]
		if o.Provider != "gcp" {
			continue
		}
		for _, f := range fams {
			if strings.HasPrefix(o.InstanceType, f.prefix+"-") && !strings.Contains(o.InstanceType, "+") {
				d := o.EditDetail()
				d.Commit1yOff, d.Commit3yOff = round4(f.off1y), round4(f.off3y)
				d.CommitSource = "GCP resource-based committed-use prices of the " + f.prefix + " family (whole VM, " + f.sample + "): " + f.source
				break
			}
		}
	}
}

// round4 rounds a fraction to four decimals (a hundredth of a percent).
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// commitTerms is what commitment_terms.csv says a provider publishes.
type commitTerms struct {
	provider string
	months   []int
	note     string
	source   string
}

// nebiusRise is one GPU's on-demand price before and after Nebius's
// increase of 2026-10-01 (USD per GPU-hour).
type nebiusRise struct {
	gpu           string
	before, after float64
}

// termData is the parsed commitment_terms.csv: terms without a published
// price by provider, and Nebius's price rise.
type termData struct {
	terms      []commitTerms
	rise       []nebiusRise
	riseSource string
}

// nebiusRiseDate is the day Nebius's new on-demand prices took effect.
const nebiusRiseDate = "2026-10-01"

var riseRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z0-9]+) ([0-9.]+)->([0-9.]+)$`) }}

// parseCommitTerms reads commitment_terms.csv: commit_term and
// reserved_terms rows give terms without a published price (months,
// separated by ';'), the nebius ondemand_price_change row the price rise.
func parseCommitTerms(r io.Reader, name string) (termData, error) {
	var d termData
	t, err := readTable(r, name)
	if err != nil {
		return d, err
	}
	if err := t.require("provider", "policy", "value", "unit", "conditions", "source"); err != nil {
		return d, err
	}
	for i := range t.rows {
		prov, pol, val := t.get(i, "provider"), t.get(i, "policy"), t.get(i, "value")
		switch {
		case (pol == "commit_term" || pol == "reserved_terms") && t.get(i, "unit") == "months":
			ct := commitTerms{provider: prov, source: t.get(i, "source")}
			for _, m := range strings.Split(val, ";") {
				n, err := strconv.Atoi(strings.TrimSpace(m))
				if err != nil || n <= 0 || n > 120 {
					return d, fmt.Errorf("%s: line %d: column value: %q is not a list of months (want e.g. 3;6)", name, t.lines[i], val)
				}
				ct.months = append(ct.months, n)
			}
			d.terms = append(d.terms, ct)
		case pol == "savings_plan_status":
			for k := range d.terms {
				if d.terms[k].provider == prov {
					d.terms[k].note = val + " (" + t.get(i, "confidence") + ")"
				}
			}
		case prov == "nebius" && pol == "ondemand_price_change":
			d.riseSource = t.get(i, "source")
			for _, part := range strings.Split(val, ";") {
				m := riseRe.Get().FindStringSubmatch(strings.TrimSpace(part))
				if m == nil {
					continue // CPU rows ("CPU Genoa from 0.10->0.13")
				}
				b, _ := strconv.ParseFloat(m[2], 64)
				a, _ := strconv.ParseFloat(m[3], 64)
				if !(b > 0 && a > 0) {
					return d, fmt.Errorf("%s: line %d: column value: %q: want GPU before->after", name, t.lines[i], part)
				}
				d.rise = append(d.rise, nebiusRise{gpu: m[1], before: b, after: a})
			}
		}
	}
	return d, nil
}

// applyTerms records terms without a published price in the policies.
func applyTerms(pols map[string]model.Policy, d termData) {
	for _, ct := range d.terms {
		p, ok := pols[ct.provider]
		if !ok {
			continue
		}
		p.TermsOnRequest = ct.months
		p.TermsOnRequestNote = ct.note
		p.TermsOnRequestSource = ct.source
		pols[ct.provider] = p
	}
}

// applyNebiusRise applies Nebius's on-demand rise of 2026-10-01 to the
// offers of the GPUs it names, where the catalog's price (per GPU) is below
// the new one and so predates it; offers of other GPUs are flagged.
func applyNebiusRise(offers []model.Offer, d termData) {
	if len(d.rise) == 0 {
		return
	}
	for i := range offers {
		o := &offers[i]
		if o.Provider != "nebius" || o.GPUCount <= 0 {
			continue
		}
		var hit *nebiusRise
		for k := range d.rise {
			if strings.HasPrefix(o.GPU, d.rise[k].gpu) {
				hit = &d.rise[k]
			}
		}
		if hit == nil {
			o.EditDetail().PriceNote = joinNonEmpty("; ", o.Detail().PriceNote, "Nebius raised on-demand prices from "+nebiusRiseDate+" without naming this GPU: this price may predate the rise")
			continue
		}
		per := o.OnDemand / float64(o.GPUCount)
		if o.OnDemand <= 0 || per >= hit.after-1e-9 {
			continue
		}
		o.EditDetail().PriceNote = joinNonEmpty("; ", o.Detail().PriceNote, fmt.Sprintf("Nebius raised %s on-demand from %g to %g USD/GPU-h from %s; the SkyPilot price (%g/GPU-h) predates it, so the new price is used", hit.gpu, hit.before, hit.after, nebiusRiseDate, per))
		o.OnDemand = math.Round(hit.after*float64(o.GPUCount)*1e6) / 1e6
		if o.Detail().OnDemandMax > 0 && o.Detail().OnDemandMax < o.OnDemand {
			o.EditDetail().OnDemandMax = 0
		}
		o.PriceDate = nebiusRiseDate
		o.Sources = append(o.Sources, d.riseSource)
	}
}

// parseAWSSpot reads aws_spot_advisor_gpu.csv: the Linux interruption
// bucket by instance type and region.
func parseAWSSpot(r io.Reader, name string) (map[string][]model.RegionBucket, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("region", "os", "instance_type", "interruption_index", "interruption_frequency"); err != nil {
		return nil, err
	}
	out := map[string][]model.RegionBucket{}
	for i := range t.rows {
		if t.get(i, "os") != "Linux" {
			continue
		}
		b, err := strconv.Atoi(t.get(i, "interruption_index"))
		if err != nil || b < 0 || b >= len(model.InterruptionBuckets) {
			return nil, fmt.Errorf("%s: line %d: column interruption_index: %q is not 0-4", name, t.lines[i], t.get(i, "interruption_index"))
		}
		if f := t.get(i, "interruption_frequency"); f != model.InterruptionBuckets[b] {
			return nil, fmt.Errorf("%s: line %d: column interruption_frequency: %q does not match index %d (%s)", name, t.lines[i], f, b, model.InterruptionBuckets[b])
		}
		it := t.get(i, "instance_type")
		out[it] = append(out[it], model.RegionBucket{Region: t.get(i, "region"), Bucket: b})
	}
	for k := range out {
		sort.Slice(out[k], func(a, b int) bool { return out[k][a].Region < out[k][b].Region })
	}
	return out, nil
}

// applyAWSSpot gives each AWS offer with spot prices the interruption
// buckets of its regions.
func applyAWSSpot(offers []model.Offer, buckets map[string][]model.RegionBucket) {
	for i := range offers {
		o := &offers[i]
		if o.Provider != "aws" || o.Spot <= 0 {
			continue
		}
		var bs []model.RegionBucket
		for _, b := range buckets[o.InstanceType] {
			if containsString(o.Regions, b.Region) {
				bs = append(bs, b)
			}
		}
		if len(bs) > 0 {
			d := o.EditDetail()
			d.Interruption, d.InterruptionDate = bs, awsSpotDate
			o.Sources = append(o.Sources, awsSpotSource)
		}
	}
}

// containsString reports whether list holds s.
func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// applyPriceData reads the commitment and spot reference files and applies
// them to the offers and policies.
func applyPriceData(shared fs.FS, offers []model.Offer, pols map[string]model.Policy) error {
	cud, err := openParse(shared, fileGCPCUD, parseGCPCUD)
	if err != nil {
		return err
	}
	applyGCPCUD(offers, cud)
	terms, err := openParse(shared, fileCommitTerms, parseCommitTerms)
	if err != nil {
		return err
	}
	applyTerms(pols, terms)
	applyNebiusRise(offers, terms)
	spot, err := openParse(shared, fileAWSSpot, parseAWSSpot)
	if err != nil {
		return err
	}
	applyAWSSpot(offers, spot)
	return nil
}
