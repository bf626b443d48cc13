package ui

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// replay drives a model in process the way the program does, except that
// each ranking (resultMsg) lands lag keys after the key whose commands
// asked for it (0: at once). Every other message lands at once.
type replay struct {
	m    Model
	lag  int
	held []heldRanking
	keys int  // keys sent so far
	quit bool // the wizard asked to quit: no more keys are sent
}

// heldRanking is a ranking that lands once at keys have been sent.
type heldRanking struct {
	at  int
	msg resultMsg
}

// run executes a command and delivers what it returns.
func (r *replay) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			r.run(c)
		}
	case resultMsg:
		if r.lag > 0 {
			r.held = append(r.held, heldRanking{at: r.keys + r.lag, msg: msg})
			return
		}
		r.deliver(msg)
	case tea.QuitMsg:
		r.quit = true
	case saveDoneMsg, expandMsg, whyMsg, suggMsg, refreshedMsg, reloadedMsg:
		r.deliver(msg)
	}
}

// deliver sends one message to the model and runs its commands.
func (r *replay) deliver(msg tea.Msg) {
	nm, cmd := r.m.Update(msg)
	r.m = nm.(Model)
	r.run(cmd)
}

// land delivers, in the order they were asked for, the held rankings due
// once upTo keys have been sent.
func (r *replay) land(upTo int) {
	for {
		i := slices.IndexFunc(r.held, func(h heldRanking) bool { return h.at <= upTo })
		if i < 0 {
			return
		}
		msg := r.held[i].msg
		r.held = slices.Delete(r.held, i, i+1)
		r.deliver(msg)
	}
}

// send sends input until the wizard quits, then lands every ranking left.
func (r *replay) send(input []tea.Msg) {
	for _, msg := range input {
		if r.quit {
			break
		}
		r.keys++
		r.deliver(msg)
		r.land(r.keys)
	}
	if !r.quit {
		r.land(int(^uint(0) >> 1))
	}
}

// Random input like the harness class wiz-tmux-80x24-random-2000keys
// (../shared/tools/badinput/badinput.py: random_key_script): text, named
// keys, control keys and pastes. ctrl+c is left out, as there.
var (
	replayText  = []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:-_=+*?!@#$%^&()[]{}<>|'\"`¥元万中文ｱ１２")
	replayNamed = []tea.KeyPressMsg{
		{Code: tea.KeyUp}, {Code: tea.KeyDown}, {Code: tea.KeyLeft}, {Code: tea.KeyRight},
		{Code: tea.KeyTab}, {Code: tea.KeyTab, Mod: tea.ModShift}, {Code: tea.KeyEnter}, {Code: tea.KeyEscape},
		{Code: tea.KeyBackspace}, {Code: tea.KeyDelete}, {Code: tea.KeyHome}, {Code: tea.KeyEnd},
		{Code: tea.KeyPgUp}, {Code: tea.KeyPgDown}, {Code: tea.KeySpace, Text: " "}, {Code: tea.KeyF1}, {Code: tea.KeyF2},
		{Code: tea.KeyUp, Mod: tea.ModShift}, {Code: tea.KeyDown, Mod: tea.ModShift},
		{Code: tea.KeyLeft, Mod: tea.ModShift}, {Code: tea.KeyRight, Mod: tea.ModShift}, {Code: tea.KeyEnter, Mod: tea.ModAlt},
	}
	replayCtrl = []rune("abegostxuwklnpfryhj")
)

// randomInput is n seeded random key presses and pastes.
func randomInput(seed uint64, n int) []tea.Msg {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	text := func(k int) string {
		var b strings.Builder
		for range k {
			b.WriteRune(replayText[rng.IntN(len(replayText))])
		}
		return b.String()
	}
	var out []tea.Msg
	for len(out) < n {
		switch r := rng.Float64(); {
		case r < 0.01:
			out = append(out, tea.PasteMsg{Content: text(20 + rng.IntN(200))})
		case r < 0.55:
			for _, c := range text(1 + rng.IntN(8)) {
				out = append(out, tea.KeyPressMsg{Code: c, Text: string(c)})
			}
		case r < 0.88:
			for range 1 + rng.IntN(4) {
				out = append(out, replayNamed[rng.IntN(len(replayNamed))])
			}
		default:
			out = append(out, tea.KeyPressMsg{Code: replayCtrl[rng.IntN(len(replayCtrl))], Mod: tea.ModCtrl})
		}
	}
	return out[:n]
}

