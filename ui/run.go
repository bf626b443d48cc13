package ui

import (
	"errors"
	"fmt"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/gpupick/gpupick/model"
)

// Config is everything the wizard needs from main.
type Config struct {
	Catalog    *model.Catalog
	Answers    model.Answers // initial answers: model.DefaultAnswers() or a loaded record's
	LoadedFrom string        // path of a loaded record, shown in the UI ("" if none)
	// Choice is the loaded record's chosen offer, selected in the list.
	Choice *model.Recommendation
	// Notices are what the user must be told about the catalog (a damaged
	// cache), shown in the footer.
	Notices []string
	Lang    string // "en" or "zh"
	// Save writes a record atomically; it returns an error wrapping
	// fs.ErrExist when the file exists and overwrite is false.
	Save func(path string, rec model.Record, overwrite bool) error
	// Launch writes a launch config (ctrl+x); nil: not available.
	Launch  LaunchFunc
	Version string
	// Accessible runs plain line prompts (ACCESSIBLE=1 or no TTY).
	Accessible bool
	// NoColor draws without colour (NO_COLOR set); bold, faint and
	// reverse video stay.
	NoColor bool
	In      io.Reader
	Out     io.Writer
}

// ErrQuitUnsaved is what Run returns when the wizard was left with ctrl+c
// before anything was saved (the command exits 130, as gum does).
var ErrQuitUnsaved = errors.New("left with ctrl+c before saving")

// Run runs the wizard on the alternate screen, or the accessible line
// prompts when cfg.Accessible is set.
func Run(cfg Config) error {
	if cfg.In == nil {
		cfg.In = os.Stdin
	}
	if cfg.Out == nil {
		cfg.Out = os.Stdout
	}
	if cfg.Accessible {
		return RunAccessible(cfg)
	}
	opts := []tea.ProgramOption{tea.WithInput(cfg.In), tea.WithOutput(cfg.Out)}
	if cfg.NoColor {
		opts = append(opts, tea.WithColorProfile(colorprofile.Ascii))
	}
	p := tea.NewProgram(New(cfg), opts...)
	final, err := p.Run()
	if errors.Is(err, tea.ErrInterrupted) {
		return ErrQuitUnsaved
	}
	if err != nil {
		return fmt.Errorf("wizard: %w", err)
	}
	if fm, ok := final.(Model); ok && fm.interrupted && !fm.saved {
		return ErrQuitUnsaved
	}
	return nil
}
