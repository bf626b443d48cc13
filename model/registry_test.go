package model

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// testEnv is a small catalog's env: two providers, a few regions and GPUs.
func testEnv() *AnswerEnv {
	cat := &Catalog{
		Models: []ModelPreset{
			{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B"},
			{Name: "llama-3.1-70b", HFID: "meta-llama/Llama-3.1-70B"},
			{Name: "llama-3.3-70b", HFID: "meta-llama/Llama-3.3-70B-Instruct"},
			{Name: "mixtral-8x7b", HFID: "mistralai/Mixtral-8x7B-v0.1"},
			{Name: "mixtral-8x22b", HFID: "mistralai/Mixtral-8x22B-v0.1"},
		},
		Offers: []Offer{
			{Provider: "aws", GPU: "H100-SXM5-80GB", Regions: []string{"us-east-1", "eu-west-1"}},
			{Provider: "lambda", GPU: "A100-80GB", Regions: []string{"us-west-2"}},
		},
	}
	// The region table of the region tests: groups, countries, Chinese
	// aliases.
	rc := regionCatalog()
	cat.Places, cat.RegionGroups = rc.Places, rc.RegionGroups
	// A plain case-insensitive prefix match stands in for the advisor's.
	match := func(q, name string) bool {
		return strings.HasPrefix(strings.ToLower(name), strings.ToLower(q))
	}
	return NewAnswerEnv(cat, match)
}

// TestRegistryCoversEveryAnswer: every answer of the record (a toml key of
// Answers) has exactly one registry entry, and every entry a record key,
// so no answer exists in one place and not another.
func TestRegistryCoversEveryAnswer(t *testing.T) {
	var keys []string
	rt := reflect.TypeOf(Answers{})
	for i := range rt.NumField() {
		k, _, _ := strings.Cut(rt.Field(i).Tag.Get("toml"), ",")
		keys = append(keys, k)
	}
	var reg []string
	names := map[string]bool{}
	for _, s := range Registry() {
		reg = append(reg, s.Key)
		for _, n := range append([]string{s.Name}, s.Aliases...) {
			if names[n] {
				t.Errorf("flag name %q used twice", n)
			}
			names[n] = true
		}
		if s.Usage == "" || s.Forms == "" || s.Format == nil || s.parse == nil {
			t.Errorf("%s: incomplete entry", s.Name)
		}
		if s.Blank != BlankRequired && s.clear == nil {
			t.Errorf("%s: blank means %v but nothing clears it", s.Name, s.Blank)
		}
		if got, ok := SpecByName(s.Name); !ok || got.ID != s.ID {
			t.Errorf("SpecByName(%q) = %v", s.Name, got)
		}
	}
	slices.Sort(keys)
	slices.Sort(reg)
	if !slices.Equal(keys, reg) {
		t.Errorf("record keys %v\nregistry keys %v", keys, reg)
	}
}

// TestRegistryRoundTrip: every answer's text, as the formatter writes it,
// parses back to the same answers, for the defaults and for a varied set.
func TestRegistryRoundTrip(t *testing.T) {
	env := testEnv()
	varied := DefaultAnswers()
	varied.Workload, varied.Model, varied.Precision, varied.Context = WorkloadQLoRA, "llama-3.1-70b", INT4, 2048
	varied.Batch, varied.DurationMode, varied.JobTokens, varied.Interruptible = 4, DurationJob, 2e9, true
	varied.Budget = Budget{Amount: 3000, Period: BudgetMonthly, Currency: CNY}
	varied.GPU, varied.GPUs, varied.MaxNodes = "H100", 8, 2
	varied.Providers, varied.Regions = []string{"aws", "lambda"}, []string{"us-east"}
	varied.DataGB, varied.EgressGB, varied.GradCheckpointing, varied.Sharding = 500, 2000, false, "zero3"
	for _, a := range []Answers{DefaultAnswers(), varied} {
		for _, s := range Registry() {
			if !s.AppliesTo(&a) || s.Format(&a) == "" && s.Blank == BlankRequired {
				continue // not asked, or not given (params when a preset names the model)
			}
			got := a
			if err := s.Parse(s.Format(&a), &got, env); err != nil {
				t.Errorf("%s: %q does not parse back: %v", s.Name, s.Format(&a), err)
				continue
			}
			if !reflect.DeepEqual(got, a) {
				t.Errorf("%s: %q parsed to\n%+v\nwant\n%+v", s.Name, s.Format(&a), got, a)
			}
		}
		if err := a.ValidateWith(env); err != nil {
			t.Errorf("valid answers refused: %v", err)
		}
	}
}

// TestRegistryBlank: a blank answer means what the registry says — none,
// any or the default — or is refused when an answer is required; a refused
// answer leaves the answers as they were.
func TestRegistryBlank(t *testing.T) {
	env := testEnv()
	a := DefaultAnswers()
	a.Budget, a.GPU, a.Providers, a.DataGB, a.Sharding = Budget{Amount: 2, Period: BudgetHourly, Currency: USD}, "H100", []string{"aws"}, 100, "zero2"
	a.Context = 8192
	for _, tt := range []struct {
		id    AnswerID
		blank Blank
	}{
		{AnsBudget, BlankNone}, {AnsGPU, BlankAny}, {AnsProviders, BlankAny}, {AnsData, BlankNone}, {AnsSharding, BlankDefault},
		{AnsContext, BlankDefault}, {AnsPrecision, BlankRequired}, {AnsModel, BlankRequired}, {AnsWorkload, BlankRequired},
	} {
		s := Spec(tt.id)
		if s.Blank != tt.blank {
			t.Errorf("%s: blank means %v, want %v", s.Name, s.Blank, tt.blank)
		}
		got := a
		err := s.Parse("  ", &got, env)
		var fe *FieldError
		switch {
		case tt.blank == BlankRequired:
			if !errors.As(err, &fe) || fe.Reason != ReasonMissing || fe.Field != s.Name || !reflect.DeepEqual(got, a) {
				t.Errorf("%s blank: %v, answers changed: %v", s.Name, err, !reflect.DeepEqual(got, a))
			}
			checkZH(t, s.Name+" blank", fe)
		case err != nil || s.Format(&got) != "" && tt.id != AnsSharding:
			t.Errorf("%s blank: %v, now %q", s.Name, err, s.Format(&got))
		}
	}
}

// TestRegistryRefusals: typed answers that are not of the accepted forms
// are refused with the answer's name and a typed reason, and never leave
// a substituted value behind.
func TestRegistryRefusals(t *testing.T) {
	env := testEnv()
	for _, tt := range []struct {
		id     AnswerID
		raw    string
		reason Reason
		cands  []string
	}{
		{AnsModel, "mixtral", ReasonAmbiguous, []string{"mixtral-8x7b", "mixtral-8x22b"}},
		{AnsModel, "llama 70", ReasonAmbiguous, []string{"llama-3.1-70b", "llama-3.3-70b"}},
		{AnsModel, "70X", ReasonUnknown, nil},
		{AnsModel, "lamma-3.1-8b", ReasonUnknown, []string{"llama-3.1-8b"}},
		{AnsGPUs, "70b", ReasonForm, nil},
		{AnsGPUs, "0", ReasonRange, nil},
		{AnsNodes, "999999", ReasonRange, nil},
		{AnsGPU, "H10O", ReasonUnknown, []string{"H100-SXM5-80GB"}},
		{AnsProviders, "aws, awz", ReasonUnknown, []string{"aws"}},
		{AnsRegions, "mars-1", ReasonUnknown, nil},
		{AnsRegions, "us-east, ap-shangai", ReasonUnknown, []string{"ap-shanghai-4"}},
		{AnsSharding, "zero9", ReasonUnknown, nil},
		{AnsInterruptible, "maybe", ReasonForm, nil},
		{AnsDurationMode, "forever", ReasonUnknown, nil},
		{AnsVRAM, "0GB", ReasonRange, nil},
	} {
		s := Spec(tt.id)
		a := DefaultAnswers()
		got := a
		err := s.Parse(tt.raw, &got, env)
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s %q accepted: %+v", s.Name, tt.raw, got)
			continue
		}
		checkZH(t, s.Name+" "+strconv.Quote(tt.raw), fe)
		if fe.Field != s.Name || fe.Reason != tt.reason || fe.Fix == "" {
			t.Errorf("%s %q: field %q reason %v fix %q, want %s %v", s.Name, tt.raw, fe.Field, fe.Reason, fe.Fix, s.Name, tt.reason)
		}
		if tt.cands != nil && (len(fe.Candidates) < len(tt.cands) || !slices.Equal(fe.Candidates[:len(tt.cands)], tt.cands)) {
			t.Errorf("%s %q: candidates %v, want them to start with %v", s.Name, tt.raw, fe.Candidates, tt.cands)
		}
		if !reflect.DeepEqual(got, a) {
			t.Errorf("%s %q: refused, yet the answers changed", s.Name, tt.raw)
		}
	}
}

