package cli

import (
	"slices"
	"strings"
	"sync"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// preload loads the catalog and builds its index from the moment Main
// starts, beside the command tree and the command line's parsing, for a
// command line that ranks offers (recommend, the wizard): the index is the
// longest step of a headless recommend, and without a preload it starts
// only once the flags are parsed (issue 26).
//
// It loads with the options the command line most likely gives
// (guessPreload); the command takes its result only when the options it
// parsed are the same (take), else it loads as it would have, and the
// preload's work is lost, never used.
type preload struct {
	opts data.LoadOptions
	done chan struct{}

	// The load's result, set before done is closed.
	cat     *model.Catalog
	notices []string
	err     error
	eng     *advisor.Engine // the catalog's engine, its index built or being built

	taken sync.Once // the result is handed out once: a later load reads again
}

// startPreload starts loading the catalog for args, when args look like a
// command line that ranks offers; nil otherwise.
func startPreload(args []string) *preload {
	overlay, ok := guessPreload(args)
	if !ok {
		return nil
	}
	opts := data.DefaultLoadOptions()
	opts.OverlayPath = overlay
	p := &preload{opts: opts, done: make(chan struct{})}
	go p.run()
	return p
}

// run loads the catalog, hands it out, then builds its index.
func (p *preload) run() {
	p.cat, p.err = data.Load(p.opts)
	if p.err == nil {
		p.notices = p.cat.Info.Warnings
		p.eng = advisor.New(p.cat)
	}
	close(p.done)
	if p.eng != nil {
		p.eng.Index()
	}
}

// take returns the preload's result when it loaded with opts and was not
// taken before (ok); it waits for the load, not for the index.
func (p *preload) take(opts data.LoadOptions) (cat *model.Catalog, notices []string, eng *advisor.Engine, err error, ok bool) {
	if p == nil || opts != p.opts {
		return nil, nil, nil, nil, false
	}
	p.taken.Do(func() { ok = true })
	if !ok {
		return nil, nil, nil, nil, false
	}
	<-p.done
	return p.cat, p.notices, p.eng, p.err, true
}

// rankingCommands are the commands whose run loads the catalog and ranks
// it; noPreload the words that make a command line do neither (help,
// version, completion) or name a command that does not rank.
var (
	rankingCommands = []string{"recommend"}
	noPreload       = []string{"-h", "--help", "-help", "-v", "--version", "-version", "help", "version",
		"completion", "__complete", "__completeNoDesc", "man", "catalog", "models", "export", "plan", "verify"}
)

// guessPreload reports whether args look like a command line that ranks
// offers (recommend, or the wizard: no command), and the --catalog
// overlay they give ("" none). A wrong guess costs work on another core,
// never a result: the command takes the preload only when the options it
// parsed match (preload.take).
func guessPreload(args []string) (overlay string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if slices.Contains(noPreload, a) {
			return "", false
		}
		switch name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "="); {
		case !strings.HasPrefix(a, "-") || name != "catalog":
		case hasValue:
			overlay = value
		case i+1 < len(args):
			i++
			overlay = args[i]
		}
	}
	return overlay, len(args) == 0 || strings.HasPrefix(args[0], "-") || slices.Contains(rankingCommands, args[0])
}
