package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// fakeStore is a Save that keeps records in memory and refuses to
// overwrite unless told, like the real atomic writer.
type fakeStore struct {
	mu    sync.Mutex
	files map[string]model.Record
	calls []string
}

func (s *fakeStore) save(path string, rec model.Record, overwrite bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, fmt.Sprintf("%s overwrite=%v", path, overwrite))
	if s.files == nil {
		s.files = map[string]model.Record{}
	}
	if _, ok := s.files[path]; ok && !overwrite {
		return fmt.Errorf("save %s: %w", path, fs.ErrExist)
	}
	s.files[path] = rec
	return nil
}

func TestExportFlow(t *testing.T) {
	store := &fakeStore{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Save = store.save })
	m = press(t, m, "enter", "ctrl+u", "70B", "enter")
	m = press(t, m, "ctrl+o", "down") // choose the second offer
	chosen := *m.offers.selected()

	m = press(t, m, "ctrl+s")
	if !strings.Contains(screen(m), "Save decision record to: ./gpupick.toml") {
		t.Fatalf("no path prompt:\n%s", screen(m))
	}
	m = press(t, m, "enter")
	rec, ok := store.files["./gpupick.toml"]
	if !ok {
		t.Fatalf("not saved: %v", store.calls)
	}
	abs, _ := filepath.Abs("./gpupick.toml")
	if !strings.Contains(screen(m), "saved "+abs) {
		t.Fatalf("saved path not reported:\n%s", screen(m))
	}
	if rec.SchemaVersion != model.RecordSchemaVersion || rec.Tool != "gpupick test" || !rec.Created.Equal(fixedNow) {
		t.Errorf("record header %+v", rec)
	}
	if rec.Catalog.SnapshotDate != "2026-01-15" || rec.Answers.ParamsB != 70 || rec.Requirement.VRAMGiB <= 0 {
		t.Errorf("record body %+v", rec)
	}
	if rec.Choice == nil || recKey(rec.Choice) != recKey(&chosen) || len(rec.Choice.PriceModels) == 0 {
		t.Fatalf("choice %+v, want %s with price models", rec.Choice, recKey(&chosen))
	}

	// Saving again asks before overwriting; n goes back to the path.
	m = press(t, m, "ctrl+s", "enter")
	if !strings.Contains(screen(m), "./gpupick.toml exists. Overwrite? y/n") {
		t.Fatalf("no overwrite question:\n%s", screen(m))
	}
	m = press(t, m, "n")
	if m.export.state != exportPath {
		t.Fatal("n should go back to the path")
	}
	m = press(t, m, "enter", "y")
	if last := store.calls[len(store.calls)-1]; last != "./gpupick.toml overwrite=true" {
		t.Fatalf("calls %v", store.calls)
	}
	// Another path, and esc cancels.
	m = press(t, m, "ctrl+s", "ctrl+u", "other.toml", "enter")
	if _, ok := store.files["other.toml"]; !ok {
		t.Fatalf("other path not saved: %v", store.calls)
	}
	n := len(store.calls)
	m = press(t, m, "ctrl+s", "esc")
	if len(store.calls) != n || !strings.Contains(screen(m), "not saved") {
		t.Fatalf("esc should cancel:\n%s", screen(m))
	}
}

func TestExportError(t *testing.T) {
	m := newTestModel(t, 80, 24, func(c *Config) {
		c.Save = func(string, model.Record, bool) error { return errors.New("disk full") }
	})
	m = press(t, m, "ctrl+s", "enter")
	if !strings.Contains(screen(m), "save failed: disk full") || m.export.active() {
		t.Fatalf("error not reported:\n%s", screen(m))
	}
}

func TestExportRecordsFreshRanking(t *testing.T) {
	// The record is ranked in the save command, so it matches the answers
	// even when the panel's ranking has not arrived yet.
	store := &fakeStore{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Save = store.save })
	m = press(t, goTo(t, m, fModel), "ctrl+u")
	var held []tea.Cmd
	for _, k := range keyMsgs("405B") {
		nm, cmd := m.Update(k) // commands held: the panel is stale
		m, held = nm.(Model), append(held, cmd)
	}
	m = press(t, m, "ctrl+s", "enter")
	if _, ok := store.files["./gpupick.toml"]; ok || len(m.queue) != 2 {
		t.Fatalf("ctrl+s and enter should wait for the ranking of 405B: saved %v, %d queued", ok, len(m.queue))
	}
	for _, c := range held {
		m = settle(t, m, c)
	}
	rec, ok := store.files["./gpupick.toml"]
	if !ok || !m.saved {
		t.Fatalf("not saved: file %v, model saved %v", ok, m.saved)
	}
	if rec.Answers.ParamsB != 405 || rec.Requirement.ParamsB != 405 {
		t.Fatalf("record is stale: answers %v requirement %v", rec.Answers.ParamsB, rec.Requirement.ParamsB)
	}
}
