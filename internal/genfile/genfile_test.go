package genfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWriteChanged: a new or different content is written and reported;
// the same content leaves the file (and its modification time) alone and
// says nothing; an unwritable path is an error naming it.
func TestWriteChanged(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.go")
	var log bytes.Buffer
	if err := WriteChanged(&log, p, []byte("a")); err != nil || log.String() != "wrote "+p+"\n" {
		t.Fatalf("new file: %v, log %q", err, log.String())
	}
	at := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(p, at, at); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	if err := WriteChanged(&log, p, []byte("a")); err != nil || log.Len() != 0 {
		t.Fatalf("same content: %v, log %q", err, log.String())
	}
	if st, err := os.Stat(p); err != nil || !st.ModTime().Equal(at) {
		t.Errorf("same content rewrote the file: %v %v", st.ModTime(), err)
	}
	if err := WriteChanged(&log, p, []byte("b")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "b" {
		t.Errorf("changed content not written: %q", b)
	}
	bad := filepath.Join(p, "no", "such")
	if err := WriteChanged(&log, bad, []byte("c")); err == nil || !bytes.Contains([]byte(err.Error()), []byte(bad)) {
		t.Errorf("unwritable path: %v", err)
	}
}
