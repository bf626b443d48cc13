package cli

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// Words that may stand in Chinese output: units, currencies, technical
// names that Chinese text writes in Latin letters, and the spelling of
// commands, flags and files the user types.
var chineseAllowedWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		GB GiB MiB TB GB/s MB/s TFLOPS TOPS W GPU GPUs vCPU vCPUs CPU token tok/s
		USD CNY EUR
		NVLink NVSwitch PCIe NVMe ROCm Arm64 InfiniBand Infinity Fabric GPUDirect RDMA NCCL CUDA vLLM SGLang MoE KV LoRA QLoRA AdamW ZeRO-3 FSDP
		NF4 GPTQ AWQ W8A8 W8A16 matmul all-reduce all-to-all reduce-scatter
		bf16 fp16 fp32 fp8 int8 int4 BF16 FP16 FP32 FP8 INT8 INT4
		Kepler Maxwell Pascal Volta Turing Ampere Hopper Blackwell
		Hugging Face ID
		AWS
		gpupick recommend models verify plan catalog show bash bench.sh FILE.toml
		x
	`) {
		chineseAllowedWords[w] = true
	}
}

var (
	// tokens are the words to check: a run of letters, digits and
	// ._/+- that holds a letter.
	chineseToken = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9._/+-]*`)
	// What is stripped before the check: `code`, URLs and --flags with
	// their value.
	chineseStrip = regexp.MustCompile("`[^`]*`|https?://\\S+|--[a-z][a-z-]*(?:[ =][^\\s，：；）]+)?")
	// A figure, with a unit letter or a count mark (70B, 200M, 4k, x8,
	// 1x) or a memory unit written on it (80GB, as the catalog's cells
	// write sizes), or a domain a note cites (docs.vllm.ai).
	chineseFigure = regexp.MustCompile(`^(?:[xX]?\d[\d.,]*(?:[kKMBTx]|GB|GiB)?|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:ai|com|org|io|net|dev))$`)
	hasLetter     = regexp.MustCompile(`[A-Za-z]`)
)

// englishWord reports whether w, a token of Chinese output, is English
// that should have been Chinese: not a figure, a unit or a name of the
// data, neither whole nor in each of its "/"-separated parts
// ("USD/GB/月").
func englishWord(w string, names map[string]bool) bool {
	ok := func(w string) bool {
		w = strings.TrimRight(w, ".")
		return w == "" || !hasLetter.MatchString(w) || chineseFigure.MatchString(w) || chineseAllowedWords[w] || names[w]
	}
	if ok(w) {
		return false
	}
	for _, p := range strings.Split(w, "/") {
		if !ok(p) {
			return true
		}
	}
	return false
}

