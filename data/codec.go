package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// Column constructors for the TSV codec.

// A column's decoder keeps strings only through its tsvCtx (str, or
// cachedList for a list): a streamed table's text is read again into once
// decoded (intern.go).

func strCol[T any](name string, p func(*T) *string) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return tsvEscape(*p(v), false) },
		dec: func(v *T, s string, c *tsvCtx) (err error) { *p(v), err = c.keptField(s); return err }}
}

// keptField is a string field's value, unescaped and kept (tsvCtx.str).
func (c *tsvCtx) keptField(s string) (string, error) {
	u, err := tsvUnescape(s)
	if err != nil {
		return "", err
	}
	return c.str(u), nil
}

// textCol is a column of a string type written as is (a currency code, an
// interconnect, a vCPU type).
func textCol[T any, S ~string](name string, p func(*T) *S) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return string(*p(v)) },
		dec: func(v *T, s string, c *tsvCtx) error { *p(v) = S(c.str(s)); return nil }}
}

func numCol[T any](name string, p func(*T) *float64) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtNum(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decNum(s); return err }}
}

func intCol[T any](name string, p func(*T) *int) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtInt(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decInt(s); return err }}
}

func triCol[T any](name string, p func(*T) *model.Tri) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtTri(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decTri(s); return err }}
}

func boolCol[T any](name string, p func(*T) *bool) column[T] {
	return column[T]{name: name, skipEmpty: true,
		enc: func(v *T, _ *tsvCtx) string { return fmtBool(*p(v)) },
		dec: func(v *T, s string, _ *tsvCtx) (err error) { *p(v), err = decBool(s); return err }}
}

func listCol[T any](name string, p func(*T) *[]string) column[T] {
	return column[T]{name: name,
		enc: func(v *T, _ *tsvCtx) string { return tsvList(*p(v)) },
		dec: func(v *T, s string, c *tsvCtx) (err error) { *p(v), err = c.keptList(s); return err }}
}

// sourcesCol is a list of sources by number (the lines of sources.tsv),
// so that a source URL shared by hundreds of records is written once.
func sourcesCol[T any](name string, p func(*T) *[]string) column[T] {
	return column[T]{name: name,
		enc: func(v *T, c *tsvCtx) string { return c.sourceIDs(*p(v)) },
		dec: func(v *T, s string, c *tsvCtx) (err error) { *p(v), err = c.sourcesOf(s); return err }}
}

// optional marks a column that a file written before it existed may lack
// (a cached catalog folder of an older gpupick): it then stays zero. An
// offer of such a folder has no on-demand prices region by region nor
// plan regions: its lowest price stands for every region until it is
// imported or updated again.
func optional[T any](c column[T]) column[T] {
	c.optional = true
	return c
}

// keptList is a list field's items ("" is an empty list, not none), kept
// (splitKept) and shared by equal fields of a streamed table (cachedList).
func (c *tsvCtx) keptList(s string) ([]string, error) {
	if s == "" {
		return []string{}, nil
	}
	return cachedList(c, s, splitKept)
}

// splitKept is tsvSplitList with each item kept through c (tsvCtx.str).
func splitKept(s string, c *tsvCtx) ([]string, error) {
	items, err := tsvSplitList(s)
	if c != nil {
		for i, it := range items {
			items[i] = c.str(it)
		}
	}
	return items, err
}

// The column tables are built on first use, not at package init: a
// process that decodes and encodes no TSV (the wizard on the embedded
// catalog) never builds them. Each is built once, so a table's identity
// holds (isOfferStandard). offers.tsv's table, offerCols, is generated
// from offercols.tsv with the code of its columns (offercols_gen.go).

