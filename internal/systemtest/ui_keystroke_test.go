package systemtest

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
)

// benchModel is the wizard at 140x40 on a catalog with the real advisor,
// at the concurrent-users question (step 4 of the step list, one tab) with
// its answer's end selected: a 6 makes 16 users, a backspace 1 again.
func benchModel(b *testing.B, cat *model.Catalog) ui.Model {
	b.Helper()
	m := ui.New(ui.Config{Catalog: cat, Answers: model.DefaultAnswers(), Lang: "en"})
	m, cmd := wizardUpdate(m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m = settle(m, cmd)
	m = settle(m, m.Init())
	m = press(m, tea.KeyPressMsg{Code: 'g', Mod: tea.ModCtrl})
	m = press(m, text("4")...)
	m = press(m, tea.KeyPressMsg{Code: tea.KeyTab}, tea.KeyPressMsg{Code: tea.KeyEnd})
	// The keys edit the users' answer, by its answer: 16, then 1.
	if m = press(m, text("6")...); m.Answers().Batch != 16 {
		b.Fatalf("6 at the users question gave %d users", m.Answers().Batch)
	}
	if m = press(m, tea.KeyPressMsg{Code: tea.KeyBackspace}); m.Answers().Batch != 1 {
		b.Fatalf("backspace at the users question gave %d users", m.Answers().Batch)
	}
	return m
}

// keystroke sends one key through Update, runs the ranking command it
// returns and feeds its message back, then renders the frame: what the
// program does for every key the user types.
func keystroke(b *testing.B, m ui.Model, k tea.KeyPressMsg) ui.Model {
	m, cmd := wizardUpdate(m, k)
	if cmd == nil {
		b.Fatal("the key did not re-rank")
	}
	msg := cmd()
	if _, ok := msg.(tea.BatchMsg); ok || msg == nil {
		b.Fatalf("the key gave %T, not a ranking", msg)
	}
	m, _ = wizardUpdate(m, msg)
	_ = m.View()
	return m
}

func benchKeystroke(b *testing.B, cat *model.Catalog) {
	m := benchModel(b, cat)
	keys := []tea.KeyPressMsg{{Code: '6', Text: "6"}, {Code: tea.KeyBackspace}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m = keystroke(b, m, keys[i%2])
	}
}

// BenchmarkKeystroke measures one key through the wizard's Update, the
// re-ranking command and View at 140x40, with the real advisor, on the
// embedded catalog and on it grown to 100k offers (ui's BenchmarkKeystroke
// measures the same on the synthetic catalogs).
func BenchmarkKeystroke(b *testing.B) {
	b.Run("catalog=embedded", func(b *testing.B) { benchKeystroke(b, embeddedCatalog(b)) })
	b.Run("catalog=embedded-grown-to-100k", func(b *testing.B) { benchKeystroke(b, grow(embeddedCatalog(b), 100_000)) })
}
