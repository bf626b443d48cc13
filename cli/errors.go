package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// The errors and warnings the commands print on stderr, in the language of
// the command line. English keeps the lines as they were; Chinese frames
// them in Chinese (cliTexts' tErr… texts). What the user typed, paths,
// flags and the OS's own words print as they are; an answer's error is
// model's Chinese text (answerErrText), and the detail of a data error that
// has no Chinese text stays English inside the Chinese frame.

// errLine prints "gpupick CMD: MSG" ("gpupick: MSG" for cmd "") in lang
// on w.
func errLine(w io.Writer, lang, cmd, msg string) {
	name := "gpupick"
	if cmd != "" {
		name += " " + cmd
	}
	fmt.Fprintln(w, tf(tErrLine, lang, name, msg))
}

// failer returns a command's fail: it prints the formatted message as one
// error line of cmd (errLine) in lang and returns the exit code.
func failer(stderr io.Writer, lang, cmd string) func(code int, format string, args ...any) int {
	return func(code int, format string, args ...any) int {
		errLine(stderr, lang, cmd, fmt.Sprintf(format, args...))
		return code
	}
}

// flagErrorText is the flag package's error err in lang: an unknown flag
// spelled --flag (both languages), and in Chinese a flag without its
// value. A value a flag cannot read is its typed value's refusal
// (flagvalues.go), not the flag package's.
func flagErrorText(err error, lang string) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return tf(tErrUnknownFlag, lang, strings.TrimLeft(rest, "-"))
	}
	if !isZH(lang) {
		return msg
	}
	if rest, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return tf(tErrNeedsValue, lang, strings.TrimLeft(rest, "-"))
	}
	return msg
}

// answerErrText is err, an answer's error, in lang: in Chinese the
// *model.FieldError it holds is worded by model (FieldError.Text: the
// flag or record key, the value and the names as typed, the message and
// the fix in Chinese); what wraps it (a record's path and line) is kept.
// English is err.Error().
func answerErrText(err error, lang string) string {
	if s, ok := tomlLimitText(err, lang); ok {
		return s
	}
	msg := err.Error()
	var fe *model.FieldError
	if !isZH(lang) || !errors.As(err, &fe) {
		return msg
	}
	if pre, ok := strings.CutSuffix(msg, fe.Error()); ok {
		return pre + fe.Text(true)
	}
	return msg
}

// echo cuts what the user typed to at most 80 characters for an error.
func echo(s string) string { return model.Shorten(s, 79) }

// exitCode is 2 for an error caused by the user's input, else 1.
func exitCode(err error) int {
	if data.IsInput(err) {
		return exitUsage
	}
	return exitFail
}

// catalogError is the text of an error of data (loading, importing or
// updating a catalog) in lang: English as it is; in Chinese framed as a
// failure to load the catalog, data's own detail in English (data has no
// Chinese texts).
func catalogError(err error, lang string) string {
	msg, ok := tomlLimitText(err, lang)
	if !ok {
		msg = err.Error()
	}
	return tf(tErrCatalogLoad, lang, msg)
}

// tomlLimitText is err's text in lang when err holds a
// *data.TOMLLimitError (a TOML file refused for its nesting or keys): the
// refusal worded in lang, what wraps it kept. ok is false for other errors.
func tomlLimitText(err error, lang string) (msg string, ok bool) {
	var le *data.TOMLLimitError
	if !errors.As(err, &le) {
		return "", false
	}
	msg = err.Error()
	pre, found := strings.CutSuffix(msg, le.Error())
	if !found {
		return msg, true
	}
	return pre + tomlLimitWords(le, lang), true
}

// tomlLimitWords is the refusal le in lang (in English le.Error()).
func tomlLimitWords(le *data.TOMLLimitError, lang string) string {
	what, typical := tTOMLRecord, tTOMLRecordTypical
	if le.Kind == data.TOMLOverlay {
		what, typical = tTOMLOverlay, tTOMLOverlayTypical
	}
	m := tErrTOMLDepth
	if le.Limit == data.TOMLKeys {
		m = tErrTOMLKeys
	}
	return tf(m, lang, le.File, le.Line, le.Max, what.in(lang), typical.in(lang))
}

// catalogWarnings prints the notices of a loaded catalog (a damaged cached
// catalog) on stderr, framed in lang: "gpupick CMD: NOTICE" ("gpupick:
// NOTICE" for cmd "").
func catalogWarnings(stderr io.Writer, cmd string, notices []string, lang string) {
	for _, n := range notices {
		errLine(stderr, lang, cmd, tf(tErrCatalogWarning, lang, n))
	}
}
