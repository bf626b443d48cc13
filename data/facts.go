package data

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// factRule is one row of facts/offer_facts.csv: a fact about the offers of
// one provider whose instance type matches a glob (and, if given, whose
// accelerator and GPU count match), read from a cited provider or vendor
// document. It fills what instance_families.csv leaves blank.
type factRule struct {
	Line     int
	Provider string
	Patterns []string
	Accels   []string
	Counts   []int
	Field    string
	Value    string
	Source   string
	Note     string
	// From names the row of the reference data's instance_facts_more.csv
	// the fact was taken from ("runpod/form_factor_names", its provider and
	// fact_type), or is empty.
	From string
}

// offerFactFields are the offer fields a fact may set. "note" sets no
// field: its value is added to the offer's notes (a cited statement that
// explains a fact, such as what only a provider's live API carries).
// Made on first use, not at start-up (issue 26).
var offerFactFields = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"interconnect": true, "vcpu_type": true, "hyperthread": true, "rdma": true,
		"form_factor": true, "local_nvme": true, "local_nvme_wiped": true,
		"inter_node_network": true, "marketplace": true, "gpu": true, "gpu_count": true, "retired": true,
		"gpu_fraction": true, "note": true,
	}
}}

// inferredNote is how the note of a fact that is an inference rather than
// a provider's statement starts ("inferred, not stated by RunPod: ...").
const inferredNote = "inferred"

// notesOffer reports whether the fact's note belongs in the offer's notes:
// interconnect and vCPU facts keep their note next to the value instead.
func (f *factRule) notesOffer() bool {
	return f.Field != "interconnect" && f.Field != "vcpu_type"
}

// parseFacts reads facts/offer_facts.csv and checks every value.
func parseFacts(r io.Reader, name string) ([]factRule, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("provider", "pattern", "accelerators", "counts", "field", "value", "source_url", "note"); err != nil {
		return nil, err
	}
	var out []factRule
	for i := range t.rows {
		f := factRule{
			Line:     t.lines[i],
			Provider: t.get(i, "provider"),
			Patterns: model.SplitOn(t.get(i, "pattern"), ";"),
			Accels:   model.SplitOn(t.get(i, "accelerators"), ";"),
			Field:    t.get(i, "field"),
			Value:    t.get(i, "value"),
			Source:   t.get(i, "source_url"),
			Note:     t.get(i, "note"),
			From:     t.get(i, "from"),
		}
		at := fmt.Sprintf("%s: line %d", name, f.Line)
		if f.Provider == "" || len(f.Patterns) == 0 {
			return nil, fmt.Errorf("%s: provider and pattern must not be empty", at)
		}
		if !offerFactFields.Get()[f.Field] {
			return nil, fmt.Errorf("%s: column field: unknown field %q", at, f.Field)
		}
		if f.Source == "" {
			return nil, fmt.Errorf("%s: column source_url: empty (every fact cites its source)", at)
		}
		if f.Field == "form_factor" && f.Note == "" {
			return nil, fmt.Errorf("%s: column note: empty (say what the source states, and start with %q if it is an inference)", at, inferredNote)
		}
		if f.From != "" && !strings.Contains(f.From, "/") {
			return nil, fmt.Errorf("%s: column from: %q: want provider/fact_type of instance_facts_more.csv", at, f.From)
		}
		for _, c := range model.SplitOn(t.get(i, "counts"), ";") {
			n, err := strconv.Atoi(c)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s: column counts: %q is not a GPU count", at, c)
			}
			f.Counts = append(f.Counts, n)
		}
		if err := applyFact(&model.Offer{}, f); err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
		out = append(out, f)
	}
	return out, nil
}

