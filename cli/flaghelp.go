package cli

import (
	"sync"

	"github.com/gpupick/gpupick/model/text"
)

// A command declares its flags in a std flag.FlagSet, whose usage is one
// string: the English. flagHelp gives the English of a text of the table
// and keeps its Chinese beside it, for the command tree to show the help
// of each flag in the command line's language (flagHelpIn, attachFlags).

// flagHelpZH maps a flag's English help to its Chinese: filled as the
// flags are declared, the same English always with the same Chinese.
var flagHelpZH sync.Map // string -> string

// flagHelp is the English of m formatted with args (none: m as it is), its
// Chinese kept for flagHelpIn.
func flagHelp(m cliMsg, args ...any) string {
	if len(args) == 0 {
		return flagHelpPair(text.Pair{m.in("en"), m.in("zh")})
	}
	return flagHelpPair(text.Pair{tf(m, "en", args...), tf(m, "zh", args...)})
}

// flagHelpPair is p's English, its Chinese kept for flagHelpIn (the
// answers' flags: their help in both languages is the registry's).
func flagHelpPair(p text.Pair) string {
	flagHelpZH.Store(p[text.EN], p[text.ZH])
	return p[text.EN]
}

// flagHelpIn is a flag's help, declared as usage (flagHelp), in lang: its
// Chinese when lang is Chinese and it has one, else usage.
func flagHelpIn(usage, lang string) string {
	if text.LangOf(lang) == text.ZH {
		if zh, ok := flagHelpZH.Load(usage); ok && zh.(string) != "" {
			return zh.(string)
		}
	}
	return usage
}