// TestApplyGiven: answers given together (flags) are applied in the
// registry's order with what they imply; the same thing said twice, or
// two ways, or where it does not apply, is an error naming the flag.
func TestApplyGiven(t *testing.T) {
	env := testEnv()
	g := func(name, raw string) Given {
		s, ok := SpecByName(name)
		if !ok {
			t.Fatalf("no answer %q", name)
		}
		return Given{Spec: s, As: name, Raw: raw}
	}
	a := DefaultAnswers()
	if _, err := ApplyGiven(&a, []Given{g("tokens", "2B"), g("workload", "lora"), g("model", "llama 3.1-70")}, env); err != nil {
		t.Fatal(err)
	}
	if a.DurationMode != DurationJob || a.JobTokens != 2e9 || a.Workload != WorkloadLoRA || a.Model != "llama-3.1-70b" {
		t.Errorf("applied: %+v", a)
	}
	a = DefaultAnswers()
	if _, err := ApplyGiven(&a, []Given{g("workload", "lora"), g("tokens", "2B"), g("duration-mode", "job")}, env); err != nil || a.JobTokens != 2e9 {
		t.Errorf("--tokens with --duration-mode job: %v %+v", err, a)
	}
	a = DefaultAnswers()
	if _, err := ApplyGiven(&a, []Given{g("provider", "aws"), g("exclude-provider", "lambda")}, env); err != nil || len(a.ExcludeProviders) != 1 {
		t.Errorf("--provider with another provider excluded: %v %+v", err, a)
	}
	a = DefaultAnswers()
	if _, err := ApplyGiven(&a, []Given{g("vram", "80GB")}, env); err != nil || a.Workload != WorkloadVRAM || a.KnownVRAMGiB != 80 {
		t.Errorf("--vram alone: %v %+v", err, a)
	}
	a = DefaultAnswers()
	if _, err := ApplyGiven(&a, []Given{g("currency", "CNY"), g("budget", "500/mo")}, env); err != nil || a.Budget.Currency != CNY {
		t.Errorf("currency applies before the budget: %v %+v", err, a.Budget)
	}
	for _, tt := range []struct {
		name  string
		given []Given
		field string
	}{
		{"model and params", []Given{g("model", "llama-3.1-8b"), g("params", "70B")}, "params"},
		{"tokens and duration", []Given{g("duration", "2w"), g("tokens", "2B")}, "duration"},
		{"batch and users", []Given{g("batch", "4"), g("users", "8")}, "users"},
		{"latency for training", []Given{g("workload", "pretrain"), g("latency", "realtime")}, "latency"},
		{"hours a week for a job", []Given{g("tokens", "1B"), g("hours-per-week", "40")}, "hours-per-week"},
		{"bad value", []Given{g("nodes", "999999")}, "nodes"},
		{"tokens with a wallclock run", []Given{g("workload", "lora"), g("tokens", "2B"), g("duration-mode", "wallclock")}, "duration-mode"},
		{"inference tokens with a wallclock run", []Given{g("duration-mode", "wallclock"), g("tokens", "2B")}, "tokens"},
		{"provider also excluded", []Given{g("provider", "aws"), g("exclude-provider", "aws")}, "exclude-provider"},
		{"one of the providers excluded", []Given{g("provider", "aws,lambda"), g("exclude-provider", "aws")}, "exclude-provider"},
	} {
		a := DefaultAnswers()
		before := a
		_, err := ApplyGiven(&a, tt.given, env)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%s: %v, want an error naming %s", tt.name, err, tt.field)
		}
		checkZH(t, tt.name, fe)
		if !reflect.DeepEqual(a, before) {
			t.Errorf("%s: refused, yet the answers changed", tt.name)
		}
	}
}

