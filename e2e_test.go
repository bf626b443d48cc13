package main

// End-to-end harness: builds the real gpupick binary once per test run and
// drives it inside tmux the way a person would (new-session at a fixed size,
// send-keys, capture-pane), each test on a tmux server of its own and in
// parallel. Every assertion waits for the screen state it checks (see
// waitFor), never for a time. Without tmux the tests skip; under CI
// (CI=true) they fail.

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/internal/testenv"
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
	buildDir  string
)

// TestMain removes the shared build directory after all tests, and
// fails the run when a test changed the embedded offer table: data.Load
// hands every command that table itself, not a copy, so a command that
// wrote to its catalog would change what the next one reads.
func TestMain(m *testing.M) {
	before, err := embeddedFingerprint()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	if after, err := embeddedFingerprint(); err != nil || after != before {
		fmt.Fprintf(os.Stderr, "the embedded offer table changed during the tests (%v): a command wrote to the catalog data.Load shares\n", err)
		code = 1
	}
	os.Exit(code)
}

// embeddedFingerprint is a hash of the embedded catalog's offers as JSON.
func embeddedFingerprint() ([32]byte, error) {
	cat, err := data.Embedded()
	if err != nil {
		return [32]byte{}, err
	}
	js, err := json.Marshal(cat.Offers)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(js), nil
}

// buildBinary builds ./ into a temporary directory once per test run and
// returns the binary's path.
func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gpupick-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		buildDir = dir
		builtBin = filepath.Join(dir, "gpupick")
		out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

// e2eDeadline bounds every wait of the tmux tests. It only detects a
// failure: a passing test waits as long as the program takes, not longer.
const e2eDeadline = 60 * time.Second

// pollEvery is how often a wait looks at the screen again.
const pollEvery = 25 * time.Millisecond

// tmuxSession is one detached tmux session running the binary, on a tmux
// server of its own.
type tmuxSession struct {
	t    *testing.T
	name string
	sock string // the server's socket
	home string // the program's HOME and working directory
}

