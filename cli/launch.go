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
// atomically (the wizard's ctrl+x), with the model preset and GPU facts of
// the wizard's catalog, and for a dstack task of several nodes the cluster
// fleet it runs on to ui.FleetPath(path). A launcher that cannot run the
// offer returns its *launch.UnsupportedError, and a file that exists
// (either, unless overwrite) an error wrapping fs.ErrExist; nothing is
// written then.
func writeLaunchFile(path string, tool ui.LaunchTool, r model.Record, cat *model.Catalog, overwrite bool) error {
	t, err := launch.ParseTool(string(tool))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	j := launch.NewJob(r.Choice, r.Answers, r.Requirement, cat)
	if err := launch.Export(&buf, t, j); err != nil {
		return err
	}
	if t != launch.DStack || r.Choice == nil || r.Choice.Nodes <= 1 {
		return data.WriteFile(path, buf.Bytes(), overwrite)
	}
	var fleet bytes.Buffer
	if err := launch.Export(&fleet, launch.DStackFleetTool, j); err != nil {
		return err
	}
	fleetPath := ui.FleetPath(path)
	if !overwrite {
		for _, p := range []string{fleetPath, path} {
			if _, err := os.Lstat(p); err == nil {
				return fmt.Errorf("write %s: %w", p, fs.ErrExist)
			}
		}
	}
	if err := data.WriteFile(fleetPath, fleet.Bytes(), overwrite); err != nil {
		return err
	}
	return data.WriteFile(path, buf.Bytes(), overwrite)
}
