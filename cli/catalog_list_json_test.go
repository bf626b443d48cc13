package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"
)

// indentJSON gives json.Indent's bytes for encoding/json's compact output.
func TestIndentJSONMatchesEncodingJSON(t *testing.T) {
	cases := []any{
		map[string]any{},
		[]any{},
		map[string]any{"a": []any{}, "b": map[string]any{}, "c": []any{1, "x", nil, true}},
		map[string]any{"quote \" and \\ back": "a \"b\" c\\", "colon:comma,": "{[not]}"},
		[]any{map[string]any{"zh": "估算 未知", "n": 1.5e-7}, []any{[]any{[]any{}}}},
		"plain",
	}
	for _, v := range cases {
		compact, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		checkIndent(t, compact)
	}
}

func FuzzIndentJSON(f *testing.F) {
	f.Add(`{"a":[1,{"b":""}],"c":{}}`)
	f.Add(`["\"",[],"\\"]`)
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return
		}
		checkIndent(t, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	})
}

func checkIndent(t *testing.T, compact []byte) {
	t.Helper()
	var want bytes.Buffer
	if err := json.Indent(&want, compact, "  ", "  "); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	w := bufio.NewWriter(&got)
	indentJSON(w, compact, 1)
	w.Flush()
	if got.String() != want.String() {
		t.Errorf("indentJSON(%s):\n%s\nwant\n%s", compact, got.String(), want.String())
	}
}
