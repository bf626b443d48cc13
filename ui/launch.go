package ui

import (
	"errors"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// LaunchTool names a launcher the wizard exports a config for; the values
// are the names `gpupick export --to` accepts.
type LaunchTool string

// The launchers, in the order the export dialogue offers them.
const (
	LaunchSkyPilot LaunchTool = "skypilot"
	LaunchDStack   LaunchTool = "dstack"
)

// LaunchTools lists the launchers in the dialogue's order.
var LaunchTools = []LaunchTool{LaunchSkyPilot, LaunchDStack}

// LaunchFunc writes the launch config of rec (nil: nothing fitted) for a
// launcher to path, atomically, with the files the launcher applies first
// beside it (a dstack run's volume and fleet). It returns the commands that
// launch it, in order, as the file's header gives them (sky jobs launch for
// a managed spot job, sky serve up for a service, the secrets and values
// to give); an error wrapping fs.ErrExist when a file exists and overwrite
// is false, and an error with a Text(lang string) string method
// (data/launch's *UnsupportedError) when the launcher cannot run the
// offer; nothing is written then.
type LaunchFunc func(path string, tool LaunchTool, r model.Record, cat *model.Catalog, overwrite bool) ([]string, error)

// Default paths of the launch configs: SkyPilot takes any YAML file; dstack
// wants a name ending in .dstack.yml.
const (
	defaultSkyPath    = "./gpupick.sky.yaml"
	defaultDStackPath = "./.dstack.yml"
)

// exportTarget is what the export dialogue writes.
type exportTarget int

const (
	targetRecord exportTarget = iota // the decision record (ctrl+s)
	targetSky                        // a SkyPilot task
	targetDStack                     // a dstack task
	targetCount
)

// defaultPaths are each target's proposed path.
var defaultPaths = [targetCount]string{defaultExportPath, defaultSkyPath, defaultDStackPath}

// tool is the launcher of a launch target.
func (t exportTarget) tool() LaunchTool {
	if t == targetDStack {
		return LaunchDStack
	}
	return LaunchSkyPilot
}

// toolName is how the dialogue names a target's launcher.
func (t exportTarget) toolName() string {
	if t == targetDStack {
		return "dstack"
	}
	return "SkyPilot"
}

// unsupported is the launcher's refusal to run an offer, in both languages.
type unsupported interface{ Text(lang string) string }

// launchCmd writes the launch config of the chosen offer (or the best),
// built from a fresh ranking of the answers.
func launchCmd(j writeJob, t exportTarget, write LaunchFunc) tea.Cmd {
	return func() tea.Msg {
		rec := j.record("")
		done := saveDoneMsg{path: j.path, abs: j.abs, overwrite: j.overwrite, target: t}
		if write == nil {
			done.err = errors.New("exporting a launch config is not available")
			return done
		}
		done.launch, done.err = write(expandHome(j.path), t.tool(), rec, j.cat, j.overwrite)
		return done
	}
}

// chooseLine renders the launcher choice in the footer.
func (m exportDialog) chooseLine() string {
	out := m.st.LabelOn.Render(m.t.s(mLaunchChoose))
	for i, t := range []exportTarget{targetSky, targetDStack} {
		label := "[" + string(rune('1'+i)) + "] " + t.toolName()
		if t == m.export.target {
			out += m.st.Cursor.Render(label)
		} else {
			out += m.st.Muted.Render(label)
		}
		out += "  "
	}
	return out
}

// Render renders the trial plan of the current ranking in the detail
// area: the top candidates for an hour each, the total, and the rule that
// turns the trial's results into a choice, in w cells. It returns every
// line (the panel scrolls them in its h rows).
func (m trialView) Render(w, _ int) []string {
	if !m.hasRes {
		return []string{fit(m.st.Muted.Render(m.t.s(mTrialWaiting)), w)}
	}
	tr := advisor.PlanTrial(*m.res, nil, m.gpus, m.measure, advisor.DefaultTrialHours)
	if len(tr.Candidates) == 0 {
		return wrapStyled(m.st.Warn, m.t.s(mTrialNone), w)
	}
	cost := func(v float64) string {
		if v <= 0 {
			return m.t.s(mUnknown)
		}
		return m.t.money(v, tr.Currency)
	}
	out := []string{fit(m.st.PaneTitleOn.Render(m.t.f(mTrialTitle, len(tr.Candidates), strconv.FormatFloat(tr.Hours, 'g', -1, 64))), w)}
	for i, c := range tr.Candidates {
		r := c.Rec
		out = append(out, wrapStyled(m.st.Value, m.t.f(mTrialRow, i+1, r.Provider, r.InstanceType, gpuFull(r), priceModelFullName(m.t, c.PriceModel), cost(c.Hourly), cost(c.Cost)), w)...)
	}
	total := m.t.f(mTrialTotal, m.t.money(tr.Total, tr.Currency))
	if tr.Unknown {
		total += m.t.s(mTrialUnknown)
	}
	out = append(out, wrapStyled(m.st.Best, total, w)...)
	out = append(out, "", fit(m.st.PaneTitleOn.Render(m.t.s(mTrialRule)), w))
	for _, line := range advisor.TrialRule(tr.Measure, m.lang) {
		out = append(out, wrapHanging(m.st.Value, "• ", line, w)...)
	}
	out = append(out, "")
	out = append(out, wrapStyled(m.st.Muted, m.t.s(mTrialScript), w)...)
	return out
}
