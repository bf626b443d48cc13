package data

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// nestedInline is a TOML line of n inline tables, one inside the next.
func nestedInline(n int) string {
	return "x = " + strings.Repeat("{a = ", n) + "1" + strings.Repeat("}", n) + "\n"
}

// manyKeys is n lines of distinct keys.
func manyKeys(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "k%x=1\n", i)
	}
	return sb.String()
}

// goodRecordBytes is a saved decision record.
func goodRecordBytes(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gpupick.toml")
	if err := WriteRecord(path, sampleRecord(), false); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTOMLReadersRefuseShape runs every TOML reader on files that nest too
// deep or hold too many keys: each is refused before decoding, with the
// file, the line and the limit, and a good file still loads.
func TestTOMLReadersRefuseShape(t *testing.T) {
	readers := []struct {
		name string
		lim  tomlLimits
		read func(t *testing.T, name string, b []byte) error
		good func(t *testing.T) []byte
	}{
		{"record", recordLimits, func(t *testing.T, name string, b []byte) error {
			_, err := DecodeRecord(name, b)
			return err
		}, goodRecordBytes},
		{"overlay", overlayLimits, func(t *testing.T, name string, b []byte) error {
			return ApplyOverlay(embeddedCatalog(t), name, b)
		}, func(*testing.T) []byte { return []byte(sampleOverlay) }},
	}
	const head = "[answers]\nmodel = \"llama-3.1-8b\"\n" // two lines before the bad one
	for _, r := range readers {
		cases := []struct {
			name  string
			body  string
			limit TOMLLimit
			line  int
		}{
			{"deep inline tables", head + nestedInline(5000), TOMLDepth, 3},
			{"deep inline tables 120 KB", nestedInline(20000), TOMLDepth, 1},
			{"deep arrays", head + "a = " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + "\n", TOMLDepth, 3},
			{"deep arrays over lines", "a = [\n" + strings.Repeat("[\n", 40) + strings.Repeat("]\n", 40) + "]\n", TOMLDepth, 17},
			{"deep table header", head + "[" + strings.Repeat("t.", 20) + "t]\n", TOMLDepth, 3},
			{"deep dotted key", head + strings.Repeat("a.", 20) + "b = 1\n", TOMLDepth, 3},
			{"deep in an array of tables", "[[offer]]\nx = [{a = " + strings.Repeat("[", 30) + "]}]\n", TOMLDepth, 2},
			{"many keys", manyKeys(r.lim.Keys + 1), TOMLKeys, r.lim.Keys + 1},
		}
		for _, c := range cases {
			t.Run(r.name+"/"+c.name, func(t *testing.T) {
				name := r.name + "-" + strings.ReplaceAll(c.name, " ", "-") + ".toml"
				err := r.read(t, name, []byte(c.body))
				var le *TOMLLimitError
				if !errors.As(err, &le) {
					t.Fatalf("got %v, want a %v limit error", err, c.limit)
				}
				max := r.lim.Depth
				if c.limit == TOMLKeys {
					max = r.lim.Keys
				}
				if le.Limit != c.limit || le.Line != c.line || le.Max != max || le.File != name || le.Kind != r.lim.Kind {
					t.Errorf("got %+v, want limit %v at line %d, max %d, file %s", le, c.limit, c.line, max, name)
				}
				msg := err.Error()
				for _, want := range []string{name + ":" + strconv.Itoa(c.line) + ":", strconv.Itoa(max), "limit of", "remove"} {
					if !strings.Contains(msg, want) {
						t.Errorf("message %q lacks %q", msg, want)
					}
				}
			})
		}
		t.Run(r.name+"/good file loads", func(t *testing.T) {
			if err := r.read(t, r.name+".toml", r.good(t)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTOMLShapeRefusesDeepFileUnread checks that a 120 KB file of nested
// inline tables (15 GB and 108 s for the decoder) is refused by the scan
// alone: reading it allocates the error and nothing the decoder would.
func TestTOMLShapeRefusesDeepFileUnread(t *testing.T) {
	deep := []byte(nestedInline(20000))
	if len(deep) < 120_000 {
		t.Fatalf("file is %d bytes, want 120 KB", len(deep))
	}
	var err error
	allocs := testing.AllocsPerRun(3, func() { _, err = DecodeRecord("deep.toml", deep) })
	var le *TOMLLimitError
	if !errors.As(err, &le) || le.Limit != TOMLDepth {
		t.Fatalf("got %v, want the depth limit", err)
	}
	if allocs > 1 {
		t.Errorf("refusing the deep file made %v allocations, want only the error's (the decoder ran)", allocs)
	}
}

// TestTOMLShapeAllocationFree checks that good files are scanned without
// an allocation.
func TestTOMLShapeAllocationFree(t *testing.T) {
	rec := goodRecordBytes(t)
	for _, c := range []struct {
		name string
		b    []byte
		lim  tomlLimits
	}{{"record", rec, recordLimits}, {"overlay", []byte(sampleOverlay), overlayLimits}} {
		var err error
		if allocs := testing.AllocsPerRun(10, func() { err = checkTOMLShape(c.name, c.b, c.lim) }); allocs != 0 || err != nil {
			t.Errorf("%s: %v allocations, error %v; want 0, nil", c.name, allocs, err)
		}
	}
}

// TestTOMLShapeSyntax checks the scan reads TOML's strings, comments,
// headers and keys as the decoder does: brackets inside them are not
// nesting, brackets outside are.
func TestTOMLShapeSyntax(t *testing.T) {
	lim := tomlLimits{Depth: 2, Keys: 6}
	cases := []struct {
		name string
		src  string
		err  TOMLLimit // -1: accepted
		line int
	}{
		{"brackets in strings", `a = "{{[[" ` + "\nb = '[[[{'\n", -1, 0},
		{"brackets in a comment", "a = 1 # [[[{{{\n# {{{{\n", -1, 0},
		{"escaped quote", `a = "\"[[[[" ` + "\nb = [[1]]\n", -1, 0},
		{"multi-line basic", "a = \"\"\"\n[[[\\\"\"\"{{{\n\"\"\"\"\"\nb = [[1]]\n", -1, 0},
		{"multi-line literal", "a = '''\n{{{{'''''\nb = [[1]]\n", -1, 0},
		{"dots in values", "a = 1.5\nb = 1979-05-27T07:32:00.5Z\nc = [1.0]\n", -1, 0},
		{"quoted dotted key", "\"a.b.c\" = [[1]]\n", -1, 0},
		{"nested arrays", "a = [[[1]]]\n", TOMLDepth, 1},
		{"inline table in array", "x = 1\na = [{b = [1]}]\n", TOMLDepth, 2},
		{"array after multi-line string", "a = \"\"\"\n\n\"\"\" \nb = [[[1]]]\n", TOMLDepth, 4},
		{"dotted key", "a.b = [1]\n", TOMLDepth, 1},
		{"dotted key in inline table", "a = {b.c = 1}\n", TOMLDepth, 1},
		{"header", "[a.b]\n", TOMLDepth, 1},
		{"array of tables", "[[a]]\nb = 1\n[[a]]\nb = [1]\n", TOMLDepth, 4},
		{"header in a string is a value", "a = \"\"\"\n[a.b.c]\n\"\"\"\n", -1, 0},
		{"keys in headers count", "[a]\n[b]\n[c]\nx=1\ny=1\nz=1\n[d]\n", TOMLKeys, 7},
		{"keys in inline tables count", "a = {b = 1, c = 1, d = 1, e = 1, f = 1, g = 1}\n", TOMLKeys, 1},
	}
	for _, c := range cases {
		err := checkTOMLShape("f.toml", []byte(c.src), lim)
		var le *TOMLLimitError
		switch {
		case c.err < 0 && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.err >= 0 && (!errors.As(err, &le) || le.Limit != c.err || le.Line != c.line):
			t.Errorf("%s: got %v, want limit %v at line %d", c.name, err, c.err, c.line)
		}
	}
}

// tomlTree measures a decoded TOML document: its nesting (the top-level
// table not counted) and its keys.
func tomlTree(v any) (depth, keys int) {
	var walk func(v any) (int, int)
	walk = func(v any) (int, int) {
		d, k := 0, 0
		each := func(x any) {
			cd, ck := walk(x)
			d, k = max(d, cd+1), k+ck
		}
		switch v := v.(type) {
		case map[string]any:
			k += len(v)
			for _, x := range v {
				each(x)
			}
		case []map[string]any:
			for _, x := range v {
				each(x)
			}
		case []any:
			for _, x := range v {
				each(x)
			}
		}
		return d, k
	}
	d, k := walk(v)
	return d - 1, k
}

// FuzzTOMLShape checks the scan never panics, refuses only with a line in
// the file, and never accepts a file that decodes deeper or with more keys
// than the limits.
func FuzzTOMLShape(f *testing.F) {
	for _, s := range []string{sampleOverlay, "a = [[1]]\n", "[[a.b]]\nc = {d = 1}\n", "a = \"\"\"\n[[\"\"\"\"\n", "a.b.c = 1\n",
		"x = {a = {b = [1]}}\n", "[a]\n[[a.b]]\n[a.b.c]\n", "'a'.\"b\" = '''x'''\n", nestedInline(8)} {
		f.Add([]byte(s))
	}
	lim := tomlLimits{Depth: 4, Keys: 12}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 4096 {
			return
		}
		err := checkTOMLShape("f.toml", b, lim)
		if err != nil {
			var le *TOMLLimitError
			if !errors.As(err, &le) || le.Line < 1 || le.Line > strings.Count(string(b), "\n")+1 {
				t.Fatalf("bad refusal %v of %q", err, b)
			}
			return
		}
		var m map[string]any
		if _, err := toml.Decode(string(b), &m); err != nil {
			return
		}
		if d, k := tomlTree(m); d > lim.Depth || k > lim.Keys {
			t.Fatalf("accepted %q, which decodes %d deep with %d keys (limits %d, %d)", b, d, k, lim.Depth, lim.Keys)
		}
	})
}
