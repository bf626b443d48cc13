package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// The errors and warnings the commands print on stderr, in the language of
// the command line. English keeps the lines as they were; Chinese frames
// them in Chinese (cliTexts' tErr… texts). What the user typed, paths,
// flags and the OS's own words print as they are; an answer's error is
// model's Chinese text (answerErrText), and the detail of a data error that
// has no Chinese text stays English inside the Chinese frame.

// argsLang is the language of a command line's messages before its flags
// are parsed (a usage error comes before --lang is known): the value of
// --lang (or -lang, --lang=V) in args when fs takes --lang and it is en or
// zh, else the locale of env.
func argsLang(fs *flag.FlagSet, args []string, env environ) string {
	c := commonFlags{env: env}
	if fs.Lookup("lang") != nil {
		for i, a := range args {
			if a == "--" {
				break
			}
			name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if !strings.HasPrefix(a, "-") || name != "lang" {
				continue
			}
			if !hasVal && i+1 < len(args) {
				val = args[i+1]
			}
			if v := strings.ToLower(val); v == "en" || v == "zh" {
				c.lang = v
			}
		}
	}
	lang, _ := c.language()
	return lang
}

// errLine prints "gpupick CMD: MSG" ("gpupick: MSG" for cmd "") in lang
// on w.
func errLine(w io.Writer, lang, cmd, msg string) {
	name := "gpupick"
	if cmd != "" {
		name += " " + cmd
	}
	fmt.Fprintln(w, tf(tErrLine, lang, name, msg))
}

// orWord is the " or " of a list of choices in lang.
func orWord(lang string) string { return tErrOr.in(lang) }

// tf formats message m in lang with args.
func tf(m cliMsg, lang string, args ...any) string { return fmt.Sprintf(m.in(lang), args...) }

// flagErrorText is the flag package's error err in lang: an unknown flag
// spelled --flag (both languages), and in Chinese a flag without its value
// or with a value it cannot parse.
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
	// invalid value "V" for flag -NAME: DETAIL (also "invalid boolean value").
	if _, rest, ok := strings.Cut(msg, "value "); ok && strings.HasPrefix(msg, "invalid ") {
		if i := strings.LastIndex(rest, " for flag -"); i >= 0 {
			val := strings.Trim(rest[:i], `"`)
			name, _, _ := strings.Cut(rest[i+len(" for flag -"):], ":")
			return tf(tErrBadValue, lang, val, name)
		}
	}
	return msg
}

// answerErrText is err, an answer's error, in lang: in Chinese the
// *model.FieldError it holds is worded by model (FieldError.Text: the
// flag or record key, the value and the names as typed, the message and
// the fix in Chinese); what wraps it (a record's path and line) is kept.
// English is err.Error().
func answerErrText(err error, lang string) string {
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
