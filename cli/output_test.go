package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// failingWriter is a stdout whose writes fail with err after the first
// ok bytes: a full disk (ENOSPC) or a pipe whose reader has gone (EPIPE).
type failingWriter struct {
	ok     int
	err    error
	writes int // the writes tried after the failure
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.ok >= len(p) {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	w.writes++
	return n, w.err
}

// outputCommands are the commands that print to stdout, each as Main's
// args (a record where they need one, made by saveRecord).
func outputCommands(t *testing.T) []struct {
	name string
	args []string
} {
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	probes := filepath.Join("..", "model", "probe", "testdata", "p5-nvme-8")
	return []struct {
		name string
		args []string
	}{
		{"recommend table", []string{"recommend", "--params", "8B"}},
		{"recommend json", []string{"recommend", "--params", "8B", "--format", "json"}},
		{"recommend toml", []string{"recommend", "--params", "8B", "--format", "toml"}},
		{"recommend skypilot", []string{"recommend", "--params", "8B", "--provider", "aws", "--format", "skypilot"}},
		{"models", []string{"models"}},
		{"models json", []string{"models", "--format", "json"}},
		{"catalog list", []string{"catalog", "list"}},
		{"catalog list json", []string{"catalog", "list", "--format", "json"}},
		{"catalog stats", []string{"catalog", "stats"}},
		{"catalog stats json", []string{"catalog", "stats", "--format", "json"}},
		{"catalog show", []string{"catalog", "show", "p5.48xlarge"}},
		{"catalog show json", []string{"catalog", "show", "p5.48xlarge", "--format", "json"}},
		{"catalog help", []string{"catalog", "--help"}},
		{"export", []string{"export", "--to", "skypilot", rec}},
		{"plan", []string{"plan", rec}},
		{"verify", []string{"verify", rec, "--from", probes}},
		{"verify json", []string{"verify", rec, "--from", probes, "--json"}},
		{"version", []string{"version"}},
		{"help", []string{"help"}},
	}
}

// Every command that prints to stdout fails with exit 1 and one line on
// stderr naming the reason and the fix when stdout cannot be written (a
// full disk), whether the first write fails or a later one; in Chinese
// with --lang zh.
func TestStdoutFullDisk(t *testing.T) {
	enospc := &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
	for _, tc := range outputCommands(t) {
		for _, ok := range []int{0, 200} {
			for _, lang := range []string{"en", "zh"} {
				t.Run(fmt.Sprintf("%s/after %d bytes/%s", tc.name, ok, lang), func(t *testing.T) {
					w := &failingWriter{ok: ok, err: enospc}
					var errb bytes.Buffer
					args := append(append([]string{}, tc.args...), "--lang", lang)
					if tc.name == "version" || tc.name == "help" {
						args = tc.args
					}
					code := Main(args, nil, w, &errb)
					if w.writes == 0 && ok > 0 { // all written before the disk filled
						if code != exitOK || errb.Len() != 0 {
							t.Errorf("output under %d bytes: exit %d, stderr %q", ok, code, errb.String())
						}
						return
					}
					if code != exitFail {
						t.Errorf("exit %d, want %d; stderr %q", code, exitFail, errb.String())
					}
					want := map[string]string{"en": "cannot write the output to stdout: no space left on device", "zh": "无法把输出写到标准输出：no space left on device"}[lang]
					if tc.name == "version" || tc.name == "help" {
						want = "cannot write the output to stdout: no space left on device"
					}
					if !strings.Contains(errb.String(), want) || strings.Count(errb.String(), "no space left") != 1 {
						t.Errorf("stderr %q, want one line with %q", errb.String(), want)
					}
					if w.writes != 1 {
						t.Errorf("%d writes after the first failure, want none", w.writes-1)
					}
				})
			}
		}
	}
}

// A pipe whose reader has gone (`gpupick recommend | head`) ends the
// command quietly: its own exit code, nothing on stderr, no write tried
// after the failure.
func TestStdoutBrokenPipe(t *testing.T) {
	epipe := &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EPIPE}
	for _, tc := range outputCommands(t) {
		t.Run(tc.name, func(t *testing.T) {
			w := &failingWriter{ok: 100, err: epipe}
			var full, errb bytes.Buffer
			want := Main(tc.args, nil, &full, io.Discard)
			code := Main(tc.args, nil, w, &errb)
			if code != want {
				t.Errorf("exit %d, want %d as with a whole stdout", code, want)
			}
			if errb.Len() != 0 {
				t.Errorf("stderr %q, want nothing", errb.String())
			}
			if w.writes > 1 {
				t.Errorf("%d writes after the broken pipe", w.writes-1)
			}
		})
	}
}

// A short write without an error is a failure too.
func TestStdoutShortWrite(t *testing.T) {
	o := &output{w: shortWriter{}}
	if _, err := o.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	if code := o.report(exitOK, "models", "en", &errb); code != exitFail || !errors.Is(o.err, io.ErrShortWrite) || !strings.Contains(errb.String(), "short write") {
		t.Errorf("exit %d, err %v, stderr %q", code, o.err, errb.String())
	}
}

// shortWriter writes one byte of each write and says nothing.
type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return min(len(p), 1), nil }

// stringWriter is a stdout that writes strings itself, as an *os.File
// does, and counts the strings handed to it.
type stringWriter struct {
	bytes.Buffer
	strings int
}

func (w *stringWriter) WriteString(s string) (int, error) {
	w.strings++
	return w.Buffer.WriteString(s)
}

// A string written to output reaches a stdout that writes strings as a
// string (not copied into bytes), and fails as a Write fails: a short
// write or an error is kept, the write itself never fails, and nothing
// more reaches stdout after it.
func TestOutputWriteString(t *testing.T) {
	w := &stringWriter{}
	o := &output{w: w}
	if n, err := io.WriteString(o, "the help"); n != 8 || err != nil || w.strings != 1 || w.String() != "the help" || o.err != nil {
		t.Errorf("wrote %d, %v: %d strings, %q, kept %v", n, err, w.strings, w.String(), o.err)
	}
	enospc := &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
	for _, tc := range []struct {
		name string
		w    io.Writer
		want error
	}{
		{"short write", shortWriter{}, io.ErrShortWrite},
		{"full disk", &failingWriter{ok: 2, err: enospc}, syscall.ENOSPC},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &output{w: tc.w}
			for range 2 {
				if n, err := io.WriteString(o, "hello"); n != 5 || err != nil {
					t.Errorf("wrote %d, %v; want 5, nil", n, err)
				}
			}
			if !errors.Is(o.err, tc.want) {
				t.Errorf("kept %v, want %v", o.err, tc.want)
			}
			if fw, ok := tc.w.(*failingWriter); ok && fw.writes != 1 {
				t.Errorf("%d failed writes reached stdout, want 1", fw.writes)
			}
		})
	}
}
