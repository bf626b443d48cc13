package cli

import "runtime/debug"

// importMemoryLimit is the heap an import or update aims to stay under
// (a soft limit: the collector runs more often near it). A catalog of the
// most offers gpupick caches holds about 300 MB live at its peak; without
// the limit the collector lets the heap grow to twice that between
// collections, and a Go process never gives address space back, so a
// large import failed within a 2 GB address-space limit (ulimit -v) at
// 272 MB in use.
const importMemoryLimit = 384 << 20

// boundImportMemory sets importMemoryLimit for the rest of the process
// (a catalog command runs once) and returns a function that restores the
// limit before it (for tests, which run commands in one process).
func boundImportMemory() (restore func()) {
	prev := debug.SetMemoryLimit(importMemoryLimit)
	return func() { debug.SetMemoryLimit(prev) }
}
