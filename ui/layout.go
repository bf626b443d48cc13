package ui

// Size limits of the UI.
const (
	minWidth   = 60  // narrower shows "terminal too small"
	minHeight  = 16  // lower shows "terminal too small"
	wideWidth  = 100 // from here the questions and the panel sit side by side
	headerRows = 1
	footerRows = 2
)

// layout is every size of one frame, computed in one place from the
// terminal size and what has the focus.
type layout struct {
	width, height int
	tooSmall      bool
	stacked       bool

	bodyH int // rows between header and footer

	formW, formH   int // the questions pane
	panelW, panelH int // the live panel

	reqH      int // requirement header rows
	offerRows int // visible offer rows (without the column header)
	detailH   int // rows of the selected offer's detail (0: hidden)
	cols      []column
}

// column is one column of the offer table.
type column struct {
	id    colID
	w     int
	right bool
}

type colID int

const (
	colMark colID = iota
	colProvider
	colInstance
	colGPU
	colVRAM
	colFit
	colHourly
	colTotal
	colModel
	colWarn
)

// computeLayout sizes a frame of w×h cells. offersFocus gives the panel
// most of a stacked screen; detail gives the selected offer's detail more
// rows than the list; formNeed is the rows the current step wants on a
// stacked screen (the panel takes the rest).
func computeLayout(w, h int, offersFocus, detail bool, formNeed int) layout {
	l := layout{width: w, height: h}
	if w < minWidth || h < minHeight {
		l.tooSmall = true
		return l
	}
	l.bodyH = h - headerRows - footerRows
	if w >= wideWidth {
		l.formW = min(max(w*34/100, 36), 54)
		l.panelW = w - l.formW - 3 // " │ "
		l.formH, l.panelH = l.bodyH, l.bodyH
		l.reqH = 3
		rest := l.panelH - l.reqH - 2 // column header and count line
		switch {
		case detail:
			l.offerRows = min(4, rest/4)
		default:
			l.offerRows = min(max(rest*2/5, 4), 14)
		}
		l.detailH = rest - l.offerRows - 1 // a blank line above the detail
	} else {
		l.stacked = true
		l.formW, l.panelW = w, w
		if offersFocus {
			l.formH = 1
			l.panelH = l.bodyH - l.formH - 1 // a rule between
			l.reqH = 2
			rest := l.panelH - l.reqH - 2
			if detail {
				l.offerRows = min(3, rest/3)
			} else {
				l.offerRows = min(max(rest/3, 3), 8)
			}
			l.detailH = rest - l.offerRows - 1
		} else {
			l.formH = min(max(formNeed, 5), l.bodyH-1-7)
			l.panelH = l.bodyH - l.formH - 1
			l.reqH = 1
			l.offerRows = l.panelH - l.reqH - 2
			l.detailH = 0
		}
	}
	l.offerRows = max(l.offerRows, 1)
	if l.detailH < 3 {
		l.detailH = 0
	}
	l.cols = offerColumns(l.panelW)
	return l
}

// offerColumns chooses and sizes the offer table's columns for a width:
// narrow panels drop the price-model, fit and hourly columns, in that
// order, to leave the instance and GPU readable.
func offerColumns(w int) []column {
	cols := []column{
		{colMark, 2, false},
		{colProvider, 8, false},
		{colInstance, 0, false},
		{colGPU, 0, false},
		{colVRAM, 5, true},
		{colFit, 5, true},
		{colHourly, 8, true},
		{colTotal, 8, true},
		{colModel, 9, false},
		{colWarn, 3, false},
	}
	drop := func(id colID) {
		for i, c := range cols {
			if c.id == id {
				cols = append(cols[:i], cols[i+1:]...)
				return
			}
		}
	}
	fixed := func() int {
		n := 0
		for _, c := range cols {
			n += c.w + 1
		}
		return n
	}
	if w-fixed() < 24 {
		drop(colModel)
	}
	if w-fixed() < 22 {
		drop(colFit)
	}
	if w-fixed() < 24 {
		drop(colHourly)
	}
	flex := max(w-fixed(), 12)
	inst := flex * 9 / 20
	gpu := flex - inst
	inst = min(inst, 26)
	gpu = min(gpu, 20)
	for i := range cols {
		switch cols[i].id {
		case colInstance:
			cols[i].w = inst
		case colGPU:
			cols[i].w = gpu
		}
	}
	return cols
}
