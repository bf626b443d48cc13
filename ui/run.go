package ui

import (
	"errors"
	"fmt"
	"io"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// Config is everything the wizard needs from main.
type Config struct {
	Catalog *model.Catalog
	// Engine is Catalog's advisor engine when main made one (to build its
	// index while the terminal starts); nil: New makes one.
	Engine *advisor.Engine
	// Env is Catalog's answer environment when main made one; nil: New
	// makes one.
	Env        *model.AnswerEnv
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
	Launch LaunchFunc
	// Refresh fetches the live sources again (ctrl+r), in the background;
	// nil: not available.
	Refresh *Refresh
	Version string
	// Accessible runs plain line prompts (ACCESSIBLE=1 or no TTY).
	Accessible bool
	// NoColor draws without colour (NO_COLOR set); bold, faint and
	// reverse video stay.
	NoColor bool
	In      io.Reader
	Out     io.Writer
	// Pending, when not nil, finishes the configuration: it loads the
	// catalog and returns this configuration with Catalog (and Engine, Env,
	// Answers) filled in. Run starts the terminal program first and calls
	// it in the program's first tea.Cmd, so the catalog loads and indexes
	// while the terminal waits for its first frame; keys pressed meanwhile
	// are kept and handled once the wizard is built. An error ends the
	// wizard with that error.
	Pending func() (Config, error)
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
		if cfg.Pending != nil {
			c, err := cfg.Pending()
			if err != nil {
				return err
			}
			cfg = c
		}
		return RunAccessible(cfg)
	}
	opts := []tea.ProgramOption{tea.WithInput(cfg.In), tea.WithOutput(cfg.Out)}
	if cfg.NoColor {
		opts = append(opts, tea.WithColorProfile(colorprofile.Ascii))
	}
	var root tea.Model
	if cfg.Pending != nil {
		root = &starter{load: cfg.Pending}
	} else {
		root = New(cfg)
	}
	p := tea.NewProgram(root, opts...)
	final, err := p.Run()
	if errors.Is(err, tea.ErrInterrupted) {
		return ErrQuitUnsaved
	}
	if err != nil {
		return fmt.Errorf("wizard: %w", err)
	}
	if s, ok := final.(*starter); ok {
		if s.err != nil {
			return s.err
		}
		final = s.inner
	}
	if fm, ok := final.(Model); ok && fm.interrupted && !fm.saved {
		return ErrQuitUnsaved
	}
	return nil
}

// starter is the root model while the catalog is still loading
// (Config.Pending): it draws an empty alternate screen, keeps the messages
// that arrive (the window size, keys), and once the configuration is
// complete builds the wizard, hands it those messages in order and from
// then on passes everything to it. The wizard's first ranked frame at a
// known window size is also drawn off-screen in the background
// (warmFirstFrame), so that the renderer's first draw of it is not a cold
// one; waiting for the ranking keeps that work from competing with it.
type starter struct {
	load  func() (Config, error)
	inner tea.Model // the wizard (a Model) once built
	early []tea.Msg
	err   error
	// warm draws a frame off-screen (nil: warmFirstFrame); it runs once,
	// on its own goroutine.
	warm   func(content string, w, h int)
	warmed bool
	w, h   int // the window size, from the last tea.WindowSizeMsg
}

// startedMsg carries the completed configuration.
type startedMsg struct {
	cfg Config
	err error
}

// Init starts the join with the catalog's load.
func (s *starter) Init() tea.Cmd {
	load := s.load
	return func() tea.Msg {
		c, err := load()
		return startedMsg{cfg: c, err: err}
	}
}

// Update keeps messages until the wizard is built, then passes them on.
func (s *starter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		s.w, s.h = ws.Width, ws.Height
	}
	if s.inner != nil {
		var cmd tea.Cmd
		s.inner, cmd = s.inner.Update(msg)
		return s, cmd
	}
	st, ok := msg.(startedMsg)
	if !ok {
		s.early = append(s.early, msg)
		return s, nil
	}
	if st.err != nil {
		s.err = st.err
		return s, tea.Quit
	}
	st.cfg.Pending = nil
	m := New(st.cfg)
	cmds := []tea.Cmd{m.Init()}
	s.inner = m
	for _, e := range s.early {
		var cmd tea.Cmd
		s.inner, cmd = s.inner.Update(e)
		cmds = append(cmds, cmd)
	}
	s.early = nil
	return s, tea.Batch(cmds...)
}

// View is the wizard's frame, or an empty alternate screen before it. The
// wizard's first ranked frame drawn at a known window size is handed to
// the off-screen warm-up (see drawOffscreen); the frame itself is
// unchanged.
func (s *starter) View() tea.View {
	if s.inner != nil {
		v := s.inner.View()
		if m, ok := s.inner.(Model); ok && m.hasRes && !s.warmed && s.w > 0 && s.h > 0 {
			s.warmed = true
			warm := s.warm
			if warm == nil {
				warm = warmFirstFrame
			}
			go warm(v.Content, s.w, s.h)
		}
		return v
	}
	v := tea.NewView("")
	v.AltScreen = true
	v.WindowTitle = "gpupick"
	return v
}
