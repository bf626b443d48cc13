package cli

import (
	"strings"
	"testing"
)

// A bad value of a flag that is not an answer is refused naming the flag,
// why, what it accepts and an example, in the command line's language
// (the flag package said "invalid value "abc" for flag -top: parse
// error", cut before the flag's name when the value was long; issue 26).
func TestTypedFlagRefusals(t *testing.T) {
	long := strings.Repeat("9", 5000)
	for _, tc := range []struct {
		args   []string
		en, zh string // what the message says in English and in Chinese (--lang zh)
	}{
		{[]string{"recommend", "--top", "abc"}, `--top "abc": not a whole number (accepted: a whole number from 1 to 10000, e.g. --top 5)`, `--top "abc"：不是整数（可接受：1 到 10000 的整数，例如 --top 5）`},
		{[]string{"recommend", "--top", "NaN"}, "not a whole number", "不是整数"},
		{[]string{"recommend", "--top", "-Inf"}, "not a whole number", "不是整数"},
		{[]string{"recommend", "--top", "1e300"}, "not a whole number", "不是整数"},
		{[]string{"recommend", "--top", "0"}, `--top "0": out of range (accepted: a whole number from 1 to 10000`, "超出范围"},
		{[]string{"recommend", "--top", "10001"}, "out of range", "超出范围"},
		{[]string{"recommend", "--top", long}, `--top "` + strings.Repeat("9", 40) + `…": out of range`, "超出范围"},
		{[]string{"recommend", "--top", strings.Repeat("x", 100_000)}, `--top "` + strings.Repeat("x", 40) + `…": not a whole number`, "不是整数"},
		{[]string{"recommend", "--top", ""}, `--top "": no value (accepted`, "没有值"},
		{[]string{"recommend", "--top", "３"}, "full-width characters: type 3", "全角字符：请输入 3"},
		{[]string{"recommend", "--within-budget=maybe", "--budget", "5/h"}, `--within-budget "maybe": not true or false (accepted: true or false; --within-budget alone is true`, "不是 true 或 false"},
		{[]string{"plan", "x.toml", "--hours", "abc"}, `--hours "abc": not a plain number (accepted: hours above 0 and at most 168`, "不是普通数字"},
		{[]string{"plan", "x.toml", "--hours", ""}, "no value", "没有值"},
		{[]string{"plan", "x.toml", "--hours", "1,5"}, "a decimal comma: use a point, 1.5", "使用了小数逗号：请用小数点，1.5"},
		{[]string{"plan", "x.toml", "--hours", "２"}, "full-width characters: type 2", "全角字符：请输入 2"},
		{[]string{"plan", "x.toml", "--hours", "NaN"}, "not a plain number", "不是普通数字"},
		{[]string{"plan", "x.toml", "--hours", "+Inf"}, "not a plain number", "不是普通数字"},
		{[]string{"plan", "x.toml", "--hours", "1e300"}, "not a plain number", "不是普通数字"},
		{[]string{"plan", "x.toml", "--hours", "0"}, "out of range", "超出范围"},
		{[]string{"plan", "x.toml", "--hours", "169"}, "out of range (accepted: hours above 0 and at most 168", "不超过 168"},
		{[]string{"catalog", "update", "--max-mb", "abc"}, `--max-mb "abc": not a whole number (accepted: a whole number of MiB from 1 to 64`, "单位 MiB"},
		{[]string{"catalog", "update", "--max-mb", "0"}, "out of range", "超出范围"},
		{[]string{"catalog", "update", "--max-mb", "-1"}, `--max-mb "-1": out of range`, "超出范围"},
		{[]string{"plan", "x.toml", "--hours", "-1.5"}, `--hours "-1.5": out of range`, "超出范围"},
		{[]string{"recommend", "--top", "-3"}, `--top "-3": out of range`, "超出范围"},
		{[]string{"catalog", "update", "--timeout", "30"}, `--timeout "30": a number without a unit: write 30s for seconds or 30m for minutes`, "秒写 30s，分钟写 30m"},
		{[]string{"catalog", "update", "--timeout", "abc"}, `--timeout "abc": not a duration (accepted: a duration above 0 with its unit (s, m or h), e.g. --timeout 30s or 2m)`, "不是时长"},
		{[]string{"catalog", "update", "--timeout", "0"}, "a number without a unit", "缺少单位"},
		{[]string{"catalog", "update", "--timeout", "-1s"}, "out of range", "超出范围"},
		{[]string{"catalog", "update", "--allow-shrink=2"}, `--allow-shrink "2": not true or false`, "不是 true 或 false"},
		{[]string{"catalog", "import", "--allow-shrink=yes please"}, "not true or false", "不是 true 或 false"},
		{[]string{"--accessible=maybe"}, `--accessible "maybe": not true or false`, "不是 true 或 false"},
		{[]string{"verify", "x.toml", "--json=maybe"}, `--json "maybe": not true or false`, "不是 true 或 false"},
	} {
		for _, lang := range []string{"en", "zh"} {
			args, want := tc.args, tc.en
			if lang == "zh" {
				args, want = append(append([]string{}, args...), "--lang", "zh"), tc.zh
			}
			if args[0] == "--accessible=maybe" && lang == "zh" {
				continue // the wizard has no --lang; its language is the locale's
			}
			code, out, errs := runCLI(t, args...)
			if code != exitUsage || out != "" || !strings.Contains(errs, want) || strings.Contains(errs, "parse error") {
				t.Errorf("%s %.60q: exit %d, stdout %q, stderr %q; want exit %d and %q", lang, args, code, out, errs, exitUsage, want)
			}
			if len(errs) > 400 {
				t.Errorf("%s %.60q: a %d-byte message echoes the input", lang, args, len(errs))
			}
		}
	}
}

// The typed flags take what they say they take.
func TestTypedFlagsAccept(t *testing.T) {
	for _, tc := range []struct {
		args []string
		rows int // recommendations in the JSON, -1 when not counted
	}{
		{[]string{"recommend", "--model", "llama-3.1-8b", "--top", "3", "--format", "json"}, 3},
		{[]string{"recommend", "--model", "llama-3.1-8b", "--top=1", "--format", "json"}, 1},
		{[]string{"recommend", "--model", "llama-3.1-8b", "--top", "1", "--budget", "50/h", "--within-budget", "--format", "json"}, 1},
		{[]string{"recommend", "--model", "llama-3.1-8b", "--top", "2", "--within-budget=false", "--format", "json"}, 2},
	} {
		code, out, errs := runCLI(t, tc.args...)
		if code != exitOK {
			t.Errorf("%q: exit %d, %s", tc.args, code, errs)
			continue
		}
		if got := strings.Count(out, `"instance_type"`); got < tc.rows {
			t.Errorf("%q: %d recommendations, want %d", tc.args, got, tc.rows)
		}
	}
	for _, tc := range []struct {
		v    string
		want float64
	}{{"1.5", 1.5}, {"168", 168}, {"0.25", 0.25}, {"2", 2}} {
		var h float64
		if err := (&hoursFlag{name: "hours", p: &h, hi: maxTrialHours}).Set(tc.v); err != nil || h != tc.want {
			t.Errorf("--hours %s: %v, %v; want %v", tc.v, h, err, tc.want)
		}
	}
}