// startTmux starts bin with args in a detached tmux session of the given
// size, on a tmux server of its own, with env added to a clean environment
// (HOME, XDG dirs and TERM point into a temporary directory). The server is
// killed when the test ends. Without tmux the test skips, or fails under CI.
func startTmux(t *testing.T, bin string, width, height int, env []string, args ...string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		testenv.Missing(t, "tmux not installed (apt-get install tmux): %v", err)
	}
	// The socket's own short directory keeps its path within the limit of
	// a unix socket's address, however long the test's name.
	sockDir, err := os.MkdirTemp("", "gpk-tmux-")
	if err != nil {
		t.Fatal(err)
	}
	s := &tmuxSession{t: t, name: "gpupick", sock: filepath.Join(sockDir, "sock"), home: t.TempDir()}
	t.Cleanup(func() {
		exec.Command("tmux", "-S", s.sock, "kill-server").Run()
		os.RemoveAll(sockDir)
	})
	// Keep the pane after the program exits, so that its last screen can
	// be read; set in the config, before the program can exit.
	conf := filepath.Join(sockDir, "tmux.conf")
	if err := os.WriteFile(conf, []byte("set-option -g remain-on-exit on\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{
		"HOME=" + s.home,
		"XDG_CACHE_HOME=" + filepath.Join(s.home, ".cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(s.home, ".config"),
		"TERM=xterm-256color",
		"LANG=C.UTF-8",
		"PATH=" + os.Getenv("PATH"),
	}
	var cmdline []string
	cmdline = append(cmdline, "env", "-i")
	cmdline = append(cmdline, base...)
	cmdline = append(cmdline, env...)
	cmdline = append(cmdline, bin)
	cmdline = append(cmdline, args...)
	tmuxArgs := []string{"-S", s.sock, "-f", conf, "new-session", "-d", "-s", s.name,
		"-x", fmt.Sprint(width), "-y", fmt.Sprint(height), "-c", s.home}
	tmuxArgs = append(tmuxArgs, shellJoin(cmdline))
	if out, err := exec.Command("tmux", tmuxArgs...).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	return s
}

// dir returns the session's working (and HOME) directory.
func (s *tmuxSession) dir() string { return s.home }

// tmux runs a tmux command on the session's server and returns its output.
func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", s.sock}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// send types keys: tmux key names ("Enter", "C-s", "BTab", "Escape") or
// literal text.
func (s *tmuxSession) send(keys ...string) {
	s.t.Helper()
	for _, k := range keys {
		s.tmux("send-keys", "-t", s.name, k)
	}
}

// sendText types text literally (no key-name lookup).
func (s *tmuxSession) sendText(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", s.name, "-l", text)
}

// capture returns the visible screen as plain text.
func (s *tmuxSession) capture() string {
	s.t.Helper()
	return s.tmux("capture-pane", "-p", "-t", s.name)
}

// transcript returns all the pane has shown, scrolled-off lines included:
// what a line-by-line program (the accessible mode) has printed.
func (s *tmuxSession) transcript() string {
	s.t.Helper()
	return s.tmux("capture-pane", "-p", "-S", "-", "-t", s.name)
}

// waitFor polls the visible screen until cond holds for it, and returns
// that screen. what names the awaited state: if e2eDeadline passes first,
// the test fails with it and the last screen. Wait for the state that the
// next assertions need (a ranking, a layout, a prompt), never for a time.
func (s *tmuxSession) waitFor(what string, cond func(screen string) bool) string {
	s.t.Helper()
	return s.poll(what, s.capture, cond)
}

// waitText waits for a screen that shows every one of texts.
func (s *tmuxSession) waitText(texts ...string) string {
	s.t.Helper()
	return s.waitFor(fmt.Sprintf("a screen showing %q", texts), shows(texts...))
}

// waitTranscript waits until the transcript shows every one of texts.
func (s *tmuxSession) waitTranscript(texts ...string) string {
	s.t.Helper()
	return s.poll(fmt.Sprintf("a transcript showing %q", texts), s.transcript, shows(texts...))
}

// waitExit waits until the program in the pane has exited.
func (s *tmuxSession) waitExit() {
	s.t.Helper()
	dead := func(string) bool {
		return strings.TrimSpace(s.tmux("display-message", "-p", "-t", s.name, "#{pane_dead}")) == "1"
	}
	s.poll("the program to exit", s.capture, dead)
}

// poll reads the pane until cond holds for what read returns, and returns
// it; after e2eDeadline the test fails with what and the last read.
func (s *tmuxSession) poll(what string, read func() string, cond func(string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(e2eDeadline)
	for {
		text := read()
		if cond(text) {
			return text
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("waited %v for %s; last screen:\n%s", e2eDeadline, what, text)
		}
		time.Sleep(pollEvery)
	}
}

// shows is the condition that a screen contains every one of texts.
func shows(texts ...string) func(string) bool {
	return func(screen string) bool {
		for _, x := range texts {
			if !strings.Contains(screen, x) {
				return false
			}
		}
		return true
	}
}

// offerRow matches a ranked offer: a GPU count and, further on the same
// side of the panel's border, a price in dollars or yuan.
var offerRow = regexp.MustCompile(`\d+×[^│\n]*[$¥]\d`)

// ranked is the condition that the panel lists priced offers: the ranking
// has arrived, not only the frame around it.
func ranked(screen string) bool { return offerRow.MatchString(screen) }

// laidOutAt is the condition that the program has drawn its frame for a
// terminal w columns wide: the title line, its first, reaches the last
// column (a frame drawn for another width, or cut by tmux, does not).
func laidOutAt(w int) func(string) bool {
	return func(screen string) bool {
		title, _, _ := strings.Cut(screen, "\n")
		title = strings.TrimRight(title, " ")
		return strings.HasPrefix(title, "gpupick") && len([]rune(title)) == w
	}
}

// resize changes the window size, as a terminal resize would.
func (s *tmuxSession) resize(w, h int) {
	s.t.Helper()
	s.tmux("resize-window", "-t", s.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h))
}

// shellJoin quotes words for the shell tmux runs the command with.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// TestE2EDefaultsAt80x24 is the walking skeleton's promise, checked on the
// real binary as a new user meets it: at 80x24 the wizard opens on the
// embedded catalog, the live panel ranks offers before any answer is
// given, enter all the way keeps a ranking, and ctrl+s writes a decision
// record that parses and matches what the panel shows.
func TestE2EDefaultsAt80x24(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	s := startTmux(t, bin, 80, 24, nil)
	screen := s.waitFor("priced offers before any answer", ranked)
	// Enter through every step, accepting the defaults, until the offers
	// have the focus; each press waits until the wizard has moved on.
	for presses := 0; !offersFocused(screen); presses++ {
		if presses == maxEnters {
			t.Fatalf("%d presses of enter did not reach the offers:\n%s", maxEnters, screen)
		}
		before := formArea(screen)
		s.send("Enter")
		screen = s.waitFor(fmt.Sprintf("the wizard to move on after enter #%d", presses+1),
			func(sc string) bool { return formArea(sc) != before })
	}
	screen = s.waitFor("priced offers, focused, after accepting every default",
		func(sc string) bool { return offersFocused(sc) && ranked(sc) })
	s.send("C-s")
	s.waitText("gpupick.toml")
	s.send("Enter")
	s.waitText("saved")
	rec, err := data.ReadRecord(filepath.Join(s.dir(), "gpupick.toml"))
	if err != nil {
		t.Fatalf("ctrl+s wrote no record that parses: %v", err)
	}
	if rec.Answers.Model != "llama-3.1-8b" || rec.Choice == nil || rec.Choice.TotalUSD <= 0 || rec.Requirement.VRAMGiB <= 0 {
		t.Fatalf("record = answers %+v, choice %+v", rec.Answers, rec.Choice)
	}
	// The chosen offer is the one the panel showed first, and selected.
	if m := selectedRow.FindStringSubmatch(screen); m == nil || m[1] != rec.Choice.Provider {
		t.Errorf("record chose %s/%s, not the selected row %q:\n%s", rec.Choice.Provider, rec.Choice.InstanceType, m, screen)
	}
	s.send("C-c")
	s.waitExit()
}

// maxEnters bounds the presses of enter that answering every question
// with its default may take.
const maxEnters = 40

// selectedRow matches the selected offer's row; its group is the provider.
var selectedRow = regexp.MustCompile(`(?m)^▸\s+(\S+)\s`)

// offersFocused is the condition that the offers have the focus: the title
// line ends in "· offers", not "· questions".
func offersFocused(screen string) bool {
	title, _, _ := strings.Cut(screen, "\n")
	return strings.HasSuffix(strings.TrimRight(title, " "), "· offers")
}

// formArea is the part of a stacked (narrow) screen above the panel's
// border: the title line and the question being answered, which a press
// of enter changes and a ranking arriving does not.
func formArea(screen string) string {
	area, _, _ := strings.Cut(screen, "\n────")
	return area
}