// gpuCols returns the columns of gpus.tsv.
var gpuCols = lazy.Value[[]column[model.GPU]]{New: func() []column[model.GPU] {
	return []column[model.GPU]{
		strCol("name", func(g *model.GPU) *string { return &g.Name }),
		strCol("vendor", func(g *model.GPU) *string { return &g.Vendor }),
		strCol("architecture", func(g *model.GPU) *string { return &g.Architecture }),
		intCol("release_year", func(g *model.GPU) *int { return &g.ReleaseYear }),
		numCol("vram_gib", func(g *model.GPU) *float64 { return &g.VRAMGiB }),
		optional(numCol("usable_gib", func(g *model.GPU) *float64 { return &g.UsableGiB })),
		optional(strCol("usable_source", func(g *model.GPU) *string { return &g.UsableSource })),
		numCol("mem_bandwidth_gbs", func(g *model.GPU) *float64 { return &g.MemBandwidthGBs }),
		numCol("fp32_tflops", func(g *model.GPU) *float64 { return &g.FP32TFLOPS }),
		numCol("bf16_tflops", func(g *model.GPU) *float64 { return &g.BF16TFLOPS }),
		numCol("fp8_tflops", func(g *model.GPU) *float64 { return &g.FP8TFLOPS }),
		numCol("int8_tops", func(g *model.GPU) *float64 { return &g.INT8TOPS }),
		triCol("fp8_supported", func(g *model.GPU) *model.Tri { return &g.FP8 }),
		triCol("bf16_supported", func(g *model.GPU) *model.Tri { return &g.BF16 }),
		triCol("nvlink", func(g *model.GPU) *model.Tri { return &g.NVLink }),
		intCol("pcie_gen", func(g *model.GPU) *int { return &g.PCIeGen }),
		intCol("tdp_watts", func(g *model.GPU) *int { return &g.TDPWatts }),
		listCol("aliases", func(g *model.GPU) *[]string { return &g.Aliases }),
		strCol("form_factor", func(g *model.GPU) *string { return &g.FormFactor }),
		strCol("nvlink_note", func(g *model.GPU) *string { return &g.NVLinkNote }),
		strCol("source", func(g *model.GPU) *string { return &g.Source }),
		strCol("notes", func(g *model.GPU) *string { return &g.Notes }),
	}
}}

