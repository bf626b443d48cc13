package ui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
)

func TestEnterAllTheWayGivesOffers(t *testing.T) {
	m := newTestModel(t, 140, 40)
	for i := 0; i < 40 && m.focus == focusForm; i++ {
		m = press(t, m, "enter")
	}
	if m.focus != focusOffers {
		t.Fatal("enter all the way should end on the offers")
	}
	if err := m.form.answers.Validate(); err != nil {
		t.Fatalf("default answers do not validate: %v", err)
	}
	if len(m.offers.view) == 0 {
		t.Fatal("default answers should rank offers")
	}
	s := screen(m)
	for _, want := range []string{"Needs", "GiB VRAM", "provider", "Price models for this run", "prices as of 2026-01-15"} {
		if !strings.Contains(s, want) {
			t.Errorf("frame lacks %q:\n%s", want, s)
		}
	}
}

func TestEveryKeystrokeReRanks(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter") // model step
	before := m.res.Requirement.VRAMGiB
	m = press(t, m, "ctrl+u")
	m = press(t, m, "7", "0")
	if m.form.answers.ParamsB != 70 {
		t.Fatalf("params %v", m.form.answers.ParamsB)
	}
	if m.res.Requirement.VRAMGiB <= before {
		t.Fatalf("70B should need more than 8B: %v <= %v", m.res.Requirement.VRAMGiB, before)
	}
	if !strings.Contains(screen(m), "Needs "+gib(m.res.Requirement.VRAMGiB)+" GiB VRAM") {
		t.Fatalf("panel does not show the new requirement:\n%s", screen(m))
	}
	if m.resSeq != m.seq {
		t.Fatalf("shown ranking %d is not the last asked %d", m.resSeq, m.seq)
	}
}

func TestStaleRankingIsDropped(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter", "ctrl+u")
	// Type without running the commands, then deliver an old result late.
	nm, oldCmd := m.Update(keyMsgs("7")[0])
	m = nm.(Model)
	nm, newCmd := m.Update(keyMsgs("0")[0])
	m = nm.(Model)
	m = settle(t, m, newCmd)
	want := m.res.Requirement.VRAMGiB
	m = settle(t, m, oldCmd)
	if m.res.Requirement.VRAMGiB != want {
		t.Fatalf("a stale ranking replaced the current one: %v, want %v", m.res.Requirement.VRAMGiB, want)
	}
}

func TestInvalidTextIsKeptAndExplained(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter", "ctrl+u", "70 gazillion")
	s := screen(m)
	if !strings.Contains(s, "› 70 gazillion") {
		t.Fatalf("typed text lost:\n%s", s)
	}
	if !strings.Contains(s, "✗") || !strings.Contains(s, "accepts: a preset name, or") {
		t.Fatalf("no error or accepted forms:\n%s", s)
	}
	// Leave the step and come back: the text is still there.
	m = press(t, m, "enter", "esc")
	if m.form.raw[fModel] != "70 gazillion" || !strings.Contains(screen(m), "70 gazillion") {
		t.Fatalf("text lost after leaving the step: %q", m.form.raw[fModel])
	}
}

func TestBackAndStepList(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = goTo(t, m, fContext) // the first question of step 4
	m = press(t, m, "shift+tab")
	if m.form.step != int(model.SectionPrecision) {
		t.Fatalf("shift+tab: step %d", m.form.step)
	}
	m = press(t, m, "esc")
	if m.form.step != int(model.SectionModel) {
		t.Fatalf("esc: step %d", m.form.step)
	}
	m = press(t, m, "ctrl+g")
	if !strings.Contains(screen(m), "Go to step") {
		t.Fatalf("no step list:\n%s", screen(m))
	}
	m = press(t, m, "8")
	if m.form.step != int(model.SectionBudget) || m.overlay != overlayNone {
		t.Fatalf("digit jump: step %d overlay %d", m.form.step, m.overlay)
	}
	m = press(t, m, "ctrl+g", "down", "down", "enter")
	if m.form.step != int(model.SectionData) {
		t.Fatalf("arrow jump: step %d", m.form.step)
	}
}

