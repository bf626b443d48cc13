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

func runVerify(args []string, stdout, stderr io.Writer) int {
	fset := newFlagSet("verify")
	var common commonFlags
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
		fmt.Fprintf(stdout, "Checking the machine against %s %s (%d×%s)\n\n", rec.Choice.Provider, rec.Choice.InstanceType, rec.Choice.GPUCount, rec.Choice.GPU)
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "CHECK\tEXPECTED\tFOUND\tRESULT")
		for _, c := range checks {
			res := "pass"
			switch {
			case c.Skipped:
				res = "skipped"
			case !c.Pass && c.Matters:
				res = "FAIL"
			case !c.Pass:
				res = "differs (does not matter)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.Name, c.Expected, c.Found, res)
		}
		tw.Flush()
	}
	if advisor.Mismatch(checks) {
		fmt.Fprintln(stderr, "gpupick verify: the machine is not the one chosen (see FAIL above)")
		return exitFail
	}
	return exitOK
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
