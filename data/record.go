package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// typeErrRe picks the line, key and message out of the decoder's type errors.
var typeErrRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`line (\d+) \(last key "([^"]*)"\): (.*)`) }}

// maxRecordBytes bounds a decision record read from disk.
const maxRecordBytes = 4 << 20

// EncodeRecord writes a decision record as TOML.
func EncodeRecord(w io.Writer, rec model.Record) error {
	if rec.SchemaVersion == 0 {
		rec.SchemaVersion = model.RecordSchemaVersion
	}
	rec.Answers = rec.Answers.ForRecord()
	var buf bytes.Buffer
	buf.WriteString("# gpupick decision record. Load it again with: gpupick --load FILE\n")
	buf.WriteString("# or headless with: gpupick recommend --answers FILE\n\n")
	if err := toml.NewEncoder(&buf).Encode(rec); err != nil {
		return fmt.Errorf("encode record: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// WriteRecord writes a decision record to path atomically: it writes a
// temporary file in the same directory and renames it into place, so a
// crash never leaves a half-written record. When overwrite is false and
// path exists, it returns an error wrapping fs.ErrExist and leaves the file
// alone.
func WriteRecord(path string, rec model.Record, overwrite bool) error {
	if strings.TrimSpace(path) == "" {
		return fmt.Errorf("record: empty path")
	}
	var buf bytes.Buffer
	if err := EncodeRecord(&buf, rec); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes(), overwrite)
}

// writeAtomic writes b to path through a temporary file in the same
// folder and a rename (or a hard link when the file must not be replaced).
// Overwriting keeps the existing file's permissions; a new file gets 0644
// less the umask. A failure names path and gives the system's reason
// ("permission denied", "no space left on device"); a directory at path
// is refused as such; an existing file when overwrite is false is an
// error wrapping fs.ErrExist.
func writeAtomic(path string, b []byte, overwrite bool) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("cannot save: %s is a directory (give a file name, e.g. %s)", path, filepath.Join(path, "gpupick.toml"))
	case err == nil && !st.Mode().IsRegular():
		return fmt.Errorf("cannot save: %s is %s, not a regular file (give another file name)", path, fileKind(st.Mode()))
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return saveErr(path, "cannot look at it", err)
	}
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("write %s: %w", path, fs.ErrExist)
		}
	}
	if dst, err := os.Stat(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot save %s: folder %s does not exist (create it first or give another path)", path, dir)
		}
		return saveErr(path, "cannot look at folder "+dir, err)
	} else if !dst.IsDir() {
		return fmt.Errorf("cannot save %s: %s is not a folder", path, dir)
	}
	tmp, err := createTemp(dir, "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return saveErr(path, "cannot create a file in "+dir, err)
	}
	tmpName := tmp.Name()
	defer os.Remove(tmpName)
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return saveErr(path, "cannot write "+tmpName, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return saveErr(path, "cannot write "+tmpName, err)
	}
	if err := tmp.Close(); err != nil {
		return saveErr(path, "cannot write "+tmpName, err)
	}
	if st != nil {
		// Replacing a file: keep its permissions (a 0600 record stays 0600).
		if err := os.Chmod(tmpName, st.Mode().Perm()); err != nil {
			return saveErr(path, "cannot set the permissions of "+tmpName, err)
		}
	}
	if !overwrite {
		// A hard link fails if path appeared meanwhile: no silent overwrite.
		if err := os.Link(tmpName, path); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("write %s: %w", path, fs.ErrExist)
			}
			// Filesystems without hard links: fall back to rename.
			if err := os.Rename(tmpName, path); err != nil {
				return saveErr(path, "cannot move the new file into place", err)
			}
		}
		return nil
	}
	if err := os.Rename(tmpName, path); err != nil {
		return saveErr(path, "cannot move the new file into place", err)
	}
	return nil
}

// createTemp creates a new file dir/prefix<random> for writing, mode 0644
// less the umask (os.CreateTemp would make it 0600).
func createTemp(dir, prefix string) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// saveErr words a failed save: the target, what failed, and the system's
// reason in full (the *PathError's or *LinkError's error, wrapped).
func saveErr(path, doing string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return fmt.Errorf("cannot save %s: %s: %w", path, doing, err)
}

// ReadRecord reads and checks a decision record (or a bare answers file:
// a TOML file whose top level holds only an [answers] table).
func ReadRecord(path string) (model.Record, error) {
	b, err := ReadRegularFile(path, maxRecordBytes)
	if err != nil {
		return model.Record{}, fmt.Errorf("record: %w", err)
	}
	return DecodeRecord(path, b)
}

