package data

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// presetFact is one row of facts/preset_facts.csv: a fact about a model
// preset that model_presets.csv does not carry (or carries only as a
// nominal figure), with its source.
type presetFact struct {
	line                               int
	preset, field, value, source, note string
}

// presetFactFields are the preset fields a fact may set.
// Made on first use, not at start-up (issue 26).
var presetFactFields = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"params_b": true, "active_params_b": true, "attention_pattern": true, "sliding_window": true,
		"local_per_global": true, "linear_state": true, "expert_format": true, "checkpoint_precision": true, "kind": true, "component": true, "image_width": true, "image_steps": true,
		"image_seconds": true, "image_gpu": true, "image_workspace_gib": true,
	}
}}

// parsePresetFacts reads facts/preset_facts.csv (columns preset, field,
// value, source_url, note); every row cites its source.
func parsePresetFacts(r io.Reader, name string) ([]presetFact, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("preset", "field", "value", "source_url", "note"); err != nil {
		return nil, err
	}
	var out []presetFact
	for i := range t.rows {
		f := presetFact{line: t.lines[i], preset: t.get(i, "preset"), field: t.get(i, "field"), value: t.get(i, "value"),
			source: t.get(i, "source_url"), note: t.get(i, "note")}
		at := fmt.Sprintf("%s: line %d", name, f.line)
		switch {
		case f.preset == "":
			return nil, fmt.Errorf("%s: column preset is empty", at)
		case !presetFactFields.Get()[f.field]:
			return nil, fmt.Errorf("%s: column field: unknown field %q", at, f.field)
		case f.source == "":
			return nil, fmt.Errorf("%s: column source_url: empty (every fact cites its source)", at)
		case f.value == "":
			return nil, fmt.Errorf("%s: column value is empty", at)
		}
		out = append(out, f)
	}
	return out, nil
}

// applyPresetFacts completes the presets: a dense model whose row gives a
// nominal parameter count ("params nominal" in its notes) gets the count
// its config dimensions give (configParams), then the facts apply. A
// diffusion pipeline's parameter count becomes the sum of its components
// (the denoiser is the active part). gpus names the GPU table, for the
// reference GPU of an image measurement.
func applyPresetFacts(presets []model.ModelPreset, facts []presetFact, gpus map[string]model.GPU, name string) error {
	idx := map[string]int{}
	for i := range presets {
		idx[presets[i].Name] = i
		p := &presets[i]
		if !strings.Contains(strings.ToLower(p.Notes), "params nominal") || strings.Contains(strings.ToLower(p.Notes), "vision tower") {
			continue
		}
		if v, ok := configParams(p); ok && math.Abs(v-p.ParamsB) <= 0.15*p.ParamsB {
			v = math.Round(v*1000) / 1000
			p.Notes = joinNonEmpty(" ", p.Notes, fmt.Sprintf("[params_b] %s computed from the config dimensions (nominal %s).", model.FormatNumber(v), model.FormatNumber(p.ParamsB)))
			p.ParamsB, p.ActiveB = v, v
		}
	}
	touched := map[int]bool{}
	for _, f := range facts {
		at := fmt.Sprintf("%s: line %d", name, f.line)
		i, ok := idx[f.preset]
		if !ok {
			return fmt.Errorf("%s: column preset: %q is not a preset of model_presets.csv or facts/presets.csv", at, f.preset)
		}
		p := &presets[i]
		if err := setPresetField(p, f, gpus); err != nil {
			return fmt.Errorf("%s: %s %s: %w", at, p.Name, f.field, err)
		}
		touched[i] = true
		if !strings.Contains(p.Source, f.source) {
			p.Source = joinNonEmpty(" ; ", p.Source, f.source)
		}
		if f.note != "" {
			p.Notes = joinNonEmpty(" ", p.Notes, "["+f.field+"] "+f.note)
		}
	}
	for i := range touched {
		p := &presets[i]
		if err := checkPreset(p); err != nil {
			return fmt.Errorf("%s: preset %s: %w", name, p.Name, err)
		}
		if p.IsDiffusion() {
			total, den := 0.0, 0.0
			for _, c := range p.Components {
				total += c.ParamsB
				if c.Role == "denoiser" {
					den += c.ParamsB
				}
			}
			p.Notes = joinNonEmpty(" ", p.Notes, fmt.Sprintf("[params_b] %s is the whole pipeline (the listed %s is the denoiser alone).", model.FormatNumber(math.Round(total*1000)/1000), model.FormatNumber(p.ParamsB)))
			p.ParamsB, p.ActiveB = math.Round(total*1000)/1000, math.Round(den*1000)/1000
		}
	}
	return nil
}

