package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestErrorTextFromReason checks that the wizard words field errors from
// their typed reason and fields, in both languages, and never shows the
// parser's English (Msg or Fix) in Chinese.
func TestErrorTextFromReason(t *testing.T) {
	prov := &model.FieldError{Field: "provider", Value: "awz", Reason: model.ReasonUnknown, Msg: "unknown provider",
		Candidates: []string{"aws"}, Fix: "use one of the providers aws, gcp", Allowed: []string{"aws", "gcp"}}
	gpu := &model.FieldError{Field: "gpu", Value: "h1000", Reason: model.ReasonUnknown, Msg: "unknown GPU",
		Candidates: []string{"H100"}, Fix: "name a GPU"}
	rng := &model.FieldError{Field: "vram", Value: "0", Reason: model.ReasonRange, Msg: "out of range", Fix: "1 to 100000 GiB"}
	for _, tc := range []struct {
		name, lang string
		err        error
		want       []string
	}{
		{"provider en", "en", prov, []string{`"awz"`, "aws, gcp"}},
		{"provider zh", "zh", prov, []string{"未知云厂商", "aws, gcp"}},
		{"gpu zh", "zh", gpu, []string{`"h1000"`, `"H100"`}},
		{"range en", "en", rng, []string{"out of range", "1 to 100000 GiB"}},
		{"range zh", "zh", rng, []string{texts[mOutOfRange][1]}},
		{"missing zh", "zh", errNeedJob, []string{texts[mNeedJobSize][1]}},
	} {
		got := newTr(tc.lang).errorText(tc.err)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tc.name, got, w)
			}
		}
		if tc.lang == "zh" && (strings.Contains(got, "provider") || strings.Contains(got, "unknown") || strings.Contains(got, "range")) {
			t.Errorf("%s: English parser text in Chinese: %q", tc.name, got)
		}
	}
}

// TestErrorTextChineseFix: a Chinese field error from model's parsers
// shows model's Chinese message and its fix, and none of the English; the
// English wording is the one the wizard always showed.
func TestErrorTextChineseFix(t *testing.T) {
	for _, tt := range []struct {
		id  model.AnswerID
		raw string
		en  string // the English the wizard shows
	}{
		{model.AnsParams, "7Q", `unknown unit "q"`},                                  // a form error
		{model.AnsGPUs, "0", "out of range (accepted: 1 to 1024, or blank for any)"}, // a range error
		{model.AnsDuration, "3m", `"m" is ambiguous`},
		{model.AnsBudget, "$5 ¥", "two currencies"},
		{model.AnsPrecision, "", "an answer is needed"}, // a blank required answer
	} {
		a := model.DefaultAnswers()
		var fe *model.FieldError
		if err := model.Spec(tt.id).Parse(tt.raw, &a, nil); !errors.As(err, &fe) {
			t.Fatalf("%v %q: %v, want a field error", tt.id, tt.raw, err)
		}
		if en := newTr("en").errorText(fe); !strings.HasPrefix(en, tt.en) {
			t.Errorf("%s %q in English: %q, want it to start %q", fe.Field, tt.raw, en, tt.en)
		}
		zh := newTr("zh").errorText(fe)
		if fe.MsgZH == "" || fe.FixZH == "" || !strings.Contains(zh, fe.MsgZH) || !strings.Contains(zh, fe.FixZH) {
			t.Errorf("%s %q in Chinese: %q, want model's message %q and fix %q", fe.Field, tt.raw, zh, fe.MsgZH, fe.FixZH)
		}
		if strings.Contains(zh, fe.Msg) || strings.Contains(zh, fe.Fix) {
			t.Errorf("%s %q in Chinese: %q holds the English", fe.Field, tt.raw, zh)
		}
	}
}
