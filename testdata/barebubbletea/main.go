// Command barebubbletea is the floor of BenchmarkFirstFrame: a Bubble Tea
// v2 program that draws one frame and does nothing else, run in the same
// pty harness as the wizard.
package main

import (
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"
)

type bare struct{}

func (bare) Init() tea.Cmd { return nil }

func (b bare) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "ctrl+c" {
		return b, tea.Quit
	}
	return b, nil
}

func (bare) View() tea.View { return tea.NewView("bare frame ready") }

func main() {
	if _, err := tea.NewProgram(bare{}).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