// replayFiles keeps what a replay saved: records and launch configs, by
// path.
type replayFiles struct {
	store    fakeStore
	mu       sync.Mutex
	launches map[string]launchCall
}

// launchCall is a launch config as written: its launcher and record.
type launchCall struct {
	tool LaunchTool
	rec  model.Record
}

func (f *replayFiles) launch(path string, tool LaunchTool, rec model.Record, _ *model.Catalog, _ bool) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.launches == nil {
		f.launches = map[string]launchCall{}
	}
	f.launches[path] = launchCall{tool, rec}
	return nil, nil
}

// replayState is what the outcome of a key sequence is: the selected
// offer, the answers, where the wizard is, and what it saved.
type replayState struct {
	Selected, Status             string
	Pick                         offerKey
	Raw, SavedRaw                []string
	Answers                      model.Answers
	Step                         int
	Focus                        focusArea
	Overlay                      overlay
	Filter                       string
	Sort                         sortKey
	Marked                       []offerKey
	Detail, Compare, Saved, Quit bool
	Export                       exportStep
	ExportPath                   string
	Leaving                      leaveAsk
	Files                        map[string]model.Record
	Calls                        []string
	Launches                     map[string]launchCall
	Queued                       int
}

// replayOnce replays input on a fresh wizard (the test catalog and fake
// ranker when real is false, else the catalog of the list tests and the
// advisor), each ranking landing lag keys late.
func replayOnce(t *testing.T, input []tea.Msg, lag int, real bool) (replayState, *replay) {
	t.Helper()
	files := &replayFiles{}
	cfg := func(c *Config) { c.Save, c.Launch = files.store.save, files.launch }
	var m Model
	if real {
		c := Config{Catalog: listCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test"}
		cfg(&c)
		m = New(c)
		m.now = func() time.Time { return fixedNow }
		m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
		m = settle(t, m, m.Init())
	} else {
		m = newTestModel(t, 80, 24, cfg)
	}
	r := &replay{m: m, lag: lag}
	r.send(input)
	m = r.m
	st := replayState{
		Status: m.status, Pick: m.offers.pick, Raw: m.form.raw, SavedRaw: m.savedRaw, Answers: m.form.effective(),
		Step: m.form.step, Focus: m.focus, Overlay: m.overlay, Filter: m.offers.filter, Sort: m.offers.sort,
		Marked: m.offers.marked, Detail: m.pane.detail, Compare: m.pane.compare, Saved: m.saved, Quit: r.quit,
		Export: m.export.state, ExportPath: m.export.path, Leaving: m.leaving,
		Files: files.store.files, Calls: files.store.calls, Launches: files.launches,
	}
	if row := m.offers.selectedRow(); row != nil {
		st.Selected = rowKey(row)
	}
	if !r.quit {
		st.Queued = len(m.queue)
	}
	return st, r
}

// TestReplayDoesNotDependOnRankingTimes replays fixed random key sequences
// (seeded) with each ranking landing at once, and again landing 1, 3 and 7
// keys late: the outcome (selected offer, answers, where the wizard is,
// what it saved) is the same (issue 26).
func TestReplayDoesNotDependOnRankingTimes(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		keys int
		real bool
	}{
		{1, 2000, false}, {4, 2000, false}, {5, 2000, false}, {6, 600, true},
	} {
		t.Run(fmt.Sprintf("seed%d", tc.seed), func(t *testing.T) {
			input := randomInput(tc.seed, tc.keys)
			want, r := replayOnce(t, input, 0, tc.real)
			if want.Pick == (offerKey{}) || len(want.Calls)+len(want.Launches) == 0 {
				t.Fatalf("the sequence picked no offer (%v) or saved nothing: it tests little", want.Pick)
			}
			t.Logf("at once: %d keys sent, quit %v, pick %v, selected %q, %d saves, %d launches, focus %v",
				r.keys, want.Quit, want.Pick, want.Selected, len(want.Calls), len(want.Launches), want.Focus)
			for _, lag := range []int{1, 3, 7} {
				got, _ := replayOnce(t, input, lag, tc.real)
				gv, wv := reflect.ValueOf(got), reflect.ValueOf(want)
				for i := range gv.NumField() {
					if g, w := gv.Field(i).Interface(), wv.Field(i).Interface(); !reflect.DeepEqual(g, w) {
						t.Errorf("rankings %d keys late: %s differs\n got %+v\nwant %+v", lag, gv.Type().Field(i).Name, g, w)
					}
				}
			}
		})
	}
}

