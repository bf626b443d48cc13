//go:build linux

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gpupick/gpupick/internal/testenv"
)

// TestHeadlessAsksTheTerminalNothing: a headless run with stdin and stdout
// on a terminal writes to the terminal only what it prints: no query of
// the terminal's background colour (ESC ] 11 ; ?) or attributes. fang asked
// for the background before its error handler ran, for an error line that
// goes to stderr (a file here) and whose colour is the same on any
// background, and waited up to 2 s for a terminal that does not answer
// (issue 26). The terminal here never answers: a query shows in what the
// run wrote.
func TestHeadlessAsksTheTerminalNothing(t *testing.T) {
	bin := buildBinary(t)
	home := t.TempDir()
	env := []string{"HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"TERM=xterm-256color", "LANG=C.UTF-8", "PATH=" + os.Getenv("PATH")}
	for _, c := range []struct {
		args     []string
		code     int
		stderr   string // what stderr holds
		terminal string // what the terminal shows, "" nothing
	}{
		{[]string{"recommend", "--bogus"}, 2, "gpupick recommend: unknown flag --bogus", ""},
		{[]string{"recommend", "--model", "llama-3.1-8b", "--workload", "nonsense"}, 2, "gpupick recommend:", ""},
		{[]string{"version", "extra"}, 2, "gpupick version:", ""},
		{[]string{"version"}, 0, "", "gpupick "},
	} {
		t.Run(strings.Join(c.args, "_"), func(t *testing.T) {
			master, slave, err := openPTY(100, 30)
			if err != nil {
				testenv.Missing(t, "no pty: %v", err)
			}
			defer master.Close()
			var stderr bytes.Buffer
			cmd := exec.Command(bin, c.args...)
			cmd.Env = env
			cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, &stderr
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			slave.Close()
			shown := make(chan []byte)
			go func() { // the terminal's output, to the end (EIO once the run has closed it)
				b, _ := io.ReadAll(master)
				shown <- b
			}()
			err = cmd.Wait()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			out := string(<-shown)
			if code != c.code || !strings.Contains(stderr.String(), c.stderr) || (c.stderr == "") != (stderr.Len() == 0) {
				t.Errorf("exit %d, stderr %q; want exit %d, stderr with %q", code, stderr.String(), c.code, c.stderr)
			}
			if strings.Contains(out, "\x1b]11") || strings.Contains(out, "\x1b[c") {
				t.Errorf("the run queried the terminal: it wrote %q", out)
			}
			if !strings.Contains(out, c.terminal) || (c.terminal == "") != (strings.TrimSpace(out) == "") {
				t.Errorf("the terminal shows %q, want %q", out, c.terminal)
			}
		})
	}
}
