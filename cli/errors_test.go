package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// hanText matches a Chinese character.
var hanText = regexp.MustCompile(`\p{Han}`)

// errorWords are the Latin words a Chinese error may hold besides what the
// user typed: the commands and their help flag, the placeholders and the
// examples of the usage texts, the values a flag takes, and product names.
const errorWords = "gpupick recommend plan models export catalog list show stats import update verify help --help " +
	"FILE.toml INSTANCE DIR NAME:N H100:8 H100 A6000 RTX4090 24GB p5.48xlarge ~/.sky/catalogs/v8 2m 10m --timeout " +
	"table json toml skypilot dstack dstack-fleet text USD CNY MiB --skypilot --lang SkyPilot wizard"

// TestCLIErrorsChinese runs every usage error and every error and warning
// framing of recommend, plan, models and catalog in English and in
// Chinese: the exit code is the same; the English line is the one it was
// (it starts "gpupick CMD: " and holds no Chinese); the Chinese line is
// framed in Chinese and, but for the user's input, the flags, the
// commands' words and the detail of a data or model error that has no
// Chinese text (kept verbatim from the English line), holds no English. An
// answer's error is model's Chinese throughout: nothing of the English
// detail is kept, only the Latin words the accepted forms spell (also).
func TestCLIErrorsChinese(t *testing.T) {
	isolate(t)
	dirs := []string{t.TempDir(), t.TempDir()}
	home := t.TempDir() // a user cache folder with a damaged imported catalog
	damaged := filepath.Join(home, "gpupick")
	imported := filepath.Join(damaged, "imported")
	if err := os.MkdirAll(imported, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(imported, "info.tsv"), []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cat := []string{"--cache-dir", dirs[0], "--config-dir", dirs[1]}
	missing := filepath.Join(t.TempDir(), "nope")
	badRecord := filepath.Join(t.TempDir(), "bad.toml") // a stored answer out of range
	if err := os.WriteFile(badRecord, []byte("[answers]\nworkload = \"inference\"\nparams_b = 1e9\nprecision = \"bf16\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(t.TempDir(), "deep.toml") // nesting that would take the decoder GBs
	if err := os.WriteFile(deep, []byte("x = "+strings.Repeat("{a = ", 5000)+"1"+strings.Repeat("}", 5000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	manyKeys := filepath.Join(t.TempDir(), "keys.toml")
	if err := os.WriteFile(manyKeys, []byte("[answers]\n"+strings.Repeat("k = 1\n", 5000)), 0o644); err != nil {
		t.Fatal(err)
	}
	const deepEn = ":1: nested deeper than 16 levels, the limit of a decision record"
	tests := []struct {
		name   string
		args   []string
		lang   bool   // the command takes --lang (else the locale decides)
		code   int    // the exit code in both languages
		en     string // what the English line says
		detail bool   // the English line's detail (after "gpupick CMD: ") is kept in Chinese
		also   string // Latin words the Chinese line may hold: the units an answer's forms spell
	}{
		{"recommend unknown flag", []string{"recommend", "--x"}, true, exitUsage, "unknown flag --x (see gpupick recommend --help)", false, ""},
		{"recommend argument", []string{"recommend", "foo"}, true, exitUsage, `unexpected argument "foo"`, false, ""},
		{"recommend bad number", []string{"recommend", "--top", "abc"}, true, exitUsage, `--top "abc": not a whole number`, false, ""},
		{"recommend no value", []string{"recommend", "--top"}, true, exitUsage, "flag needs an argument: --top (see gpupick recommend --help)", false, ""},
		{"recommend top range", []string{"recommend", "--top", "0"}, true, exitUsage, `--top "0": out of range`, false, ""},
		{"recommend format", []string{"recommend", "--format", "x"}, true, exitUsage, `--format "x": unknown format`, false, ""},
		{"recommend bad answer", []string{"recommend", "--params", "7Q"}, true, exitUsage, `--params "7Q": unknown unit "q"`, false, "q billion"},
		{"recommend ambiguous unit", []string{"recommend", "--params", "8B", "--duration", "3m"}, true, exitUsage, `--duration "3m": "m" is ambiguous`, false, "m min mo"},
		{"recommend unknown provider", []string{"recommend", "--params", "8B", "--provider", "awz"}, true, exitUsage, `--provider "awz": unknown provider`, false, ""},
		{"recommend conflict", []string{"recommend", "--model", "llama-3.1-8b", "--params", "8B"}, true, exitUsage, `--params "8B": given with --model`, false, ""},
		{"recommend does not apply", []string{"recommend", "--params", "8B", "--workload", "pretrain", "--latency", "realtime"}, true, exitUsage, "does not apply to workload pretrain", false, ""},
		{"recommend bad record", []string{"recommend", "--answers", badRecord}, true, exitUsage, `[answers] params_b "1000000000": out of range`, false, "answers params_b"},
		{"plan bad record", []string{"plan", badRecord}, true, exitUsage, `[answers] params_b "1000000000": out of range`, false, "answers params_b"},
		{"export bad record", []string{"export", "--to", "skypilot", badRecord}, true, exitUsage, `[answers] params_b "1000000000": out of range`, false, "answers params_b"},
		{"verify bad record", []string{"verify", badRecord}, true, exitUsage, `[answers] params_b "1000000000": out of range`, false, "answers params_b"},
		{"recommend deep record", []string{"recommend", "--answers", deep}, true, exitUsage, deepEn, false, ""},
		{"recommend many keys", []string{"recommend", "--answers", manyKeys}, true, exitUsage, ":4097: more than 4096 keys, the limit of a decision record", false, ""},
		{"plan deep record", []string{"plan", deep}, true, exitUsage, deepEn, false, "answers"},
		{"export deep record", []string{"export", "--to", "skypilot", deep}, true, exitUsage, deepEn, false, ""},
		{"verify deep record", []string{"verify", deep}, true, exitUsage, deepEn, false, ""},
		{"wizard deep record", []string{"--load", deep}, true, exitUsage, deepEn, false, ""},
		{"recommend deep overlay", []string{"recommend", "--catalog", deep}, true, exitUsage, ":1: nested deeper than 16 levels, the limit of a catalog overlay", false, ""},
		{"recommend no record", []string{"recommend", "--answers", missing}, true, exitUsage, "--answers: record: ", true, ""},
		{"recommend bad overlay", []string{"recommend", "--catalog", missing}, true, exitUsage, "overlay: ", true, ""},
		{"recommend damaged cache", []string{"recommend", "--params", "8B", "--format", "json"}, true, exitOK, "gpupick recommend: cached catalog ", true, ""},
		{"plan no record", []string{"plan"}, true, exitUsage, "a decision record FILE.toml is needed", false, ""},
		{"plan hours", []string{"plan", "--hours", "0", "x.toml"}, true, exitUsage, `--hours "0": out of range`, false, ""},
		{"plan unknown flag", []string{"plan", "--x"}, true, exitUsage, "unknown flag --x", false, ""},
		{"models unknown flag", []string{"models", "--bad"}, true, exitUsage, "unknown flag --bad", false, ""},
		{"models format", []string{"models", "--format", "y"}, true, exitUsage, `--format "y": unknown format (use table or json)`, false, ""},
		{"catalog no subcommand", []string{"catalog"}, false, exitUsage, "missing subcommand", false, ""},
		{"catalog unknown subcommand", []string{"catalog", "foo"}, false, exitUsage, `unknown subcommand "foo"`, false, ""},
		{"unknown command", []string{"foo"}, false, exitUsage, `unknown command "foo"`, false, ""},
		{"wizard bad answer", []string{"--params", "7Q"}, true, exitUsage, `gpupick: --params "7Q"`, false, "q billion"},
		{"wizard unknown flag", []string{"--x"}, true, exitUsage, "gpupick: unknown flag --x (see gpupick --help)", false, ""},
		{"verify no record", []string{"verify"}, true, exitUsage, "gpupick verify: ", false, ""},
		{"verify unknown flag", []string{"verify", "--x"}, true, exitUsage, "unknown flag --x (see gpupick verify --help)", false, ""},
		{"export no record", []string{"export", "--to", "skypilot"}, true, exitUsage, "a decision record FILE.toml is needed (see gpupick export --help)", false, ""},
		{"show no offer", append([]string{"catalog", "show", "nopex"}, cat...), true, exitFail, `no offer named "nopex"`, false, ""},
		{"show no instance", append([]string{"catalog", "show"}, cat...), true, exitUsage, "missing INSTANCE", false, ""},
		{"show two instances", append([]string{"catalog", "show", "a", "b"}, cat...), true, exitUsage, `unexpected argument "b"`, false, ""},
		{"show unknown flag", append([]string{"catalog", "show", "--bad"}, cat...), true, exitUsage, "unknown flag --bad (see gpupick catalog show --help)", false, ""},
		{"list gpu", append([]string{"catalog", "list", "--gpu", ":"}, cat...), true, exitUsage, `--gpu ":": no GPU name`, false, ""},
		{"list gpu count", append([]string{"catalog", "list", "--gpu", "H100:x"}, cat...), true, exitUsage, `"x" is not a GPU count`, false, ""},
		{"list vram", append([]string{"catalog", "list", "--min-vram", "x"}, cat...), true, exitUsage, "not a memory size", false, ""},
		{"list price", append([]string{"catalog", "list", "--max-price", "x"}, cat...), true, exitUsage, "not a price", false, ""},
		{"list provider", append([]string{"catalog", "list", "--provider", "zz"}, cat...), true, exitUsage, `--provider "zz": unknown provider`, false, ""},
		{"list format", append([]string{"catalog", "list", "--format", "q"}, cat...), true, exitUsage, "(use table or json)", false, ""},
		{"list currency", append([]string{"catalog", "list", "--currency", "q"}, cat...), true, exitUsage, "unknown currency", false, ""},
		{"list overlay", append([]string{"catalog", "list", "--catalog", missing}, cat...), true, exitUsage, "overlay: ", true, ""},
		{"list unknown flag", append([]string{"catalog", "list", "--x"}, cat...), true, exitUsage, "unknown flag --x (see gpupick catalog list --help)", false, ""},
		{"stats damaged cache", []string{"catalog", "stats", "--cache-dir", damaged, "--config-dir", dirs[1], "--format", "json"}, true, exitOK, "gpupick: cached catalog " + imported + " is damaged (", true, ""},
		{"import no folder", append([]string{"catalog", "import"}, cat...), true, exitUsage, "--skypilot DIR is required", false, ""},
		{"import bad folder", append([]string{"catalog", "import", "--skypilot", missing, "--date", "2026-01-01"}, cat...), true, exitUsage, "import: ", true, ""},
		{"update max-mb", append([]string{"catalog", "update", "--max-mb", "0"}, cat...), true, exitUsage, `--max-mb "0": out of range (accepted: a whole number of MiB`, false, ""},
		{"update timeout", append([]string{"catalog", "update", "--timeout", "-1s"}, cat...), true, exitUsage, `--timeout "-1s": out of range (accepted: a duration above 0`, false, ""},
		{"update unknown flag", append([]string{"catalog", "update", "--x"}, cat...), true, exitUsage, "unknown flag --x", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("LANG", "C.UTF-8")
			if strings.Contains(tc.name, "damaged") {
				t.Setenv("XDG_CACHE_HOME", home)
			}
			code, out, enErr := runCLI(t, tc.args...)
			if code != tc.code || !strings.HasPrefix(enErr, "gpupick") || !strings.Contains(enErr, tc.en) || hanText.MatchString(enErr) {
				t.Fatalf("English: exit %d (want %d), stderr %q, want it to hold %q", code, tc.code, enErr, tc.en)
			}
			enOut := out
			zhArgs := tc.args
			if tc.lang {
				// --lang first: a usage error comes before the flags after it.
				switch {
				case strings.HasPrefix(tc.args[0], "-"): // the wizard
					zhArgs = append([]string{"--lang", "zh"}, tc.args...)
				case tc.args[0] == "catalog" && len(tc.args) > 1:
					zhArgs = append([]string{"catalog", tc.args[1], "--lang", "zh"}, tc.args[2:]...)
				default:
					zhArgs = append([]string{tc.args[0], "--lang", "zh"}, tc.args[1:]...)
				}
			} else {
				t.Setenv("LANG", "zh_CN.UTF-8")
			}
			code, out, zhErr := runCLI(t, zhArgs...)
			if code != tc.code || !hanText.MatchString(zhErr) {
				t.Fatalf("Chinese: exit %d (want %d), stderr %q", code, tc.code, zhErr)
			}
			if tc.args[0] == "catalog" && strings.HasPrefix(enOut, "{") && out != enOut { // recommend's JSON is in yuan under zh
				t.Errorf("JSON differs under --lang zh")
			}
			left := zhErr
			if tc.detail {
				line := strings.TrimSuffix(enErr, "\n")
				line = strings.SplitN(line, "\n", 2)[0]
				_, detail, _ := strings.Cut(line, ": ")
				if strings.HasPrefix(detail, "--") { // the flag's name stays in the Chinese frame
					_, detail, _ = strings.Cut(detail, ": ")
				}
				if !strings.Contains(zhErr, detail) {
					t.Fatalf("Chinese lost the detail %q:\n%s", detail, zhErr)
				}
				left = strings.Replace(left, detail, " ", 1)
			}
			names := errorWords + " " + tc.also + " " + strings.Join(tc.args, " ") + " " + strings.Join(model.NewAnswerEnv(embedded(t), nil).Providers(), " ") // offers' and policies' providers
			if w := englishLeft(left, names); w != "" {
				t.Errorf("English %q in the Chinese error:\n%s", w, zhErr)
			}
		})
	}
}

// embedded is the embedded catalog.
func embedded(t *testing.T) *model.Catalog {
	t.Helper()
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// headLines is the first n lines of a command's output out (what names
// it); an output of fewer lines stops the test.
func headLines(t *testing.T, what, out string, n int) string {
	t.Helper()
	lines := strings.SplitN(out, "\n", n+1)
	if len(lines) < n {
		t.Fatalf("%s: %d lines, want at least %d:\n%s", what, len(lines), n, out)
	}
	return strings.Join(lines[:n], "\n")
}

// catalog import and update print their summary in --lang: the counts,
// providers, folder and snapshot are the same as the English summary's,
// the words Chinese; data's report lines below it stay English.
func TestCatalogImportUpdateChinese(t *testing.T) {
	srv := serveLambdaCatalog(t)
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "lambda"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "lambda", "vms.csv"), []byte(lambdaCSV), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		dir   string   // the folder of the cache it writes
		lines int      // the summary's lines (before data's report)
		zh    []string // what the Chinese summary says
	}{
		{"import", []string{"import", "--skypilot", src, "--date", "2026-11-29", "--allow-shrink"}, "imported", 1, []string{"已导入 1 个报价（lambda）到 "}},
		{"update", []string{"update", "--base-url", srv.URL + "/cat", "--allow-shrink"}, "updated", 2, []string{"已更新 1 个报价（lambda）到 ", "来源中没有，保留内置目录中的："}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dirs := []string{t.TempDir(), t.TempDir()}
			code, en, errs := runCat(t, dirs, tc.args...)
			if code != 0 || hanText.MatchString(en) {
				t.Fatalf("English: exit %d\n%s%s", code, en, errs)
			}
			zhDirs := []string{t.TempDir(), t.TempDir()}
			code, zh, errs := runCat(t, zhDirs, append(tc.args, "--lang", "zh")...)
			if code != 0 {
				t.Fatalf("Chinese: exit %d\n%s", code, errs)
			}
			for _, w := range tc.zh {
				if !strings.Contains(zh, w) {
					t.Errorf("Chinese summary lacks %q:\n%s", w, zh)
				}
			}
			summary := headLines(t, "Chinese", zh, tc.lines)
			enSummary := headLines(t, "English", en, tc.lines)
			if a, b := figures.FindAllString(strings.ReplaceAll(enSummary, dirs[0], ""), -1), figures.FindAllString(strings.ReplaceAll(summary, zhDirs[0], ""), -1); !slices.Equal(a, b) {
				t.Errorf("the figures differ: %v and %v:\n%s\n%s", a, b, enSummary, summary)
			}
			// The names it may hold: the folder written (cut out) and the providers.
			if w := englishLeft(strings.ReplaceAll(summary, filepath.Join(zhDirs[0], tc.dir), " "), strings.Join(sortedKeys(knownProviders(embedded(t))), " ")); w != "" {
				t.Errorf("English %q in the Chinese summary:\n%s", w, summary)
			}
		})
	}
}

// TestTOMLLimitWordsEnglish checks the CLI's English words for a TOML file
// refused for its shape are data's own, so the two cannot drift.
func TestTOMLLimitWordsEnglish(t *testing.T) {
	for _, le := range []*data.TOMLLimitError{
		{File: "a.toml", Line: 3, Kind: data.TOMLRecord, Limit: data.TOMLDepth, Max: 16},
		{File: "a.toml", Line: 9, Kind: data.TOMLRecord, Limit: data.TOMLKeys, Max: 4096},
		{File: "c.toml", Line: 1, Kind: data.TOMLOverlay, Limit: data.TOMLDepth, Max: 16},
		{File: "c.toml", Line: 2, Kind: data.TOMLOverlay, Limit: data.TOMLKeys, Max: 100000},
	} {
		if got := tomlLimitWords(le, "en"); got != le.Error() {
			t.Errorf("English %q, data %q", got, le.Error())
		}
		if zh := tomlLimitWords(le, "zh"); !hanText.MatchString(zh) || !strings.Contains(zh, le.File) || !strings.Contains(zh, fmt.Sprint(le.Max)) {
			t.Errorf("Chinese %q lacks Chinese words, the file or the limit", zh)
		}
	}
}
