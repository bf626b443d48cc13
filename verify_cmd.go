package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"text/tabwriter"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
)

const verifyHelp = `Usage: gpupick verify FILE.toml [--from DIR] [--json]

Run on the rented machine: probes it (nvidia-smi, nvidia-smi topo -m,
lscpu, nproc, /proc/meminfo, lsblk, df) and compares it with the offer
chosen in the decision record: GPU model, count and memory; NVLink/NVSwitch
or PCIe between the GPUs; vCPUs usable and threads per core; RAM; local
NVMe. --from DIR reads saved outputs instead (files gpus.csv, gpus-list.txt,
topo.txt, lscpu.txt, nproc.txt, meminfo.txt, lsblk.txt, df.txt).

Exit codes: 0 the machine is the one chosen, 1 a mismatch that matters,
2 bad input (the record, the folder).

Flags:
`

func runVerify(args []string, env environ, stdout, stderr io.Writer) int {
	fset := newFlagSet("verify")
	common := commonFlags{env: env}
	common.register(fset)
	from := fset.String("from", "", "read the probes' saved outputs from `DIR` instead of running them")
	asJSON := fset.Bool("json", false, "print the checks as JSON")
	file, rest := splitFile(args)
	if code, ok := parseFlags(fset, rest, verifyHelp, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, format string, args ...any) int {
		fmt.Fprintf(stderr, "gpupick verify: "+format+"\n", args...)
		return code
	}
	if file == "" {
		return fail(exitUsage, "a decision record FILE.toml is needed (see gpupick verify --help)")
	}
	rec, err := data.ReadRecord(file)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	if rec.Choice == nil {
		return fail(exitUsage, "%s has no chosen offer to check the machine against", echo(file))
	}
	cat, _, err := common.loadCatalog()
	if err != nil {
		return fail(exitCode(err), "%v", err)
	}
	var outputs map[string]string
	if *from != "" {
		if outputs, err = readProbes(*from); err != nil {
			return fail(exitUsage, "--from %s: %v", echo(*from), err)
		}
	} else {
		outputs = runProbes()
	}
	m, err := probe.Parse(outputs)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	var offer *model.Offer
	for i := range cat.Offers {
		if o := &cat.Offers[i]; o.Provider == rec.Choice.Provider && o.InstanceType == rec.Choice.InstanceType {
			offer = o
		}
	}
	checks := advisor.Verify(*rec.Choice, offer, m)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(checks)
	} else {
		lang, err := common.language()
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		if err := writeChecks(stdout, *rec.Choice, checks, lang); err != nil {
			return fail(exitFail, "%v", err)
		}
	}
	if advisor.Mismatch(checks) {
		lang, _ := common.language()
		fmt.Fprintln(stderr, "gpupick verify: "+tVerifyMismatch.in(lang))
		return exitFail
	}
	return exitOK
}

// writeChecks prints the checks as a table (expected, found, result) in
// lang; the figures are the same in both languages.
func writeChecks(w io.Writer, choice model.Recommendation, checks []advisor.Check, lang string) error {
	fmt.Fprintf(w, tVerifyTitle.in(lang)+"\n\n", choice.Provider, choice.InstanceType, choice.GPUCount, choice.GPU)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, tVerifyHeader.in(lang))
	for _, c := range checks {
		res := tVerifyPass
		switch {
		case c.Skipped:
			res = tVerifySkipped
		case !c.Pass && c.Matters:
			res = tVerifyFail
		case !c.Pass:
			res = tVerifyDiffers
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", checkWord(c.Name, lang), checkWord(c.Expected, lang), checkWord(c.Found, lang), res.in(lang))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write the checks: %w", err)
	}
	return nil
}

// checkWords are the texts of the names of the checks advisor.Verify
// makes and of the words it uses for a value it could not learn, by their
// English (a test checks that every check name has one). Other values are
// figures and names, the same in both languages.
var checkWords = func() map[string]cliMsg {
	out := map[string]cliMsg{}
	for k := tCheckGPUModel; k <= tCheckNotInCatalog; k++ {
		out[k.in("en")] = k
	}
	return out
}()

// checkWord is a check's name or value in lang.
func checkWord(s, lang string) string {
	if k, ok := checkWords[s]; ok {
		return k.in(lang)
	}
	return s
}

// maxProbeBytes bounds one saved probe output.
const maxProbeBytes = 1 << 20

// readProbes reads the saved outputs of a --from folder.
func readProbes(dir string) (map[string]string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, errors.New("not a folder")
	}
	out := map[string]string{}
	for _, c := range probe.Commands {
		b, err := data.ReadRegularFile(filepath.Join(dir, c.File), maxProbeBytes)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[c.File] = string(b)
	}
	return out, nil
}

// runProbes runs the probes on this machine; a probe that cannot run is
// left out (reported as not probed, or as missing when required).
func runProbes() map[string]string {
	out := map[string]string{}
	for _, c := range probe.Commands {
		b, err := exec.Command(c.Argv[0], c.Argv[1:]...).Output()
		if err == nil {
			out[c.File] = string(b)
		}
	}
	return out
}
