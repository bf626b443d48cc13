// Package genfile writes the files gpupick's generators make (the
// embedded catalog, its Go tables, the offer codec): a file is rewritten
// only when its bytes change, so that `go generate` leaves an unchanged
// tree (and its modification times) untouched and says what it wrote.
package genfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

// WriteChanged writes b to path unless path already holds exactly b, and
// then prints "wrote path" to log.
func WriteChanged(log io.Writer, path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
		return nil
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	fmt.Fprintln(log, "wrote", path)
	return nil
}
