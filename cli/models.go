package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/gpupick/gpupick/model"
)

const modelsHelp = `Usage: gpupick models [--format table|json]

Lists the model presets that --model (and the wizard's model step) accept:
preset names, Hugging Face ids, or an unambiguous prefix of either.

Flags:
`

// modelsOptions are models' command line, parsed.
type modelsOptions struct {
	common commonFlags
	format string // table or json
}

// runModels implements `gpupick models`: it parses the command line and
// runs models.
func runModels(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("models")
	o := modelsOptions{common: commonFlags{env: env}}
	o.common.register(fs)
	fs.StringVar(&o.format, "format", "table", flagHelp(tUseFormatModels))
	if code, ok := parseFlags(fs, args, tLongModels, env, stdout, stderr); !ok {
		return code
	}
	return models(o, stdout, stderr)
}

// models prints the catalog's model presets as a table in --lang, or as
// JSON.
func models(o modelsOptions, stdout, stderr io.Writer) int {
	lang, langErr := o.common.language()
	if o.format != "table" && o.format != "json" {
		errLine(stderr, lang, "models", tf(tErrUnknownFormat, lang, o.format, "table"+orWord(lang)+"json"))
		return exitUsage
	}
	cat, _, err := o.common.loadCatalog()
	if err != nil {
		errLine(stderr, lang, "models", catalogError(err, lang))
		return exitFail
	}
	if o.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(cat.Models); err != nil {
			fmt.Fprintln(stderr, "gpupick models:", err)
			return exitFail
		}
		return exitOK
	}
	if langErr != nil {
		errLine(stderr, "en", "models", langErr.Error())
		return exitUsage
	}
	fw := newFitWriter(stdout, o.common.env.width())
	writeModels(fw, cat.Models, lang)
	if err := fw.Flush(); err != nil {
		errLine(stderr, lang, "models", err.Error())
		return exitFail
	}
	return exitOK
}

// writeModels prints the presets as a table with their count, the headings
// in lang. To fit the width the shape columns go first (hidden size,
// layers, heads), then the context and the active parameters: the name
// and the Hugging Face id are what --model takes, so they stay whole as
// long as they can (then the id is cut keeping its end), with the
// parameters.
func writeModels(w io.Writer, presets []model.ModelPreset, lang string) {
	// NAME, PARAMS, ACTIVE, LAYERS, HIDDEN, HEADS/KV, CONTEXT, HF ID.
	tw := newCLITable(w).fitTo(dropCol(4), dropCol(3), dropCol(5), dropCol(6), dropCol(2), cutNames(7, 20), cutCol(0, cutEnd, 16))
	fmt.Fprintln(tw, tModelsHeader.in(lang))
	for _, m := range presets {
		active := "-"
		if m.IsMoE() {
			active = model.FormatParams(m.ActiveB)
		}
		dims := func(v int) string {
			if v == 0 {
				return "-"
			}
			return fmt.Sprint(v)
		}
		heads := "-"
		if m.Heads > 0 {
			heads = fmt.Sprintf("%d/%d", m.Heads, m.KVHeads)
		}
		ctx := "-"
		if m.MaxContext > 0 {
			ctx = model.FormatContext(m.MaxContext)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", m.Name, model.FormatParams(m.ParamsB), active, dims(m.Layers), dims(m.Hidden), heads, ctx, m.HFID)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n"+tModelsCount.in(lang)+"\n", len(presets))
}