func TestChoiceKeys(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "down")
	if m.form.answers.Workload != model.WorkloadFineTune {
		t.Fatalf("down: %v", m.form.answers.Workload)
	}
	m = press(t, m, "4")
	if m.form.answers.Workload != model.WorkloadQLoRA {
		t.Fatalf("digit: %v", m.form.answers.Workload)
	}
	m = press(t, m, "up", "up", "up", "up")
	if m.form.answers.Workload != model.WorkloadEmbed {
		t.Fatalf("up wraps: %v", m.form.answers.Workload)
	}
}

func TestOffersKeys(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "ctrl+o")
	if m.focus != focusOffers {
		t.Fatal("ctrl+o should focus the offers")
	}
	first := *m.offers.selected()
	m = press(t, m, "down")
	if recKey(m.offers.selected()) == recKey(&first) {
		t.Fatal("down should select the next offer")
	}
	// Sort by provider: the first row is the alphabetically first provider.
	m = press(t, m, "s", "s", "s", "s", "s")
	if m.offers.sort != sortProvider || !strings.Contains(screen(m), "sort: provider") {
		t.Fatalf("sort %v:\n%s", m.offers.sort, screen(m))
	}
	if p := m.offers.rows[*testcheck.At(t, m.offers.view, 0, "rows in the view")].Provider; p != "aliyun" {
		t.Fatalf("first provider %q", p)
	}
	// Filter.
	m = press(t, m, "/", "4090", "enter")
	for _, vi := range m.offers.view {
		if !strings.Contains(m.offers.rows[vi].GPU, "4090") {
			t.Fatalf("filter kept %s", m.offers.rows[vi].GPU)
		}
	}
	if len(m.offers.view) == 0 || !strings.Contains(screen(m), `filter "4090"`) {
		t.Fatalf("filter:\n%s", screen(m))
	}
	m = press(t, m, "esc") // clears the filter
	if m.offers.filter != "" {
		t.Fatal("esc should clear the filter")
	}
	m = press(t, m, "esc") // back to the questions
	if m.focus != focusForm {
		t.Fatal("esc should go back to the questions")
	}
}

func TestCompareMode(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "ctrl+o", "space", "down", "space", "down", "space", "down", "space")
	if len(m.offers.marked) != 3 || !strings.Contains(screen(m), "at most 3") {
		t.Fatalf("marked %d:\n%s", len(m.offers.marked), screen(m))
	}
	m = press(t, m, "c")
	s := screen(m)
	recs := m.offers.markedRecs()
	for _, r := range recs {
		if !strings.Contains(s, r.InstanceType) {
			t.Errorf("compare lacks %s", r.InstanceType)
		}
	}
	for _, row := range []string{"Compare", "region", model.PriceSpot.Name().EN, model.PriceReserved3.Name().EN, "interconnect"} {
		if !strings.Contains(s, row) {
			t.Errorf("compare lacks row %q:\n%s", row, s)
		}
	}
	m = press(t, m, "esc")
	if m.pane.compare {
		t.Fatal("esc should leave compare mode")
	}
}

