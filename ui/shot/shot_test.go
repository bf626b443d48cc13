package shot

import (
	"image/color"
	"testing"
)

func TestRenderCellsColoursAndBlocks(t *testing.T) {
	bg := color.RGBA{0, 0, 0, 0xff}
	// A red full block, a reverse-video cell and plain text.
	frame := "\x1b[38;2;255;0;0m█\x1b[m\x1b[7mX\x1b[m ab✓\nline two"
	img, err := Render(frame, Options{Cols: 10, Rows: 2, FontSize: 12, Background: bg, Padding: 4})
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() <= 10*6 || b.Dy() <= 2*12 {
		t.Fatalf("image %v too small for 10x2 cells", b)
	}
	// The block fills its cell: its centre is red.
	if c := img.RGBAAt(4+3, 4+6); c.R != 255 || c.G != 0 {
		t.Fatalf("block cell centre %v, want red", c)
	}
	// Reverse video paints the cell background in the foreground colour.
	cw := (b.Dx() - 8) / 10
	if c := img.RGBAAt(4+cw+1, 4+1); c.R < 200 {
		t.Fatalf("reverse cell corner %v, want light", c)
	}
	// The padding keeps the background.
	if c := img.RGBAAt(1, 1); c != bg {
		t.Fatalf("padding %v", c)
	}
}

func TestRenderRejectsEmptySize(t *testing.T) {
	if _, err := Render("x", Options{}); err == nil {
		t.Fatal("no error for a 0x0 picture")
	}
}
