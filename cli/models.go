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

func runModels(args []string, env environ, stdout, stderr io.Writer) int {
	fs := newFlagSet("models")
	common := commonFlags{env: env}
	common.register(fs)
	format := fs.String("format", "table", "output format: table or json")
	if code, ok := parseFlags(fs, args, modelsHelp, env, stdout, stderr); !ok {
		return code
	}
	lang, langErr := common.language()
	if *format != "table" && *format != "json" {
		errLine(stderr, lang, "models", tf(tErrUnknownFormat, lang, *format, "table"+orWord(lang)+"json"))
		return exitUsage
	}
	cat, _, err := common.loadCatalog()
	if err != nil {
		errLine(stderr, lang, "models", catalogError(err, lang))
		return exitFail
	}
	if *format == "json" {
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
	tw := newCLITable(stdout)
	fmt.Fprintln(tw, tModelsHeader.in(lang))
	for _, m := range cat.Models {
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
	fmt.Fprintf(stdout, "\n"+tModelsCount.in(lang)+"\n", len(cat.Models))
	return exitOK
}