// presetCols returns the columns of models.tsv.
var presetCols = lazy.Value[[]column[model.ModelPreset]]{New: func() []column[model.ModelPreset] {
	return []column[model.ModelPreset]{
		strCol("name", func(m *model.ModelPreset) *string { return &m.Name }),
		strCol("hf_id", func(m *model.ModelPreset) *string { return &m.HFID }),
		strCol("family", func(m *model.ModelPreset) *string { return &m.Family }),
		numCol("params_b", func(m *model.ModelPreset) *float64 { return &m.ParamsB }),
		numCol("active_params_b", func(m *model.ModelPreset) *float64 { return &m.ActiveB }),
		intCol("layers", func(m *model.ModelPreset) *int { return &m.Layers }),
		intCol("hidden_size", func(m *model.ModelPreset) *int { return &m.Hidden }),
		intCol("intermediate_size", func(m *model.ModelPreset) *int { return &m.FFN }),
		intCol("heads", func(m *model.ModelPreset) *int { return &m.Heads }),
		intCol("kv_heads", func(m *model.ModelPreset) *int { return &m.KVHeads }),
		intCol("head_dim", func(m *model.ModelPreset) *int { return &m.HeadDim }),
		intCol("vocab_size", func(m *model.ModelPreset) *int { return &m.Vocab }),
		intCol("max_context", func(m *model.ModelPreset) *int { return &m.MaxContext }),
		strCol("attention", func(m *model.ModelPreset) *string { return &m.Attention }),
		intCol("experts", func(m *model.ModelPreset) *int { return &m.Experts }),
		intCol("experts_per_token", func(m *model.ModelPreset) *int { return &m.ExpertsUsed }),
		intCol("kv_lora_rank", func(m *model.ModelPreset) *int { return &m.KVLoraRank }),
		intCol("qk_rope_head_dim", func(m *model.ModelPreset) *int { return &m.QKRopeHeadDim }),
		boolCol("tied_embeddings", func(m *model.ModelPreset) *bool { return &m.TiedEmbedding }),
		boolCol("mtp", func(m *model.ModelPreset) *bool { return &m.MTP }),
		strCol("attention_pattern", func(m *model.ModelPreset) *string { return &m.AttentionPattern }),
		intCol("sliding_window", func(m *model.ModelPreset) *int { return &m.SlidingWindow }),
		intCol("local_per_global", func(m *model.ModelPreset) *int { return &m.LocalPerGlobal }),
		intCol("linear_state", func(m *model.ModelPreset) *int { return &m.LinearState }),
		strCol("expert_format", func(m *model.ModelPreset) *string { return &m.ExpertFormat }),
		optional(textCol("checkpoint_precision", func(m *model.ModelPreset) *model.Precision { return &m.CheckpointPrecision })),
		strCol("kind", func(m *model.ModelPreset) *string { return &m.Kind }),
		{name: "components",
			enc: func(m *model.ModelPreset, _ *tsvCtx) string { return tsvList(encodeParts(m.Components)) },
			dec: func(m *model.ModelPreset, s string, _ *tsvCtx) error {
				items, err := tsvSplitList(s)
				if err == nil {
					m.Components, err = decodeParts(items)
				}
				return err
			}},
		imageCol("image_width", func(r *model.ImageRef) string { return fmtInt(r.Width) },
			func(r *model.ImageRef, s string) (err error) { r.Width, err = decInt(s); return err }),
		imageCol("image_steps", func(r *model.ImageRef) string { return fmtInt(r.Steps) },
			func(r *model.ImageRef, s string) (err error) { r.Steps, err = decInt(s); return err }),
		imageCol("image_seconds", func(r *model.ImageRef) string { return fmtNum(r.Seconds) },
			func(r *model.ImageRef, s string) (err error) { r.Seconds, err = decNum(s); return err }),
		imageCol("image_gpu", func(r *model.ImageRef) string { return tsvEscape(r.GPU, false) },
			func(r *model.ImageRef, s string) (err error) { r.GPU, err = tsvUnescape(s); return err }),
		imageCol("image_workspace_gib", func(r *model.ImageRef) string { return fmtNum(r.WorkspaceGiB) },
			func(r *model.ImageRef, s string) (err error) { r.WorkspaceGiB, err = decNum(s); return err }),
		imageCol("image_source", func(r *model.ImageRef) string { return tsvEscape(r.Source, false) },
			func(r *model.ImageRef, s string) (err error) { r.Source, err = tsvUnescape(s); return err }),
		strCol("source", func(m *model.ModelPreset) *string { return &m.Source }),
		strCol("notes", func(m *model.ModelPreset) *string { return &m.Notes }),
	}
}}

// imageOf returns a preset's image reference, made when missing.
func imageOf(m *model.ModelPreset) *model.ImageRef {
	if m.Image == nil {
		m.Image = &model.ImageRef{}
	}
	return m.Image
}

// imageCol is a column of a preset's image reference: empty when the
// preset has none; a non-empty field makes one.
func imageCol(name string, enc func(r *model.ImageRef) string, dec func(r *model.ImageRef, s string) error) column[model.ModelPreset] {
	return column[model.ModelPreset]{name: name,
		enc: func(m *model.ModelPreset, _ *tsvCtx) string {
			if m.Image == nil {
				return ""
			}
			return enc(m.Image)
		},
		dec: func(m *model.ModelPreset, s string, _ *tsvCtx) error {
			if s == "" {
				return nil
			}
			return dec(imageOf(m), s)
		}}
}

// encodeParts writes pipeline components as "role:name:params_b" items.
func encodeParts(parts []model.PipelinePart) []string {
	out := make([]string, len(parts))
	for i, c := range parts {
		out[i] = c.Role + ":" + c.Name + ":" + fmtNum(c.ParamsB)
	}
	return out
}

