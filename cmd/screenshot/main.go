// Command screenshot renders a real frame of the gpupick wizard to a PNG
// for the README. It builds the wizard on the embedded catalog, plays a
// script of key presses through the same Update and View the terminal
// program uses, and rasterises the final frame in Go Mono.
//
//	go run ./cmd/screenshot -o docs/screenshot.png
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

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
	"github.com/gpupick/gpupick/ui/shot"
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
	bg := color.Color(color.RGBA{0x16, 0x16, 0x1e, 0xff})
	fg := color.Color(color.RGBA{0xd8, 0xd8, 0xe0, 0xff})
	var reported color.Color // a dark background is assumed when none is reported
	if light {
		bg, fg = color.RGBA{0xfa, 0xfa, 0xf7, 0xff}, color.RGBA{0x1f, 0x1f, 0x1f, 0xff}
		reported = bg
	}
	frame, plain := ui.PlayScript(ui.Config{Catalog: cat, Answers: model.DefaultAnswers(), Lang: lang, Version: "dev", NoColor: os.Getenv("NO_COLOR") != ""}, w, h, reported, script)
	if txt != "" {
		if err := os.WriteFile(txt, []byte(plain+"\n"), 0o644); err != nil {
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
