package model

import (
	"strings"

	"github.com/gpupick/gpupick/model/text"
)

// ModelRef is how a model answer was read: the preset it names, the
// precision a quantisation suffix of a Hugging Face id says (AWQ, GPTQ,
// FP8, bnb-4bit; "" when it says none) and, when the name was not the
// preset's own name or id, a note saying which preset was used.
type ModelRef struct {
	Preset    *ModelPreset
	Precision Precision
	// Suffix is the quantisation suffix as typed ("AWQ", "GPTQ-Int8"),
	// for messages; "" when none.
	Suffix string
	// Note is set when the name was read as another release of the
	// preset (an instruct or chat tune, a dated release, a quantisation).
	Note text.Pair
}

// releaseWord reports whether w is a word of a Hugging Face model name
// that names a release of an architecture rather than another
// architecture: instruct and chat tunes (-Instruct, -Chat, -it), the base
// or pre-trained weights (-Base, -pt) and the transformers conversion
// (-hf).
func releaseWord(w string) bool {
	switch w {
	case "instruct", "chat", "it", "base", "pt", "hf":
		return true
	}
	return false
}

// quantWord reads a quantisation word of a Hugging Face model name: the
// methods (AWQ and GPTQ, 4-bit unless a width follows as in GPTQ-Int8;
// bitsandbytes' bnb; FP8, with neuralmagic's -Dynamic, which says no
// precision) and the bit widths (Int4, Int8, 4bit, 8bit, W4A16, W8A8,
// width set); ok is false for any other word.
func quantWord(w string) (p Precision, width, ok bool) {
	switch w {
	case "awq", "gptq", "bnb":
		return INT4, false, true
	case "fp8":
		return FP8, false, true
	case "dynamic":
		return "", false, true
	case "int4", "4bit", "w4a16":
		return INT4, true, true
	case "int8", "8bit", "w8a8":
		return INT8, true, true
	}
	return "", false, false
}

// quantPrecision is the precision a name's quantisation words say: FP8,
// else the bit width written, else 4 bits for AWQ, GPTQ and bnb; ok is
// false when they disagree (FP8 with a width, Int4 with Int8, AWQ with
// Int8: AWQ is 4-bit only).
func quantPrecision(words []string) (Precision, bool) {
	var width, method Precision
	fp8, awq := false, false
	for _, w := range words {
		q, isWidth, _ := quantWord(w)
		switch {
		case w == "fp8":
			fp8 = true
		case isWidth:
			if width != "" && width != q {
				return "", false
			}
			width = q
		case q != "":
			method = q
			awq = awq || w == "awq"
		}
	}
	switch {
	case fp8 && (width != "" || method != ""):
		return "", false
	case fp8:
		return FP8, true
	case awq && width == INT8:
		return "", false
	case width != "":
		return width, true
	}
	return method, true
}

// idKey is a model name's key for matching releases of one architecture:
// the name after the organisation, lower-cased, split at "-" and "_",
// without release words, date tags (-2507, -0528, -2407) and a leading
// "meta" before "llama" (Meta-Llama-3.1-8B); quantisation words are cut
// out and returned as typed (suffix) with the precision they say
// (quantPrecision; ok=false when they disagree).
func idKey(name string) (key string, prec Precision, suffix string, ok bool) {
	base := strings.TrimSpace(name)
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	split := func(r rune) bool { return r == '-' || r == '_' || r == ' ' }
	orig := strings.FieldsFunc(base, split)
	var keep, quant, typed []string
	for i, o := range orig {
		w := strings.ToLower(o)
		if _, _, isQ := quantWord(w); isQ {
			quant = append(quant, w)
			typed = append(typed, o)
			continue
		}
		if releaseWord(w) || dateTag(w) || w == "meta" && i == 0 && len(orig) > 1 && strings.HasPrefix(strings.ToLower(orig[1]), "llama") {
			continue
		}
		keep = append(keep, w)
	}
	prec, ok = quantPrecision(quant)
	return strings.Join(keep, "-"), prec, strings.Join(typed, "-"), ok
}

// dateTag reports whether w is a release's date tag: four digits giving a
// year and month (2407, 2501, 2507) or a month and day (0528, 0324).
func dateTag(w string) bool {
	if len(w) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		if !isDigit(w[i]) {
			return false
		}
	}
	return true
}

