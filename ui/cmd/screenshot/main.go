// Command screenshot renders a real frame of the gpupick wizard to a PNG
// for the README. It builds the wizard on the embedded catalog, plays a
// script of key presses through the same Update and View the terminal
// program uses, and rasterises the final frame in Go Mono.
//
//	go run ./ui/cmd/screenshot -o docs/screenshot.png
//
// Flags choose the size, the language (Latin text only: the font has no
// CJK glyphs), the background and the key script.
package main

import (
	"flag"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
	"github.com/gpupick/gpupick/ui/internal/shot"
)

// defaultScript serves Llama 3.1 70B to 16 users on interruptible
// capacity at AWS, GCP or Azure, then looks at the offers.
const defaultScript = "enter,ctrl+u,llama-3.1-70b,enter,enter,tab,ctrl+u,16,enter,enter,enter,enter,enter,1,enter,enter,tab,tab,tab,aws gcp azure,ctrl+o"

func main() {
	out := flag.String("o", "docs/screenshot.png", "PNG file to write")
	txt := flag.String("txt", "", "also write the frame as plain text to this file")
	w := flag.Int("w", 140, "columns")
	h := flag.Int("h", 40, "rows")
	lang := flag.String("lang", "en", "language: en (zh needs a CJK font, not bundled)")
	light := flag.Bool("light", false, "light background")
	script := flag.String("keys", defaultScript, "comma-separated keys: names like enter, tab, ctrl+o, down, or text to type")
	size := flag.Float64("font", 15, "font size in points")
	flag.Parse()
	if err := run(*out, *txt, *w, *h, *lang, *light, *script, *size); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

func run(out, txt string, w, h int, lang string, light bool, script string, size float64) error {
	cat, err := data.Embedded()
	if err != nil {
		return err
	}
	m := tea.Model(ui.New(ui.Config{Catalog: cat, Answers: model.DefaultAnswers(), Lang: lang, Version: "dev"}))
	m = settle(m, nil, tea.WindowSizeMsg{Width: w, Height: h})
	m = settle(m, m.Init(), nil)
	bg := color.Color(color.RGBA{0x16, 0x16, 0x1e, 0xff})
	fg := color.Color(color.RGBA{0xd8, 0xd8, 0xe0, 0xff})
	if light {
		bg, fg = color.RGBA{0xfa, 0xfa, 0xf7, 0xff}, color.RGBA{0x1f, 0x1f, 0x1f, 0xff}
		m = settle(m, nil, tea.BackgroundColorMsg{Color: bg})
	}
	for _, k := range keys(script) {
		m = settle(m, nil, k)
	}
	frame := m.View().Content
	if txt != "" {
		if err := os.WriteFile(txt, []byte(ansi.Strip(frame)+"\n"), 0o644); err != nil {
			return err
		}
	}
	img, err := shot.Render(frame, shot.Options{Cols: w, Rows: h, FontSize: size, Background: bg, Foreground: fg})
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// settle delivers msg (if any), then runs the returned commands to the
// end, feeding their messages back, as the program's loop would.
func settle(m tea.Model, cmd tea.Cmd, msg tea.Msg) tea.Model {
	if msg != nil {
		m, cmd = m.Update(msg)
	}
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0 && steps < 1000; steps++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch r := c().(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			queue = append(queue, r...)
		default:
			var next tea.Cmd
			m, next = m.Update(r)
			queue = append(queue, next)
		}
	}
	return m
}

// keys turns the script into key presses.
func keys(script string) []tea.KeyPressMsg {
	named := map[string]tea.KeyPressMsg{
		"enter": {Code: tea.KeyEnter}, "tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"esc": {Code: tea.KeyEscape}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
		"space": {Code: tea.KeySpace, Text: " "}, "backspace": {Code: tea.KeyBackspace},
	}
	var out []tea.KeyPressMsg
	for _, tok := range strings.Split(script, ",") {
		if k, ok := named[tok]; ok {
			out = append(out, k)
			continue
		}
		if rest, ok := strings.CutPrefix(tok, "ctrl+"); ok && len(rest) == 1 {
			out = append(out, tea.KeyPressMsg{Code: rune(rest[0]), Mod: tea.ModCtrl})
			continue
		}
		for _, r := range tok {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return out
}
