package ui

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gpupick/gpupick/model"
)

var (
	ctrlX = tea.KeyPressMsg{Code: 'x', Mod: tea.ModCtrl}
	ctrlT = tea.KeyPressMsg{Code: 't', Mod: tea.ModCtrl}
)

// launchWrite is one call of a fake LaunchFunc.
type launchWrite struct {
	path      string
	tool      LaunchTool
	rec       *model.Recommendation
	overwrite bool
}

// fakeLauncher keeps launch configs in memory, refuses to overwrite unless
// told, and refuses the providers in refuse as data/launch does.
type fakeLauncher struct {
	mu     sync.Mutex
	files  map[string]launchWrite
	calls  []launchWrite
	refuse map[string]bool
}

// refusal is a launcher's refusal with a text in each language.
type refusal struct{ tool, provider string }

func (r refusal) Error() string { return r.Text("en") }
func (r refusal) Text(lang string) string {
	if strings.HasPrefix(lang, "zh") {
		return fmt.Sprintf("%s 不支持云服务商 %q", r.tool, r.provider)
	}
	return fmt.Sprintf("%s does not support the provider %q", r.tool, r.provider)
}

func (l *fakeLauncher) write(path string, tool LaunchTool, r model.Record, _ *model.Catalog, overwrite bool) ([]string, error) {
	rec := r.Choice
	l.mu.Lock()
	defer l.mu.Unlock()
	w := launchWrite{path, tool, rec, overwrite}
	l.calls = append(l.calls, w)
	if rec != nil && l.refuse[rec.Provider] {
		return nil, fmt.Errorf("export: %w", refusal{string(tool), rec.Provider})
	}
	if l.files == nil {
		l.files = map[string]launchWrite{}
	}
	if _, ok := l.files[path]; ok && !overwrite {
		return nil, fmt.Errorf("write %s: %w", path, fs.ErrExist)
	}
	l.files[path] = w
	// The commands the launcher's files give: a dstack run applies its
	// volume first.
	if tool == LaunchDStack {
		return []string{"dstack apply -f volume.dstack.yml", "HF_TOKEN=... dstack apply -f " + path}, nil
	}
	return []string{"sky jobs launch --secret HF_TOKEN " + path}, nil
}