// hold sends keys without running their commands (the rankings they ask
// for are due) and returns the commands held.
func hold(t *testing.T, m Model, names ...string) (Model, []tea.Cmd) {
	t.Helper()
	var held []tea.Cmd
	for _, k := range keyMsgs(names...) {
		nm, cmd := m.Update(k)
		m, held = nm.(Model), append(held, cmd)
	}
	return m, held
}

// land runs held commands, delivering what they return.
func land(t *testing.T, m Model, held []tea.Cmd) Model {
	t.Helper()
	for _, c := range held {
		m = settle(t, m, c)
	}
	return m
}

// TestQueue: what waits for a due ranking, what does not, and that the
// input is handled in the order it was typed once the ranking lands.
func TestQueue(t *testing.T) {
	m := press(t, newTestModel(t, 140, 40), "enter") // the model question
	m, held := hold(t, m, "ctrl+u", "70B")
	if m.form.raw[fModel] != "70B" || len(m.queue) != 0 {
		t.Fatalf("typing in a question waited: %q, %d queued", m.form.raw[fModel], len(m.queue))
	}
	before := m.offers.sel
	m, more := hold(t, m, "ctrl+n", "ctrl+u", "8B")
	held = append(held, more...)
	if len(m.queue) != 4 || m.offers.sel != before || m.form.raw[fModel] != "70B" {
		t.Fatalf("ctrl+n and the typing behind it should wait: %d queued, sel %d (was %d), model %q",
			len(m.queue), m.offers.sel, before, m.form.raw[fModel])
	}
	// The ranking of 70B lands: ctrl+n moves in it, then 8B is typed.
	a70 := m.asked
	m = land(t, m, held)
	want := fakeRank(m.cfg.Catalog, a70, advisorOptions("en")).Recommendations[1]
	if len(m.queue) != 0 || m.form.raw[fModel] != "8B" || m.offers.pick != (offerKey{want.Provider, want.InstanceType, want.Nodes}) {
		t.Fatalf("after the ranking: %d queued, model %q, pick %v, want the second offer of 70B %s",
			len(m.queue), m.form.raw[fModel], m.offers.pick, recKey(&want))
	}
}