// TestCLICommandsChinese runs recommend, plan and models with --lang zh on
// a range of answers and scans the whole output for English: every word in
// Latin letters must be a unit, a technical name, a flag or command, a
// figure, or a name the output shows from the data (a provider, instance,
// GPU, region, model, warning id, a source it cites, a provider's own
// words it quotes).
func TestCLICommandsChinese(t *testing.T) {
	isolate(t)
	// Wide enough that no table cuts a name: a cut name ("2x-RT…-65536")
	// is no word of the data (TestTablesFitTheWidth checks the cuts).
	t.Setenv("COLUMNS", "1000")
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	names := newDataNames(cat)
	addName, addOffer := names.add, names.offer
	rec := saveRecord(t, "--params", "8B")
	rec70 := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	runs := [][]string{
		{"recommend", "--model", "llama-3.1-8b", "--top", "3"},
		{"recommend", "--workload", "qlora", "--params", "70B", "--precision", "int4", "--tokens", "200M", "--top", "3", "--budget", "500", "--currency", "USD"},
		{"recommend", "--workload", "finetune", "--params", "8B", "--tokens", "1B", "--top", "3", "--interruptible"},
		{"recommend", "--workload", "lora", "--params", "8B", "--tokens", "100M", "--top", "3"},
		{"recommend", "--workload", "pretrain", "--params", "1B", "--tokens", "20B", "--top", "3", "--interruptible", "--checkpoint-interval", "1h"},
		{"recommend", "--workload", "vram", "--vram", "200", "--top", "3", "--duration", "2w"},
		{"recommend", "--model", "flux.1-dev", "--top", "3"},
		{"recommend", "--model", "llama-3.1-405b", "--top", "3", "--users", "50"},
		{"recommend", "--params", "8B", "--duration", "3mo", "--hours-per-week", "40", "--budget", "3000/mo", "--currency", "CNY", "--top", "3"},
		{"recommend", "--params", "8B", "--duration", "1y", "--top", "3", "--within-budget", "--budget", "10"},
		{"recommend", "--model", "llama-3.1-70b", "--gpu", "H100", "--provider", "aws", "--top", "3"},
		{"recommend", "--params", "70B", "--duration", "1y", "--top", "5", "--provider", "aws,gcp,azure"},
		// Committed and spot price-model rows, AWS's interruption buckets.
		{"recommend", "--params", "8B", "--duration", "2y", "--top", "3", "--provider", "gcp,azure,oci"},
		{"recommend", "--params", "8B", "--duration", "1y", "--top", "3", "--provider", "aws"},
		{"recommend", "--params", "8B", "--duration", "6mo", "--top", "3", "--provider", "autodl,featurize,alibaba,tencent,huawei"},
		// Over the budget: the ways back, each with what it gives up.
		{"recommend", "--model", "glm-4-9b", "--provider", "alibaba,tencent,featurize", "--budget", "5000/mo", "--currency", "CNY", "--top", "3"},
		{"recommend", "--workload", "finetune", "--model", "llama-3.1-8b", "--tokens", "1B", "--budget", "20", "--top", "3"},
		{"plan", rec},
		{"plan", rec70, "--hours", "2"},
		{"models"},
	}
	for _, args := range runs {
		name := strings.Join(args, " ")
		code, out, errs := runCLI(t, append(slices.Clone(args), "--lang", "zh")...)
		if code != exitOK && code != exitNoFit {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		// The names this run shows, from its JSON (English ids).
		if args[0] == "recommend" {
			_, js, _ := runCLI(t, append(slices.Clone(args), "--lang", "zh", "--format", "json")...)
			var res model.Result
			if err := json.Unmarshal([]byte(js), &res); err != nil {
				t.Fatalf("%s: json: %v", name, err)
			}
			for _, r := range res.Recommendations {
				addOffer(r.Provider, r.InstanceType)
				for _, o := range r.OtherSizes {
					addOffer(o.Provider, o.InstanceType)
				}
				addName(r.Region)
				addName(r.Zone)
				for _, q := range r.PriceModels {
					addName(q.Region)
				}
				for _, w := range r.Warnings {
					addName(w.Code)
				}
			}
			for _, o := range res.OnRequest {
				// The offers listed with no price: ids, as in the table.
				addOffer(o.Provider, o.InstanceType)
				addName(o.GPU)
				for _, r := range o.Regions {
					addName(r)
				}
			}
			for _, g := range res.Tradeoffs {
				// The offer without a gate, or the plan a deadline gives.
				addOffer(g.Provider, g.InstanceType)
				addName(g.Flag)
			}
			for _, s := range res.Suggestions {
				// The offer a change would put first, and the values the
				// change types in.
				addOffer(s.Provider, s.InstanceType)
				addName(s.GPU)
				for _, ch := range s.Changes {
					addName(ch.Value)
				}
			}
		} else if args[0] == "plan" {
			for _, line := range strings.Split(out, "\n") {
				if f := strings.Fields(line); len(f) > 2 && f[0] >= "1" && f[0] <= "3" {
					addOffer(f[1], f[2])
				}
			}
		}
		if args[0] == "plan" {
			// The benchmark script is a bash program, not text to read.
			head, _, ok := strings.Cut(out, "#!/usr/bin/env bash")
			if !ok {
				t.Fatalf("%s: no benchmark script:\n%s", name, out)
			}
			out = head
		}
		if english := englishIn(out+errs, names); len(english) > 0 {
			t.Errorf("%s --lang zh: English %q in the Chinese output:\n%s", name, english, out)
		}
	}
}

// dataNames are the names of the data that Chinese output may show in
// Latin letters (a provider, instance, GPU, region, model, source, a
// provider's own words): each name whole and each of its words.
type dataNames struct {
	cat   *model.Catalog
	words map[string]bool
}

// newDataNames starts the names with those every output may show: the
// GPUs, the models, the exchange rates' sources and the provider keys.
func newDataNames(cat *model.Catalog) *dataNames {
	n := &dataNames{cat: cat, words: map[string]bool{}}
	for name := range cat.GPUs {
		n.add(name)
	}
	for _, m := range cat.Models {
		n.add(m.Name)
		n.add(m.HFID)
	}
	for _, r := range cat.FX {
		n.add(r.Source)
	}
	for i := range cat.Offers {
		n.add(cat.Offers[i].Provider)
	}
	for key := range cat.Policies { // a known provider's key, with offers or not
		n.add(key)
	}
	return n
}

// add allows s and each of its words.
func (n *dataNames) add(s string) {
	n.words[s] = true
	for _, w := range chineseToken.FindAllString(s, -1) {
		n.words[strings.TrimRight(w, ".")] = true
	}
}

// offer allows the names of a provider's instance: the instance, its
// regions, GPU and local disk, and the provider's name.
func (n *dataNames) offer(provider, instance string) {
	n.add(provider)
	n.add(instance)
	for i := range n.cat.Offers {
		if o := &n.cat.Offers[i]; o.Provider == provider && o.InstanceType == instance {
			for _, s := range append(slices.Clone(o.Regions), o.GPU, o.Detail().LocalNVMe) {
				n.add(s)
			}
		}
	}
	if p, ok := n.cat.Policies[provider]; ok {
		n.add(p.Name)
	}
}

// englishIn returns the English words of Chinese output out: its tokens
// in Latin letters, after `code`, URLs and flags are stripped, that are
// not allowed and not names.
func englishIn(out string, names *dataNames) []string {
	var english []string
	for _, w := range chineseToken.FindAllString(chineseStrip.ReplaceAllString(out, " "), -1) {
		if englishWord(w, names.words) {
			english = append(english, w)
		}
	}
	return english
}

// TestCLIChineseWords: every value word the Chinese tables print has a
// Chinese text, and English prints the value as the JSON spells it.
func TestCLIChineseWords(t *testing.T) {
	for _, info := range model.PriceModelTable {
		p := info.Name
		en, zh := priceModelName(p, "en"), priceModelName(p, "zh")
		if en != string(p) {
			t.Errorf("%s: English name %q", p, en)
		}
		if hasLetter.MatchString(zh) {
			t.Errorf("%s: Chinese name %q has Latin letters", p, zh)
		}
	}
	for _, h := range []float64{0.5, 1, 7.5, 24, 168, 336, model.HoursPerMonth, 3 * model.HoursPerMonth, 12 * model.HoursPerMonth, 44.62} {
		en, zh := durationIn(h, "en"), durationIn(h, "zh")
		if en != model.FormatDuration(h) {
			t.Errorf("%v h: English %q, want %q", h, en, model.FormatDuration(h))
		}
		if hasLetter.MatchString(zh) || !slices.Equal(figures.FindAllString(en, -1), figures.FindAllString(zh, -1)) {
			t.Errorf("%v h: Chinese %q for %q", h, zh, en)
		}
	}
	for _, s := range []float64{5, 119, 121, 3600} {
		if zh := unitsIn(seconds(s), "zh"); hasLetter.MatchString(zh) {
			t.Errorf("%v s: Chinese %q", s, zh)
		}
	}
	for _, b := range []model.Budget{{Amount: 3000, Currency: model.CNY, Period: model.BudgetMonthly}, {Amount: 2, Currency: model.USD, Period: model.BudgetHourly}, {Amount: 500, Currency: model.USD}} {
		if en := budgetIn(b, "en"); en != b.String() {
			t.Errorf("budget %v: English %q, want %q", b, en, b.String())
		}
		if zh := budgetIn(b, "zh"); hasLetter.MatchString(zh) {
			t.Errorf("budget %v: Chinese %q", b, zh)
		}
	}
	for _, w := range []model.Workload{model.WorkloadInference, model.WorkloadFineTune, model.WorkloadLoRA, model.WorkloadQLoRA, model.WorkloadPretrain, model.WorkloadVRAM} {
		if en := workloadName(w, "en"); en != string(w) {
			t.Errorf("workload %s: English %q", w, en)
		}
		if zh := workloadName(w, "zh"); zh == string(w) {
			t.Errorf("workload %s: no Chinese", w)
		}
	}
	var b model.Breakdown
	b.WeightsGiB, b.KVCacheGiB, b.GradientsGiB, b.OptimizerGiB, b.ActivationsGiB, b.OverheadGiB = 1, 1, 1, 1, 1, 1
	for _, p := range b.Parts() {
		if zh := partName(p.Name, "zh"); zh == p.Name || partName(p.Name, "en") != p.Name {
			t.Errorf("memory part %q: Chinese %q", p.Name, zh)
		}
	}
	for _, c := range []string{"container", "hyperscaler-vm", "neocloud-vm"} {
		if zh := className(c, "zh"); hasLetter.MatchString(strings.ReplaceAll(zh, "GPU", "")) {
			t.Errorf("set-up class %q: Chinese %q", c, zh)
		}
	}
	for _, o := range []struct{ in, zh string }{{"embedded", "内置"}, {"embedded+overlay", "内置+叠加"}, {filepath.Join("x", "cat.csv"), filepath.Join("x", "cat.csv")}} {
		if got := originIn(o.in, "zh"); got != o.zh {
			t.Errorf("origin %q: Chinese %q, want %q", o.in, got, o.zh)
		}
		if got := originIn(o.in, "en"); got != o.in {
			t.Errorf("origin %q: English %q", o.in, got)
		}
	}
}

// TestCLISpotOneName: the CLI names the spot price model as model does
// (and so as the wizard and the advisor do), in its tables and wherever a
// text of its table names spot.
func TestCLISpotOneName(t *testing.T) {
	spot := model.PriceSpot.Name().ZH
	if got := priceModelName(model.PriceSpot, "zh"); got != spot {
		t.Errorf("the CLI's price-model name for spot is %q, model's %q", got, spot)
	}
	for _, p := range append(text.Term(cliTexts, text.EN, "spot", spot), text.Term(cliTexts, text.ZH, "抢占式", "preemptible")...) {
		t.Error(p)
	}
}