// DecodeRecord parses a decision record. Errors name the file, the line and
// the key, and say how to fix the value. Unknown keys are errors (a typo
// must not silently fall back to a default).
func DecodeRecord(name string, b []byte) (model.Record, error) {
	if err := checkTOMLShape(name, b, recordLimits); err != nil {
		return model.Record{}, err
	}
	var rec model.Record
	md, err := toml.NewDecoder(bytes.NewReader(b)).Decode(&rec)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			if ferr := overflowAnswer(pe); ferr != nil {
				return model.Record{}, fmt.Errorf("%s:%d: %w", name, pe.Position.Line, ferr)
			}
			return model.Record{}, fmt.Errorf("%s:%d: %s", name, pe.Position.Line, recordHint(pe))
		}
		if m := typeErrRe.Get().FindStringSubmatch(err.Error()); m != nil {
			return model.Record{}, fmt.Errorf("%s:%s: key %q: %s (give the value the type the README's record schema shows)", name, m[1], m[2], strings.TrimPrefix(m[3], "incompatible types: "))
		}
		return model.Record{}, fmt.Errorf("%s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		key := und[0].String()
		return model.Record{}, fmt.Errorf("%s:%d: unknown key %q (check the spelling; see the README's record schema)", name, keyLine(b, und[0]), key)
	}
	if rec.SchemaVersion > model.RecordSchemaVersion {
		return model.Record{}, fmt.Errorf("%s: schema_version %d is newer than this gpupick understands (%d): upgrade gpupick", name, rec.SchemaVersion, model.RecordSchemaVersion)
	}
	if rec.SchemaVersion < 0 {
		return model.Record{}, fmt.Errorf("%s: schema_version %d: must be %d", name, rec.SchemaVersion, model.RecordSchemaVersion)
	}
	if !md.IsDefined("answers") {
		return model.Record{}, fmt.Errorf("%s: no [answers] table (a record holds the answers under [answers])", name)
	}
	if !md.IsDefined("answers", "grad_checkpointing") {
		rec.Answers.GradCheckpointing = model.DefaultAnswers().GradCheckpointing
	}
	if err := checkChoice(name, b, rec.Choice, func(key string) bool { return md.IsDefined("choice", key) }); err != nil {
		return model.Record{}, err
	}
	cleanStrings(&rec) // a record's text may be shown in the wizard
	err = rec.Answers.CheckRecorded(func(key string) bool { return md.IsDefined("answers", key) })
	if err == nil {
		rec.Answers.Normalize()
		err = rec.Answers.Validate()
	}
	if err != nil {
		line, kerr := recordKeyed(b, err)
		return model.Record{}, fmt.Errorf("%s:%d: %w", name, line, kerr)
	}
	return rec, nil
}

// keyLine finds the line a key is defined on by scanning the TOML text for
// table headers and "key =" lines; it returns 1 when it cannot tell.
func keyLine(b []byte, k toml.Key) int {
	want := k.String()
	table := ""
	for i, line := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			h := strings.Trim(t, "[] \t")
			if j := strings.IndexByte(h, '#'); j >= 0 {
				h = strings.TrimSpace(strings.Trim(h[:j], "[] \t"))
			}
			table = h
			if table == want {
				return i + 1
			}
			continue
		}
		eq := strings.IndexByte(t, '=')
		if eq <= 0 {
			continue
		}
		key := strings.Trim(strings.TrimSpace(t[:eq]), `"'`)
		full := key
		if table != "" {
			full = table + "." + key
		}
		if full == want {
			return i + 1
		}
	}
	return 1
}

// recordHint turns a TOML parse error into one line that names the key when
// the decoder knows it.
func recordHint(pe toml.ParseError) string {
	msg := pe.Message
	if pe.LastKey != "" {
		msg = fmt.Sprintf("key %q: %s", pe.LastKey, msg)
	}
	if pe.Usage != "" {
		msg += " (" + strings.TrimSpace(strings.SplitN(pe.Usage, "\n", 2)[0]) + ")"
	}
	return msg
}

// overflowAnswer is the error of an answer whose number does not fit
// the decoder's integer (batch = 99999999999999999999): the number read
// as its flag reads it, so the error states the range the answer takes,
// named by its record key. It is nil for any other parse error.
func overflowAnswer(pe toml.ParseError) error {
	key, ok := strings.CutPrefix(pe.LastKey, "answers.")
	num, _, over := strings.Cut(pe.Message, " is out of range for ")
	if !ok || !over {
		return nil
	}
	reg := model.Registry()
	for i := range reg {
		s := &reg[i]
		if s.Key != key {
			continue
		}
		err := s.Parse(num+model.RecordUnit(key), &model.Answers{}, nil)
		var fe *model.FieldError
		if !errors.As(err, &fe) {
			return nil
		}
		c := *fe
		c.Field = "[answers] " + key
		return &c
	}
	return nil
}

// recordKeyed names an answer's problem by its record key ("[answers]
// params_b "NaN": not a finite number") and returns the key's line.
func recordKeyed(b []byte, err error) (int, error) {
	var fe *model.FieldError
	if !errors.As(err, &fe) {
		return keyLine(b, toml.Key{"answers"}), fmt.Errorf("[answers] %w", err)
	}
	s, ok := model.SpecByName(fe.Field)
	if !ok {
		return keyLine(b, toml.Key{"answers"}), fmt.Errorf("[answers] %w", err)
	}
	c := *fe
	c.Field = "[answers] " + s.Key
	return keyLine(b, toml.Key{"answers", s.Key}), &c
}
