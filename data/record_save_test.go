//go:build unix

package data

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gpupick/gpupick/internal/testenv"
)

func TestWriteRecordFailures(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.toml")
	testenv.Mkfifo(t, fifo)
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	long := filepath.Join(dir, strings.Repeat("x", 300)+".toml")
	tests := []struct {
		name, path string
		overwrite  bool
		want       string
	}{
		{"directory", dir, false, "cannot save: " + dir + " is a directory (give a file name, e.g. " + filepath.Join(dir, "gpupick.toml") + ")"},
		{"directory, overwrite", dir, true, "cannot save: " + dir + " is a directory"},
		{"named pipe", fifo, true, "cannot save: " + fifo + " is a named pipe, not a regular file"},
		{"missing folder", filepath.Join(dir, "nope", "r.toml"), false, "cannot save " + filepath.Join(dir, "nope", "r.toml") + ": folder " + filepath.Join(dir, "nope") + " does not exist"},
		{"folder is a file", filepath.Join(file, "r.toml"), false, "cannot save " + filepath.Join(file, "r.toml") + ": cannot look at it: not a directory"},
		{"name too long", long, false, "cannot save " + long + ": cannot look at it: file name too long"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := WriteRecord(tc.path, sampleRecord(), tc.overwrite)
			if err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, fs.ErrExist) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
	if !errors.Is(WriteRecord(long, sampleRecord(), false), syscall.ENAMETOOLONG) {
		t.Error("the system's error is not wrapped")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("temporary files left behind: %v", ents)
	}
}

func TestWriteRecordModes(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	mode := func(p string) fs.FileMode {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return st.Mode().Perm()
	}
	fresh := filepath.Join(dir, "new.toml")
	if err := WriteRecord(fresh, sampleRecord(), false); err != nil {
		t.Fatal(err)
	}
	if m := mode(fresh); m != 0o644 {
		t.Errorf("new file mode %o, want 644", m)
	}
	for _, keep := range []fs.FileMode{0o600, 0o640, 0o664} {
		p := filepath.Join(dir, "kept.toml")
		os.WriteFile(p, []byte("old"), 0o600)
		os.Chmod(p, keep)
		if err := WriteRecord(p, sampleRecord(), true); err != nil {
			t.Fatal(err)
		}
		if m := mode(p); m != keep {
			t.Errorf("overwritten file mode %o, want %o kept", m, keep)
		}
	}
	syscall.Umask(0o077)
	private := filepath.Join(dir, "private.toml")
	if err := WriteRecord(private, sampleRecord(), false); err != nil {
		t.Fatal(err)
	}
	if m := mode(private); m != 0o600 {
		t.Errorf("new file under umask 077: mode %o, want 600", m)
	}
}