func TestDetailShowsPriceModelsHiddenCostsAndWarnings(t *testing.T) {
	m := newTestModel(t, 140, 40)
	// runpod 2x RTX 4090: PCIe, marketplace; enter gives the detail room.
	m = press(t, m, "ctrl+o", "/", "runpod 2x", "enter", "enter")
	s := screen(m)
	for _, want := range []string{"Price models for this run", "on-demand", "not offered", "Total  $", "= GPUs $", "· storage none · egress none", "Warnings (2)",
		"▲ no-nvlink", "Tensor parallelism over PCIe", "source: https://example.test/nvlink", "● marketplace-host"} {
		if !strings.Contains(s, want) {
			t.Errorf("detail lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(s)
	}
	// The assumptions are below: } scrolls.
	m = press(t, m, "}", "}", "}")
	s = screen(m)
	if !strings.Contains(s, "Assumptions") || !strings.Contains(s, "2 GiB for the CUDA context") {
		t.Errorf("scrolled detail lacks the assumptions:\n%s", s)
	}
}

func TestUnknownIsNeverZero(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "ctrl+o", "/", "gcp g2", "enter")
	s := screen(m)
	if regexp.MustCompile(`[$¥]0(\.0+)?([^.0-9]|$)`).MatchString(s) {
		t.Fatalf("a zero price is shown:\n%s", s)
	}
	if !strings.Contains(s, "egress none") {
		t.Fatalf("unasked egress should be 'none':\n%s", s)
	}
	// Asked but not priced: "unknown".
	m = play(t, m, "esc", "esc", fEgressGB, "100GB", "ctrl+o", "/", "runpod 2x", "enter")
	if !strings.Contains(screen(m), "egress unknown") {
		t.Fatalf("egress asked without a price should be unknown:\n%s", screen(m))
	}
}

func TestLayouts(t *testing.T) {
	cases := []struct {
		w, h        int
		stacked     bool
		tooSmall    bool
		mustContain string
	}{
		{140, 40, false, false, " │ "},
		{100, 30, false, false, " │ "},
		{99, 30, true, false, "────"},
		{80, 24, true, false, "────"},
		{60, 16, true, false, "provider"},
		{59, 24, false, true, "Terminal too small: 59×24, needs at least 60×16."},
		{80, 15, false, true, "Terminal too small"},
		{50, 12, false, true, "Terminal too small: 50×12"},
	}
	for _, tc := range cases {
		m := newTestModel(t, tc.w, tc.h)
		l := m.layout()
		if l.stacked != tc.stacked || l.tooSmall != tc.tooSmall {
			t.Errorf("%dx%d: stacked %v tooSmall %v", tc.w, tc.h, l.stacked, l.tooSmall)
		}
		s := screen(m)
		if !strings.Contains(s, tc.mustContain) {
			t.Errorf("%dx%d lacks %q:\n%s", tc.w, tc.h, tc.mustContain, s)
		}
		lines := strings.Split(s, "\n")
		if len(lines) != tc.h {
			t.Errorf("%dx%d: %d lines", tc.w, tc.h, len(lines))
		}
		for i, line := range lines {
			if w := ansi.StringWidth(line); w > tc.w {
				t.Errorf("%dx%d: line %d is %d wide: %q", tc.w, tc.h, i, w, line)
			}
		}
	}
}

func TestEveryStateFitsTheScreen(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 40}, {60, 16}, {100, 30}} {
		for _, lang := range []string{"en", "zh"} {
			m := newTestModel(t, sz[0], sz[1], func(c *Config) { c.Lang = lang })
			check := func(state string) {
				lines := strings.Split(screen(m), "\n")
				if len(lines) != sz[1] {
					t.Errorf("%v %s %s: %d lines", sz, lang, state, len(lines))
				}
				for i, line := range lines {
					if w := ansi.StringWidth(line); w > sz[0] {
						t.Errorf("%v %s %s: line %d is %d wide: %q", sz, lang, state, i, w, line)
					}
				}
			}
			for i := 0; i < 24; i++ {
				check("step " + m.t.s(steps[m.form.step].title))
				m = press(t, m, "enter")
			}
			m = press(t, m, "ctrl+o", "space", "down", "space")
			check("offers")
			m = press(t, m, "c")
			check("compare")
			m = press(t, m, "c", "enter")
			check("detail")
			m = press(t, m, "?")
			check("help")
			m = press(t, m, "?", "ctrl+s")
			check("export")
		}
	}
}

