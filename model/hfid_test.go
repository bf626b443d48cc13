package model

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// hfPresets are presets named as the catalog names them, for the
// resolver's tests.
var hfPresets = []ModelPreset{
	{Name: "llama-2-7b", HFID: "meta-llama/Llama-2-7b-hf"},
	{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B"},
	{Name: "llama-3.1-70b", HFID: "meta-llama/Llama-3.1-70B"},
	{Name: "llama-3.3-70b", HFID: "meta-llama/Llama-3.3-70B-Instruct"},
	{Name: "mistral-7b-v0.3", HFID: "mistralai/Mistral-7B-v0.3"},
	{Name: "mistral-nemo-12b", HFID: "mistralai/Mistral-Nemo-Base-2407"},
	{Name: "qwen2.5-7b", HFID: "Qwen/Qwen2.5-7B"},
	{Name: "qwen2.5-72b", HFID: "Qwen/Qwen2.5-72B"},
	{Name: "qwen3-8b", HFID: "Qwen/Qwen3-8B"},
	{Name: "qwen3-30b-a3b", HFID: "Qwen/Qwen3-30B-A3B"},
	{Name: "qwen3-embedding-8b", HFID: "Qwen/Qwen3-Embedding-8B"},
	{Name: "deepseek-v3", HFID: "deepseek-ai/DeepSeek-V3"},
	{Name: "deepseek-r1", HFID: "deepseek-ai/DeepSeek-R1"},
	{Name: "deepseek-r1-distill-qwen-32b", HFID: "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"},
	{Name: "gemma-3-4b", HFID: "google/gemma-3-4b-it"},
	{Name: "glm-4-9b-chat", HFID: "THUDM/glm-4-9b-chat"},
}

// TestResolveModel: Hugging Face ids of releases of a preset's
// architecture (tunes, dated releases, conversions, quantisations) resolve
// to it in any case, a quantisation suffix sets the precision, and the
// note names the preset used; a preset's own name or id has no note.
func TestResolveModel(t *testing.T) {
	for _, tt := range []struct {
		in     string
		preset string
		prec   Precision
		note   bool
	}{
		{"llama-3.1-8b", "llama-3.1-8b", "", false},
		{"meta-llama/Llama-3.1-8B", "llama-3.1-8b", "", false},
		{"META-LLAMA/LLAMA-3.1-8B", "llama-3.1-8b", "", false},
		{"meta-llama/Llama-3.1-70B-Instruct", "llama-3.1-70b", "", true},
		{"meta-llama/Meta-Llama-3.1-70B-Instruct", "llama-3.1-70b", "", true},
		{"meta-llama/llama-3.3-70b-instruct", "llama-3.3-70b", "", false},
		{"meta-llama/Llama-3.3-70B", "llama-3.3-70b", "", false}, // a prefix of its id, as FindPreset reads it
		{"glm-4-9b", "glm-4-9b-chat", "", false},
		{"meta-llama/Llama-2-7b-chat-hf", "llama-2-7b", "", true},
		{"Qwen/Qwen3-30B-A3B-Instruct-2507", "qwen3-30b-a3b", "", true},
		{"Qwen/Qwen3-8B-Base", "qwen3-8b", "", true},
		{"Qwen/Qwen3-8B-FP8", "qwen3-8b", FP8, true},
		{"Qwen/Qwen2.5-7B-Instruct-AWQ", "qwen2.5-7b", INT4, true},
		{"Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4", "qwen2.5-72b", INT4, true},
		{"Qwen/Qwen2.5-72B-Instruct-GPTQ-Int8", "qwen2.5-72b", INT8, true},
		{"Qwen/Qwen2.5-7B-Instruct-GPTQ", "qwen2.5-7b", INT4, true},
		{"unsloth/Qwen2.5-7B-Instruct-bnb-4bit", "qwen2.5-7b", INT4, true},
		{"neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8-dynamic", "llama-3.1-8b", FP8, true},
		{"mistralai/Mistral-7B-Instruct-v0.3", "mistral-7b-v0.3", "", true},
		{"mistralai/Mistral-Nemo-Instruct-2407", "mistral-nemo-12b", "", true},
		{"deepseek-ai/DeepSeek-R1-0528", "deepseek-r1", "", true},
		{"deepseek-ai/DeepSeek-V3-0324", "deepseek-v3", "", true},
		{"google/gemma-3-4b-pt", "gemma-3-4b", "", true},
		{"Llama-3.1-70B-Instruct", "llama-3.1-70b", "", true},
		{"qwen2.5-72", "qwen2.5-72b", "", false},     // FindPreset's prefix
		{"llama 3.1 70", "llama-3.1-70b", "", false}, // FindPreset's words
	} {
		t.Run(tt.in, func(t *testing.T) {
			ref, err := ResolveModel(hfPresets, tt.in)
			if err != nil {
				t.Fatalf("ResolveModel(%q): %v", tt.in, err)
			}
			if ref.Preset.Name != tt.preset || ref.Precision != tt.prec {
				t.Errorf("ResolveModel(%q) = %s %q, want %s %q", tt.in, ref.Preset.Name, ref.Precision, tt.preset, tt.prec)
			}
			if got := ref.Note != [2]string{}; got != tt.note {
				t.Errorf("ResolveModel(%q) note %q, want a note: %v", tt.in, ref.Note, tt.note)
			}
			if tt.note && (!contains(ref.Note[0], tt.preset) || !contains(ref.Note[1], tt.preset) || ref.Note[1] == "") {
				t.Errorf("note %q does not name preset %s in both languages", ref.Note, tt.preset)
			}
		})
	}
}

func contains(s, sub string) bool { return sub != "" && strings.Contains(s, sub) }

// TestResolveModelRefuses: an id that names no preset is unknown with the
// closest presets named; quantisation words that disagree are refused
// naming them.
func TestResolveModelRefuses(t *testing.T) {
	for _, tt := range []struct {
		in     string
		reason Reason
		near   string // one of the candidates
	}{
		{"meta-llama/Llama-3.1-13B-Instruct", ReasonUnknown, "llama-3.1-8b"},
		{"Qwen/Qwen3-9B-Instruct", ReasonUnknown, "qwen3-8b"},
		{"Qwen/Qwen2.5-7B-Instruct-AWQ-FP8", ReasonForm, ""},
		{"Qwen/Qwen2.5-7B-GPTQ-Int4-Int8", ReasonForm, ""},
		{"Qwen/Qwen2.5-7B-AWQ-Int8", ReasonForm, ""},
	} {
		_, err := ResolveModel(hfPresets, tt.in)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Reason != tt.reason {
			t.Errorf("ResolveModel(%q) = %v, want a %v error", tt.in, err, tt.reason)
			continue
		}
		if tt.near != "" && !slices.Contains(fe.Candidates, tt.near) {
			t.Errorf("ResolveModel(%q) candidates %q, want %s among them", tt.in, fe.Candidates, tt.near)
		}
		if fe.MsgZH == "" || fe.FixZH == "" {
			t.Errorf("ResolveModel(%q): no Chinese in %+v", tt.in, fe)
		}
	}
}

// TestModelPrecisionGiven: a quantised release's precision is taken, a
// --precision that agrees (or auto) is fine, and one that disagrees is
// refused naming both flags.
func TestModelPrecisionGiven(t *testing.T) {
	env := NewAnswerEnv(&Catalog{Models: hfPresets}, nil)
	g := func(name, raw string) Given {
		s, _ := SpecByName(name)
		return Given{Spec: s, As: name, Raw: raw}
	}
	for _, tt := range []struct {
		given []Given
		want  Precision
		bad   bool
	}{
		{[]Given{g("model", "Qwen/Qwen2.5-7B-Instruct-AWQ")}, INT4, false},
		{[]Given{g("model", "Qwen/Qwen2.5-7B-Instruct-AWQ"), g("precision", "int4")}, INT4, false},
		{[]Given{g("model", "Qwen/Qwen2.5-7B-Instruct-AWQ"), g("precision", "auto")}, INT4, false},
		{[]Given{g("precision", "fp8"), g("model", "Qwen/Qwen3-8B-FP8")}, FP8, false},
		{[]Given{g("model", "Qwen/Qwen2.5-7B-Instruct-AWQ"), g("precision", "fp8")}, "", true},
		{[]Given{g("model", "Qwen/Qwen2.5-7B-Instruct"), g("precision", "fp8")}, FP8, false},
	} {
		a := DefaultAnswers()
		notes, err := ApplyGiven(&a, tt.given, env)
		if tt.bad {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Reason != ReasonConflict || !contains(fe.Msg, "--model") || fe.Field != "precision" {
				t.Errorf("%v: err %v, want a conflict of --precision naming --model", tt.given, err)
			}
			continue
		}
		if err != nil || a.Precision != tt.want || a.Model != "qwen2.5-7b" && a.Model != "qwen3-8b" {
			t.Errorf("%v: %s %q, %v; want %q", tt.given, a.Model, a.Precision, err, tt.want)
		}
		if len(notes) != 1 {
			t.Errorf("%v: notes %q, want the one saying which preset was used", tt.given, notes)
		}
	}
}

// FuzzResolveModel: any text resolves to a preset of the list or is a
// *FieldError with a message and a fix in both languages; a precision is
// only set with the suffix that said it, and never panics or hangs.
func FuzzResolveModel(f *testing.F) {
	for _, s := range []string{
		"meta-llama/Llama-3.1-70B-Instruct", "Qwen/Qwen3-30B-A3B-Instruct-2507", "Qwen/Qwen2.5-72B-Instruct-GPTQ-Int8",
		"x/-AWQ-FP8", "//", "-", "meta", "Meta-", "a/b/c-2507", "qwen2.5-72", "llama 3.1 70", "ＡＷＱ", "\x00/\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ref, err := ResolveModel(hfPresets, s)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Msg == "" || fe.MsgZH == "" || fe.Fix == "" {
				t.Fatalf("ResolveModel(%q): %#v, want a *FieldError in both languages", s, err)
			}
			return
		}
		if ref.Preset == nil || !slices.ContainsFunc(hfPresets, func(p ModelPreset) bool { return p.Name == ref.Preset.Name }) {
			t.Fatalf("ResolveModel(%q) = %+v: not a preset of the list", s, ref)
		}
		if ref.Precision != "" && (ref.Suffix == "" || !slices.Contains(PrecisionChoices, ref.Precision)) {
			t.Fatalf("ResolveModel(%q): precision %q from suffix %q", s, ref.Precision, ref.Suffix)
		}
	})
}

// TestValidateWithQuantisedID: a record naming a quantised release takes
// its precision for auto and is refused with another one.
func TestValidateWithQuantisedID(t *testing.T) {
	env := NewAnswerEnv(&Catalog{Models: hfPresets, Offers: []Offer{{Provider: "aws", GPU: "H100-SXM5-80GB"}}}, nil)
	a := DefaultAnswers()
	a.Model, a.Precision = "Qwen/Qwen2.5-7B-Instruct-AWQ", PrecisionAuto
	if err := a.ValidateWith(env); err != nil || a.Model != "qwen2.5-7b" || a.Precision != INT4 {
		t.Errorf("auto: %v, %s %s", err, a.Model, a.Precision)
	}
	a.Model, a.Precision = "Qwen/Qwen2.5-7B-Instruct-AWQ", FP8
	var fe *FieldError
	if err := a.ValidateWith(env); !errors.As(err, &fe) || fe.Reason != ReasonConflict || fe.MsgZH == "" {
		t.Errorf("fp8: %v", err)
	}
}