// setPresetField sets one field of a preset from a fact.
func setPresetField(p *model.ModelPreset, f presetFact, gpus map[string]model.GPU) error {
	num := func() (float64, error) {
		v, err := parseNum(f.value)
		if err != nil || v <= 0 {
			return 0, fmt.Errorf("%q is not a positive number", f.value)
		}
		return v, nil
	}
	integer := func() (int, error) {
		v, err := strconv.Atoi(f.value)
		if err != nil || v <= 0 {
			return 0, fmt.Errorf("%q is not a positive whole number", f.value)
		}
		return v, nil
	}
	img := func() *model.ImageRef {
		if p.Image == nil {
			p.Image = &model.ImageRef{Source: f.source}
		}
		return p.Image
	}
	var err error
	switch f.field {
	case "params_b":
		var v float64
		if v, err = num(); err == nil {
			if math.Abs(v-p.ParamsB) > 0.15*p.ParamsB {
				return fmt.Errorf("%v is more than 15%% from the listed %v: not a refinement", v, p.ParamsB)
			}
			if p.ActiveB == p.ParamsB {
				p.ActiveB = v
			}
			p.ParamsB = v
		}
	case "active_params_b":
		var v float64
		if v, err = num(); err == nil {
			if v > p.ParamsB {
				return fmt.Errorf("%v active is more than the %v total", v, p.ParamsB)
			}
			p.ActiveB = v
		}
	case "attention_pattern":
		switch f.value {
		case model.AttnGlobal, model.AttnSliding, model.AttnHybrid, model.AttnChunked, model.AttnLinearHybrid:
			p.AttentionPattern = f.value
		default:
			return fmt.Errorf("%q: want global, sliding, hybrid, chunked or linear_hybrid", f.value)
		}
	case "sliding_window":
		p.SlidingWindow, err = integer()
	case "local_per_global":
		p.LocalPerGlobal, err = integer()
	case "linear_state":
		p.LinearState, err = integer()
	case "expert_format":
		if model.ExpertFormatBits(f.value) == 0 {
			return fmt.Errorf("%q: want %s", f.value, model.ExpertMXFP4)
		}
		p.ExpertFormat = f.value
	case "checkpoint_precision":
		v := model.Precision(f.value)
		if !slices.Contains(model.Precisions, v) {
			return fmt.Errorf("%q: want one of %s (the format the released weights are stored in, as written)", f.value, strings.Join(precisionNames(), ", "))
		}
		p.CheckpointPrecision = v
	case "kind":
		switch f.value {
		case model.KindDiffusion, model.KindEmbedding, model.KindReranker:
		default:
			return fmt.Errorf("%q: want %s, %s or %s", f.value, model.KindDiffusion, model.KindEmbedding, model.KindReranker)
		}
		p.Kind = f.value
	case "component":
		var parts []model.PipelinePart
		if parts, err = decodeParts([]string{f.value}); err == nil {
			switch parts[0].Role {
			case "denoiser", "text_encoder", "vae":
			default:
				return fmt.Errorf("role %q: want denoiser, text_encoder or vae", parts[0].Role)
			}
			p.Components = append(p.Components, parts[0])
		}
	case "image_width":
		img().Width, err = integer()
	case "image_steps":
		img().Steps, err = integer()
	case "image_seconds":
		img().Seconds, err = num()
	case "image_workspace_gib":
		img().WorkspaceGiB, err = num()
	case "image_gpu":
		if _, ok := gpus[f.value]; !ok {
			return fmt.Errorf("%q is not a GPU of gpu_specs.csv", f.value)
		}
		img().GPU = f.value
	}
	return err
}

// checkPreset checks that the facts of a preset form a whole: a window
// with its pattern, a pipeline with components and a complete reference.
func checkPreset(p *model.ModelPreset) error {
	switch p.AttentionPattern {
	case model.AttnHybrid, model.AttnChunked:
		if p.SlidingWindow <= 0 || p.LocalPerGlobal <= 0 {
			return fmt.Errorf("a %s pattern needs sliding_window and local_per_global (a chunked pattern's chunk is its sliding_window)", p.AttentionPattern)
		}
	case model.AttnSliding:
		if p.SlidingWindow <= 0 {
			return fmt.Errorf("a sliding pattern needs sliding_window")
		}
	case model.AttnLinearHybrid:
		if p.LocalPerGlobal <= 0 || p.LinearState <= 0 {
			return fmt.Errorf("a linear_hybrid pattern needs local_per_global (linear layers per full-attention one) and linear_state")
		}
	}
	if p.LinearState > 0 && p.AttentionPattern != model.AttnLinearHybrid {
		return fmt.Errorf("linear_state needs the linear_hybrid pattern")
	}
	if p.ExpertFormat != "" && !p.IsMoE() {
		return fmt.Errorf("expert_format %s needs a mixture of experts (moe_experts)", p.ExpertFormat)
	}
	if p.SlidingWindow > 0 && p.MaxContext > 0 && p.SlidingWindow >= p.MaxContext {
		return fmt.Errorf("sliding window %d is not shorter than the context %d", p.SlidingWindow, p.MaxContext)
	}
	if p.IsDiffusion() {
		im := p.Image
		if len(p.Components) == 0 || im == nil || im.Width <= 0 || im.Steps <= 0 || im.Seconds <= 0 || im.GPU == "" || im.WorkspaceGiB <= 0 {
			return fmt.Errorf("a diffusion pipeline needs components and a whole image reference (width, steps, seconds, gpu, workspace)")
		}
		den := false
		for _, c := range p.Components {
			den = den || c.Role == "denoiser"
		}
		if !den {
			return fmt.Errorf("a diffusion pipeline needs a denoiser component")
		}
	}
	return nil
}

// configParams is the parameter count (billions) a dense decoder's config
// dimensions give (model.ArchParams); a mixture of experts is left out, as
// its nominal count is not a dense one.
func configParams(p *model.ModelPreset) (float64, bool) {
	if p.Experts > 0 {
		return 0, false
	}
	v, _, ok := model.ArchParams(p)
	return v, ok
}
