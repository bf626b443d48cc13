package cli

import (
	"image/color"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/exp/charmtone"
)

// helpColors is fang's default colour scheme with each CharmTone colour
// resolved once to its RGBA value. A charmtone.Key looks its hex value up
// in a map it builds on every call, and lipgloss asks a colour for its
// value on every styled string, so the default scheme built some forty
// maps per line of help (issue 26: half of `gpupick --help`'s time). The
// colours are the same.
func helpColors(c lipgloss.LightDarkFunc) fang.ColorScheme {
	s := fang.DefaultColorScheme(c)
	for _, f := range []*color.Color{&s.Base, &s.Title, &s.Description, &s.Codeblock, &s.Program,
		&s.DimmedArgument, &s.Comment, &s.Flag, &s.FlagDefault, &s.Command, &s.QuotedString,
		&s.Argument, &s.Help, &s.Dash, &s.ErrorHeader[0], &s.ErrorHeader[1], &s.ErrorDetails} {
		*f = resolved(*f)
	}
	return s
}

// resolved is a CharmTone colour as its RGBA value; any other colour (an
// ANSI one, an RGBA already, none) is kept.
func resolved(c color.Color) color.Color {
	if k, ok := c.(charmtone.Key); ok {
		return color.RGBAModel.Convert(k)
	}
	return c
}
