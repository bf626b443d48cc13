// Package testenv decides what a test does when the machine lacks something
// it needs (a tool such as tmux, or the reference data beside the
// repository). Only tests import it.
//
// On a developer's machine such a test skips; under CI (CI=true) it fails,
// so that a test never stops running unnoticed.
package testenv

import (
	"os"
	"strconv"
	"testing"
)

// InCI reports whether the tests run under CI: the CI environment variable
// holds a true value ("true", "1", ...).
func InCI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// Missing stops t because a prerequisite is missing, described by format
// and args: the test skips, or fails under CI.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if InCI() {
		t.Fatalf("CI=true, so this test may not skip: "+format, args...)
	}
	t.Skipf(format, args...)
}
