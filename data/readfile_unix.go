//go:build unix

package data

import "syscall"

// openNonBlock makes opening a named pipe return at once instead of waiting
// for a writer.
const openNonBlock = syscall.O_NONBLOCK