// TestValidateWithCatalog: stored names must name things the catalog has.
func TestValidateWithCatalog(t *testing.T) {
	env := testEnv()
	for _, tt := range []struct {
		edit  func(*Answers)
		field string
	}{
		{func(a *Answers) { a.Model = "mixtral" }, "model"},
		{func(a *Answers) { a.GPU = "TPUv5" }, "gpu"},
		{func(a *Answers) { a.Providers = []string{"nosuch"} }, "provider"},
		{func(a *Answers) { a.Regions = []string{"mars"} }, "region"},
	} {
		a := DefaultAnswers()
		tt.edit(&a)
		var fe *FieldError
		if err := a.ValidateWith(env); !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: %v, want an error naming %s", a, err, tt.field)
		}
		checkZH(t, tt.field, fe)
	}
	a := DefaultAnswers()
	a.Model = "Meta-Llama/Llama-3.1-70B"
	if err := a.ValidateWith(env); err != nil || a.Model != "llama-3.1-70b" {
		t.Errorf("a Hugging Face id in a record: %v, model %q", err, a.Model)
	}
}

// TestNormalizeKeepsGivenValues: Normalize fills only what is unset; a
// wrong value stays for Validate to refuse.
func TestNormalizeKeepsGivenValues(t *testing.T) {
	a := DefaultAnswers()
	a.HoursPerWeek, a.Context, a.Batch = 500, -3, -1
	a.Normalize()
	if a.HoursPerWeek != 500 || a.Context != -3 || a.Batch != -1 {
		t.Errorf("Normalize replaced given values: %+v", a)
	}
	a.DurationHours = math.NaN()
	if a.Validate() == nil {
		t.Error("invalid answers accepted")
	}
}