// org is the organisation of a Hugging Face id, lower-cased ("" without
// one).
func org(id string) string {
	if i := strings.IndexByte(id, '/'); i >= 0 {
		return strings.ToLower(strings.TrimSpace(id[:i]))
	}
	return ""
}

// ResolveModel reads a model answer: a preset's name or Hugging Face id
// (any case), another release of a preset's architecture named by its
// Hugging Face id (meta-llama/Llama-3.1-70B-Instruct is llama-3.1-70b,
// Qwen/Qwen3-30B-A3B-Instruct-2507 is qwen3-30b-a3b), with a quantisation
// suffix that also sets the precision (-AWQ, -GPTQ, -GPTQ-Int8, -FP8,
// -bnb-4bit), or what FindPreset reads (a prefix, words). An id that names
// no preset is an error of ReasonUnknown whose Candidates are the closest
// presets.
func ResolveModel(presets []ModelPreset, name string) (ModelRef, error) {
	q := strings.ToLower(strings.TrimSpace(name))
	for i := range presets {
		if q != "" && (strings.ToLower(presets[i].Name) == q || strings.ToLower(presets[i].HFID) == q) {
			return ModelRef{Preset: &presets[i]}, nil
		}
	}
	key, prec, suffix, ok := idKey(name)
	if !ok {
		return ModelRef{}, newErr("model", short(strings.TrimSpace(name), maxEcho), ReasonForm,
			txf("%s names two different precisions", suffix), tx("name the model with one quantisation suffix, or give --precision"))
	}
	if key != "" && len(q) <= 200 {
		if hits := keyMatches(presets, key, org(name)); len(hits) == 1 {
			p := &presets[hits[0]]
			ref := ModelRef{Preset: p, Precision: prec, Suffix: suffix}
			if prec != "" || !namePrefix(p, q) {
				ref.Note = resolveNote(strings.TrimSpace(name), p, prec, suffix)
			}
			return ref, nil
		}
	}
	p, err := FindPreset(presets, name)
	if err != nil {
		if fe, isFE := err.(*FieldError); isFE && fe.Reason == ReasonUnknown && key != "" {
			names := make([]string, len(presets))
			for i := range presets {
				names[i] = presets[i].Name
			}
			fe.Candidates = Closest(key, names, 3)
		}
		return ModelRef{}, err
	}
	return ModelRef{Preset: p}, nil
}

// namePrefix reports whether q (lower-cased) starts p's name, its id or
// its id's name, as FindPreset reads a prefix: nothing to note.
func namePrefix(p *ModelPreset, q string) bool {
	id := strings.ToLower(p.HFID)
	_, tail, _ := strings.Cut(id, "/")
	return strings.HasPrefix(strings.ToLower(p.Name), q) || id != "" && (strings.HasPrefix(id, q) || strings.HasPrefix(tail, q))
}

// keyMatches lists the presets whose name or Hugging Face id has key as
// its idKey; when several do, those of organisation o (when given).
func keyMatches(presets []ModelPreset, key, o string) []int {
	var hits []int
	for i := range presets {
		nk, _, _, _ := idKey(presets[i].Name)
		ik, _, _, _ := idKey(presets[i].HFID)
		if key == nk || presets[i].HFID != "" && key == ik {
			hits = append(hits, i)
		}
	}
	if len(hits) > 1 && o != "" {
		var same []int
		for _, i := range hits {
			if org(presets[i].HFID) == o {
				same = append(same, i)
			}
		}
		if len(same) > 0 {
			return same
		}
	}
	return hits
}

// resolveNote says which preset a release was read as, and the precision
// its suffix set.
func resolveNote(name string, p *ModelPreset, prec Precision, suffix string) text.Pair {
	id := p.HFID
	if id == "" {
		id = p.Name
	}
	n := txf("%s is read as preset %s (%s): the same architecture, another release of it", short(name, maxEcho), p.Name, id)
	if prec != "" {
		s := txf("; its %s suffix sets the precision to %s", suffix, prec)
		n[text.EN] += s[text.EN]
		n[text.ZH] += s[text.ZH]
	}
	return n
}