// decodeParts reads "role:name:params_b" items.
func decodeParts(items []string) ([]model.PipelinePart, error) {
	var out []model.PipelinePart
	for _, it := range items {
		f := strings.Split(it, ":")
		if len(f) != 3 || f[0] == "" || f[1] == "" {
			return nil, fmt.Errorf("component %q: want role:name:params_b", it)
		}
		v, err := decNum(f[2])
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("component %q: parameter count %q is not a positive number", it, f[2])
		}
		out = append(out, model.PipelinePart{Role: f[0], Name: f[1], ParamsB: v})
	}
	return out, nil
}

// fxCols returns the columns of fx.tsv.
var fxCols = lazy.Value[[]column[model.FXRate]]{New: func() []column[model.FXRate] {
	return []column[model.FXRate]{
		textCol("from", func(f *model.FXRate) *model.Currency { return &f.From }),
		textCol("to", func(f *model.FXRate) *model.Currency { return &f.To }),
		numCol("rate", func(f *model.FXRate) *float64 { return &f.Rate }),
		strCol("date", func(f *model.FXRate) *string { return &f.Date }),
		strCol("source", func(f *model.FXRate) *string { return &f.Source }),
	}
}}

// placeCols returns the columns of regions.tsv, the region table.
var placeCols = lazy.Value[[]column[model.Place]]{New: func() []column[model.Place] {
	return []column[model.Place]{
		strCol("provider", func(p *model.Place) *string { return &p.Provider }),
		strCol("region", func(p *model.Place) *string { return &p.Region }),
		strCol("country", func(p *model.Place) *string { return &p.Country }),
		strCol("country_name", func(p *model.Place) *string { return &p.CountryName }),
		strCol("city", func(p *model.Place) *string { return &p.City }),
		listCol("aliases", func(p *model.Place) *[]string { return &p.Aliases }),
		strCol("confidence", func(p *model.Place) *string { return &p.Confidence }),
		strCol("source", func(p *model.Place) *string { return &p.Source }),
	}
}}

// groupCols returns the columns of region_groups.tsv.
var groupCols = lazy.Value[[]column[model.RegionGroup]]{New: func() []column[model.RegionGroup] {
	return []column[model.RegionGroup]{
		strCol("name", func(g *model.RegionGroup) *string { return &g.Name }),
		listCol("aliases", func(g *model.RegionGroup) *[]string { return &g.Aliases }),
		listCol("countries", func(g *model.RegionGroup) *[]string { return &g.Countries }),
		strCol("note", func(g *model.RegionGroup) *string { return &g.Note }),
		strCol("note_zh", func(g *model.RegionGroup) *string { return &g.NoteZH }),
		strCol("source", func(g *model.RegionGroup) *string { return &g.Source }),
	}
}}

// sourceRec is one line of sources.tsv.
type sourceRec struct{ text string }

// sourceCols returns the columns of sources.tsv.
var sourceCols = lazy.Value[[]column[sourceRec]]{New: func() []column[sourceRec] {
	return []column[sourceRec]{
		strCol("source", func(s *sourceRec) *string { return &s.text }),
	}
}}

// File names inside a catalog folder.
const (
	fileInfo     = "info.tsv"
	fileOffers   = "offers.tsv"
	fileSources  = "sources.tsv"
	fileGPUs     = "gpus.tsv"
	filePolicies = "policies.json"
	fileModels   = "models.tsv"
	fileFX       = "fx.tsv"
	fileFamilies = "instance_families.csv"
	// The region table and groups (optional: a catalog without them
	// locates no region, and a region filter of groups or countries
	// passes none of its offers).
	fileRegions      = "regions.tsv"
	fileRegionGroups = "region_groups.tsv"
)

// catalogSchema is the version of the catalog file format: 2 keeps the
// offers' notes in texts.tsv (texts.go); 3 keeps a marketplace host's
// facts as numbers in the host columns of offers.tsv (offerhost.go).
// Folders of schemas 1 and 2 are read too: their live offers' host facts
// are the sentences of their note columns, shown as they are.
const catalogSchema = "3"

