package data

import (
	"fmt"
	"strconv"

	"github.com/gpupick/gpupick/internal/lazy"
)

// A long text that many offers repeat word for word (a family's
// interconnect note, a marketplace's storage-price note, a host's network
// line) is written once, as a line of texts.tsv, and the offers' note
// columns (offercols.tsv's kind note) hold its line number, as their
// sources column holds sources.tsv's (issue 24: a live marketplace's 100k
// offers repeated ~300 bytes of such notes a row). A catalog folder of
// schema 1 (written before texts.tsv) holds the texts themselves in those
// columns, and is read so.

// fileTexts is the texts table's file.
const fileTexts = "texts.tsv"

// schemaLiteralNotes is the catalog schema whose note columns hold their
// texts, not ids of texts.tsv (which it lacks).
const schemaLiteralNotes = "1"

// textRec is one line of texts.tsv.
type textRec struct{ text string }

// textCols returns the columns of texts.tsv.
var textCols = lazy.Value[[]column[textRec]]{New: func() []column[textRec] {
	return []column[textRec]{
		strCol("text", func(t *textRec) *string { return &t.text }),
	}
}}

// noteCol is a column of a text written once in texts.tsv, by its id.
func noteCol[T any](name string, p func(*T) *string) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, c *tsvCtx) string { return c.noteID(*p(v)) },
		dec: func(v *T, s string, c *tsvCtx) (err error) { *p(v), err = c.noteOf(s); return err }}
}

// noteID is the id of a text in the texts table, added when new; "" for
// no text.
func (c *tsvCtx) noteID(s string) string {
	if s == "" {
		return ""
	}
	id, ok := c.textIDs[s]
	if !ok {
		if c.textIDs == nil {
			c.textIDs = map[string]int{}
		}
		id = len(c.texts)
		c.textIDs[s] = id
		c.texts = append(c.texts, s)
	}
	return strconv.Itoa(id)
}

// noteOf resolves a note field: the text of its id in the texts table, or
// (a schema 1 folder's) the field's own text. The string is the table's
// own, so there is nothing to copy out of a streamed block.
func (c *tsvCtx) noteOf(s string) (string, error) {
	if c != nil && c.literalNotes {
		return c.keptField(s)
	}
	var texts []string
	if c != nil {
		texts = c.texts
	}
	id, err := strconv.Atoi(s)
	if err != nil || id < 0 || id >= len(texts) {
		return "", fmt.Errorf("text id %q is not a line of %s (%d texts): the folder's files are not of one write; run 'gpupick catalog update' or import again", s, fileTexts, len(texts))
	}
	return texts[id], nil
}

// encodeTexts writes the texts table the encoding of offers.tsv with ctx
// filled.
func encodeTexts(ctx *tsvCtx) string {
	recs := make([]textRec, len(ctx.texts))
	for i, s := range ctx.texts {
		recs[i] = textRec{s}
	}
	return encodeTSV(textCols.Get(), recs, ctx)
}

// decodeTexts reads a folder's texts table into ctx for its offers.tsv:
// none for a schema 1 folder, whose note columns hold their texts.
func decodeTexts(label string, files catalogFiles, meta catalogMeta, ctx *tsvCtx) error {
	if meta.schema == schemaLiteralNotes {
		ctx.literalNotes = true
		return nil
	}
	text, ok := files[fileTexts]
	if !ok {
		return fmt.Errorf("%s: %s is missing (a catalog of schema %s keeps its offers' notes there)", label, fileTexts, meta.schema)
	}
	recs, err := decodeTSV(label+"/"+fileTexts, text, textCols.Get(), ctx)
	if err != nil {
		return err
	}
	ctx.texts = make([]string, len(recs))
	for i, r := range recs {
		ctx.texts[i] = r.text
	}
	return nil
}
