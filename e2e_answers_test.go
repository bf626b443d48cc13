package main

// End-to-end tests that the wizard answers the question that was typed:
// typing replaces a default, enter refuses what does not parse, an
// invalid answer is never priced or saved as another value, and ctrl+c
// before saving exits 130.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
)

// startTmuxStatus is startTmux with the program run by a small shell
// wrapper that writes its exit status to a file, since tmux does not
// always keep the status of a dead pane.
func startTmuxStatus(t *testing.T, bin string, width, height int) (*tmuxSession, string) {
	t.Helper()
	dir := t.TempDir()
	status := filepath.Join(dir, "status")
	wrapper := filepath.Join(dir, "run.sh")
	script := "#!/bin/sh\n\"$@\"\necho $? > " + shellJoin([]string{status}) + ".tmp && mv " + shellJoin([]string{status}) + ".tmp " + shellJoin([]string{status}) + "\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return startTmux(t, wrapper, width, height, nil, bin), status
}

// exitStatus waits for the wrapped program to end and returns its exit code.
func (s *tmuxSession) exitStatus(file string) string {
	s.t.Helper()
	read := func() string {
		b, _ := os.ReadFile(file)
		return strings.TrimSpace(string(b))
	}
	return s.poll("the program's exit status in "+file, read, func(v string) bool { return v != "" })
}

// refused is the condition that the footer says enter was refused (the
// message may wrap over two lines).
func refused(screen string) bool {
	return strings.Contains(strings.Join(strings.Fields(screen), " "), "fix it to go on")
}

func TestWizardAnswersWhatWasTyped(t *testing.T) {
	t.Parallel()
	s, status := startTmuxStatus(t, buildBinary(t), 80, 24)
	s.waitFor("the first question and a ranking", ranked)
	s.send("Enter")
	s.waitText("Pick a preset", "› llama-3.1-8b")

	// Typing replaces the selected default.
	s.sendText("llama 70")
	screen := s.waitText("› llama 70", "matches 3 presets")
	if strings.Contains(screen, "llama-3.1-8bllama") {
		t.Fatalf("typing appended to the default:\n%s", screen)
	}
	// Enter on an ambiguous name stays and lists the candidates.
	s.send("Enter")
	screen = s.waitFor("enter refused on llama 70", func(sc string) bool { return refused(sc) && shows("› llama 70")(sc) })
	for _, want := range []string{"llama-2-70b", "llama-3.1-70b", "llama-3.3-70b", "Pick a preset"} {
		if !strings.Contains(screen, want) {
			t.Errorf("enter on llama 70: screen lacks %q:\n%s", want, screen)
		}
	}
	s.send("C-u")
	s.sendText("mixtral")
	s.send("Enter")
	screen = s.waitFor("enter refused on mixtral", func(sc string) bool {
		return refused(sc) && shows("› mixtral", "mixtral-8x7b", "mixtral-8x22b")(sc)
	})
	if !strings.Contains(screen, "Pick a preset") {
		t.Errorf("enter on mixtral left the step:\n%s", screen)
	}

	// 70X is not 70B: the panel waits, and a save keeps the committed
	// answer after saying so.
	s.send("C-u")
	s.sendText("70X")
	s.waitText("› 70X", "waiting for a valid")
	s.send("C-s")
	s.waitText(`"70X" is not valid`, "llama-3.1-8b")
	s.send("y")
	s.waitText("Save decision record to")
	s.send("Enter")
	s.waitText("saved")
	rec, err := data.ReadRecord(filepath.Join(s.dir(), "gpupick.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Answers.ParamsB == 70 || rec.Answers.Model != "llama-3.1-8b" {
		t.Fatalf("70X saved as model %q, %vB", rec.Answers.Model, rec.Answers.ParamsB)
	}

	// 20 users gives 20.
	s.send("C-u")
	s.sendText("8B")
	s.send("Enter")
	s.waitText("Number format of the weights")
	s.send("Enter")
	s.waitText("Longer context")
	s.send("Tab")
	s.sendText("20")
	s.waitFor("20 users ranked", func(sc string) bool {
		return shows("› 20")(sc) && ranked(sc) && !strings.Contains(sc, "› 120")
	})
	s.send("C-s")
	s.waitText("Save decision record to")
	s.send("Enter")
	s.waitText("exists")
	s.send("y")
	s.waitText("saved")
	if rec, err := data.ReadRecord(filepath.Join(s.dir(), "gpupick.toml")); err != nil || rec.Answers.Batch != 20 {
		t.Fatalf("20 users saved as %d (%v)", rec.Answers.Batch, err)
	}
	s.send("C-c")
	if code := s.exitStatus(status); code != "0" {
		t.Errorf("ctrl+c after a save: exit %s, want 0", code)
	}
}

func TestWizardCtrlCUnsavedExits130(t *testing.T) {
	t.Parallel()
	s, status := startTmuxStatus(t, buildBinary(t), 80, 24)
	s.waitFor("a ranking", ranked)
	s.send("C-c")
	if code := s.exitStatus(status); code != "130" {
		t.Errorf("ctrl+c before saving: exit %s, want 130", code)
	}
}
