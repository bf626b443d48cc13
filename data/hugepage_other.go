//go:build !linux

package data

import "unsafe"

// adviseHugePages does nothing outside Linux (see hugepage_linux.go).
func adviseHugePages(p unsafe.Pointer, n uintptr) {}
