package cli

import (
	"errors"
	"io"
	"io/fs"
	"syscall"
)

// output is the one place the commands write stdout through (Main wraps
// stdout in it for every command but the wizard, which draws on the
// terminal itself). It checks every write: the first failure is kept and
// the rest of the command's output is dropped rather than retried, so a
// command need not check its own writes to stdout, and Main reports the
// failure once (report).
type output struct {
	w   io.Writer
	err error // the first write that failed; nil while every write succeeded
}

// Write writes p to stdout unless an earlier write failed; it never fails
// itself (the failure is output's to report), so a command runs to its
// end and its exit code stays its own.
func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return len(p), nil
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	o.err = err
	return len(p), nil
}

// WriteString writes s as Write writes its bytes, without copying s
// when stdout writes strings itself (an *os.File does): io.WriteString
// and fmt's writers take it, so a command's output, a help of 9 KB, is
// not copied into a new slice on its way out (issue 26).
func (o *output) WriteString(s string) (int, error) {
	if o.err != nil {
		return len(s), nil
	}
	n, err := io.WriteString(o.w, s)
	if err == nil && n < len(s) {
		err = io.ErrShortWrite
	}
	o.err = err
	return len(s), nil
}

// report is the exit code of command cmd that returned code, after the
// writes to stdout: code when every write succeeded, or when the reader of
// a pipe has gone (`gpupick recommend | head`: the output was not wanted,
// so nothing is said); otherwise (a full disk, a closed stdout) the
// failure on stderr in lang and exit 1 (or code, when the command failed
// already).
func (o *output) report(code int, cmd, lang string, stderr io.Writer) int {
	if o.err == nil || errors.Is(o.err, syscall.EPIPE) {
		return code
	}
	reason := o.err.Error()
	if pe, ok := errors.AsType[*fs.PathError](o.err); ok {
		reason = pe.Err.Error() // "no space left on device", without /dev/stdout
	}
	errLine(stderr, lang, cmd, tf(tErrStdout, lang, reason))
	if code == exitOK {
		return exitFail
	}
	return code
}
