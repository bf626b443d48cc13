package cli

import (
	"fmt"
	"sync"

	"github.com/gpupick/gpupick/model/text"
)

// A command declares its flags in a std flag.FlagSet, whose usage is one
// string: the English. flagHelp gives the English of a text of the table
// and keeps its Chinese beside it, for the command tree to show the help
// of each flag in the command line's language (flagHelpIn, attachFlags).

// flagHelpZH maps a flag's English help to its Chinese, or to what makes
// it: filled as the flags are declared, the same English always with the
// same Chinese. The Chinese is made only when a help is asked for in
// Chinese: every run declares its command's flags, few show their help in
// Chinese (issue 26).
var flagHelpZH zhHelps

// zhHelps is the Chinese of the flags' helps by their English, a plain
// map behind a lock: keeping one allocates nothing past the map's growth
// (a sync.Map boxed the English and the Chinese and made a node for each:
// a third of a help's allocations, issue 26).
type zhHelps struct {
	mu sync.Mutex
	m  map[string]zhHelp
}

// zhHelp is the Chinese of a flag's help, or what makes it when it is
// first asked for.
type zhHelp struct {
	zh   string
	make fmt.Stringer
}

// zhFunc makes a Chinese help with a function.
type zhFunc func() string

func (f zhFunc) String() string { return f() }

// keep keeps zh for the English help en.
func (h *zhHelps) keep(en string, zh zhHelp) {
	h.mu.Lock()
	if h.m == nil {
		h.m = make(map[string]zhHelp, 64) // a run's flags, about
	}
	h.m[en] = zh
	h.mu.Unlock()
}

// chinese is the Chinese kept for the English help en, made the first
// time it is asked for; false when none is kept.
func (h *zhHelps) chinese(en string) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	v, ok := h.m[en]
	if v.make != nil {
		v = zhHelp{zh: v.make.String()}
		h.m[en] = v // the same English has the same Chinese: any maker's
	}
	return v.zh, ok
}

// flagHelp is the English of m formatted with args (none: m as it is), its
// Chinese kept for flagHelpIn.
func flagHelp(m cliMsg, args ...any) string {
	if len(args) == 0 {
		return flagHelpPair(text.Pair{m.in("en"), m.in("zh")})
	}
	return flagHelpLazy(tf(m, "en", args...), zhFunc(func() string { return tf(m, "zh", args...) }))
}

// flagHelpPair is p's English, its Chinese kept for flagHelpIn.
func flagHelpPair(p text.Pair) string {
	flagHelpZH.keep(p[text.EN], zhHelp{zh: p[text.ZH]})
	return p[text.EN]
}

// flagHelpLazy is en, with zh to make its Chinese when flagHelpIn first
// asks for it (the answers' flags: their Chinese help is the registry's).
func flagHelpLazy(en string, zh fmt.Stringer) string {
	flagHelpZH.keep(en, zhHelp{make: zh})
	return en
}

// flagHelpIn is a flag's help, declared as usage (flagHelp), in lang: its
// Chinese when lang is Chinese and it has one, else usage.
func flagHelpIn(usage, lang string) string {
	if text.LangOf(lang) == text.ZH {
		if zh, ok := flagHelpZH.chinese(usage); ok && zh != "" {
			return zh
		}
	}
	return usage
}
