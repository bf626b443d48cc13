package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
	"github.com/gpupick/gpupick/model/text"
	"github.com/gpupick/gpupick/model/verify"
)

const verifyHelp = `Usage: gpupick verify FILE.toml [--from DIR] [--json]

Run on the rented machine: probes it (nvidia-smi and nvidia-smi topo -m
on NVIDIA GPUs, rocm-smi --showproductname --showmeminfo vram and
rocm-smi --showtopo on AMD GPUs; lscpu, nproc, /proc/meminfo, lsblk, df)
and compares it with the offer chosen in the decision record: GPU model,
count and memory; NVLink/NVSwitch, Infinity Fabric or PCIe between the
GPUs; vCPUs usable and threads per core; RAM; local NVMe. --from DIR
reads saved outputs instead (files gpus.csv, gpus-list.txt, topo.txt,
rocm-smi.txt, rocm-topo.txt, lscpu.txt, nproc.txt, meminfo.txt,
lsblk.txt, df.txt; gpus.csv or rocm-smi.txt is needed).

The table is in --lang (English or Chinese); --json prints stable keys
and English values whatever --lang says, for scripts. A check with an
unknown side (not probed, or not in the catalog) is skipped, not passed.

Exit codes: 0 the machine is the one chosen, 1 a mismatch that matters
(local NVMe included, when the offer promises it), 2 bad input (the
record, the folder).

Flags:
`

// verifyOptions are verify's command line, parsed.
type verifyOptions struct {
	common commonFlags
	file   string // the decision record
	from   string // --from: the folder of the probes' saved outputs ("" runs them)
	asJSON bool   // --json
}

// runVerify implements `gpupick verify FILE.toml`: it parses the command
// line and runs verifyMachine.
func runVerify(args []string, env environ, stdout, stderr io.Writer) int {
	fset := newFlagSet("verify")
	o := verifyOptions{common: commonFlags{env: env}}
	o.common.register(fset)
	fset.StringVar(&o.from, "from", "", flagHelp(tUseFrom))
	newBoolFlag(fset, &o.asJSON, "json", flagHelp(tUseJSON))
	file, rest := splitFile(args)
	if code, ok := parseFlags(fset, rest, tLongVerify, env, stdout, stderr); !ok {
		return code
	}
	o.file = file
	return verifyMachine(o, stdout, stderr)
}

// verifyMachine probes this machine (or reads the saved outputs of --from),
// compares it with the record's choice and prints the checks: exit 1 when
// a check that matters failed.
func verifyMachine(o verifyOptions, stdout, stderr io.Writer) int {
	lang, err := o.common.language()
	fail := failer(stderr, lang, "verify")
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	file, from := o.file, o.from
	if file == "" {
		return fail(exitUsage, "%s", verify.NoRecord(lang))
	}
	rec, err := data.ReadRecord(file)
	if err != nil {
		f, detail := readFault(err, verify.ReadBadRecord)
		if f == verify.ReadBadRecord {
			detail = answerErrText(err, lang) // a stored answer's error in lang
		}
		return fail(exitUsage, "%s", verify.ReadErrorText(verify.InputRecord, echo(file), f, detail, lang))
	}
	if rec.Choice == nil {
		return fail(exitUsage, "%s", verify.NoChoice(echo(file), lang))
	}
	cat, _, err := o.common.loadCatalog()
	if err != nil {
		return fail(exitCode(err), "%s", catalogError(err, lang))
	}
	var outputs map[string]string
	if from != "" {
		if outputs, err = readProbes(from); err != nil {
			return fail(exitUsage, "%s", readProbesError(err, from, lang))
		}
	} else {
		var missing []string
		if outputs, missing = runProbes(); outputs[probe.FileNVIDIAGPUs] == "" && outputs[probe.FileAMDGPUs] == "" && len(missing) > 0 {
			// Neither GPU listing ran because its tool is not installed:
			// say so, not that a file is missing from a folder not given.
			return fail(exitUsage, "%s", verify.NoProbeTool(missing, lang))
		}
	}
	m, err := probe.Parse(outputs)
	if err != nil {
		return fail(exitUsage, "%s", verify.ProbeErrorText(err, lang))
	}
	var offer *model.Offer
	for i := range cat.Offers {
		if o := &cat.Offers[i]; o.Provider == rec.Choice.Provider && o.InstanceType == rec.Choice.InstanceType {
			offer = o
		}
	}
	if o.asJSON {
		// JSON values stay English whatever --lang says (see verify.Check).
		checks := verify.Compare(*rec.Choice, offer, m, "en")
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(checks)
		return verdict(checks, lang, stderr)
	}
	checks := verify.Compare(*rec.Choice, offer, m, lang)
	fw := newFitWriter(stdout, o.common.env.width())
	err = writeChecks(fw, *rec.Choice, checks, lang)
	if err == nil {
		err = fw.Flush()
	}
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	return verdict(checks, lang, stderr)
}

