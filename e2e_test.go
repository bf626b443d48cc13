package main

// End-to-end harness: builds the real gpupick binary once per test run and
// drives it inside tmux the way a person would (new-session at a fixed size,
// send-keys, capture-pane). Tests that need tmux skip when it is missing.

import (
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
)

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
	buildDir  string
)

// TestMain removes the shared build directory after all tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
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

// tmuxSession is one detached tmux session running the binary.
type tmuxSession struct {
	t    *testing.T
	name string
	sock string
}

var sessionSeq struct {
	sync.Mutex
	n int
}

// startTmux starts bin with args in a detached tmux session of the given
// size, with env added to a clean environment (HOME, XDG dirs and TERM point
// into a temporary directory). The session is killed when the test ends.
func startTmux(t *testing.T, bin string, width, height int, env []string, args ...string) *tmuxSession {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	sessionSeq.Lock()
	sessionSeq.n++
	n := sessionSeq.n
	sessionSeq.Unlock()
	home := t.TempDir()
	s := &tmuxSession{
		t:    t,
		name: fmt.Sprintf("gpupick-e2e-%d-%d", os.Getpid(), n),
		sock: filepath.Join(home, "tmux.sock"),
	}
	base := []string{
		"HOME=" + home,
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
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
	tmuxArgs := []string{"-S", s.sock, "-f", "/dev/null", "new-session", "-d", "-s", s.name,
		"-x", fmt.Sprint(width), "-y", fmt.Sprint(height), "-c", home}
	tmuxArgs = append(tmuxArgs, shellJoin(cmdline))
	if out, err := exec.Command("tmux", tmuxArgs...).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	// Keep the pane after the program exits so its last screen can be read.
	s.tmux("set-option", "-t", s.name, "remain-on-exit", "on")
	t.Cleanup(func() {
		exec.Command("tmux", "-S", s.sock, "kill-server").Run()
	})
	return s
}

// dir returns the session's working (and HOME) directory.
func (s *tmuxSession) dir() string { return filepath.Dir(s.sock) }

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

// waitFor polls the screen until it contains substr, and returns it; on
// timeout the test fails with the last screen.
func (s *tmuxSession) waitFor(t *testing.T, substr string, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var screen string
	for {
		screen = s.capture()
		if strings.Contains(screen, substr) {
			return screen
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %q; screen:\n%s", timeout, substr, screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// resize changes the window size, as a terminal resize would.
func (s *tmuxSession) resize(w, h int) {
	s.t.Helper()
	s.tmux("resize-window", "-t", s.name, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h))
}

// exited reports whether the program in the pane has exited.
func (s *tmuxSession) exited() bool {
	s.t.Helper()
	return strings.TrimSpace(s.tmux("display-message", "-p", "-t", s.name, "#{pane_dead}")) == "1"
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
	bin := buildBinary(t)
	s := startTmux(t, bin, 80, 24, nil)
	screen := s.waitFor(t, "prices as of", 15*time.Second)
	// The panel lists priced offers: a "$" price on a line with a GPU count.
	offers := regexp.MustCompile(`\d+×[^│\n]*\$\d`)
	if !offers.MatchString(screen) {
		t.Fatalf("no priced offers on the first screen:\n%s", screen)
	}
	// Enter through every step, accepting the defaults.
	for i := 0; i < 12; i++ {
		s.send("Enter")
	}
	screen = s.waitFor(t, "$", 5*time.Second)
	if !offers.MatchString(screen) {
		t.Fatalf("no offers after accepting every default:\n%s", screen)
	}
	s.send("C-s")
	s.waitFor(t, "gpupick.toml", 5*time.Second)
	s.send("Enter")
	s.waitFor(t, "saved", 5*time.Second)
	rec, err := data.ReadRecord(filepath.Join(s.dir(), "gpupick.toml"))
	if err != nil {
		t.Fatalf("ctrl+s wrote no record that parses: %v", err)
	}
	if rec.Answers.Model != "llama-3.1-8b" || rec.Choice == nil || rec.Choice.TotalUSD <= 0 || rec.Requirement.VRAMGiB <= 0 {
		t.Fatalf("record = answers %+v, choice %+v", rec.Answers, rec.Choice)
	}
	// The chosen offer is the one the panel showed first.
	if !strings.Contains(screen, rec.Choice.Provider) {
		t.Errorf("record chose %s/%s, not on screen:\n%s", rec.Choice.Provider, rec.Choice.InstanceType, screen)
	}
	s.send("C-c")
	deadline := time.Now().Add(5 * time.Second)
	for !s.exited() {
		if time.Now().After(deadline) {
			t.Fatalf("ctrl+c did not quit:\n%s", s.capture())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
