package data

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// gpuLink is one row of facts/gpu_links.csv: how several GPUs of one model
// in one machine are linked when the model only exists on a baseboard that
// wires the link (SXM modules on an NVIDIA HGX board, AMD OAMs on an
// Instinct platform board).
//
// A row is either a share row (GPUs 0: any number of the model's GPUs in
// one machine, used only where no instance family or offer fact documents
// the offer's interconnect) or a board row (GPUs n: a machine with exactly
// the n GPUs of a whole board, whose topology the vendor documents: the
// eight SXM GPUs of an HGX A100/H100/H200/B200/B300 8-GPU board reach each
// other through its NVSwitch chips, the eight V100 SXM2 of a DGX-1-style
// board are a hybrid cube-mesh without a switch). A board row refines an
// offer its provider or an offer fact labels NVLink, and replaces the
// share row where that fills the label; it never fills an offer that no
// share row fills, and never overrides a provider's NVSwitch or PCIe.
// Either way the offer's note says the link is inferred.
type gpuLink struct {
	Line   int
	GPU    string
	GPUs   int // the whole board's GPU count; 0 for any share
	Value  model.Interconnect
	Source string // one URL or several joined by " ; "
	Note   string
}

// linkKey finds a row of facts/gpu_links.csv: a GPU and the board's GPU
// count (0 for the share row).
type linkKey struct {
	gpu  string
	gpus int
}

// gpuLinks is facts/gpu_links.csv by GPU and GPU count.
type gpuLinks map[linkKey]gpuLink

// maxBoardGPUs bounds the gpus column: the largest NVLink domain in one
// machine the rows describe is two HGX A100 boards (16 GPUs); 64 leaves
// room without admitting nonsense.
const maxBoardGPUs = 64

// inferredPrefix starts the interconnect note of an offer whose interconnect
// comes from facts/gpu_links.csv rather than from its provider.
const inferredPrefix = "inferred, not stated by the provider: "

// parseGPULinks reads facts/gpu_links.csv (columns gpu, gpus, interconnect,
// source_url, note).
func parseGPULinks(r io.Reader, name string) (gpuLinks, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("gpu", "gpus", "interconnect", "source_url", "note"); err != nil {
		return nil, err
	}
	out := gpuLinks{}
	for i := range t.rows {
		l := gpuLink{
			Line:   t.lines[i],
			GPU:    t.get(i, "gpu"),
			Value:  model.Interconnect(t.get(i, "interconnect")),
			Source: t.get(i, "source_url"),
			Note:   t.get(i, "note"),
		}
		at := fmt.Sprintf("%s: line %d", name, l.Line)
		if l.GPU == "" {
			return nil, fmt.Errorf("%s: column gpu: empty", at)
		}
		if s := t.get(i, "gpus"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 2 || n > maxBoardGPUs {
				return nil, fmt.Errorf("%s: column gpus: %q: want the whole board's GPU count (2 to %d), or empty for a share of any size", at, s, maxBoardGPUs)
			}
			l.GPUs = n
		}
		switch l.Value {
		case model.InterconnectNVSwitch, model.InterconnectNVLink:
		case model.InterconnectInfinityFabric, model.InterconnectPCIe:
			if l.GPUs > 0 {
				return nil, fmt.Errorf("%s: column interconnect: %q on a board row (gpus %d): a board row refines an NVLink label, so want nvswitch or nvlink", at, l.Value, l.GPUs)
			}
		default:
			return nil, fmt.Errorf("%s: column interconnect: %q: want nvswitch, nvlink, infinity-fabric or pcie", at, l.Value)
		}
		if l.Source == "" {
			return nil, fmt.Errorf("%s: column source_url: empty (every fact cites its source)", at)
		}
		if l.Note == "" {
			return nil, fmt.Errorf("%s: column note: empty (say what the source states and what is inferred)", at)
		}
		k := linkKey{l.GPU, l.GPUs}
		if prev, dup := out[k]; dup {
			return nil, fmt.Errorf("%s: column gpu: %q with gpus %q appears twice (first on line %d)", at, l.GPU, t.get(i, "gpus"), prev.Line)
		}
		out[k] = l
	}
	return out, nil
}

// checkGPULinks reports a row of facts/gpu_links.csv that names a GPU the
// GPU table does not hold or contradicts it: NVLink for a GPU without
// NVLink, Infinity Fabric for a GPU that is not AMD's.
func checkGPULinks(links gpuLinks, gpus []model.GPU) error {
	byName := make(map[string]model.GPU, len(gpus))
	for _, g := range gpus {
		byName[g.Name] = g
	}
	for _, l := range links {
		at := fmt.Sprintf("facts/gpu_links.csv: line %d", l.Line)
		g, ok := byName[l.GPU]
		if !ok {
			return fmt.Errorf("%s: column gpu: %q is not in the GPU table", at, l.GPU)
		}
		if l.Value.HasNVLink() && g.NVLink != model.Yes {
			return fmt.Errorf("%s: %s for the %s, but the GPU table does not say it has NVLink", at, l.Value, l.GPU)
		}
		if l.Value == model.InterconnectInfinityFabric && g.Vendor != "AMD" {
			return fmt.Errorf("%s: %s for the %s, which is not an AMD GPU", at, l.Value, l.GPU)
		}
	}
	return nil
}

// applyGPULink sets the interconnect of a multi-GPU offer from its GPU's
// board (see gpuLink): an undocumented one from the share row, or from the
// board row when the offer has the whole board; one labelled NVLink from
// the board row when the offer has the whole board. The note says the link
// is inferred and the row's sources are added. It reports whether it
// changed the offer.
func applyGPULink(o *model.Offer, links gpuLinks) bool {
	if o.GPUCount < 2 {
		return false
	}
	board, whole := links[linkKey{o.GPU, o.GPUCount}]
	var l gpuLink
	switch o.Interconnect {
	case model.InterconnectUnknown:
		share, ok := links[linkKey{gpu: o.GPU}]
		if !ok {
			return false
		}
		l = share
		if whole {
			l = board
		}
	case model.InterconnectNVLink:
		if !whole {
			return false
		}
		l = board
	default:
		return false
	}
	o.Interconnect = l.Value
	o.EditDetail().InterconnectNote = joinNonEmpty("; ", inferredPrefix+l.Note, strings.TrimSpace(o.Detail().InterconnectNote))
	o.Sources = append(o.Sources, model.SplitOn(l.Source, " ; ")...)
	return true
}