func TestLaunchExportFlow(t *testing.T) {
	l := &fakeLauncher{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Launch = l.write })
	m = press(t, m, "ctrl+o", "down") // the second offer is the one to launch
	chosen := *m.offers.selected()

	steps := []struct {
		name  string
		keys  []tea.KeyPressMsg
		shows string
		check func() error
	}{
		{"ctrl+x offers the launchers, SkyPilot first", []tea.KeyPressMsg{ctrlX}, "Export a launch config for: [1] SkyPilot  [2] dstack", func() error {
			if m.export.state != exportChoose || m.export.target != targetSky {
				return fmt.Errorf("state %v target %v", m.export.state, m.export.target)
			}
			return nil
		}},
		{"→ chooses dstack, ← SkyPilot again", keyMsgs("right", "left"), "←/→ or 1/2 choose", func() error {
			if m.export.target != targetSky {
				return fmt.Errorf("target %v", m.export.target)
			}
			return nil
		}},
		{"enter asks the path, SkyPilot's default", keyMsgs("enter"), "Save SkyPilot config to: ./gpupick.sky.yaml", nil},
		{"enter saves it and gives the launcher's command", keyMsgs("enter"), "launch it with: sky jobs launch --secret HF_TOKEN ./gpupick.sky.yaml", func() error {
			w, ok := l.files[defaultSkyPath]
			abs, _ := filepath.Abs(defaultSkyPath)
			switch {
			case !ok || w.tool != LaunchSkyPilot || w.overwrite:
				return fmt.Errorf("calls %+v", l.calls)
			case w.rec == nil || recKey(w.rec) != recKey(&chosen):
				return fmt.Errorf("launched %v, selected %s", w.rec, recKey(&chosen))
			case !strings.Contains(screen(m), "saved "+abs):
				return fmt.Errorf("absolute path not reported")
			case !m.saved:
				return fmt.Errorf("a written config is not counted as saved")
			}
			return nil
		}},
		{"2 chooses dstack, with its own default path", append([]tea.KeyPressMsg{ctrlX}, keyMsgs("2", "enter")...), "Save dstack config to: ./.dstack.yml", nil},
		{"dstack is saved; its commands in order", keyMsgs("enter"), "dstack apply -f volume.dstack.yml && HF_TOKEN=... dstack apply -f ./.dstack.yml", func() error {
			if w := l.files[defaultDStackPath]; w.tool != LaunchDStack {
				return fmt.Errorf("calls %+v", l.calls)
			}
			return nil
		}},
		{"the last launcher is proposed again; an existing file asks first", append([]tea.KeyPressMsg{ctrlX}, keyMsgs("enter", "enter")...), "./.dstack.yml exists. Overwrite? y/n", nil},
		{"n goes back to the path", keyMsgs("n"), "Save dstack config to: ./.dstack.yml", func() error {
			if len(l.calls) != 3 {
				return fmt.Errorf("calls %+v", l.calls)
			}
			return nil
		}},
		{"y overwrites", keyMsgs("enter", "y"), "dstack apply -f", func() error {
			if last := l.calls[len(l.calls)-1]; !last.overwrite || last.path != defaultDStackPath {
				return fmt.Errorf("calls %+v", l.calls)
			}
			return nil
		}},
		{"ctrl+s still proposes the record's path", keyMsgs("ctrl+s"), "Save decision record to: ./gpupick.toml", nil},
		{"esc cancels, then ctrl+x and esc cancel the choice", append(keyMsgs("esc"), ctrlX, tea.KeyPressMsg{Code: tea.KeyEscape}), "not saved", func() error {
			if m.export.active() || len(l.calls) != 5 {
				return fmt.Errorf("active %v, calls %+v", m.export.active(), l.calls)
			}
			return nil
		}},
	}
	for _, s := range steps {
		for _, k := range s.keys {
			m = update(t, m, k)
		}
		if !onScreen(m, s.shows) {
			t.Fatalf("%s: the screen lacks %q:\n%s", s.name, s.shows, screen(m))
		}
		if s.check != nil {
			if err := s.check(); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
	}
}

// A launcher that cannot run the offer gets a clear footer message in the
// UI's language, and nothing is written.
func TestLaunchUnsupported(t *testing.T) {
	for _, tc := range []struct {
		lang, want string
	}{
		{"en", "nothing written: dstack does not support the provider"},
		{"zh", "未写入文件：dstack 不支持云服务商"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			l := &fakeLauncher{refuse: map[string]bool{}}
			m := newTestModel(t, 140, 40, func(c *Config) { c.Launch = l.write; c.Lang = tc.lang })
			top := m.offers.selected()
			if top == nil {
				t.Fatal("no offer")
			}
			l.refuse[top.Provider] = true
			m = update(t, m, ctrlX)
			m = press(t, m, "2", "enter", "enter")
			if len(l.files) != 0 || len(l.calls) != 1 || l.calls[0].tool != LaunchDStack {
				t.Fatalf("files %v calls %+v", l.files, l.calls)
			}
			if s := screen(m); !strings.Contains(s, tc.want) || !strings.Contains(s, top.Provider) || m.export.active() || !m.statusErr {
				t.Fatalf("no refusal %q in the footer:\n%s", tc.want, s)
			}
			if m.saved {
				t.Error("a refused config counts as saved")
			}
		})
	}
}