// schemaHostNotes is the catalog schema before the host columns: its
// live offers carry their host's facts as notes.
const schemaHostNotes = "2"

// catalogFiles is a catalog as text files, by name.
type catalogFiles map[string]string

// encodeCatalog writes a catalog as text files. Offers are sorted by
// provider and instance type, GPUs by name, policies by provider, so that
// the same catalog always gives the same bytes. extra lines go into
// info.tsv (the cleaning report).
func encodeCatalog(cat *model.Catalog, report []string) (catalogFiles, error) {
	return encodeCatalogMeta(cat, catalogMeta{origin: cat.Info.Origin, snapshot: cat.Info.SnapshotDate, cleaning: report})
}

// encodeCatalogMeta is encodeCatalog with every info.tsv field given.
func encodeCatalogMeta(cat *model.Catalog, meta catalogMeta) (catalogFiles, error) {
	offers := append([]model.Offer(nil), cat.Offers...)
	sortOffers(offers)
	ctx := &tsvCtx{ids: map[string]int{}}
	files := catalogFiles{}
	files[fileOffers] = encodeTSV(offerCols.Get(), offers, ctx)
	srcs := make([]sourceRec, len(ctx.sources))
	for i, s := range ctx.sources {
		srcs[i] = sourceRec{s}
	}
	files[fileSources] = encodeTSV(sourceCols.Get(), srcs, ctx)
	files[fileTexts] = encodeTexts(ctx)
	gpus := make([]model.GPU, 0, len(cat.GPUs))
	for _, g := range cat.GPUs {
		gpus = append(gpus, g)
	}
	sort.Slice(gpus, func(i, j int) bool { return gpus[i].Name < gpus[j].Name })
	files[fileGPUs] = encodeTSV(gpuCols.Get(), gpus, ctx)
	files[fileModels] = encodeTSV(presetCols.Get(), cat.Models, ctx)
	files[fileFX] = encodeTSV(fxCols.Get(), cat.FX, ctx)
	if len(cat.Places) > 0 || len(cat.RegionGroups) > 0 {
		places := append([]model.Place(nil), cat.Places...)
		sortPlaces(places)
		files[fileRegions] = encodeTSV(placeCols.Get(), places, ctx)
		files[fileRegionGroups] = encodeTSV(groupCols.Get(), cat.RegionGroups, ctx)
	}
	pols := make([]model.Policy, 0, len(cat.Policies))
	for _, p := range cat.Policies {
		pols = append(pols, p)
	}
	sort.Slice(pols, func(i, j int) bool { return pols[i].Provider < pols[j].Provider })
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(pols); err != nil {
		return nil, fmt.Errorf("encode policies: %w", err)
	}
	files[filePolicies] = buf.String()
	var info strings.Builder
	info.WriteString("key\tvalue\n")
	fmt.Fprintf(&info, "schema\t%s\n", catalogSchema)
	fmt.Fprintf(&info, "origin\t%s\n", tsvEscape(meta.origin, false))
	fmt.Fprintf(&info, "snapshot_date\t%s\n", tsvEscape(meta.snapshot, false))
	if meta.source != "" {
		fmt.Fprintf(&info, "source\t%s\n", tsvEscape(meta.source, false))
	}
	for _, p := range meta.providers {
		fmt.Fprintf(&info, "provider\t%s\n", tsvEscape(p, false))
	}
	for _, r := range meta.cleaning {
		fmt.Fprintf(&info, "cleaning\t%s\n", tsvEscape(r, false))
	}
	files[fileInfo] = info.String()
	return files, nil
}

// sortOffers sorts offers by provider, then instance type.
func sortOffers(offers []model.Offer) {
	sort.SliceStable(offers, func(i, j int) bool {
		if offers[i].Provider != offers[j].Provider {
			return offers[i].Provider < offers[j].Provider
		}
		return offers[i].InstanceType < offers[j].InstanceType
	})
}

