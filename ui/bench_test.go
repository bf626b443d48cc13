package ui

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// bigCatalog is the test catalog's offers repeated with varied prices up
// to n offers.
func bigCatalog(n int) *model.Catalog { return grow(testCatalog(), n) }

// grow repeats a catalog's offers with varied prices up to n offers.
func grow(src *model.Catalog, n int) *model.Catalog {
	c := *src
	cat := &c
	base := src.Offers
	cat.Offers = make([]model.Offer, 0, n)
	for i := 0; len(cat.Offers) < n; i++ {
		o := base[i%len(base)]
		o.InstanceType = fmt.Sprintf("%s-%d", o.InstanceType, i)
		f := 0.8 + float64(i%97)/200
		o.OnDemand *= f
		o.Spot *= f
		cat.Offers = append(cat.Offers, o)
	}
	return cat
}

// benchModel is a 140x40 model on a catalog with the real ranker, at the
// concurrent-users question with 8 typed.
func benchModel(b *testing.B, cat *model.Catalog) Model {
	b.Helper()
	m := New(Config{Catalog: cat, Answers: model.DefaultAnswers(), Lang: "en"})
	m.now = func() time.Time { return fixedNow }
	m = update(b, m, tea.WindowSizeMsg{Width: 140, Height: 40})
	m = settle(b, m, m.Init())
	m = goTo(b, m, fUsers) // context & load: concurrent users
	// Edit the answer ("1") rather than replace it, so that the keys below
	// alternate between two valid answers, 16 and 1 (a blank answer does
	// not parse and is not ranked).
	m = press(b, m, "end")
	return m
}

// keystroke sends one key through Update, runs the ranking command it
// returns and feeds the result back, then renders the frame: what the
// program does for every key the user types.
func keystroke(b *testing.B, m Model, k tea.KeyPressMsg) Model {
	nm, cmd := m.Update(k)
	m = nm.(Model)
	if cmd == nil {
		b.Fatal("the key did not re-rank")
	}
	msg := cmd()
	if _, ok := msg.(resultMsg); !ok {
		b.Fatalf("the key gave %T, not a ranking", msg)
	}
	nm, _ = m.Update(msg)
	m = nm.(Model)
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

// BenchmarkKeystroke measures one key through Update, the re-ranking
// command and View at 140x40, with the real advisor, on the synthetic
// catalogs (internal/systemtest's BenchmarkKeystroke measures the same on
// the embedded catalog).
func BenchmarkKeystroke(b *testing.B) {
	b.Run("catalog=test", func(b *testing.B) { benchKeystroke(b, testCatalog()) })
	b.Run("catalog=1k", func(b *testing.B) { benchKeystroke(b, bigCatalog(1_000)) })
	b.Run("catalog=10k", func(b *testing.B) { benchKeystroke(b, bigCatalog(10_000)) })
	b.Run("catalog=100k", func(b *testing.B) { benchKeystroke(b, bigCatalog(100_000)) })
	b.Run("catalog=1M", func(b *testing.B) { benchKeystroke(b, bigCatalog(1_000_000)) })
}

// BenchmarkKeystrokeUI is BenchmarkKeystroke without the advisor's share:
// Update, applying a ready ranking and View.
func BenchmarkKeystrokeUI(b *testing.B) {
	for _, n := range []int{24, 100_000} {
		b.Run(fmt.Sprintf("offers=%d", n), func(b *testing.B) {
			cat := bigCatalog(n)
			m := benchModel(b, cat)
			res := [2]resultMsg{}
			for i, raw := range []string{"16", "1"} {
				a := m.form.answers
				a.Batch = map[string]int{"16": 16, "1": 1}[raw]
				res[i] = resultMsg{res: recommend(cat, a, advisorOptions("en"))}
			}
			keys := []tea.KeyPressMsg{{Code: '6', Text: "6"}, {Code: tea.KeyBackspace}}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				nm, _ := m.Update(keys[i%2])
				m = nm.(Model)
				r := res[i%2]
				r.seq = m.seq
				nm, _ = m.Update(r)
				m = nm.(Model)
				_ = m.View()
			}
		})
	}
}

// BenchmarkView renders one 140x40 frame.
func BenchmarkView(b *testing.B) {
	m := benchModel(b, testCatalog())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}