// The dialogue's prompts are in Chinese in the Chinese UI.
func TestLaunchDialogueChinese(t *testing.T) {
	l := &fakeLauncher{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Launch = l.write; c.Lang = "zh" })
	m = update(t, m, ctrlX)
	for _, want := range []string{"导出启动配置，格式：", "←/→ 或 1/2 选择"} {
		if !strings.Contains(screen(m), want) {
			t.Errorf("lacks %q:\n%s", want, screen(m))
		}
	}
	m = press(t, m, "enter")
	if !strings.Contains(screen(m), "保存 SkyPilot 配置到：./gpupick.sky.yaml") {
		t.Errorf("no Chinese path prompt:\n%s", screen(m))
	}
	m = press(t, m, "enter")
	if !strings.Contains(screen(m), "启动命令：sky jobs launch --secret HF_TOKEN ./gpupick.sky.yaml") {
		t.Errorf("no Chinese saved message:\n%s", screen(m))
	}
}

// An answer that does not parse asks first, then goes on to the choice.
func TestLaunchAsksAboutAnInvalidAnswer(t *testing.T) {
	l := &fakeLauncher{}
	m := newTestModel(t, 140, 40, func(c *Config) { c.Launch = l.write })
	m = press(t, m, "enter", "ctrl+u", "70X")
	m = update(t, m, ctrlX)
	if m.export.state != exportInvalid {
		t.Fatalf("state %v:\n%s", m.export.state, screen(m))
	}
	m = press(t, m, "y")
	if m.export.state != exportChoose {
		t.Fatalf("y: state %v", m.export.state)
	}
}

// ctrl+t shows the trial plan of the current ranking in the detail area:
// the top three (in the order of the workload's bound resource per unit
// of price), each for an hour, their total and the decision rule; esc
// closes it. At 80x24 too, where the panes are stacked.
func TestTrialView(t *testing.T) {
	for _, tc := range []struct {
		lang      string
		w, h      int
		title     string
		rule      string
		totalWord string
	}{
		{"en", 140, 40, "Trial plan: the top 3 for 1 h each", "Decision rule", "Trial total: "},
		{"en", 80, 24, "Trial plan: the top 3 for 1 h each", "Decision rule", "Trial total: "},
		{"zh", 140, 40, "试用计划：前 3 个候选，每个试用 1 小时", "决策规则", "试用总费用："},
	} {
		t.Run(fmt.Sprintf("%s %dx%d", tc.lang, tc.w, tc.h), func(t *testing.T) {
			m := newTestModel(t, tc.w, tc.h, func(c *Config) { c.Lang = tc.lang })
			if len(m.res.Recommendations) < 3 {
				t.Fatalf("the test catalog ranks %d offers", len(m.res.Recommendations))
			}
			m = update(t, m, ctrlT)
			s := screen(m)
			total := 0.0
			// The top three, in the order of the workload's bound
			// resource per unit of price (advisor.PlanTrial's).
			for i, r := range m.res.Recommendations[:3] {
				listed := 0
				for n := 1; n <= 3; n++ {
					if strings.Contains(s, fmt.Sprintf("%d. %s %s", n, r.Provider, r.InstanceType)) {
						listed++
					}
				}
				if listed != 1 {
					t.Errorf("candidate %d (%s %s) listed %d times:\n%s", i+1, r.Provider, r.InstanceType, listed, s)
				}
				total += r.Hourly // the fake ranking's offers are on demand
			}
			for _, want := range []string{tc.title, tc.totalWord + m.t.money(total, m.res.Currency)} {
				if !strings.Contains(s, want) {
					t.Errorf("lacks %q:\n%s", want, s)
				}
			}
			if tc.h >= 40 && !strings.Contains(s, tc.rule) {
				t.Errorf("lacks the rule %q:\n%s", tc.rule, s)
			}
			m = press(t, m, "esc")
			if m.overlay != overlayNone || strings.Contains(screen(m), tc.title) {
				t.Fatalf("esc did not close the plan:\n%s", screen(m))
			}
		})
	}
}

// The keys are in the help screen.
func TestLaunchKeysInHelp(t *testing.T) {
	m := newTestModel(t, 140, 40)
	m = press(t, m, "?")
	for _, want := range []string{`ctrl\+x +launch config`, `ctrl\+t +trial plan`} {
		if !regexp.MustCompile(want).MatchString(screen(m)) {
			t.Errorf("help lacks %s:\n%s", want, screen(m))
		}
	}
}
