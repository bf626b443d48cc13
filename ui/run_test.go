package ui

import (
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

// While the catalog loads (Config.Pending) the wizard draws an empty
// alternate screen; the size and keys that came first reach the wizard in
// order once it is built.
func TestStarterReplaysEarlyMessages(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	loaded := false
	s := &starter{load: func() (Config, error) {
		loaded = true
		return Config{Catalog: testCatalog(), Answers: model.DefaultAnswers(), Lang: "en", Version: "test"}, nil
	}}
	join := s.Init()
	if loaded {
		t.Fatal("the catalog was joined before the terminal program ran the command")
	}
	for _, msg := range []tea.Msg{tea.WindowSizeMsg{Width: 140, Height: 40}, keyMsgs("?")[0]} {
		if _, cmd := s.Update(msg); cmd != nil {
			t.Fatalf("%T before the catalog: a command", msg)
		}
	}
	if v := s.View(); v.Content != "" || !v.AltScreen {
		t.Fatalf("before the catalog: frame %q, alternate screen %v; want an empty alternate screen", v.Content, v.AltScreen)
	}
	if _, cmd := s.Update(join()); cmd == nil {
		t.Fatal("the built wizard's first commands (the ranking) are missing")
	}
	m, ok := s.inner.(Model)
	if !ok {
		t.Fatalf("inner model is %T", s.inner)
	}
	if m.width != 140 || m.height != 40 {
		t.Errorf("size %dx%d, want the 140x40 that came first", m.width, m.height)
	}
	if m.overlay != overlayHelp {
		t.Error("the ? pressed before the catalog did not open the help")
	}
	if v := s.View(); v.Content == "" || !v.AltScreen {
		t.Error("after the catalog the wizard's frame is not drawn")
	}
}

// A load that fails ends the program with its error.
func TestStarterLoadFailure(t *testing.T) {
	bad := errors.New("catalog damaged")
	s := &starter{load: func() (Config, error) { return Config{}, bad }}
	_, cmd := s.Update(s.Init()())
	if cmd == nil {
		t.Fatal("no command after a failed load; want quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("a failed load does not quit")
	}
	if !errors.Is(s.err, bad) {
		t.Errorf("err %v, want the load's", s.err)
	}
}
