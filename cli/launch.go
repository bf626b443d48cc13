package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
)

// writeLaunch writes the launch config, or the launcher's refusal (exit 2).
func writeLaunch(stdout, stderr io.Writer, cmd string, tool launch.Tool, j launch.Job, lang string) int {
	err := launch.Export(stdout, tool, j)
	var ue *launch.UnsupportedError
	if errors.As(err, &ue) {
		errLine(stderr, lang, cmd, ue.Text(lang))
		return exitUsage
	}
	if err != nil {
		errLine(stderr, lang, cmd, err.Error())
		return exitFail
	}
	return exitOK
}

// writeLaunchFile writes the launch config of a decision's choice to path
// atomically (the wizard's ctrl+x), with the model preset and GPU facts
// of the wizard's catalog, and the files a dstack run applies first (its
// volume, its cluster fleet) beside it. It returns the commands that
// launch it, in order, as the file's header gives them. A launcher that
// cannot run the offer returns its *launch.UnsupportedError and nothing is
// written.
func writeLaunchFile(path string, tool ui.LaunchTool, r model.Record, cat *model.Catalog, overwrite bool) ([]string, error) {
	t, err := launch.ParseTool(string(tool))
	if err != nil {
		return nil, err
	}
	j := launch.NewJob(r.Choice, r.Answers, r.Requirement, cat)
	files := map[string]launch.Tool{path: t}
	order := []string{path}
	for _, c := range launch.Companions(t, j) {
		p := launch.CompanionPath(path, c)
		files[p] = c
		order = append(order, p)
	}
	bufs := make([]bytes.Buffer, len(order))
	for i, p := range order {
		if err := launch.Export(&bufs[i], files[p], j); err != nil {
			return nil, err
		}
	}
	// Any file that exists stops the save before one is written (the
	// wizard then asks to overwrite them).
	if !overwrite {
		for _, p := range order {
			if _, err := os.Stat(p); err == nil {
				return nil, fmt.Errorf("%s: %w", p, fs.ErrExist)
			}
		}
	}
	for i, p := range order {
		if err := data.WriteFile(p, bufs[i].Bytes(), overwrite); err != nil {
			return nil, err
		}
	}
	shown := func(c launch.Tool) string { return launch.CompanionPath(path, c) }
	return launch.LaunchSteps(t, j, path, shown), nil
}
