package cli

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/exp/charmtone"
)

// helpScheme is the help's and the error line's colours: fang's default
// colour scheme (its ColorScheme's fields), which the help kept when it
// was rendered by fang.
type helpScheme struct {
	Base, Title, Description, Codeblock, Program, DimmedArgument, Comment color.Color
	Flag, FlagDefault, Command, QuotedString, Argument, Help, Dash        color.Color
	ErrorHeader                                                           [2]color.Color // 0 foreground, 1 background
	ErrorDetails                                                          color.Color
}

// helpColors is fang's default colour scheme on a dark or light
// background (c), with each CharmTone colour resolved once to its RGBA
// value: a charmtone.Key looks its hex value up in a map it builds on
// every call, and lipgloss asks a colour for its value on every styled
// string (issue 26).
func helpColors(c lipgloss.LightDarkFunc) helpScheme {
	s := helpScheme{
		Base:           c(charmtone.Charcoal, charmtone.Ash),
		Title:          charmtone.Charple,
		Codeblock:      c(charmtone.Salt, lipgloss.Color("#2F2E36")),
		Program:        c(charmtone.Malibu, charmtone.Guppy),
		Command:        c(charmtone.Pony, charmtone.Cheeky),
		DimmedArgument: c(charmtone.Squid, charmtone.Oyster),
		Comment:        c(charmtone.Squid, lipgloss.Color("#747282")),
		Flag:           c(lipgloss.Color("#0CB37F"), charmtone.Guac),
		Argument:       c(charmtone.Charcoal, charmtone.Ash),
		Description:    c(charmtone.Charcoal, charmtone.Ash),
		FlagDefault:    c(charmtone.Smoke, charmtone.Squid),
		QuotedString:   c(charmtone.Coral, charmtone.Salmon),
		ErrorHeader:    [2]color.Color{charmtone.Butter, charmtone.Cherry},
	}
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
