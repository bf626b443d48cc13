package data

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the n bytes at p with 2 MiB pages
// (madvise MADV_HUGEPAGE, which transparent huge pages in "madvise" mode
// wait for): the records slice of a large streamed table is written page
// by page, and 4 KiB pages cost a page fault each, ~150,000 for 600 MB.
// It is advice: an error (an old kernel, huge pages off) changes nothing.
func adviseHugePages(p unsafe.Pointer, n uintptr) {
	const page = 4096
	b := unsafe.Slice((*byte)(p), n)
	lo := (page - uintptr(p)%page) % page
	hi := (uintptr(p)+n)&^(page-1) - uintptr(p)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(b[lo:hi], 14 /* MADV_HUGEPAGE */)
}