func TestClosest(t *testing.T) {
	names := []string{"A100-80GB", "H100-SXM5-80GB", "H200", "L40S", "RTX4090"}
	for q, want := range map[string]string{"h10O": "H100-SXM5-80GB", "rtx 4090": "RTX4090", "l40": "L40S", "zzzzzz": ""} {
		got := Closest(q, names, 1)
		if want == "" && len(got) != 0 || want != "" && (len(got) != 1 || got[0] != want) {
			t.Errorf("Closest(%q) = %v, want %q", q, got, want)
		}
	}
}

// TestRegionAnswer: a region answer takes groups, country codes and
// names, cities, region ids and their start, and Chinese names; a term
// that names nothing is refused by name, with what it may have meant and
// the forms that work, in English and Chinese.
func TestRegionAnswer(t *testing.T) {
	env := testEnv()
	s := Spec(AnsRegions)
	for _, raw := range []string{"ap-shanghai", "cn", "europe", "de", "us-east", "上海", "us-west", "hong-kong", "germany",
		"london", "EU, us", "china，europe-west4", "mainland-china", "europe-south-1"} {
		a := DefaultAnswers()
		if err := s.Parse(raw, &a, env); err != nil {
			t.Errorf("--region %q refused: %v", raw, err)
		} else if !slices.Equal(a.Regions, SplitList(raw)) {
			t.Errorf("--region %q stored as %v: what was typed is kept", raw, a.Regions)
		}
	}
	for _, tt := range []struct{ raw, value, meant string }{
		{"europe, atlantis", "atlantis", ""},
		{"zz", "zz", ""},
		{"ap-shanghai-9", "ap-shanghai-9", "ap-shanghai-4"},
		{"北京", "北京", ""},
		{"europa", "europa", "europe"},
		{"hongkong", "hongkong", "cn-hongkong"},
	} {
		a := DefaultAnswers()
		var fe *FieldError
		if err := s.Parse(tt.raw, &a, env); !errors.As(err, &fe) {
			t.Errorf("--region %q accepted: %v", tt.raw, a.Regions)
			continue
		}
		checkZH(t, "region "+tt.raw, fe)
		if fe.Value != tt.value || fe.Reason != ReasonUnknown {
			t.Errorf("--region %q: error names %q (%v), want %q", tt.raw, fe.Value, fe.Reason, tt.value)
		}
		if tt.meant != "" && !slices.Contains(fe.Candidates, tt.meant) {
			t.Errorf("--region %q: suggests %v, not %s", tt.raw, fe.Candidates, tt.meant)
		}
		for _, want := range []string{"europe", "de", "us-east"} {
			if !strings.Contains(fe.Fix, want) || !strings.Contains(fe.FixZH, want) {
				t.Errorf("--region %q: the fix %q / %q does not show %s", tt.raw, fe.Fix, fe.FixZH, want)
			}
		}
	}
	// A stored record's regions are held to the same table.
	a := DefaultAnswers()
	a.Regions = []string{"europe", "上海"}
	if err := a.ValidateWith(env); err != nil {
		t.Errorf("record regions %v: %v", a.Regions, err)
	}
}

