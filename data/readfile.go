package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"time"
)

// Every file a user names (a decision record, an overlay, the CSVs of an
// import) and every file of the cache is read through ReadRegularFile, so
// that no input can hang gpupick (a named pipe with no writer, a terminal)
// or exhaust its memory (/dev/zero, a huge file).

// ErrNotRegular is wrapped by the error ReadRegularFile returns for a path
// that is a named pipe, a device, a directory, a socket or another
// non-regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the error ReadRegularFile returns for a file
// larger than its limit.
var ErrTooLarge = errors.New("file too large")

// ErrInput marks an error caused by what the user gave (a bad file, flag
// value, overlay or URL) rather than by a failure while running; test it
// with errors.Is. The CLI exits 2 on it.
var ErrInput = errors.New("bad input")

// inputError marks err as the user's input (errors.Is(e, ErrInput)) and
// keeps its text and chain.
type inputError struct{ err error }

func (e inputError) Error() string        { return e.err.Error() }
func (e inputError) Unwrap() error        { return e.err }
func (e inputError) Is(target error) bool { return target == ErrInput }

// asInput marks err as bad input; nil stays nil.
func asInput(err error) error {
	if err == nil || errors.Is(err, ErrInput) {
		return err
	}
	return inputError{err}
}

// IsInput reports whether err was caused by the user's input (exit 2) rather
// than by a failure while running (exit 1).
func IsInput(err error) bool { return errors.Is(err, ErrInput) }

// fileKind names what a non-regular file is, for "PATH is a named pipe".
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// notRegular is the error for a path that is not a regular file.
func notRegular(path string, m fs.FileMode) error {
	return fmt.Errorf("%s is %s, %w (give the path of a file)", path, fileKind(m), ErrNotRegular)
}

// sizeText writes a byte limit for people: "4 MiB", "512 KiB", "100 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// tooLarge is the error for a file over its limit.
func tooLarge(path string, limit int64) error {
	return &LimitError{Path: path, Limit: limit}
}

// LimitError is the error for a file larger than the most gpupick reads
// from such a file; it wraps ErrTooLarge.
type LimitError struct {
	Path  string
	Limit int64 // bytes
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s is larger than %s, the most gpupick reads from such a file: %v", e.Path, e.LimitText(), ErrTooLarge)
}

func (e *LimitError) Unwrap() error { return ErrTooLarge }

// LimitText is the limit for people: "1 MiB", "512 KiB", "100 bytes".
func (e *LimitError) LimitText() string { return sizeText(e.Limit) }

// ReadRegularFile reads the file at path, refusing at once anything but a
// regular file (a symbolic link to one is fine) and any file larger than
// limit bytes (limit > 0). It never blocks on a named pipe or a device: it
// looks at the path before opening it, opens it non-blocking, and checks
// the opened file again. Its errors name the path; refusals wrap
// ErrNotRegular or ErrTooLarge, a missing file fs.ErrNotExist.
func ReadRegularFile(path string, limit int64) ([]byte, error) {
	f, r, size, err := openRegularFile(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Room for the whole file at once (and a byte to see its end), so
	// it is read without growing a buffer.
	b := make([]byte, 0, size+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// openRegularFile opens path for reading with ReadRegularFile's checks
// and returns the file (for the caller to close), a reader of it that
// fails with ErrTooLarge past limit bytes (limit > 0), and its size.
func openRegularFile(path string, limit int64) (*os.File, io.Reader, int64, error) {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, 0, fmt.Errorf("%s does not exist (check the path): %w", path, fs.ErrNotExist)
	}
	if err != nil {
		return nil, nil, 0, err // *fs.PathError: "stat PATH: permission denied"
	}
	if !st.Mode().IsRegular() {
		return nil, nil, 0, notRegular(path, st.Mode())
	}
	if limit > 0 && st.Size() > limit {
		return nil, nil, 0, tooLarge(path, limit)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, nil, 0, err
	}
	// The path may have been swapped for a pipe between Stat and Open.
	if st, err = f.Stat(); err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, 0, notRegular(path, st.Mode())
	}
	return f, &limitedFile{f: f, path: path, limit: limit}, st.Size(), nil
}

// limitedFile reads a file, failing with ErrTooLarge once more than its
// limit (when > 0) is read: a file that grew after it was looked at. It
// never reads more than one byte past the limit. Errors name the path.
type limitedFile struct {
	f           *os.File
	path        string
	limit, read int64
}

func (l *limitedFile) Read(p []byte) (int, error) {
	if l.limit > 0 {
		if l.read > l.limit {
			return 0, tooLarge(l.path, l.limit)
		}
		if left := l.limit + 1 - l.read; int64(len(p)) > left {
			p = p[:left]
		}
	}
	n, err := l.f.Read(p)
	l.read += int64(n)
	if l.limit > 0 && l.read > l.limit {
		return 0, tooLarge(l.path, l.limit)
	}
	if err != nil && err != io.EOF {
		err = fmt.Errorf("read %s: %w", l.path, err)
	}
	return n, err
}

// regularFS is a folder of the file system, like os.DirFS, whose files are
// read whole through ReadRegularFile (each at most limit bytes): opening a
// named pipe or a device in it fails at once instead of blocking.
type regularFS struct {
	root  string
	limit int64
}

// full returns the OS path of name, or an error for an invalid name.
func (d regularFS) full(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return filepath.Join(d.root, filepath.FromSlash(name)), nil
}

// Open reads the whole file; the result reads from memory.
func (d regularFS) Open(name string) (fs.File, error) {
	p, err := d.full("open", name)
	if err != nil {
		return nil, err
	}
	b, err := ReadRegularFile(p, d.limit)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(b), name: path.Base(name), size: int64(len(b))}, nil
}

// Stat looks at a file without opening it.
func (d regularFS) Stat(name string) (fs.FileInfo, error) {
	p, err := d.full("stat", name)
	if err != nil {
		return nil, err
	}
	return os.Stat(p)
}

// memFile is a file read into memory.
type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.name, f.size}, nil }
func (f *memFile) Close() error               { return nil }

// memInfo describes a memFile.
type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