func TestHelpShowsAllKeys(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "?")
	s := screen(m)
	for _, want := range []string{"Keys", "ctrl+g", "ctrl+o", "ctrl+s", "space", "compare", "sort", "filter", "shift+tab", "ctrl+c"} {
		if !strings.Contains(s, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	m = press(t, m, "?")
	if m.overlay != overlayNone {
		t.Fatal("? should close the help")
	}
}

func TestChineseUI(t *testing.T) {
	m := newTestModel(t, 140, 40, func(c *Config) { c.Lang = "zh" })
	s := screen(m)
	for _, want := range []string{"工作负载", "步骤", "需要", "价格截至", "推理服务", "计费方式"} {
		if !strings.Contains(s, want) {
			t.Errorf("Chinese frame lacks %q:\n%s", want, s)
		}
	}
	for _, unwanted := range []string{"Workload", "Needs", "prices as of", "Price models"} {
		if strings.Contains(s, unwanted) {
			t.Errorf("Chinese frame has English %q", unwanted)
		}
	}
	m = press(t, m, "enter", "ctrl+u", "70 gazillion")
	if !strings.Contains(screen(m), "没有匹配的预设") {
		t.Errorf("Chinese validation message missing:\n%s", screen(m))
	}
}

func TestNoColorHasNoColour(t *testing.T) {
	cfg := Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en", NoColor: true}
	m := New(cfg)
	m.rank = fakeRank
	m = update(t, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m = settle(t, m, m.Init())
	m = press(t, m, "ctrl+o")
	frame := m.View().Content
	if regexp.MustCompile(`\x1b\[[0-9;]*(38|48);`).MatchString(frame) {
		t.Fatal("NO_COLOR frame has colour sequences")
	}
	if !strings.Contains(frame, "\x1b[7m") {
		t.Fatal("NO_COLOR should mark the selected row with reverse video")
	}
	// With colour, the same frame has colours.
	cfg.NoColor = false
	c := New(cfg)
	c.rank = fakeRank
	c = update(t, c, tea.WindowSizeMsg{Width: 140, Height: 40})
	c = settle(t, c, c.Init())
	if !regexp.MustCompile(`\x1b\[[0-9;]*38;`).MatchString(c.View().Content) {
		t.Fatal("colour frame has no colour")
	}
}

func TestBackgroundColour(t *testing.T) {
	m := newTestModel(t, 80, 24)
	if !m.dark {
		t.Fatal("default must be dark when the terminal does not answer")
	}
	dark := m.View().Content
	m = update(t, m, tea.BackgroundColorMsg{Color: lightBg{}})
	if m.dark {
		t.Fatal("a light background answer should switch to light styles")
	}
	if m.View().Content == dark {
		t.Fatal("light frame is the same as the dark one")
	}
	if got := m.View(); !got.AltScreen {
		t.Fatal("view must use the alternate screen")
	}
}

type lightBg struct{}

func (lightBg) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }

func TestPasteIntoQuestion(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter", "ctrl+u")
	m = update(t, m, tea.PasteMsg{Content: "405 billion\n"})
	if m.form.answers.ParamsB != 405 {
		t.Fatalf("paste: %q -> %v (%v)", m.form.raw[fModel], m.form.answers.ParamsB, m.form.errs[fModel])
	}
}

func TestNoOffersExplains(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "enter", "ctrl+u", "5T")
	s := screen(m)
	if !strings.Contains(s, "No offer fits these answers.") || !strings.Contains(s, "no offer has enough GPU memory") {
		t.Fatalf("empty ranking not explained:\n%s", s)
	}
}

func TestQuit(t *testing.T) {
	m := newTestModel(t, 80, 24)
	_, cmd := m.Update(keyMsgs("ctrl+c")[0])
	if cmd == nil {
		t.Fatal("ctrl+c returns no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c should quit")
	}
	// q types into a question; it quits only from the offers.
	m = press(t, m, "enter", "q")
	if !strings.HasSuffix(m.form.raw[fModel], "q") {
		t.Fatal("q should be typed into the question")
	}
}

func TestSelectionFollowsTheFocus(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "ctrl+o", "down", "down")
	picked := recKey(m.offers.selected())
	// Browsing: a re-ranking keeps the selected offer.
	m = press(t, m, "ctrl+o", "ctrl+o") // there and back: no change
	m = update(t, m, resultMsg{seq: m.seq, res: fakeRank(m.cfg.Catalog, m.form.effective(), advisorOptions("en"))})
	if recKey(m.offers.selected()) != picked {
		t.Fatal("browsing the offers, a re-ranking should keep the selection")
	}
	// Answering: a new ranking keeps the offer picked when it lists it
	// (issue 26: by its identity, not its row), shows its first rows
	// otherwise, and selects the pick again once a ranking lists it.
	m = press(t, m, "ctrl+o", "enter", "ctrl+u", "7B")
	if got := recKey(m.offers.selected()); got != picked || m.offers.sel == 0 {
		t.Fatalf("answering, the picked offer %s should stay selected (row %d), got %s", picked, m.offers.sel, got)
	}
	m = press(t, m, "ctrl+u", "405B")
	if r := m.offers.selectedRow(); m.offers.sel != 0 || m.offers.top != 0 || r != nil && rowKey(r) == picked {
		t.Fatalf("a ranking without the pick should show its top: sel %d top %d", m.offers.sel, m.offers.top)
	}
	m = press(t, m, "ctrl+u", "7B")
	if got := recKey(m.offers.selected()); got != picked {
		t.Fatalf("the pick listed again should be selected again: got %s, want %s", got, picked)
	}
}