// matches reports whether the fact applies to an offer.
func (f *factRule) matches(o *model.Offer, accel string) bool {
	if f.Provider != o.Provider || !matchesAny(f.Patterns, o.InstanceType) {
		return false
	}
	if len(f.Accels) > 0 && !containsFold(f.Accels, accel) {
		return false
	}
	if len(f.Counts) > 0 {
		ok := false
		for _, c := range f.Counts {
			if c == o.GPUCount {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// applyFacts applies every fact that matches an offer (accel is the
// accelerator name as the source writes it), adding each fact's sources to
// the offer's and handing addNote the notes that belong in the offer's
// notes: a "note" fact's text, and the note of a fact whose field keeps
// none of its own (form factor, RDMA, network ...), so that a marked
// inference stays marked.
func applyFacts(o *model.Offer, facts []factRule, accel string, addNote func(string)) {
	for _, fr := range facts {
		if !fr.matches(o, accel) {
			continue
		}
		if err := applyFact(o, fr); err != nil {
			// Conflicts are caught when the facts file is checked against
			// the reference data (TestFactsDoNotConflict); here the known
			// value is kept.
			continue
		}
		o.Sources = append(o.Sources, model.SplitOn(fr.Source, " ; ")...)
		if fr.Field == "note" {
			addNote(fr.Value)
		}
		if fr.notesOffer() {
			addNote(fr.Note)
		}
	}
}

// applyFact sets one field of an offer from a fact. A fact never
// contradicts a value that is already known: that is an error, so that
// two sources never disagree silently.
func applyFact(o *model.Offer, f factRule) error {
	conflict := func(have any) error {
		return fmt.Errorf("field %s: the offer already has %v from another source, the fact says %q", f.Field, have, f.Value)
	}
	tri := func(dst *model.Tri) error {
		v, ok := parseTri(f.Value)
		if !ok || v == model.Unknown {
			return fmt.Errorf("field %s: %q is not yes or no", f.Field, f.Value)
		}
		if *dst != model.Unknown && *dst != v {
			return conflict(*dst)
		}
		*dst = v
		return nil
	}
	switch f.Field {
	case "interconnect":
		var v interconn
		if err := v.UnmarshalText([]byte(f.Value)); err != nil || v == "" {
			return fmt.Errorf("field interconnect: %q is not nvswitch, nvlink, infinity-fabric, pcie or single", f.Value)
		}
		return setFact(&o.Interconnect, &o.EditDetail().InterconnectNote, model.Interconnect(v), f.Note, conflict)
	case "vcpu_type":
		var v vcpuType
		if err := v.UnmarshalText([]byte(f.Value)); err != nil || v == "" {
			return fmt.Errorf("field vcpu_type: %q is not dedicated, shared, burstable, container, marketplace or gpu-fraction", f.Value)
		}
		return setFact(&o.VCPUType, &o.EditDetail().VCPUNote, model.VCPUType(v), f.Note, conflict)
	case "hyperthread":
		return tri(&o.Hyperthreaded)
	case "rdma":
		return tri(&o.RDMA)
	case "local_nvme_wiped":
		return tri(&o.LocalNVMeWiped)
	case "form_factor":
		if c := formClass(f.Value); c == "" || c != f.Value {
			return fmt.Errorf("field form_factor: %q is not SXM, PCIe or other", f.Value)
		}
		if o.Detail().FormFactor != "" && o.Detail().FormFactor != f.Value {
			return conflict(o.Detail().FormFactor)
		}
		o.EditDetail().FormFactor = f.Value
	case "local_nvme":
		if o.Detail().LocalNVMe == "" {
			o.EditDetail().LocalNVMe = f.Value
		}
	case "inter_node_network":
		// A detail (which fabric serves which region) adds to the family's
		// text; it never replaces it.
		if !strings.Contains(o.InterNodeNetwork, f.Value) {
			o.InterNodeNetwork = joinNonEmpty("; ", o.InterNodeNetwork, f.Value)
		}
	case "note":
		if strings.TrimSpace(f.Value) == "" {
			return fmt.Errorf("field note: empty")
		}
	case "retired":
		// The provider's retirement date of the instance type, from its
		// notice (the fact's source).
		if _, err := time.Parse(time.DateOnly, f.Value); err != nil {
			return fmt.Errorf("field retired: %q is not a date such as 2025-09-30", f.Value)
		}
		if o.Detail().Retired != "" && o.Detail().Retired != f.Value {
			return conflict(o.Detail().Retired)
		}
		d := o.EditDetail()
		d.Retired, d.RetiredSource = f.Value, f.Source
	case "marketplace":
		v, ok := parseTri(f.Value)
		if !ok || v == model.Unknown {
			return fmt.Errorf("field marketplace: %q is not yes or no", f.Value)
		}
		o.Marketplace = v == model.Yes
	case "gpu":
		if strings.TrimSpace(f.Value) == "" {
			return fmt.Errorf("field gpu: empty")
		}
		if o.GPU != "" && o.GPU != f.Value {
			return conflict(o.GPU)
		}
		o.GPU = f.Value
	case "gpu_fraction":
		// A vGPU slice the reference data lists as a whole GPU: the share
		// and the slice's memory (the GPU's memory times the share) as the
		// provider states them.
		num, den, ok := strings.Cut(f.Value, "/")
		a, errA := strconv.Atoi(num)
		b, errB := strconv.Atoi(den)
		if !ok || errA != nil || errB != nil || a <= 0 || b <= 0 || a > b {
			return fmt.Errorf("field gpu_fraction: %q is not a share such as 1/8", f.Value)
		}
		frac := float64(a) / float64(b)
		if o.GPUFraction > 0 && o.GPUFraction < 1 && o.GPUFraction != frac {
			return conflict(o.GPUFraction)
		}
		if frac < 1 && (o.GPUFraction == 0 || o.GPUFraction == 1) {
			o.VRAMGiB *= frac
		}
		o.GPUFraction = frac
		if frac == 1 {
			o.GPUFraction = 0
		}
	case "gpu_count":
		n, err := strconv.Atoi(f.Value)
		if err != nil || n <= 0 {
			return fmt.Errorf("field gpu_count: %q is not a GPU count", f.Value)
		}
		if o.GPUCount != 0 && o.GPUCount != n {
			return conflict(o.GPUCount)
		}
		o.GPUCount = n
	default:
		return fmt.Errorf("unknown field %q", f.Field)
	}
	return nil
}

// setFact sets an enum fact that is unknown (the empty value), replacing
// its note with the fact's; a different known value is a conflict.
func setFact[T ~string](dst *T, note *string, v T, factNote string, conflict func(any) error) error {
	if *dst != "" && *dst != v {
		return conflict(*dst)
	}
	if *dst == "" && factNote != "" {
		*note = factNote
	}
	*dst = v
	return nil
}
