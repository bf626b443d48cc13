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
	colRisk
	colModel
	colWarn
)

// Widths of the risk column: the penalty ("+46%") when there is room, else
// its marker alone.
const (
	riskWideW   = 5
	riskMarkerW = 1
)

// computeLayout sizes a frame of w×h cells. offersFocus gives the panel
// most of a stacked screen; detail gives the selected offer's detail more
// rows than the list; formNeed is the rows the current step wants on a
// stacked screen (the panel takes the rest); need sizes the offer table
// to the names of the ranked offers (nil: before any ranking);
// statusRows is how many more rows the footer needs for a long message.
func computeLayout(w, h int, offersFocus, detail bool, formNeed int, need *tableNeed, statusRows int) layout {
	l := layout{width: w, height: h}
	if w < minWidth || h < minHeight {
		l.tooSmall = true
		return l
	}
	l.bodyH = h - headerRows - footerRows - statusRows
	if w >= wideWidth {
		l.formW = min(max(w*32/100, 36), 50)
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
	l.cols = offerColumns(l.panelW, need)
	return l
}

// tableNeed is what the offers in view need of the table: their longest
// provider, instance and GPU names. It is worked out when the offers
// change (offerList.rebuild), so that sizing a frame costs no string work.
type tableNeed struct {
	prov, inst, gpu int
	measured        bool
}

// add counts one offer's name widths.
func (n *tableNeed) add(prov, inst, gpu int) {
	n.measured = true
	n.prov, n.inst, n.gpu = max(n.prov, prov), max(n.inst, inst), max(n.gpu, gpu)
}

// Widths of the fixed offer columns.
const (
	provMinW = 8  // "provider"
	provMaxW = 10 // the longest provider key of the catalog ("hyperstack")
	nameMinW = 8  // the instance and GPU columns never get narrower
)

// offerColumns chooses and sizes the offer table's columns for a width:
// the risk column shrinks to its marker unless the names are whole beside
// its figure; narrow panels drop the
// price-model, fit and hourly columns, in that order, to leave the
// instance and GPU readable. The instance and GPU
// columns share the rest (see splitNames); what neither needs is left
// blank at the end of the row.
func offerColumns(w int, need *tableNeed) []column {
	prov := provMinW
	if need != nil {
		prov = min(max(need.prov, provMinW), provMaxW)
	}
	cols := []column{
		{colMark, 2, false},
		{colProvider, prov, false},
		{colInstance, 0, false},
		{colGPU, 0, false},
		{colVRAM, 5, true},
		{colFit, 5, true},
		{colHourly, 7, true},
		{colTotal, 7, true},
		{colRisk, riskWideW, true},
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
	if !namesWhole(w-fixed(), need) {
		// The names need the room more than the penalty's figure, which
		// the detail shows; the mark stays. (Names that are whole either
		// way keep the names' widths growing with the width.)
		for i := range cols {
			if cols[i].id == colRisk {
				cols[i].w = riskMarkerW
			}
		}
	}
	if w-fixed() < 28 {
		drop(colModel)
	}
	if w-fixed() < 22 {
		drop(colFit)
	}
	if w-fixed() < 24 {
		drop(colHourly)
	}
	inst, gpu := splitNames(max(w-fixed(), 12), need)
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

// namesWhole reports whether flex cells hold the instance and GPU names
// of the ranking whole.
func namesWhole(flex int, need *tableNeed) bool {
	return need != nil && need.measured && max(need.inst, nameMinW)+max(need.gpu, nameMinW) <= flex
}

// splitNames shares flex cells between the instance and GPU columns. When
// every name fits, each column gets its longest name. Otherwise each gets
// half, and a column whose longest name needs less than half gives the
// rest to the other. Without a ranking yet the instance gets a little less
// than half.
func splitNames(flex int, need *tableNeed) (inst, gpu int) {
	if need == nil || !need.measured || flex < 2*nameMinW {
		inst = flex * 9 / 20
		return inst, flex - inst
	}
	ni, ng := max(need.inst, nameMinW), max(need.gpu, nameMinW)
	switch {
	case ni+ng <= flex:
		return ni, ng
	case ng <= flex/2:
		return flex - ng, ng
	case ni <= flex-flex/2:
		return ni, flex - ni
	}
	gpu = flex / 2
	return flex - gpu, gpu
}
