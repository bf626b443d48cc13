package cli

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// countingWriter counts the writes made to it and keeps what they wrote.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// TestRecommendTableOneWrite: recommend's table reaches stdout in one
// write (issue 26: a write a line was some fifty system calls), and it is
// the whole table.
func TestRecommendTableOneWrite(t *testing.T) {
	isolate(t)
	t.Setenv("COLUMNS", "80")
	var out countingWriter
	if code := Main([]string{"recommend", "--model", "llama-3.1-70b"}, os.Stdin, &out, io.Discard); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if out.writes != 1 {
		t.Errorf("the table took %d writes, want 1", out.writes)
	}
	if n := bytes.Count(out.Bytes(), []byte("\n")); n < 10 || !bytes.HasSuffix(out.Bytes(), []byte("\n")) {
		t.Errorf("the table has %d lines, or does not end its last one:\n%s", n, out.Bytes())
	}
}
