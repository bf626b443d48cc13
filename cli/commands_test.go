package cli

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// complete runs cobra's hidden __complete as the shells' scripts do and
// returns the values it offers (without the directive line).
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Main(append([]string{"__complete"}, args...), nil, &out, &errb); code != exitOK {
		t.Fatalf("__complete %q: exit %d, stderr %q", args, code, errb.String())
	}
	var vals []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l != "" && !strings.HasPrefix(l, ":") {
			v, _, _ := strings.Cut(l, "\t") // a value's description
			vals = append(vals, v)
		}
	}
	return vals
}

// TestCompleteFlagValues: the shells complete --model with the presets
// and their Hugging Face ids, --provider and --exclude-provider with the
// catalog's providers (the last item of a list), --gpu with its GPUs,
// --region with the region groups and regions, and an answer picked from
// a list with the registry's choices, on every command that has the flag.
func TestCompleteFlagValues(t *testing.T) {
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	env := model.NewAnswerEnv(cat, nil)
	var presets, ids []string
	for _, p := range cat.Models {
		presets = append(presets, p.Name)
		if p.HFID != "" {
			ids = append(ids, p.HFID)
		}
	}
	withPrefix := func(names []string, prefix string) []string {
		var out []string
		for _, n := range names {
			if strings.HasPrefix(strings.ToLower(n), prefix) {
				out = append(out, n)
			}
		}
		return out
	}
	precision, _ := model.SpecByName("precision")
	workload, _ := model.SpecByName("workload")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"recommend --model", []string{"recommend", "--model", ""}, append(slices.Clone(presets), ids...)},
		{"wizard --model", []string{"--model", "llama-3"}, withPrefix(presets, "llama-3")},
		{"--model HF id", []string{"recommend", "--model", "meta-llama/"}, withPrefix(ids, "meta-llama/")},
		{"--provider a", []string{"recommend", "--provider", "a"}, withPrefix(env.Providers(), "a")},
		{"--provider list", []string{"recommend", "--provider", "aws,g"}, prefixed("aws,", withPrefix(env.Providers(), "g"))},
		{"--exclude-provider", []string{"recommend", "--exclude-provider", ""}, env.Providers()},
		{"catalog list --provider", []string{"catalog", "list", "--provider=l"}, withPrefix(env.Providers(), "l")},
		{"--gpu H", []string{"recommend", "--gpu", "H"}, withPrefix(env.GPUs(), "h")},
		{"catalog list --gpu", []string{"catalog", "list", "--gpu", "A1"}, withPrefix(env.GPUs(), "a1")},
		{"--precision", []string{"recommend", "--precision", ""}, precision.Choices},
		{"--workload", []string{"recommend", "--workload", "q"}, withPrefix(workload.Choices, "q")},
		{"--lang", []string{"models", "--lang", ""}, []string{"en", "zh"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.want) == 0 {
				t.Fatal("the case expects nothing: the catalog changed under the test")
			}
			if got := complete(t, tc.args...); !slices.Equal(got, tc.want) {
				t.Errorf("__complete %q = %q, want %q", tc.args, got, tc.want)
			}
		})
	}
	// The providers people know are among them.
	got := complete(t, "recommend", "--provider", "a")
	for _, p := range []string{"aws", "azure", "alibaba"} {
		if !slices.Contains(got, p) {
			t.Errorf("--provider a: %q lacks %s", got, p)
		}
	}
	regions := complete(t, "recommend", "--region", "")
	for _, g := range []string{"europe", "cn"} {
		if !slices.Contains(regions, g) {
			t.Errorf("--region: %d values lack the group %s", len(regions), g)
		}
	}
}

func prefixed(head string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = head + n
	}
	return out
}

// TestCompletionScripts: gpupick completion bash|zsh|fish prints a script
// that calls back gpupick __complete.
func TestCompletionScripts(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var out, errb bytes.Buffer
		code := Main([]string{"completion", shell}, nil, &out, &errb)
		if code != exitOK || !strings.Contains(out.String(), "__complete") || !strings.Contains(out.String(), "gpupick") {
			t.Errorf("completion %s: exit %d, %d bytes, stderr %q", shell, code, out.Len(), errb.String())
		}
	}
}

// TestManPage: gpupick man prints a roff page that names the program and
// documents the commands and their flags.
func TestManPage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"man"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("man: exit %d, stderr %q", code, errb.String())
	}
	page := out.String()
	for _, want := range []string{".TH GPUPICK 1", `\fBrecommend\fP`, `\fBlist\fP`, `\fB--model\fP`, `\fB--provider\fP`, "Exit codes: 0 ok, 1 a failure while running, 2 bad input"} {
		if !strings.Contains(page, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
}

// TestSingleDashFlags: a long flag written with one dash (-top 3, -json,
// -lang=zh) is read as with two, as std flag read it; a value that starts
// with a dash stays the flag's value.
func TestSingleDashFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string // in stdout+stderr
	}{
		{"-top value", []string{"recommend", "--model", "llama-3.1-8b", "-top", "2", "-format", "json"}, exitOK, `"recommendations"`},
		{"-lang=zh", []string{"models", "-lang=zh"}, exitOK, "参数"},
		{"-help", []string{"recommend", "-help"}, exitOK, "--within-budget"},
		{"negative value", []string{"recommend", "--top", "-5"}, exitUsage, `--top "-5": out of range`},
		{"dash value kept", []string{"recommend", "--run-command", "-top"}, exitOK, "PROVIDER"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			var out, errb bytes.Buffer
			code := Main(tc.args, nil, &out, &errb)
			if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
				t.Errorf("%q: exit %d (want %d), output lacks %q:\n%s%s", tc.args, code, tc.code, tc.want, out.String(), errb.String())
			}
		})
	}
}