// catalogMeta is what info.tsv holds.
type catalogMeta struct {
	schema, origin, snapshot string
	source                   string   // where an imported catalog was read from
	providers                []string // the providers an imported catalog covers
	cleaning                 []string
}

// decodeInfo reads info.tsv.
func decodeInfo(name, text string) (catalogMeta, error) {
	var m catalogMeta
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) == 0 || lines[0] != "key\tvalue" {
		return m, fmt.Errorf("%s: line 1: want the header \"key<TAB>value\"", name)
	}
	for i, l := range lines[1:] {
		k, v, ok := strings.Cut(l, "\t")
		if !ok {
			return m, fmt.Errorf("%s: line %d: want key<TAB>value", name, i+2)
		}
		v, err := tsvUnescape(v)
		if err != nil {
			return m, fmt.Errorf("%s: line %d: %w", name, i+2, err)
		}
		switch k {
		case "schema":
			m.schema = v
		case "origin":
			m.origin = v
		case "snapshot_date":
			m.snapshot = v
		case "cleaning":
			m.cleaning = append(m.cleaning, v)
		case "source":
			m.source = v
		case "provider":
			m.providers = append(m.providers, v)
		default:
			return m, fmt.Errorf("%s: line %d: unknown key %q", name, i+2, k)
		}
	}
	if m.schema != catalogSchema && m.schema != schemaHostNotes && m.schema != schemaLiteralNotes {
		return m, fmt.Errorf("%s: catalog schema %q, this gpupick reads %q, %q and %q (run 'gpupick catalog update' or import again)", name, m.schema, catalogSchema, schemaHostNotes, schemaLiteralNotes)
	}
	return m, nil
}

// decodeOffers reads the offer part of a catalog: info.tsv, sources.tsv,
// offers.tsv and gpus.tsv (label names the folder in errors).
func decodeOffers(label string, files catalogFiles) (offers []model.Offer, gpus map[string]model.GPU, meta catalogMeta, err error) {
	return decodeOffersFrom(label, files, tsvStream{})
}

// decodeOffersFrom is decodeOffers with offers.tsv read from src as it is
// decoded when src has a reader (a folder's file: see readFolder).
func decodeOffersFrom(label string, files catalogFiles, src tsvStream) (offers []model.Offer, gpus map[string]model.GPU, meta catalogMeta, err error) {
	get := func(name string) (string, error) {
		s, ok := files[name]
		if !ok {
			return "", fmt.Errorf("%s: %s is missing", label, name)
		}
		return s, nil
	}
	text, err := get(fileInfo)
	if err != nil {
		return nil, nil, meta, err
	}
	if meta, err = decodeInfo(label+"/"+fileInfo, text); err != nil {
		return nil, nil, meta, err
	}
	ctx := &tsvCtx{}
	if text, err = get(fileSources); err != nil {
		return nil, nil, meta, err
	}
	srcs, err := decodeTSV(label+"/"+fileSources, text, sourceCols.Get(), ctx)
	if err != nil {
		return nil, nil, meta, err
	}
	ctx.sources = make([]string, len(srcs))
	for i, s := range srcs {
		ctx.sources[i] = s.text
	}
	if err := decodeTexts(label, files, meta, ctx); err != nil {
		return nil, nil, meta, err
	}
	if src.r != nil {
		// The detail interner is made from the header the stream reads.
		offers, err = decodeTSVStream(label+"/"+fileOffers, src, offerCols.Get(), ctx, func(header string) {
			ctx.details = newDetailInterner(header)
		})
	} else if text, err = get(fileOffers); err == nil {
		ctx.details = newDetailInterner(text)
		offers, err = decodeTSV(label+"/"+fileOffers, text, offerCols.Get(), ctx)
	}
	if err != nil {
		return nil, nil, meta, err
	}
	if text, err = get(fileGPUs); err != nil {
		return nil, nil, meta, err
	}
	list, err := decodeTSV(label+"/"+fileGPUs, text, gpuCols.Get(), ctx)
	if err != nil {
		return nil, nil, meta, err
	}
	gpus = make(map[string]model.GPU, len(list))
	for _, g := range list {
		gpus[g.Name] = g
	}
	return offers, gpus, meta, nil
}