// TestRequestLengthsWithinContext: a prompt and an output that together
// exceed a context given are refused, naming the answer, the three values
// and the fix in both languages; within it, or with the context blank (the
// advisor raises it to their sum), they are kept as given.
func TestRequestLengthsWithinContext(t *testing.T) {
	for _, c := range []struct {
		context, prompt, output int
		refused                 bool
	}{
		{8192, 6144, 4096, true},
		{8192, 4096, 4096, false},
		{0, 65536, 65536, false},
		{8192, 0, 10000, true},
		{8192, 10000, 0, true},
	} {
		a := DefaultAnswers()
		a.Model, a.Context, a.PromptTokens, a.OutputTokens = "llama-3.1-8b", c.context, c.prompt, c.output
		err := a.Validate()
		if !c.refused {
			if err != nil {
				t.Errorf("%+v: refused: %v", c, err)
			}
			if a.PromptTokens != c.prompt || a.OutputTokens != c.output || a.Context != c.context {
				t.Errorf("%+v: changed to %d/%d in %d", c, a.PromptTokens, a.OutputTokens, a.Context)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) {
			t.Fatalf("%+v: %v, not a field error", c, err)
		}
		if fe.Field != "prompt-len" && fe.Field != "output-len" {
			t.Errorf("%+v: names %q", c, fe.Field)
		}
		for _, want := range []string{FormatContext(c.context) + " tokens", "--context"} {
			if !strings.Contains(fe.Error(), want) {
				t.Errorf("%+v: %q lacks %q", c, fe.Error(), want)
			}
		}
		if fe.MsgZH == "" || fe.FixZH == "" {
			t.Errorf("%+v: no Chinese in %+v", c, fe)
		}
	}
}

// TestRegistryParseErrorLeavesAnswers: an answer that does not parse
// leaves every answer as it was, whatever the parser had written before
// it found the fault, for each answer and inputs of every kind of fault.
func TestRegistryParseErrorLeavesAnswers(t *testing.T) {
	env := testEnv()
	bad := []string{"x", "-1", "0", "NaN", "1e400", "1.5", "aws,", ",", "aws,,lambda", "h100,nope", "99999999999", "\x1b[2J", "🙂"}
	refused := 0
	for _, s := range Registry() {
		for _, raw := range bad {
			a := DefaultAnswers()
			a.Providers, a.Regions = []string{"lambda"}, []string{"us-east"}
			want := a
			want.Providers, want.Regions = slices.Clone(a.Providers), slices.Clone(a.Regions)
			if err := s.Parse(raw, &a, env); err == nil {
				continue
			}
			refused++
			if !reflect.DeepEqual(a, want) {
				t.Errorf("%s: %q refused, but the answers changed:\n%+v\nwant\n%+v", s.Name, raw, a, want)
			}
		}
	}
	if refused < len(Registry()) {
		t.Errorf("only %d inputs refused over %d answers: too few to test", refused, len(Registry()))
	}
}