func TestLoadedFromInHeader(t *testing.T) {
	long := "/home/someone/projects/a/very/long/path/to/the/decision/record/gpupick.toml"
	for _, tc := range []struct {
		w    int
		want string
	}{{140, "loaded " + long}, {80, "loaded gpupick.toml"}} {
		m := newTestModel(t, tc.w, 24, func(c *Config) { c.LoadedFrom = long })
		if head := strings.Split(screen(m), "\n")[0]; !strings.Contains(head, tc.want) {
			t.Errorf("%d columns: header %q lacks %q", tc.w, head, tc.want)
		}
	}
}

func TestOverBudgetShowsSuggestions(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, goTo(t, m, fBudget), "$0.05/h")
	s := screen(m)
	for _, want := range []string{"✖ over budget", "No offer keeps the budget", "→ Precision: int4 — use int4 precision: needs 40 GiB", "quality: int4 weights may answer worse"} {
		if !strings.Contains(s, want) {
			t.Errorf("over-budget frame lacks %q:\n%s", want, s)
		}
	}
	// The ranking of every keystroke leaves the suggestions out: they come
	// in after it, for the ranking shown (the internal/systemtest
	// TestWizardShowsWaysBack shows them on the real advisor).
	if !advisorOptions("en").NoSuggestions || m.sugg.seq != m.resSeq || len(m.sugg.list) != len(m.res.Suggestions) || len(m.sugg.list) == 0 {
		t.Errorf("suggestions of ranking %d (%d), ranking shown %d", m.sugg.seq, len(m.sugg.list), m.resSeq)
	}
	// Nothing keeps it: every offer is over, counted.
	if !regexp.MustCompile(`─ \d+ over budget ─`).MatchString(s) || !strings.Contains(s, strconv.Itoa(m.res.OverBudget)+" over budget") {
		t.Errorf("over-budget frame lacks the separator or the count:\n%s", s)
	}
	// Some keep it: the selected one is not flagged, and those over it
	// follow, counted.
	m = press(t, m, "ctrl+u", "$1/h")
	if s := screen(m); strings.Contains(s, "✖ over budget") || m.res.OverBudget == 0 ||
		!strings.Contains(s, strconv.Itoa(m.res.OverBudget)+" over budget") {
		t.Errorf("within budget yet flagged, or the over-budget count missing:\n%s", s)
	}
}

func TestChosenOptionStaysVisible(t *testing.T) {
	m := newTestModel(t, 60, 16)
	for i, want := range []string{"Full fine-tune", "LoRA", "QLoRA", "Pre-train", "I know my VRAM"} {
		m = press(t, m, "down")
		if s := screen(m); !strings.Contains(s, "› ● "+want) {
			t.Fatalf("after %d downs the chosen option %q is hidden:\n%s", i+1, want, s)
		}
	}
}

func TestStepListShowsEveryStepWhenStacked(t *testing.T) {
	for _, keys := range [][]string{{"ctrl+g"}, {"ctrl+o", "ctrl+g"}} {
		m := press(t, newTestModel(t, 80, 24), keys...)
		s := screen(m)
		for _, want := range []string{"1 Workload", "7 Interruptions", "0 Data & egress"} {
			if !strings.Contains(s, want) {
				t.Errorf("after %v the step list lacks %q:\n%s", keys, want, s)
			}
		}
	}
}

func TestHelpLineKeepsTheHelpKey(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		for _, keys := range [][]string{nil, {"ctrl+o"}} {
			m := press(t, newTestModel(t, 60, 16, func(c *Config) { c.Lang = lang }), keys...)
			lines := strings.Split(screen(m), "\n")
			last := lines[len(lines)-1]
			if !strings.Contains(last, "? "+m.t.s(mKeyHelp)) {
				t.Errorf("%s %v: help line lacks the ? key: %q", lang, keys, last)
			}
		}
	}
}