// TestHelpChinese: under --lang zh the help's headers and the commands'
// one-line help are Chinese; English otherwise.
func TestHelpChinese(t *testing.T) {
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"USAGE", "COMMANDS", "FLAGS", tCmdRecommend.in("en")}},
		{"zh", []string{"用法", "命令", "参数", tCmdRecommend.in("zh")}},
	} {
		var out, errb bytes.Buffer
		if code := Main([]string{"--help", "--lang", tc.lang}, nil, &out, &errb); code != exitOK {
			t.Fatalf("--help --lang %s: exit %d %q", tc.lang, code, errb.String())
		}
		for _, w := range tc.want {
			// The help capitalises the first word of a command's help.
			// A command's help may wrap in its column: words, not lines.
			squeeze := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }
			if !strings.Contains(squeeze(out.String()), squeeze(w)) {
				t.Errorf("--help --lang %s lacks %q:\n%s", tc.lang, w, out.String())
			}
		}
	}
}

// TestFlagErrorsWorded: the flag errors cobra finds are one line in the
// command line's language that names the flag and what it reads, never
// pflag's own words ("invalid argument", "parse error").
func TestFlagErrorsWorded(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		en, zh string
	}{
		{[]string{"recommend", "---top", "5"}, `gpupick recommend: bad flag syntax "---top" (write a flag as --name or --name=value) (see gpupick recommend --help)`, `gpupick recommend：参数写法有误 "---top"`},
		{[]string{"recommend", "--within-budget=maybe"}, `gpupick recommend: --within-budget "maybe": not true or false`, `gpupick recommend：--within-budget "maybe"：不是 true 或 false`},
		{[]string{"plan", "r.toml", "--hours", "1,5"}, `gpupick plan: --hours "1,5": a decimal comma: use a point, 1.5 (accepted: hours above 0 and at most 168, with a point for decimals, e.g. --hours 1.5) (see gpupick plan --help)`, `gpupick plan：--hours "1,5"：使用了小数逗号：请用小数点，1.5`},
		{[]string{"catalog", "update", "--timeout", "30"}, `gpupick catalog update: --timeout "30": a number without a unit: write 30s for seconds or 30m for minutes`, `gpupick catalog update：--timeout "30"：数字缺少单位`},
		{[]string{"models", "--format"}, `gpupick models: flag needs an argument: --format (see gpupick models --help)`, `gpupick models：参数 --format 需要一个值（见 gpupick models --help）`},
		{[]string{"--nope"}, `gpupick: unknown flag --nope (see gpupick --help)`, `gpupick：未知参数 --nope（见 gpupick --help）`},
	} {
		for lang, want := range map[string]string{"en": tc.en, "zh": tc.zh} {
			var out, errb bytes.Buffer
			i := slices.IndexFunc(tc.args, func(a string) bool { return strings.HasPrefix(a, "-") })
			args := slices.Concat(tc.args[:i], []string{"--lang", lang}, tc.args[i:]) // before a flag that lacks its value
			code := Main(args, nil, &out, &errb)
			lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
			if code != exitUsage || len(lines) != 1 || !strings.HasPrefix(lines[0], want) || strings.Contains(errb.String(), "invalid argument") {
				t.Errorf("%q --lang %s: exit %d, stderr %q; want exit 2 and one line starting %q", tc.args, lang, code, errb.String(), want)
			}
		}
	}
}

// TestFlagUsagesKeepTheirCapitals: each flag's and command's help starts
// with a word that title-casing leaves as written but for the first
// letter (not GPUs, which becomes Gpus, nor wall-clock, Wall-Clock): the
// help upper-cases that letter alone (titleFirst), which is then what
// fang, which title-cased the word, showed too.
func TestFlagUsagesKeepTheirCapitals(t *testing.T) {
	title := cases.Title(language.AmericanEnglish)
	check := func(where, help string) {
		words := strings.Fields(help)
		if len(words) == 0 {
			return
		}
		r := []rune(words[0])
		if got, want := title.String(words[0]), string(unicode.ToUpper(r[0]))+string(r[1:]); got != want {
			t.Errorf("%s: the help starts %q, which fang shows as %q", where, words[0], got)
		}
	}
	tr := newTree(nil, environ{}, "en", nil, io.Discard, io.Discard)
	tr.declareAll()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check(c.CommandPath(), c.Short)
		c.Flags().VisitAll(func(f *pflag.Flag) { check(c.CommandPath()+" --"+f.Name, f.Usage) })
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(tr.root)
}
