package cli

import (
	"sync"

	"github.com/gpupick/gpupick/model/text"
)

// A command declares its flags in a std flag.FlagSet, whose usage is one
// string: the English. flagHelp gives the English of a text of the table
// and keeps its Chinese beside it, for the command tree to show the help
// of each flag in the command line's language (flagHelpIn, attachFlags).

// flagHelpZH maps a flag's English help to its Chinese, or to the function
// that makes it: filled as the flags are declared, the same English always
// with the same Chinese. The Chinese is made only when a help is asked for in
// Chinese: every run declares its command's flags, few show their help in
// Chinese (issue 26).
var flagHelpZH sync.Map // string -> string or func() string

// flagHelp is the English of m formatted with args (none: m as it is), its
// Chinese kept for flagHelpIn.
func flagHelp(m cliMsg, args ...any) string {
	if len(args) == 0 {
		return flagHelpPair(text.Pair{m.in("en"), m.in("zh")})
	}
	return flagHelpLazy(tf(m, "en", args...), func() string { return tf(m, "zh", args...) })
}

// flagHelpPair is p's English, its Chinese kept for flagHelpIn.
func flagHelpPair(p text.Pair) string {
	flagHelpZH.Store(p[text.EN], p[text.ZH])
	return p[text.EN]
}

// flagHelpLazy is en, with zh to make its Chinese when flagHelpIn first
// asks for it (the answers' flags: their Chinese help is the registry's).
func flagHelpLazy(en string, zh func() string) string {
	flagHelpZH.Store(en, zh)
	return en
}

// flagHelpIn is a flag's help, declared as usage (flagHelp), in lang: its
// Chinese when lang is Chinese and it has one, else usage.
func flagHelpIn(usage, lang string) string {
	if text.LangOf(lang) == text.ZH {
		v, ok := flagHelpZH.Load(usage)
		if mk, lazy := v.(func() string); lazy {
			v = mk()
			flagHelpZH.Store(usage, v) // the same English has the same Chinese: any maker's
		}
		if zh, _ := v.(string); ok && zh != "" {
			return zh
		}
	}
	return usage
}
