//go:build !unix

package data

// openNonBlock is 0 where there are no named pipes to block on.
const openNonBlock = 0
