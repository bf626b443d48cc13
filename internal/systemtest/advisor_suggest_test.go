package systemtest

import (
	"math"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// maxSuggestions is the most suggestions a result carries: the
// advisor's own limit (advisor/explain_suggest.go), a few ways back.
const maxSuggestions = 5

// suggestCases are answers over the budget (or that fit nothing), given as
// the user types them: serving with every kind of budget, filters the
// user set, a deadline, training jobs, an image pipeline.
var suggestCases = []struct {
	name  string
	flags []string
}{
	{"9B on three clouds, monthly budget in CNY", []string{"--model", "glm-4-9b", "--provider", "alibaba,tencent,featurize", "--budget", "4000/mo", "--currency", "CNY"}},
	{"70B, hourly budget", []string{"--model", "llama-3.1-70b", "--budget", "0.2/h"}},
	{"70B for 16 users, total budget", []string{"--model", "llama-3.1-70b", "--users", "16", "--duration", "2w", "--budget", "300"}},
	{"8B in a region, monthly", []string{"--model", "llama-3.1-8b", "--region", "us-east", "--budget", "300/mo"}},
	{"8B for 64 users at 32k", []string{"--model", "llama-3.1-8b", "--users", "64", "--context", "32k", "--budget", "300/mo"}},
	{"14B at 128k for 4 users", []string{"--model", "qwen2.5-14b", "--context", "128k", "--users", "4", "--budget", "600/mo"}},
	{"70B on H100 x8 only", []string{"--model", "llama-3.1-70b", "--gpu", "H100", "--gpus", "8", "--budget", "4/h"}},
	{"8B, providers excluded", []string{"--model", "llama-3.1-8b", "--exclude-provider", "vast,runpod", "--budget", "30/mo"}},
	{"8B for 3 months at 40 h a week", []string{"--model", "llama-3.1-8b", "--duration", "3mo", "--hours-per-week", "40", "--budget", "200/mo", "--currency", "CNY"}},
	{"full fine-tune job", []string{"--workload", "finetune", "--model", "llama-3.1-8b", "--tokens", "1B", "--budget", "20"}},
	{"LoRA with a deadline", []string{"--workload", "lora", "--model", "llama-3.1-70b", "--tokens", "200M", "--deadline", "2d", "--budget", "40"}},
	{"pre-train, micro-batch 8", []string{"--workload", "pretrain", "--params", "1B", "--tokens", "20B", "--batch", "8", "--budget", "30"}},
	{"image pipeline", []string{"--model", "flux.1-dev", "--budget", "100/mo"}},
	{"405B on one A10 node: nothing fits", []string{"--model", "llama-3.1-405b", "--gpu", "A10", "--nodes", "1"}},
}

// suggestEnv is the embedded catalog, its engine and its parsers' env.
func suggestEnv(t *testing.T) (*model.Catalog, *advisor.Engine, *model.AnswerEnv) {
	t.Helper()
	cat := advisorEmbedded(t)
	return cat, advisor.New(cat), model.NewAnswerEnv(cat, advisor.MatchGPU)
}

// givenAnswers reads flags ("--name", "value" pairs) the way the CLI does.
func givenAnswers(t *testing.T, env *model.AnswerEnv, flags []string) model.Answers {
	t.Helper()
	var given []model.Given
	for i := 0; i+1 < len(flags); i += 2 {
		name := strings.TrimPrefix(flags[i], "--")
		s, ok := model.SpecByName(name)
		if !ok {
			t.Fatalf("no answer %q", name)
		}
		given = append(given, model.Given{Spec: s, As: name, Raw: flags[i+1]})
	}
	a := model.DefaultAnswers()
	if _, err := model.ApplyGiven(&a, given, env); err != nil {
		t.Fatalf("%v: %v", flags, err)
	}
	return a
}

// applied is a with a suggestion's changes typed in, as the user would.
func applied(t *testing.T, env *model.AnswerEnv, a model.Answers, s model.Suggestion) model.Answers {
	t.Helper()
	for _, ch := range s.Changes {
		if err := model.Spec(ch.Answer).Parse(ch.Value, &a, env); err != nil {
			t.Fatalf("%s: %s does not parse: %v", s.Change, ch.Arg(), err)
		}
	}
	return a
}

// near reports whether two amounts agree to a billionth (the same figure
// reached on two paths), failing on NaN.
func near(x, y float64) bool {
	return !math.IsNaN(x) && !math.IsNaN(y) && math.Abs(x-y) <= 1e-9*math.Max(1, math.Max(math.Abs(x), math.Abs(y)))
}

// The GLM-4-9B case of issue 20: on three Chinese clouds nothing keeps
// ¥4,000 a month in BF16 (Alibaba's published monthly A10 at ¥4,576 keeps ¥5,000). A narrower precision does, and the suggestion
// says so with the figure advisor.Recommend gives for the changed answers.
func TestSuggestPrecisionKeepsBudget(t *testing.T) {
	_, eng, env := suggestEnv(t)
	a := givenAnswers(t, env, suggestCases[0].flags)
	res := eng.Recommend(a, advisor.Options{})
	if len(res.Recommendations) == 0 || res.Recommendations[0].WithinBudget {
		t.Fatalf("the case no longer tests an answer over the budget: %d recommendations", len(res.Recommendations))
	}
	i := slices.IndexFunc(res.Suggestions, func(s model.Suggestion) bool {
		return s.Kind == model.SuggestPrecision && s.WithinBudget
	})
	if i < 0 {
		t.Fatalf("no precision change that keeps the budget: %+v", res.Suggestions)
	}
	s := res.Suggestions[i]
	if len(s.Changes) != 1 || s.Changes[0].Answer != model.AnsPrecision || len(s.Relaxes) != 0 || s.Caveat == "" {
		t.Errorf("precision suggestion: %+v", s)
	}
	b := applied(t, env, a, s)
	alt := eng.Recommend(b, advisor.Options{})
	if len(alt.Recommendations) == 0 {
		t.Fatalf("%s: nothing recommended", s.Changes[0].Arg())
	}
	r := alt.Recommendations[0]
	if !r.WithinBudget || !near(s.Total, r.Total) || s.Total > a.Budget.Amount || s.InstanceType != r.InstanceType {
		t.Errorf("%s: suggestion says %.2f on %s, Recommend's first is %.2f on %s (within %v)", s.Changes[0].Arg(), s.Total, s.InstanceType, r.Total, r.InstanceType, r.WithinBudget)
	}
	// It is the first way back offered: it keeps the budget and every
	// filter the user set.
	if !res.Suggestions[0].WithinBudget || len(res.Suggestions[0].Relaxes) > 0 {
		t.Errorf("first suggestion %+v", res.Suggestions[0])
	}
}

// filterAnswers are the answers that are filters the user sets: a
// suggestion that drops one says so in Relaxes.
var filterAnswers = []model.AnswerID{model.AnsProviders, model.AnsRegions, model.AnsExcludeProviders, model.AnsGPU, model.AnsGPUs}

// Every suggestion is priced by a real re-ranking: its total, offer,
// price model and budget verdict are Recommend's first recommendation for
// the answers with its changes typed in. No suggestion repeats what the
// user has; they come within the budget first, those that keep every
// filter before those that drop one; a change that does not keep the
// budget brings what the budget compares below the first offer's now.
func TestSuggestionsMatchRecommend(t *testing.T) {
	_, eng, env := suggestEnv(t)
	kinds := map[model.SuggestKind]bool{}
	for _, tc := range suggestCases {
		t.Run(tc.name, func(t *testing.T) {
			a := givenAnswers(t, env, tc.flags)
			opt := advisor.Options{Top: 5}
			res := eng.Recommend(a, opt)
			if len(res.Suggestions) == 0 {
				t.Fatalf("no suggestion; notes %v", res.Notes)
			}
			if len(res.Suggestions) > maxSuggestions {
				t.Errorf("%d suggestions, more than %d", len(res.Suggestions), maxSuggestions)
			}
			norm := a
			norm.Normalize()
			var first *model.Recommendation
			if len(res.Recommendations) > 0 {
				first = &res.Recommendations[0]
				if first.WithinBudget {
					t.Fatalf("the first offer keeps the budget: the case tests nothing")
				}
			}
			seen := map[string]bool{}
			for i, s := range res.Suggestions {
				kinds[s.Kind] = true
				args := model.Args(s.Changes)
				if len(s.Changes) == 0 || seen[args] {
					t.Errorf("%q: no change, or the same as another: %q", s.Change, args)
				}
				seen[args] = true
				b := applied(t, env, a, s)
				b.Normalize()
				if reflect.DeepEqual(b, norm) {
					t.Errorf("%s changes nothing", args)
				}
				for _, ch := range s.Changes {
					if sp, ok := model.SpecByName(ch.Flag); !ok || sp.ID != ch.Answer {
						t.Errorf("%s: --%s is not a flag of the answer it changes", s.Change, ch.Flag)
					}
					now := model.Spec(ch.Answer).Format(&norm)
					if ch.Answer == model.AnsContext && norm.Context == 0 {
						now = model.FormatContext(res.Requirement.Context)
					}
					if ch.Value == now {
						t.Errorf("%s repeats the user's %s", ch.Arg(), now)
					}
					dropped := slices.Contains(filterAnswers, ch.Answer) && ch.Value == ""
					if dropped != slices.Contains(s.Relaxes, "--"+ch.Flag) {
						t.Errorf("%s: relaxes %v", ch.Arg(), s.Relaxes)
					}
				}
				alt := eng.Recommend(b, opt)
				if len(alt.Recommendations) == 0 {
					t.Errorf("%s: advisor.Recommend lists nothing", args)
					continue
				}
				r := alt.Recommendations[0]
				if !near(s.Total, r.Total) || !near(s.TotalUSD, r.TotalUSD) || s.Provider != r.Provider || s.InstanceType != r.InstanceType ||
					s.Nodes != r.Nodes || s.PriceModel != r.PriceModel || s.MeetsLatency != r.Speed.MeetsLatency && r.Speed.Unknown == false {
					t.Errorf("%s: suggestion %s %s x%d %s %.4f (%.4f USD), advisor.Recommend %s %s x%d %s %.4f (%.4f USD)", args,
						s.Provider, s.InstanceType, s.Nodes, s.PriceModel, s.Total, s.TotalUSD, r.Provider, r.InstanceType, r.Nodes, r.PriceModel, r.Total, r.TotalUSD)
				}
				if a.Budget.IsSet() && s.WithinBudget != r.WithinBudget {
					t.Errorf("%s: within %v, Recommend's first %v", args, s.WithinBudget, r.WithinBudget)
				}
				if a.Budget.IsSet() && s.Total > 0 && !near(s.Spend, a.Budget.Spend(r.GPUTotal, r.Total, r.RunHours, r.CalendarHours)) {
					t.Errorf("%s: spend %.4f, Recommend's first %.4f", args, s.Spend, a.Budget.Spend(r.GPUTotal, r.Total, r.RunHours, r.CalendarHours))
				}
				if first != nil && !s.WithinBudget {
					if now := a.Budget.Spend(first.GPUTotal, first.Total, first.RunHours, first.CalendarHours); !(s.Spend < now) {
						t.Errorf("%s: spends %.2f, no less than %.2f now", args, s.Spend, now)
					}
				}
				if s.Kind == model.SuggestCommitment && (termOf(s.PriceModel) < model.HoursPerMonth || s.Caveat == "") {
					t.Errorf("%s: a longer term on %s, caveat %q", args, s.PriceModel, s.Caveat)
				}
				if i > 0 {
					p := res.Suggestions[i-1]
					if !p.WithinBudget && s.WithinBudget || p.WithinBudget == s.WithinBudget && len(p.Relaxes) > 0 && len(s.Relaxes) == 0 {
						t.Errorf("%s (within %v, relaxes %v) after %s (within %v, relaxes %v)", args, s.WithinBudget, s.Relaxes, model.Args(p.Changes), p.WithinBudget, p.Relaxes)
					}
				}
			}
		})
	}
	// The cases reach the levers the issue names.
	for _, k := range []model.SuggestKind{model.SuggestPrecision, model.SuggestContext, model.SuggestBatch, model.SuggestCommitment,
		model.SuggestSpot, model.SuggestProviders, model.SuggestRegions, model.SuggestWorkload} {
		if !kinds[k] {
			t.Errorf("no case suggests %s", k)
		}
	}
}

// A narrower precision is suggested only for serving (training keeps its
// own: adapters instead, QLoRA is 4-bit already), and FP8 only where the
// offer it puts first has FP8 tensor cores.
func TestSuggestPrecisionWhereSupported(t *testing.T) {
	cat, eng, env := suggestEnv(t)
	for _, tc := range suggestCases {
		a := givenAnswers(t, env, tc.flags)
		for _, s := range eng.Recommend(a, advisor.Options{}).Suggestions {
			for _, ch := range s.Changes {
				if ch.Answer != model.AnsPrecision {
					continue
				}
				if a.Workload != model.WorkloadInference {
					t.Errorf("%s: %s for %s", tc.name, ch.Arg(), a.Workload)
				}
				if ch.Value != string(model.FP8) {
					continue
				}
				g, ok := cat.GPUs[s.GPU]
				if !ok || g.FP8 != model.Yes {
					t.Errorf("%s: %s on %s, which has no FP8 tensor cores", tc.name, ch.Arg(), s.GPU)
				}
			}
		}
	}
}

var (
	// zhWord is a word in Latin letters; zhFigure a figure with a unit
	// letter or a count mark (4k, x8), zhFlag a flag with its value.
	zhWord   = regexp.MustCompile(`[A-Za-z][A-Za-z0-9._/+-]*`)
	zhFigure = regexp.MustCompile(`\b(?:x?\d[\d.,]*[kKMBx]?)\b`)
	zhFlag   = regexp.MustCompile(`--[a-z][a-z-]*`)
)

// zhTerms are the technical names a Chinese suggestion may hold.
var zhTerms = []string{"GiB", "GPU", "ZeRO-3", "FSDP", "NF4", "token"}

// Suggestions read in Chinese under "zh": apart from flags, ids (a
// precision, a workload), figures, units and the names of the data (a
// provider, an instance, a GPU, a region the user gave), no English word;
// and the English has no Chinese.
func TestSuggestionsChinese(t *testing.T) {
	_, eng, env := suggestEnv(t)
	n := 0
	for _, tc := range suggestCases {
		a := givenAnswers(t, env, tc.flags)
		zh := eng.Recommend(a, advisor.Options{Lang: "zh"})
		en := eng.Recommend(a, advisor.Options{})
		if len(zh.Suggestions) != len(en.Suggestions) {
			t.Errorf("%s: %d suggestions in Chinese, %d in English", tc.name, len(zh.Suggestions), len(en.Suggestions))
		}
		for i, s := range zh.Suggestions {
			names := append(slices.Clone(zhTerms), s.Provider, s.InstanceType, s.GPU, string(a.Precision), string(zh.Requirement.Precision), string(a.Workload))
			names = append(names, a.Providers...)
			names = append(names, a.Regions...)
			names = append(names, a.ExcludeProviders...)
			names = append(names, a.GPU)
			for _, ch := range s.Changes {
				names = append(names, ch.Value)
			}
			for _, line := range []string{s.Change, s.Effect, s.Caveat} {
				if line == "" {
					continue
				}
				n++
				if !hanIn(line) {
					t.Errorf("%s: not Chinese: %q", tc.name, line)
				}
				if bad := latinWords(line, names); len(bad) > 0 {
					t.Errorf("%s: English %v in %q", tc.name, bad, line)
				}
			}
			if i < len(en.Suggestions) {
				e := en.Suggestions[i]
				if hanIn(e.Change + e.Effect + e.Caveat) {
					t.Errorf("%s: Chinese in the English %+v", tc.name, e)
				}
				if model.Args(e.Changes) != model.Args(s.Changes) || !near(e.Total, s.Total) {
					t.Errorf("%s: English %s %.2f, Chinese %s %.2f", tc.name, model.Args(e.Changes), e.Total, model.Args(s.Changes), s.Total)
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d lines checked", n)
	}
}

// latinWords lists the words in Latin letters of a Chinese line that are
// not a flag, a figure or one of names (or a word of one).
func latinWords(line string, names []string) []string {
	ok := map[string]bool{}
	for _, n := range names {
		ok[n] = true
		for _, w := range zhWord.FindAllString(n, -1) {
			ok[w] = true
		}
	}
	slices.SortFunc(names, func(x, y string) int { return len(y) - len(x) })
	for _, n := range names {
		if zhWord.MatchString(n) {
			line = strings.ReplaceAll(line, n, " ")
		}
	}
	line = zhFlag.ReplaceAllString(line, " ")
	line = zhFigure.ReplaceAllString(line, " ")
	var out []string
	for _, w := range zhWord.FindAllString(line, -1) {
		if !ok[strings.TrimRight(w, ".,")] {
			out = append(out, w)
		}
	}
	return out
}

// Suggest, asked after a ranking without suggestions (NoSuggestions, as
// the wizard ranks on every keystroke), fills in the same suggestions
// advisor.Recommend gives, and leaves a result that keeps the budget alone.
func TestSuggestAfterRanking(t *testing.T) {
	_, eng, env := suggestEnv(t)
	for _, tc := range suggestCases {
		a := givenAnswers(t, env, tc.flags)
		for _, lang := range []string{"en", "zh"} {
			opt := advisor.Options{Top: 7, Lang: lang}
			want := eng.Recommend(a, opt)
			opt.NoSuggestions = true
			res := eng.Recommend(a, opt)
			if len(res.Suggestions) != 0 {
				t.Fatalf("%s: suggestions with NoSuggestions", tc.name)
			}
			eng.Suggest(a, opt, &res)
			if len(want.Suggestions) == 0 || !reflect.DeepEqual(res.Suggestions, want.Suggestions) {
				t.Errorf("%s (%s): Suggest gives\n%+v\nRecommend gives\n%+v", tc.name, lang, res.Suggestions, want.Suggestions)
			}
		}
	}
	a := givenAnswers(t, env, []string{"--model", "llama-3.1-8b", "--budget", "5/h"})
	res := eng.Recommend(a, advisor.Options{NoSuggestions: true})
	if len(res.Recommendations) == 0 || !res.Recommendations[0].WithinBudget {
		t.Fatal("8B at $5/h: nothing within the budget")
	}
	if eng.Suggest(a, advisor.Options{}, &res); len(res.Suggestions) != 0 {
		t.Errorf("suggestions for a result within the budget: %+v", res.Suggestions)
	}
}

// termOf is the term (hours) a price model commits to: a plan's period, a
// hybrid's base plan's; 0 for on demand and spot.
func termOf(pm model.PriceModel) float64 {
	info, _ := model.PriceModelOf(pm)
	if base, ok := model.PriceModelOf(info.Base); info.Hybrid() && ok {
		return base.PeriodHours
	}
	return info.PeriodHours
}

// hanIn reports whether s has a Chinese character or punctuation mark.
func hanIn(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef {
			return true
		}
	}
	return false
}