// verdict is verify's exit code: 1, with the mismatch line on stderr, when
// a check that matters failed.
func verdict(checks []verify.Check, lang string, stderr io.Writer) int {
	if verify.Mismatch(checks) {
		errLine(stderr, lang, "verify", verify.MismatchLine(lang))
		return exitFail
	}
	return exitOK
}

// writeChecks prints the checks as a table (expected, found, result) and
// their hints in lang; the figures are the same in both languages. To fit
// the width, what was found and then what was expected wrap in their
// columns (the check and its result stay whole, on the row's first line).
func writeChecks(w io.Writer, choice model.Recommendation, checks []verify.Check, lang string) error {
	fmt.Fprintf(w, "%s\n\n", verify.Title(choice, lang))
	tw := newCLITable(w).fitTo(wrapCol(verifyFoundCol, 22), wrapCol(verifyExpectedCol, 16))
	fmt.Fprintln(tw, verify.Header(lang))
	for _, c := range checks {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.Name, c.Expected, c.Found, verify.Result(c, lang))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write the checks: %w", err)
	}
	if hints := verify.Hints(checks, lang); hints != nil {
		fmt.Fprintln(w)
		for _, h := range hints {
			fmt.Fprintln(w, h)
		}
	}
	return nil
}

// The columns of verify's table that wrap to fit the width.
const (
	verifyExpectedCol = 1
	verifyFoundCol    = 2
)

// maxProbeBytes bounds one saved probe output.
const maxProbeBytes = 1 << 20

// errNotFolder is readProbes' error for a --from that is not a folder.
var errNotFolder = errors.New("not a folder")

// probeFileError is readProbes' error reading one saved output of the
// folder: the file's path and the error.
type probeFileError struct {
	path string
	err  error
}

func (e *probeFileError) Error() string { return e.err.Error() }
func (e *probeFileError) Unwrap() error { return e.err }

// readProbes reads the saved outputs of a --from folder.
func readProbes(dir string) (map[string]string, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, errNotFolder
	}
	out := map[string]string{}
	for _, c := range probe.Commands {
		path := filepath.Join(dir, c.File)
		b, err := data.ReadRegularFile(path, maxProbeBytes)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, &probeFileError{path, err}
		}
		out[c.File] = text.SafeLines(string(b)) // a probe's text reaches the terminal
	}
	return out, nil
}

// readProbesError is verify's error for a --from folder (dir) that
// readProbes could not read, in lang: the folder's, or one file's in it.
func readProbesError(err error, dir, lang string) string {
	f, detail := readFault(err, verify.ReadOther)
	if errors.Is(err, errNotFolder) {
		f, detail = verify.ReadNotFolder, ""
	}
	if pf, ok := errors.AsType[*probeFileError](err); ok {
		return verify.ReadErrorText(verify.InputFromFile, echo(pf.path), f, detail, lang)
	}
	return verify.ReadErrorText(verify.InputFrom, echo(dir), f, detail, lang)
}

// readFault tells why an input could not be read from err, and the words
// to keep: the OS's own ("permission denied") for a system error; else
// (none of the reasons data and the OS name) err's text as the reason
// other.
func readFault(err error, other verify.ReadFault) (verify.ReadFault, string) {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return verify.ReadNotExist, ""
	case errors.Is(err, data.ErrNotRegular):
		return verify.ReadNotRegular, ""
	case errors.Is(err, data.ErrTooLarge):
		limit := ""
		if le, ok := errors.AsType[*data.LimitError](err); ok {
			limit = le.LimitText()
		}
		return verify.ReadTooLarge, limit
	}
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return verify.ReadOS, pe.Err.Error()
	}
	return other, err.Error()
}

// runProbes runs the probes on this machine; a probe that cannot run is
// left out (reported as not probed, or as missing when required).
// missing names the GPU listings' tools (nvidia-smi, rocm-smi) not found
// on PATH.
func runProbes() (out map[string]string, missing []string) {
	out = map[string]string{}
	for _, c := range probe.Commands {
		b, err := exec.Command(c.Argv[0], c.Argv[1:]...).Output()
		if err == nil {
			out[c.File] = text.SafeLines(string(b)) // a probe's text reaches the terminal
			continue
		}
		gpuListing := c.File == probe.FileNVIDIAGPUs || c.File == probe.FileAMDGPUs
		if gpuListing && errors.Is(err, exec.ErrNotFound) {
			missing = append(missing, c.Argv[0])
		}
	}
	return out, missing
}
