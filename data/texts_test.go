package data

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// noteColumns are the offers.tsv columns of kind note, read from the
// column table they are generated from.
func noteColumns(t testing.TB) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("offercols.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 5 && f[1] == "note" {
			out[f[0]] = true
		}
	}
	if len(out) == 0 {
		t.Fatal("offercols.tsv has no column of kind note")
	}
	return out
}

// noteValues are the texts of an offer's note columns, by column.
func noteValues(t testing.TB, o *model.Offer) map[string]string {
	t.Helper()
	d := o.Detail()
	vals := map[string]string{"price_date_note": d.PriceDateNote, "interconnect_note": d.InterconnectNote,
		"inter_node_network": o.InterNodeNetwork, "vcpu_note": d.VCPUNote, "local_nvme": d.LocalNVMe, "price_note": d.PriceNote}
	for c := range noteColumns(t) {
		if _, ok := vals[c]; !ok {
			t.Fatalf("note column %s: add its field to noteValues", c)
		}
	}
	return vals
}

// TestTextsWrittenOnce: each note text of the embedded catalog is one
// line of texts.tsv, the offers' note columns hold only ids of those
// lines, and the offers read back carry every note.
func TestTextsWrittenOnce(t *testing.T) {
	cat := embeddedCatalog(t)
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]int{}
	for i := range cat.Offers {
		for _, v := range noteValues(t, &cat.Offers[i]) {
			if v != "" {
				distinct[v]++
			}
		}
	}
	lines := strings.Split(strings.TrimSuffix(files[fileTexts], "\n"), "\n")
	if lines[0] != "text" || len(lines)-1 != len(distinct) {
		t.Fatalf("texts.tsv: header %q and %d texts, want \"text\" and the %d distinct notes", lines[0], len(lines)-1, len(distinct))
	}
	notes := noteColumns(t)
	rows := strings.Split(strings.TrimSuffix(files[fileOffers], "\n"), "\n")
	header := strings.Split(rows[0], "\t")
	for n, row := range rows[1:] {
		for i, f := range strings.Split(row, "\t") {
			if !notes[header[i]] || f == "" {
				continue
			}
			if id, err := strconv.Atoi(f); err != nil || id < 0 || id >= len(lines)-1 {
				t.Fatalf("offers.tsv line %d: column %s holds %q, want an id of texts.tsv", n+2, header[i], f)
			}
		}
	}
	back, _, err := decodeCatalog("cat", files)
	if err != nil {
		t.Fatal(err)
	}
	for i := range cat.Offers {
		if got, want := noteValues(t, &back.Offers[i]), noteValues(t, &cat.Offers[i]); !reflect.DeepEqual(got, want) {
			t.Fatalf("offer %s: notes %v read back, want %v", cat.Offers[i].Key(), got, want)
		}
	}
}

// schema1Files turns a catalog's files into the folder of schema 1 that
// gpupick wrote before texts.tsv: the note columns hold their texts.
func schema1Files(t *testing.T, files catalogFiles) catalogFiles {
	t.Helper()
	texts := strings.Split(strings.TrimSuffix(files[fileTexts], "\n"), "\n")[1:]
	notes := noteColumns(t)
	rows := strings.Split(strings.TrimSuffix(files[fileOffers], "\n"), "\n")
	header := strings.Split(rows[0], "\t")
	for n := 1; n < len(rows); n++ {
		f := strings.Split(rows[n], "\t")
		for i := range f {
			if notes[header[i]] && f[i] != "" {
				id, err := strconv.Atoi(f[i])
				if err != nil {
					t.Fatal(err)
				}
				f[i] = texts[id] // texts.tsv's field, escaped as offers.tsv's
			}
		}
		rows[n] = strings.Join(f, "\t")
	}
	out := catalogFiles{}
	for k, v := range files {
		if k != fileTexts {
			out[k] = v
		}
	}
	out[fileOffers] = strings.Join(rows, "\n") + "\n"
	out[fileInfo] = strings.Replace(files[fileInfo], "schema\t"+catalogSchema+"\n", "schema\t"+schemaLiteralNotes+"\n", 1)
	return out
}

