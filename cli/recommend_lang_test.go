package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// recommend --lang zh prints its headings and column headers in Chinese,
// and its own lines (the requirement, the ranked table, the price-model
// rows, the job's run) carry the same figures in the same order as in
// English. The advisor's notes, warnings and reasons are checked in the
// advisor; their figures may come in another order in Chinese.
func TestRecommendTableChinese(t *testing.T) {
	isolate(t)
	// On MI300Xs, so that #1 has warnings (rocm-stack-gap among them) and
	// a risk block to print.
	args := []string{"recommend", "--workload", "qlora", "--params", "70B", "--precision", "int4", "--tokens", "200M",
		"--top", "3", "--budget", "500", "--currency", "USD", "--gpu", "MI300X", "--verbose"}
	t.Setenv("COLUMNS", "200") // every column of the table, WARNINGS too
	out := map[string]string{}
	for _, lang := range []string{"en", "zh"} {
		code, o, e := runCLI(t, append(slices.Clone(args), "--lang", lang)...)
		if code != exitOK {
			t.Fatalf("--lang %s: exit %d: %s", lang, code, e)
		}
		out[lang] = o
	}
	headings := []struct{ en, zh string }{
		{"Need:", "需求："}, {"Run:", "运行："}, {"Budget:", "预算："}, {"Catalog:", "目录："},
		{"PROVIDER", "服务商"}, {"PER HOUR", "每小时"}, {"WARNINGS", "警告"},
		{"Note:", "注："}, {"Warnings for #1:", "#1 的警告："}, {"Why #1:", "为何选 #1："},
		{"Price models for #1:", "#1 的计价方式："}, {"Run for #1:", "#1 的运行："},
		{"Risk priced into the order for #1", "#1 排序中计入的风险"},
	}
	for _, h := range headings {
		if !strings.Contains(out["en"], h.en) {
			t.Errorf("English output lacks %q:\n%s", h.en, out["en"])
		}
		if !strings.Contains(out["zh"], h.zh) {
			t.Errorf("Chinese output lacks %q:\n%s", h.zh, out["zh"])
		}
		if strings.Contains(out["zh"], h.en) {
			t.Errorf("Chinese output has the English %q:\n%s", h.en, out["zh"])
		}
	}
	// own picks the lines the command writes itself: the blocks before the
	// notes (requirement and table), and the price-model and run blocks
	// up to their first line of advisor text.
	own := func(s string, heads []string) string {
		blocks := strings.Split(s, "\n\n")
		if len(blocks) < 2 {
			t.Fatalf("no requirement and table blocks:\n%s", s)
		}
		keep := slices.Clone(blocks[:2])
		for _, b := range blocks[2:] {
			lines := strings.Split(b, "\n")
			for _, h := range heads {
				if strings.HasPrefix(lines[0], h) {
					keep = append(keep, lines[:min(3, len(lines))]...)
				}
			}
		}
		return strings.Join(keep, "\n")
	}
	en := figures.FindAllString(own(out["en"], []string{"Price models for #1:", "Run for #1:"}), -1)
	zh := figures.FindAllString(own(out["zh"], []string{"#1 的计价方式：", "#1 的运行："}), -1)
	if !slices.Equal(en, zh) || len(en) < 20 {
		t.Errorf("figures differ:\nen %v\nzh %v", en, zh)
	}
}

// verbs finds the fmt verbs of a text.
var verbs = regexp.MustCompile(`%[-+# 0-9.\[\]]*[a-zA-Z%]`)

// Every recommend text has the same fmt verbs, in the same order, in both
// languages.
func TestRecommendTextsSameVerbs(t *testing.T) {
	for _, k := range []cliMsg{tRecNeed, tRecRunJob, tRecRunPeriod, tRecBudget, tRecCatalog, tRecNoFit, tRecHeader,
		tRecTokens, tRecImages, tRecNodes, tRecOK, tRecOver, tRecNote, tRecTry, tRecWarnings, tRecHidden, tRecImagesOn, tRecEmbedOn,
		tRecWhy, tRecRisk, tRecConverted, tRecRunFor, tRecRunParts, tRecRunWeights, tRecRunTotal, tRecBilled,
		tRecPMTitle, tRecPMHeader, tRecPMEligible, tRecPMChosen, tRecPMUpTo, tRecPMNotFor} {
		tx := cliTexts[k]
		if en, zh := verbs.FindAllString(tx[0], -1), verbs.FindAllString(tx[1], -1); !slices.Equal(en, zh) {
			t.Errorf("%q: verbs %v, Chinese %q: %v", tx[0], en, tx[1], zh)
		}
		if tx[1] == "" || tx[1] == tx[0] {
			t.Errorf("%q has no Chinese text", tx[0])
		}
		if strings.Count(tx[0], "\t") != strings.Count(tx[1], "\t") {
			t.Errorf("%q: the Chinese header has other columns", tx[0])
		}
	}
}
