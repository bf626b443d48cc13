//go:build !unix

package testenv

import "testing"

// Mkfifo stops t: named pipes are a Unix file kind (see Missing).
func Mkfifo(t testing.TB, path string) {
	t.Helper()
	Missing(t, "no named pipes on this system (wanted %s)", path)
}
