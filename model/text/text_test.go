package text

import (
	"slices"
	"strings"
	"testing"
)

type key int

const (
	kA key = iota
	kB
	kCount
)

func TestLangOf(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Lang
	}{{"en", EN}, {"", EN}, {"zh", ZH}, {"zh_CN.UTF-8", ZH}, {"ZH", ZH}, {" zh-TW", ZH}, {"de", EN}} {
		if got := LangOf(tc.in); got != tc.want {
			t.Errorf("LangOf(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestFormat(t *testing.T) {
	tab := Table[key]{kA: {"%d of %s", "%[2]s 中的 %[1]d 个"}, kB: {"100%", "百分之百"}}
	if got := tab.Format(ZH, kA, 3, "x"); got != "x 中的 3 个" {
		t.Errorf("ZH = %q", got)
	}
	if got := tab.Format(EN, kA, 3, "x"); got != "3 of x" {
		t.Errorf("EN = %q", got)
	}
	if got := tab.Format(EN, kB); got != "100%" {
		t.Errorf("no args = %q", got)
	}
	if got := tab.Text(ZH, kB); got != "百分之百" {
		t.Errorf("Text = %q", got)
	}
}

func TestVerbs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"plain", nil},
		{"%d%% of %.1f GiB", []string{"1:d", "2:f"}},
		{"%[3]d token %.1[1]f s %.0[2]f", []string{"1:f", "2:f", "3:d"}},
		{"%-10s|%+.2f|%x", []string{"1:s", "2:f", "3:x"}},
	} {
		if got := Verbs(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("Verbs(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestCheck checks every kind of defect is reported and a good table
// passes.
func TestCheck(t *testing.T) {
	good := Table[key]{kA: {"%d of %s", "%[2]s 中的 %[1]d 个"}, kB: {"b", "乙"}}
	if p := Check(good, kCount); len(p) != 0 {
		t.Errorf("good table: %v", p)
	}
	for _, tc := range []struct {
		name string
		tab  Table[key]
		want string
	}{
		{"missing key", Table[key]{kA: {"a", "甲"}}, "no text"},
		{"hole", Table[key]{kB: {"b", "乙"}}, "no English"},
		{"no Chinese", Table[key]{kA: {"a", "甲"}, kB: {"b", " "}}, "no Chinese"},
		{"fewer verbs", Table[key]{kA: {"%d of %s", "%d 个"}, kB: {"b", "乙"}}, "verbs"},
		{"other kind", Table[key]{kA: {"%d of %s", "%s 中的 %s 个"}, kB: {"b", "乙"}}, "verbs"},
	} {
		p := Check(tc.tab, kCount)
		if !strings.Contains(strings.Join(p, "\n"), tc.want) {
			t.Errorf("%s: problems %v, want one with %q", tc.name, p, tc.want)
		}
	}
}

// TestTerm: a pair that names the term on one side without its word on
// the other is reported, in either direction; others are not.
func TestTerm(t *testing.T) {
	pairs := []Pair{
		{"spot at %s an hour", "竞价实例每小时 %s"},           // named both sides
		{"use spot capacity", "可用抢占式实例"},               // Chinese word missing
		{"the spotless price", "价格"},                   // not the whole word
		{"Spot and preemptible instances", "竞价和抢占式实例"}, // both
		{"interruptions", "抢占式实例"},                     // Chinese word without the English
		{"SPOT price", "竞价价格"},                         // any case
	}
	for _, tc := range []struct {
		from        Lang
		word, other string
		want        []int
	}{
		{EN, "spot", "竞价", []int{1}},
		{ZH, "抢占式", "preemptible", []int{1, 4}},
	} {
		got := Term(pairs, tc.from, tc.word, tc.other)
		if len(got) != len(tc.want) {
			t.Errorf("Term(%q → %q) = %q, want the pairs %v", tc.word, tc.other, got, tc.want)
			continue
		}
		for i, k := range tc.want {
			if !strings.Contains(got[i], pairs[k][tc.from]) {
				t.Errorf("Term(%q): problem %d %q is not about %q", tc.word, i, got[i], pairs[k][tc.from])
			}
		}
	}
}
