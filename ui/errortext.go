package ui

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// errorText words a validation error in the UI's language from its typed
// reason; the candidates are listed as they are (names are not translated).
// In Chinese an error without a wording of the wizard's own is model's
// Chinese message and fix (zhDetail).
func (t tr) errorText(err error) string {
	var fe *model.FieldError
	if err == nil {
		return ""
	}
	if !errors.As(err, &fe) {
		return t.s(mInvalid)
	}
	val := fe.Value
	list := strings.Join(fe.Candidates, ", ")
	quoted := make([]string, len(fe.Candidates))
	for i, c := range fe.Candidates {
		quoted[i] = strconv.Quote(c)
	}
	switch fe.Reason {
	case model.ReasonAmbiguous:
		return t.f(mAmbiguous, len(fe.Candidates), list)
	case model.ReasonUnknown:
		var s string
		switch fe.Field {
		case "model":
			s = t.s(mNoModelMatch)
		case "gpu":
			s = t.f(mUnknownGPU, val)
		case "provider", "exclude-provider":
			s = t.f(mUnknownProvider, val, strings.Join(fe.Allowed, ", "))
		case "region":
			s = t.f(mUnknownRegion, val)
		default:
			s = t.zhDetail(fe, mInvalid)
		}
		if list != "" && fe.Field != "provider" && fe.Field != "exclude-provider" {
			s += t.s(mSemicolon) + t.f(mDidYouMean, strings.Join(quoted, ", "))
		}
		return s
	case model.ReasonMissing:
		if fe.Field == "tokens" {
			return t.s(mNeedJobSize)
		}
		return t.zhDetail(fe, mNeedAnswer)
	case model.ReasonRange:
		if t.zh() {
			return t.zhDetail(fe, mOutOfRange)
		}
		return fe.Msg + " (" + fe.Fix + ")"
	case model.ReasonNotFinite:
		return t.zhDetail(fe, mNotFinite)
	case model.ReasonConflict:
		if fe.Field == "duration-mode" {
			return t.s(mJobDropped)
		}
		if t.zh() {
			return t.zhDetail(fe, mInvalid)
		}
		return fe.Msg + ": " + fe.Fix
	}
	if t.zh() {
		return t.zhDetail(fe, mInvalid)
	}
	return fe.Msg
}

// zhDetail is, in Chinese, model's Chinese message and fix of fe
// (its range error and the range to give, say); in English, or when
// model gave fe no Chinese (an error built outside model), the text of
// generic.
func (t tr) zhDetail(fe *model.FieldError, generic msg) string {
	if !t.zh() || fe.MsgZH == "" {
		return t.s(generic)
	}
	return fe.Detail(true)
}
