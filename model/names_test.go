package model

import (
	"regexp"
	"strings"
	"testing"
)

// latinWord is a run of Latin letters that is not a technical name
// Chinese text writes in Latin letters.
var latinWord = regexp.MustCompile(`[A-Za-z]+`)

// chineseLatin are the Latin words a Chinese name may hold.
var chineseLatin = map[string]bool{"LoRA": true, "QLoRA": true, "KV": true}

// checkName fails on a name with an empty side or a Chinese side that
// holds English.
func checkName(t *testing.T, what string, n Name) {
	t.Helper()
	if n.EN == "" || n.ZH == "" {
		t.Errorf("%s: name %+v has an empty side", what, n)
	}
	for _, w := range latinWord.FindAllString(n.ZH, -1) {
		if !chineseLatin[w] {
			t.Errorf("%s: Chinese name %q holds %q", what, n.ZH, w)
		}
	}
	if n.In(false) != n.EN || n.In(true) != n.ZH {
		t.Errorf("%s: In picks the wrong side of %+v", what, n)
	}
}

// TestNames: every workload, latency class, price model (hybrids too),
// memory part, catalog origin word and time unit has an English and a Chinese name; a price model's English
// is its id, a hybrid's Chinese its two parts'; spot is 竞价 in full and
// short (the word of Tencent Cloud and AWS China for the price model).
func TestNames(t *testing.T) {
	for _, w := range Workloads {
		checkName(t, string(w), w.Name())
	}
	for _, l := range Latencies {
		checkName(t, string(l), l.Name())
	}
	for _, p := range PriceModelTable {
		n := p.Name.Name()
		checkName(t, string(p.Name), n)
		if n.EN != string(p.Name) {
			t.Errorf("%s: English name %q", p.Name, n.EN)
		}
		if p.Hybrid() {
			if want := p.Base.Name().ZH + "+" + p.Fill.Name().ZH; n.ZH != want {
				t.Errorf("%s: Chinese %q, want %q", p.Name, n.ZH, want)
			}
			short := p.Name.ShortName()
			checkName(t, string(p.Name)+" short", short)
			if want := p.Base.ShortName().ZH + "+" + p.Fill.ShortName().ZH; short.ZH != want {
				t.Errorf("%s: short Chinese %q, want %q", p.Name, short.ZH, want)
			}
			if len(short.EN) > 10 || !strings.Contains(short.EN, "+") {
				t.Errorf("%s: short English %q, want two parts in the bars' 10 cells", p.Name, short.EN)
			}
			continue
		}
		checkName(t, string(p.Name)+" short", p.Name.ShortName())
	}
	if full, short := PriceSpot.Name().ZH, PriceSpot.ShortName().ZH; full != "竞价" || short != full {
		t.Errorf("spot is %q (short %q), want 竞价", full, short)
	}
	var b Breakdown
	b.WeightsGiB, b.KVCacheGiB, b.GradientsGiB, b.OptimizerGiB, b.ActivationsGiB, b.OverheadGiB = 1, 1, 1, 1, 1, 1
	for _, p := range b.Parts() {
		n := PartName(p.Name)
		checkName(t, p.Name, n)
		if n.EN != p.Name || n.ZH == p.Name {
			t.Errorf("part %q: name %+v", p.Name, n)
		}
	}
	for _, w := range []string{"embedded", "imported", "updated", "overlay"} {
		if n := OriginName(w); n.EN != w || n.ZH == w {
			t.Errorf("origin %q: name %+v", w, n)
		} else {
			checkName(t, w, n)
		}
	}
	if n := OriginName("x/cat.csv"); n.ZH != "x/cat.csv" {
		t.Errorf("a file's name as origin: %+v", n)
	}
	// Every unit FormatDuration writes, and the second, has its name.
	for _, h := range []float64{0.5, 1, 24, HoursPerWeekFull, HoursPerMonth, 12 * HoursPerMonth} {
		s := FormatDuration(h)
		u := strings.TrimLeft(s, "0123456789.,")
		if n := UnitName(u); n.EN != u || n.ZH == u {
			t.Errorf("%v h (%s): unit %q named %+v", h, s, u, n)
		} else {
			checkName(t, u, n)
		}
	}
	if n := UnitName("s"); n.ZH == "s" {
		t.Errorf("seconds: %+v", n)
	}
	// A value without a name prints as it is.
	if n := Workload("new").Name(); n.EN != "new" || n.ZH != "new" {
		t.Errorf("unnamed workload: %+v", n)
	}
}

// TestBudgetText: English is String (what ParseBudget reads), Chinese
// writes the period in Chinese and keeps the figure.
func TestBudgetText(t *testing.T) {
	for _, tc := range []struct {
		b      Budget
		en, zh string
	}{
		{Budget{Amount: 3000, Currency: CNY, Period: BudgetMonthly}, "¥3000/mo", "¥3000/月"},
		{Budget{Amount: 2.5, Currency: USD, Period: BudgetHourly}, "$2.5/h", "$2.5/小时"},
		{Budget{Amount: 500, Currency: USD}, "$500", "$500"},
		{Budget{}, "", ""},
	} {
		if en, zh, s := tc.b.Text(false), tc.b.Text(true), tc.b.String(); en != tc.en || zh != tc.zh || s != tc.en {
			t.Errorf("%+v: English %q, Chinese %q, String %q; want %q, %q", tc.b, en, zh, s, tc.en, tc.zh)
		}
		if tc.b.IsSet() {
			if got, err := ParseBudget(tc.b.String(), USD); err != nil || got.String() != tc.b.String() {
				t.Errorf("%q reads back as %+v, %v", tc.b.String(), got, err)
			}
		}
	}
}

// TestFormatDurationIn checks the duration in each language: English is
// FormatDuration itself, Chinese the figure and the unit's Chinese word.
func TestFormatDurationIn(t *testing.T) {
	for _, tc := range []struct {
		h      float64
		en, zh string
	}{
		{HoursPerMonth, "1mo", "1 个月"},
		{HoursPerMonth * 12 * 2, "2y", "2 年"},
		{HoursPerWeekFull * 3, "3w", "3 周"},
		{48, "2d", "2 天"},
		{8, "8h", "8 小时"},
		{0.5, "30min", "30 分钟"},
	} {
		if got := FormatDurationIn(tc.h, false); got != tc.en {
			t.Errorf("%v h in English: %q, want %q", tc.h, got, tc.en)
		}
		if got := FormatDurationIn(tc.h, true); got != tc.zh {
			t.Errorf("%v h in Chinese: %q, want %q", tc.h, got, tc.zh)
		}
	}
	if got := UnitsIn("24 s", true); got != "24 秒" {
		t.Errorf(`UnitsIn("24 s") = %q, want "24 秒"`, got)
	}
	if got := UnitsIn("soon", true); got != "soon" {
		t.Errorf(`UnitsIn("soon") = %q: a text no unit ends stays as it is`, got)
	}
}
