// Package shot rasterises a terminal frame (text with ANSI styles, as a
// Bubble Tea view renders it) into an image, the way a terminal would draw
// it: one cell per character in Go Mono, with colours, bold, faint and
// reverse video, and block elements drawn as exact rectangles so bars join
// up. It is used to make the README's screenshot from a real frame.
package shot

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	uv "github.com/charmbracelet/ultraviolet"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Options set the look of the picture.
type Options struct {
	Cols, Rows int
	FontSize   float64     // points at 72 dpi; 0 means 15
	Background color.Color // the terminal's background; nil means #16161E
	Foreground color.Color // default text colour; nil means #D8D8E0
	Padding    int         // pixels around the cells; 0 means 24
}

// Render draws frame into an image.
func Render(frame string, opt Options) (*image.RGBA, error) {
	if opt.Cols <= 0 || opt.Rows <= 0 {
		return nil, fmt.Errorf("shot: size %dx%d", opt.Cols, opt.Rows)
	}
	if opt.FontSize == 0 {
		opt.FontSize = 15
	}
	if opt.Background == nil {
		opt.Background = color.RGBA{0x16, 0x16, 0x1e, 0xff}
	}
	if opt.Foreground == nil {
		opt.Foreground = color.RGBA{0xd8, 0xd8, 0xe0, 0xff}
	}
	if opt.Padding == 0 {
		opt.Padding = 24
	}
	regular, err := face(gomono.TTF, opt.FontSize)
	if err != nil {
		return nil, err
	}
	bold, err := face(gomonobold.TTF, opt.FontSize)
	if err != nil {
		return nil, err
	}
	m := regular.Metrics()
	adv, _ := regular.GlyphAdvance('M')
	cw := adv.Ceil()
	ch := (m.Ascent + m.Descent).Ceil() + 2
	ascent := m.Ascent.Ceil() + 1

	buf := uv.NewScreenBuffer(opt.Cols, opt.Rows)
	uv.NewStyledString(frame).Draw(buf, buf.Bounds())

	W := opt.Cols*cw + 2*opt.Padding
	H := opt.Rows*ch + 2*opt.Padding
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.NewUniform(opt.Background), image.Point{}, draw.Src)

	for y := 0; y < opt.Rows; y++ {
		for x := 0; x < opt.Cols; x++ {
			c := buf.CellAt(x, y)
			if c == nil || c.Width == 0 && c.Content == "" {
				continue
			}
			fg, bg := opt.Foreground, color.Color(nil)
			if c.Style.Fg != nil {
				fg = c.Style.Fg
			}
			if c.Style.Bg != nil {
				bg = c.Style.Bg
			}
			if c.Style.Attrs&uv.AttrReverse != 0 {
				if bg == nil {
					bg = opt.Background
				}
				fg, bg = bg, fg
			}
			if c.Style.Attrs&uv.AttrFaint != 0 {
				fg = blend(fg, opt.Background, 0.5)
			}
			w := max(c.Width, 1)
			px, py := opt.Padding+x*cw, opt.Padding+y*ch
			cell := image.Rect(px, py, px+w*cw, py+ch)
			if bg != nil {
				draw.Draw(img, cell, image.NewUniform(bg), image.Point{}, draw.Src)
			}
			r := []rune(c.Content)
			if len(r) == 0 || r[0] == ' ' {
				continue
			}
			if drawBlock(img, cell, r[0], fg) {
				continue
			}
			f := regular
			if c.Style.Attrs&uv.AttrBold != 0 {
				f = bold
			}
			text := c.Content
			if _, ok := f.GlyphAdvance(r[0]); !ok {
				if sub, ok := substitutes[r[0]]; ok {
					text = string(sub)
				}
			}
			d := font.Drawer{Dst: img, Src: image.NewUniform(fg), Face: f, Dot: fixed.P(px, py+ascent)}
			d.DrawString(text)
		}
	}
	return img, nil
}

// substitutes stand in for symbols Go Mono lacks.
var substitutes = map[rune]rune{'✓': '√', '▸': '►', '✗': '×', '✖': '×', '▪': '■'}

func face(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("shot: font: %w", err)
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// drawBlock draws block elements and shades as rectangles filling the
// cell, as terminals do, so that bars are continuous.
func drawBlock(img *image.RGBA, cell image.Rectangle, r rune, fg color.Color) bool {
	fill := func(rect image.Rectangle, c color.Color) {
		draw.Draw(img, rect, image.NewUniform(c), image.Point{}, draw.Over)
	}
	bgAt := func() color.Color { return img.At(cell.Min.X, cell.Min.Y) }
	midX := cell.Min.X + cell.Dx()/2
	midY := cell.Min.Y + cell.Dy()/2
	switch r {
	case '█':
		fill(cell, fg)
	case '▓':
		fill(cell, blend(fg, bgAt(), 0.75))
	case '▒':
		fill(cell, blend(fg, bgAt(), 0.5))
	case '░':
		fill(cell, blend(fg, bgAt(), 0.25))
	case '▞':
		fill(image.Rect(midX, cell.Min.Y, cell.Max.X, midY), fg)
		fill(image.Rect(cell.Min.X, midY, midX, cell.Max.Y), fg)
	case '▚':
		fill(image.Rect(cell.Min.X, cell.Min.Y, midX, midY), fg)
		fill(image.Rect(midX, midY, cell.Max.X, cell.Max.Y), fg)
	case '─':
		fill(image.Rect(cell.Min.X, midY, cell.Max.X, midY+1), fg)
	case '│':
		fill(image.Rect(midX, cell.Min.Y, midX+1, cell.Max.Y), fg)
	default:
		return false
	}
	return true
}

// blend mixes a into b: t = 1 is a, t = 0 is b.
func blend(a, b color.Color, t float64) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	mix := func(x, y uint32) uint8 {
		return uint8(math.Round((float64(x)*t + float64(y)*(1-t)) / 257))
	}
	return color.RGBA{mix(ar, br), mix(ag, bg), mix(ab, bb), 0xff}
}
