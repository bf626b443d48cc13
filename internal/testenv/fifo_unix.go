//go:build unix

package testenv

import (
	"syscall"
	"testing"
)

// Mkfifo makes a named pipe at path for a test, or stops t when it cannot
// (see Missing: the test skips, or fails under CI).
func Mkfifo(t testing.TB, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatalf("mkfifo %s: %v", path, err)
	}
}