func TestPresetListShowsAlternativesOfAChosenPreset(t *testing.T) {
	m := press(t, newTestModel(t, 140, 40), "enter") // the model step, "llama-3.1-8b"
	s := screen(m)
	if !strings.Contains(s, "presets matching: 8") || !strings.Contains(s, "› llama-3.1-8b") || !strings.Contains(s, "qwen2.5-7b") {
		t.Fatalf("the default preset hides the others:\n%s", s)
	}
	m = press(t, m, "down")
	if m.form.answers.Model != "llama-3.1-70b" {
		t.Fatalf("down from the chosen preset picks %q", m.form.answers.Model)
	}
	m = press(t, m, "ctrl+u", "qwen")
	if n := len(presetMatches(&m.form)); n != 2 {
		t.Fatalf("typing still filters: %d matches", n)
	}
}

func TestShiftArrowsScrollTheDetailWhileAnswering(t *testing.T) {
	m := newTestModel(t, 140, 40, func(c *Config) { c.Answers.EgressGB = 50 })
	if !strings.Contains(screen(m), "more below: shift+↓ scrolls") {
		t.Fatalf("the hint does not name the key that works here:\n%s", screen(m))
	}
	m = press(t, m, "shift+down", "shift+down", "shift+down")
	if m.focus != focusForm || !strings.Contains(screen(m), "Assumptions") {
		t.Fatalf("shift+down did not scroll the detail:\n%s", screen(m))
	}
	if m.form.raw[fWorkload] != "inference" {
		t.Fatal("shift+down changed the answer")
	}
}

func TestBlankAnswersSayWhatTheyMean(t *testing.T) {
	for _, tc := range []struct {
		at   fieldID
		want string
	}{{fBudget, "›   blank: none"}, {fGPU, "›   blank: any"}, {fDataGB, "›   blank: none"}} {
		m := goTo(t, newTestModel(t, 80, 24), tc.at)
		if s := screen(m); !strings.Contains(s, tc.want) {
			t.Errorf("%s lacks %q:\n%s", wizard.Get().defs[tc.at].q.Key, tc.want, s)
		}
	}
	zh := goTo(t, newTestModel(t, 80, 24, func(c *Config) { c.Lang = "zh" }), fGPU)
	if s := screen(zh); !strings.Contains(s, "留空：不限") {
		t.Errorf("zh placeholder:\n%s", s)
	}
	// The line prompts say the same.
	out := runAccessible(t, "en", prompts(model.DefaultAnswers(), nil)+"-\n", nil)
	for _, want := range []string{"GPU model (accepts: a GPU name, e.g. H100, A100-80GB, 4090; blank for any) [any]", "Budget (accepts:", "blank for none) [none]"} {
		if !strings.Contains(out, want) {
			t.Errorf("line prompts lack %q:\n%s", want, out)
		}
	}
}

func TestHelpScrollsOnASmallScreen(t *testing.T) {
	m := press(t, newTestModel(t, 60, 16), "?")
	if s := screen(m); !strings.Contains(s, "more below: ↓ scrolls") || !strings.Contains(s, "↑/↓ scroll") {
		t.Fatalf("a cut help screen does not say so:\n%s", s)
	}
	for range 40 {
		m = press(t, m, "down")
	}
	s := screen(m)
	if !strings.Contains(s, "warnings: ✖ critical") || strings.Contains(s, "more below") {
		t.Fatalf("scrolling does not reach the end:\n%s", s)
	}
	m = press(t, m, "up")
	if !strings.Contains(screen(m), "more below") {
		t.Fatalf("up does not scroll back from the end:\n%s", screen(m))
	}
	if m = press(t, m, "esc"); m.overlay != overlayNone {
		t.Fatal("esc should close the help")
	}
}

// The detail of a live marketplace offer says when its price was fetched.
func TestDetailShowsLiveFetch(t *testing.T) {
	m := newTestModel(t, 160, 50, func(c *Config) {
		cat := *c.Catalog
		cat.Offers = slices.Clone(cat.Offers)
		for i := range cat.Offers {
			cat.Offers[i].EditDetail().FetchedAt = "2027-06-01T11:00:00Z"
		}
		c.Catalog = &cat
	})
	if s := screen(m); !strings.Contains(s, "live price fetched 2027-06-01T11:00:00Z") {
		t.Errorf("the detail of a live offer does not say when it was fetched:\n%s", s)
	}
}
