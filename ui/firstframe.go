package ui

import (
	uv "github.com/charmbracelet/ultraviolet"
)

// drawOffscreen draws a frame's content into a fresh w×h cell buffer the
// way Bubble Tea's renderer draws a view into its own on a tick, and
// returns that buffer; nothing is written to the terminal.
//
// The starter runs it once, in the background, with the wizard's first
// ranked frame (warmFirstFrame): the terminal's first frame is drawn on the
// renderer's first tick, and measured in the pty harness (issue 14) that
// draw cost 2.2–2.8 ms cold — the decoder's and the cell buffer's code and
// tables touched for the first time — against 0.8–0.9 ms once the same
// kind of content had been drawn before. The wizard's frame is ready
// 8–12 ms before that tick, so the cold part is paid in that idle time on
// the other core instead of in front of the user's first frame.
func drawOffscreen(content string, w, h int) uv.ScreenBuffer {
	buf := uv.NewScreenBuffer(w, h)
	uv.NewStyledString(content).Draw(buf, buf.Bounds())
	return buf
}

// warmFirstFrame is drawOffscreen with the result dropped: the starter's
// warm-up of the renderer's draw path.
func warmFirstFrame(content string, w, h int) { drawOffscreen(content, w, h) }
