package cli

import (
	"image/color"
	"testing"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/exp/charmtone"
)

// TestHelpColorsSameAsFang: the resolved scheme has fang's default colours,
// on a dark and a light background, and no CharmTone key left (each would
// build its palette's map on every styled string).
func TestHelpColorsSameAsFang(t *testing.T) {
	for _, dark := range []bool{true, false} {
		want, got := fang.DefaultColorScheme(lipgloss.LightDark(dark)), helpColors(lipgloss.LightDark(dark))
		pairs := map[string][2]color.Color{
			"Base": {want.Base, got.Base}, "Title": {want.Title, got.Title}, "Description": {want.Description, got.Description},
			"Codeblock": {want.Codeblock, got.Codeblock}, "Program": {want.Program, got.Program},
			"DimmedArgument": {want.DimmedArgument, got.DimmedArgument}, "Comment": {want.Comment, got.Comment},
			"Flag": {want.Flag, got.Flag}, "FlagDefault": {want.FlagDefault, got.FlagDefault}, "Command": {want.Command, got.Command},
			"QuotedString": {want.QuotedString, got.QuotedString}, "Argument": {want.Argument, got.Argument},
			"Help": {want.Help, got.Help}, "Dash": {want.Dash, got.Dash}, "ErrorHeader[0]": {want.ErrorHeader[0], got.ErrorHeader[0]},
			"ErrorHeader[1]": {want.ErrorHeader[1], got.ErrorHeader[1]}, "ErrorDetails": {want.ErrorDetails, got.ErrorDetails},
		}
		for name, p := range pairs {
			if (p[0] == nil) != (p[1] == nil) {
				t.Errorf("dark=%v %s: %v, fang's %v", dark, name, p[1], p[0])
				continue
			}
			if p[0] == nil {
				continue
			}
			if _, ok := p[1].(charmtone.Key); ok {
				t.Errorf("dark=%v %s is still a CharmTone key", dark, name)
			}
			if color.RGBA64Model.Convert(p[0]) != color.RGBA64Model.Convert(p[1]) {
				t.Errorf("dark=%v %s: %v, fang's %v", dark, name, p[1], p[0])
			}
		}
	}
}