// TestQueueKeysThatDoNotWait: help, the step list, the focus key and
// ctrl+c are handled while a ranking is due; the offer keys, saving and
// the trial plan wait.
func TestQueueKeysThatDoNotWait(t *testing.T) {
	m := press(t, newTestModel(t, 140, 40), "enter")
	m, _ = hold(t, m, "ctrl+u", "70B")
	ctrl := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModCtrl} }
	for _, tc := range []struct {
		key  tea.KeyPressMsg
		wait bool
	}{
		{keyMsgs("?")[0], false}, {ctrl('g'), false}, {ctrl('o'), false}, {ctrl('c'), false}, {keyMsgs("x")[0], false},
		{ctrl('n'), true}, {ctrl('p'), true}, {ctrl('s'), true}, {ctrl('x'), true}, {ctrl('t'), true}, {ctrl('r'), true},
	} {
		r := newKeyRouter(&m)
		if got := r.waits(tc.key); got != tc.wait {
			t.Errorf("%s while a ranking is due: waits %v, want %v", tc.key, got, tc.wait)
		}
	}
	// The offers, with the focus: every key waits; a paste into the
	// question does not.
	r := newKeyRouter(&m)
	if r.waits(tea.PasteMsg{Content: "x"}) {
		t.Error("a paste into the question waited")
	}
	r.focus = focusOffers
	if !r.waits(keyMsgs("down")[0]) || !r.waits(keyMsgs("q")[0]) {
		t.Error("the offers' keys should wait")
	}
	// On the workload question a choice waits: "I know my VRAM" starts
	// from the due ranking's estimate.
	w, _ := hold(t, newTestModel(t, 140, 40), "down")
	if w.form.current() != fWorkload || !newKeyRouter(&w).waits(keyMsgs("down")[0]) {
		t.Error("a choice on the workload question should wait for the ranking")
	}
	// Once the ranking is in, nothing waits.
	m = settle(t, m, m.rankWith(m.seq, m.asked, advisorOptions("en")))
	if r := newKeyRouter(&m); r.due || r.waits(keyMsgs("ctrl+n")[0]) {
		t.Fatal("ctrl+n waits with no ranking due")
	}
}

// TestPickSurvivesRankingsBetween: a ranking that does not list the
// picked offer, landing before one that does, does not lose the pick, so
// the selection is the same whether it landed or not.
func TestPickSurvivesRankingsBetween(t *testing.T) {
	base := press(t, newTestModel(t, 140, 40), "ctrl+o", "down", "down", "ctrl+o", "enter")
	picked := base.offers.pick
	keys := []string{"ctrl+u", "405B", "ctrl+u", "7B"}
	atOnce := press(t, base, keys...)
	late, held := hold(t, base, keys...)
	late = land(t, late, held)
	for name, m := range map[string]Model{"at once": atOnce, "late": late} {
		if got := m.offers.selectedKey(); got != picked {
			t.Errorf("rankings landing %s: selected %v, want the pick %v", name, got, picked)
		}
	}
}

// TestSaveHoldsInput: keys typed while a save runs wait for it instead of
// being swallowed by its dialogue.
func TestSaveHoldsInput(t *testing.T) {
	store := &fakeStore{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Save = store.save })
	m, held := hold(t, m, "ctrl+s", "enter", "ctrl+o", "down")
	if m.export.state != exportSaving || len(m.queue) != 2 {
		t.Fatalf("export %v, %d queued", m.export.state, len(m.queue))
	}
	m = land(t, m, held)
	if len(store.files) != 1 || m.focus != focusOffers || m.offers.sel != 1 {
		t.Fatalf("after the save: %d files, focus %v, sel %d", len(store.files), m.focus, m.offers.sel)
	}
}

// TestWholeListHoldsListKeys: end on a partial list asks for the whole
// list; a key after it waits for that list and moves in it.
func TestWholeListHoldsListKeys(t *testing.T) {
	m := press(t, realModel(t, model.DefaultAnswers()), "ctrl+o")
	if m.offers.complete {
		t.Fatal("the first ranking lists every offer: the test needs a partial one")
	}
	m, held := hold(t, m, "end", "up")
	if m.allDue != m.seq || len(m.queue) != 1 {
		t.Fatalf("whole list due %d (seq %d), %d queued", m.allDue, m.seq, len(m.queue))
	}
	m = land(t, m, held)
	if !m.offers.complete || m.offers.sel != len(m.offers.view)-2 {
		t.Fatalf("complete %v, sel %d of %d: up should move from the last of the whole list", m.offers.complete, m.offers.sel, len(m.offers.view))
	}
}

// TestQuitEndsInput: input after the key that quits is not handled.
func TestQuitEndsInput(t *testing.T) {
	m := press(t, newTestModel(t, 140, 40), "ctrl+o", "q")
	if !m.quitting {
		t.Fatal("q with nothing unsaved should quit")
	}
	if m = press(t, m, "ctrl+o"); m.focus != focusOffers {
		t.Fatal("a key after quitting was handled")
	}
}