// decodeCatalog reads a whole catalog from its text files (label names the
// folder in errors). It builds the GPU and policy maps; it does not
// validate (see Validate).
func decodeCatalog(label string, files catalogFiles) (*model.Catalog, catalogMeta, error) {
	return decodeCatalogWith(label, files, nil)
}

// decodeCatalogWith is decodeCatalog; pols, when not nil, are the
// catalog's policies already decoded (the embedded catalog's generated
// table), used instead of its policies.json.
func decodeCatalogWith(label string, files catalogFiles, pols []model.Policy) (*model.Catalog, catalogMeta, error) {
	return decodeCatalogFrom(label, files, pols, tsvStream{})
}

// decodeCatalogFrom is decodeCatalogWith with offers.tsv read from src as
// it is decoded when src has a reader (see decodeOffersFrom).
func decodeCatalogFrom(label string, files catalogFiles, pols []model.Policy, src tsvStream) (*model.Catalog, catalogMeta, error) {
	for _, f := range []string{fileModels, fileFX, filePolicies} {
		if f == filePolicies && pols != nil {
			continue
		}
		if _, ok := files[f]; !ok {
			_, _, meta, err := decodeOffersFrom(label, files, src)
			if err != nil {
				return nil, meta, err
			}
			return nil, meta, fmt.Errorf("%s: %s is missing", label, f)
		}
	}
	// The small tables are decoded while the offers are.
	var (
		rest    model.Catalog
		restErr error
		done    = make(chan struct{})
	)
	go func() {
		defer close(done)
		rest, restErr = decodeRest(label, files, pols)
	}()
	offers, gpus, meta, err := decodeOffersFrom(label, files, src)
	<-done
	if err != nil {
		return nil, meta, err
	}
	if restErr != nil {
		return nil, meta, restErr
	}
	cat := &model.Catalog{Info: model.CatalogInfo{Origin: meta.origin, SnapshotDate: meta.snapshot}, Offers: offers, GPUs: gpus,
		Models: rest.Models, FX: rest.FX, Policies: rest.Policies, Places: rest.Places, RegionGroups: rest.RegionGroups}
	return cat, meta, nil
}

// decodeRest decodes a catalog's models, exchange rates, region table and
// groups (when it has them) and policies (pols when not nil, else its
// policies.json).
func decodeRest(label string, files catalogFiles, pols []model.Policy) (model.Catalog, error) {
	var cat model.Catalog
	var err error
	if cat.Models, err = decodeTSV(label+"/"+fileModels, files[fileModels], presetCols.Get(), nil); err != nil {
		return cat, err
	}
	if cat.FX, err = decodeTSV(label+"/"+fileFX, files[fileFX], fxCols.Get(), nil); err != nil {
		return cat, err
	}
	if text, ok := files[fileRegions]; ok {
		if cat.Places, err = decodeTSV(label+"/"+fileRegions, text, placeCols.Get(), nil); err != nil {
			return cat, err
		}
	}
	if text, ok := files[fileRegionGroups]; ok {
		if cat.RegionGroups, err = decodeTSV(label+"/"+fileRegionGroups, text, groupCols.Get(), nil); err != nil {
			return cat, err
		}
	}
	if pols == nil {
		if err := json.Unmarshal([]byte(files[filePolicies]), &pols); err != nil {
			return cat, fmt.Errorf("%s/%s: %w", label, filePolicies, err)
		}
	}
	cat.Policies = make(map[string]model.Policy, len(pols))
	for _, p := range pols {
		cat.Policies[p.Provider] = p
	}
	return cat, nil
}
