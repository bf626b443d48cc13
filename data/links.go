package data

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// gpuLink is one row of facts/gpu_links.csv: how several GPUs of one model
// in one machine are linked when the model only exists on a baseboard that
// wires the link (SXM modules on an NVIDIA HGX board, AMD OAMs on an
// Instinct platform board). It is an inference, used only where no
// instance family or offer fact documents the offer's interconnect, and
// the offer's note says so.
type gpuLink struct {
	Line   int
	GPU    string
	Value  model.Interconnect
	Source string
	Note   string
}

// inferredPrefix starts the interconnect note of an offer whose interconnect
// comes from facts/gpu_links.csv rather than from its provider.
const inferredPrefix = "inferred, not stated by the provider: "

// parseGPULinks reads facts/gpu_links.csv (columns gpu, interconnect,
// source_url, note) into a map by GPU name.
func parseGPULinks(r io.Reader, name string) (map[string]gpuLink, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("gpu", "interconnect", "source_url", "note"); err != nil {
		return nil, err
	}
	out := map[string]gpuLink{}
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
		if _, dup := out[l.GPU]; dup {
			return nil, fmt.Errorf("%s: column gpu: %q appears twice", at, l.GPU)
		}
		switch l.Value {
		case model.InterconnectNVSwitch, model.InterconnectNVLink, model.InterconnectInfinityFabric, model.InterconnectPCIe:
		default:
			return nil, fmt.Errorf("%s: column interconnect: %q: want nvswitch, nvlink, infinity-fabric or pcie", at, l.Value)
		}
		if l.Source == "" {
			return nil, fmt.Errorf("%s: column source_url: empty (every fact cites its source)", at)
		}
		if l.Note == "" {
			return nil, fmt.Errorf("%s: column note: empty (say what the source states and what is inferred)", at)
		}
		out[l.GPU] = l
	}
	return out, nil
}

// checkGPULinks reports a row of facts/gpu_links.csv that names a GPU the
// GPU table does not hold or contradicts it: NVLink for a GPU without
// NVLink, Infinity Fabric for a GPU that is not AMD's.
func checkGPULinks(links map[string]gpuLink, gpus []model.GPU) error {
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

// applyGPULink fills the interconnect of a multi-GPU offer that nothing
// else documents from its GPU's board-level link, marking the note as an
// inference and citing the source. It reports whether it changed the offer.
func applyGPULink(o *model.Offer, links map[string]gpuLink) bool {
	if o.GPUCount < 2 || o.Interconnect != model.InterconnectUnknown {
		return false
	}
	l, ok := links[o.GPU]
	if !ok {
		return false
	}
	o.Interconnect = l.Value
	o.EditDetail().InterconnectNote = joinNonEmpty("; ", inferredPrefix+l.Note, strings.TrimSpace(o.Detail().InterconnectNote))
	o.Sources = append(o.Sources, l.Source)
	return true
}
