//go:build unix

package data

import (
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gpupick/gpupick/internal/testenv"
)

// readWithin runs ReadRegularFile and fails the test if it has not
// returned within a generous deadline (the deadline only detects a hang;
// nothing waits on it when the call returns).
func readWithin(t *testing.T, path string, limit int64) ([]byte, error) {
	t.Helper()
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := ReadRegularFile(path, limit)
		done <- result{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-time.After(10 * time.Second):
		t.Fatalf("ReadRegularFile(%s) hangs", path)
		return nil, nil
	}
}

func TestReadRegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.toml")
	testenv.Mkfifo(t, fifo)
	sock := filepath.Join(dir, "s.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ok := filepath.Join(dir, "ok.toml")
	os.WriteFile(ok, []byte("hello"), 0o644)
	big := filepath.Join(dir, "big.csv")
	os.WriteFile(big, make([]byte, 2<<20+1), 0o644)
	link := filepath.Join(dir, "link.toml")
	os.Symlink(ok, link)
	tests := []struct {
		name, path string
		limit      int64
		want       string
		is         error
	}{
		{"fifo", fifo, 1 << 20, fifo + " is a named pipe, not a regular file", ErrNotRegular},
		{"device", "/dev/zero", 1 << 20, "/dev/zero is a character device, not a regular file", ErrNotRegular},
		{"directory", dir, 1 << 20, dir + " is a directory, not a regular file", ErrNotRegular},
		{"socket", sock, 1 << 20, sock + " is a socket, not a regular file", ErrNotRegular},
		{"over the limit", big, 2 << 20, big + " is larger than 2 MiB", ErrTooLarge},
		{"missing", filepath.Join(dir, "nope"), 1 << 20, filepath.Join(dir, "nope") + " does not exist", fs.ErrNotExist},
		{"regular", ok, 5, "", nil},
		{"symlink to a regular file", link, 5, "", nil},
		{"no limit", big, 0, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := readWithin(t, tc.path, tc.limit)
			if tc.want == "" {
				if err != nil || len(b) == 0 {
					t.Fatalf("got %d bytes, %v", len(b), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, tc.is) {
				t.Fatalf("error %v, want %q wrapping %v", err, tc.want, tc.is)
			}
		})
	}
}

func TestReadRegularFileStopsAtLimitWhileReading(t *testing.T) {
	// A file whose size says 0 but which holds more (as a file growing
	// after Stat would) is cut off by the read itself.
	const proc = "/proc/self/status"
	if runtime.GOOS != "linux" {
		t.Skip("/proc/self/status is Linux's")
	}
	if _, err := os.Stat(proc); err != nil {
		testenv.Missing(t, "no %s on Linux: %v", proc, err)
	}
	if _, err := readWithin(t, proc, 10); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), proc+" is larger than 10 bytes") {
		t.Errorf("error %v, want ErrTooLarge", err)
	}
}

func TestRegularFS(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "grow.csv")
	os.WriteFile(p, []byte("abc"), 0o644)
	rf := regularFS{root: dir, limit: 2}
	if _, err := rf.Open("grow.csv"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("error %v, want ErrTooLarge", err)
	}
	if _, err := rf.Open("../grow.csv"); err == nil {
		t.Error("a path outside the folder was opened")
	}
	rf.limit = 3
	f, err := rf.Open("grow.csv")
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	if st.Size() != 3 || st.Name() != "grow.csv" || !st.Mode().IsRegular() {
		t.Errorf("stat %v %v %v", st.Size(), st.Name(), st.Mode())
	}
}

func TestSizeText(t *testing.T) {
	for n, want := range map[int64]string{4 << 20: "4 MiB", 512 << 10: "512 KiB", 100: "100 bytes", 1<<20 + 1: "1048577 bytes"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}