// TestSchema1FolderRead: a folder of schema 1 (no texts.tsv, the notes in
// offers.tsv) is read, from disk as a cache is, to the same offers.
func TestSchema1FolderRead(t *testing.T) {
	cat := embeddedCatalog(t)
	files, err := encodeCatalog(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	old := schema1Files(t, files)
	if !strings.Contains(old[fileInfo], "schema\t1\n") {
		t.Fatalf("info.tsv of schema 1:\n%s", old[fileInfo])
	}
	dir := t.TempDir()
	for name, text := range old {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	back, err := ReadFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Offers, cat.Offers) {
		t.Error("the offers of a schema 1 folder differ from the catalog's")
	}
}

// TestTextIDsStrict: a note id that is not a line of texts.tsv, and a
// folder of schema 2 without texts.tsv, are refused naming the file, the
// line and the column, never read as a text or as no note.
func TestTextIDsStrict(t *testing.T) {
	good, err := encodeCatalog(embeddedCatalog(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(good[fileOffers], "\n")
	header := strings.Split(rows[0], "\t")
	at := -1
	for i, h := range header {
		if h == "interconnect_note" {
			at = i
		}
	}
	withNote := func(v string) string {
		f := strings.Split(rows[1], "\t")
		f[at] = v
		return rows[0] + "\n" + strings.Join(f, "\t") + "\n"
	}
	tests := []struct {
		name  string
		files catalogFiles
		want  []string
	}{
		{"id past the table", catalogFiles{fileOffers: withNote("99999")},
			[]string{"offers.tsv: line 2: column interconnect_note:", `text id "99999" is not a line of texts.tsv`}},
		{"negative id", catalogFiles{fileOffers: withNote("-1")}, []string{"line 2: column interconnect_note:", `text id "-1"`}},
		{"a text where an id belongs", catalogFiles{fileOffers: withNote("NVLink 4")}, []string{"column interconnect_note:", `text id "NVLink 4"`}},
		{"empty table", catalogFiles{fileTexts: "text\n"}, []string{"offers.tsv: line ", `is not a line of texts.tsv (0 texts)`}},
		{"bad table header", catalogFiles{fileTexts: "note\n"}, []string{"texts.tsv: line 1:"}},
		{"no table", catalogFiles{fileTexts: ""}, []string{"cat: texts.tsv is missing", "schema " + catalogSchema}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := catalogFiles{}
			for k, v := range good {
				files[k] = v
			}
			for k, v := range tc.files {
				files[k] = v
				if v == "" {
					delete(files, k)
				}
			}
			_, _, err := decodeCatalog("cat", files)
			for _, w := range tc.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("error %v, want it to say %q", err, w)
				}
			}
		})
	}
}

// FuzzNoteField: any note field resolves to a line of the texts table or
// is refused, never panics nor reads a text from nowhere.
func FuzzNoteField(f *testing.F) {
	for _, s := range []string{"0", "2", "3", "-1", "01", "+1", " 1", "1e2", "99999999999999999999", "", "x"} {
		f.Add(s)
	}
	texts := []string{"a", "b\tc", "d"}
	f.Fuzz(func(t *testing.T, s string) {
		ctx := &tsvCtx{texts: texts}
		got, err := ctx.noteOf(s)
		if err != nil {
			if !strings.Contains(err.Error(), fileTexts) {
				t.Fatalf("%q: error %v does not name %s", s, err, fileTexts)
			}
			return
		}
		id, aerr := strconv.Atoi(s)
		if aerr != nil || id < 0 || id >= len(texts) || got != texts[id] {
			t.Fatalf("%q read as %q", s, got)
		}
	})
}
