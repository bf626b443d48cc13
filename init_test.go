package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// initBudgets bound what each of the module's packages allocates while it
// is initialised, before main runs, on every start of the binary (issue 26:
// a map literal, a style or a table built at package level is paid by
// `gpupick --help` and every headless run). A package not named here gets
// otherInitBudget. The figures are what GODEBUG=inittrace=1 reported when
// the tables were made static or built on first use (model 2376 B in 34
// allocations: the registry's entries that the registry helpers make;
// data 3432 B in 93: mostly the sync.OnceValue wrappers, 2 allocations
// each), with some room.
var initBudgets = map[string]initCost{
	"/model":        {bytes: 3072, allocs: 40},
	"/data":         {bytes: 4096, allocs: 100},
	"/data/launch":  {bytes: 1024, allocs: 20},
	"/model/verify": {bytes: 1024, allocs: 24},
}

// otherInitBudget bounds the initialisation of every package of the module
// that initBudgets does not name.
var otherInitBudget = initCost{bytes: 512, allocs: 10}

// initCost is what a package's initialisation allocated.
type initCost struct{ bytes, allocs int }

// initLine is a line of GODEBUG=inittrace=1: "init PKG @T ms, C ms clock,
// B bytes, N allocs".
var initLine = regexp.MustCompile(`^init (\S+) @\S+ ms, \S+ ms clock, (\d+) bytes, (\d+) allocs$`)

// TestPackageInitAllocatesLittle: `gpupick --help` under
// GODEBUG=inittrace=1 reports no package of the module allocating more
// than its budget while it is initialised (the allocations are the same
// on every run; the time is not, and is not tested).
func TestPackageInitAllocatesLittle(t *testing.T) {
	cmd := exec.Command(buildBinary(t), "--help")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gpupick --help: %v\n%s", err, stderr.String())
	}
	const module = "github.com/gpupick/gpupick"
	traced, ours := 0, 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		m := initLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		traced++
		pkg, ok := strings.CutPrefix(m[1], module)
		if !ok || pkg != "" && !strings.HasPrefix(pkg, "/") {
			continue
		}
		ours++
		got := initCost{}
		got.bytes, _ = strconv.Atoi(m[2])
		got.allocs, _ = strconv.Atoi(m[3])
		budget, named := initBudgets[pkg]
		if !named {
			budget = otherInitBudget
		}
		if got.bytes > budget.bytes || got.allocs > budget.allocs {
			t.Errorf("%s allocates %d B in %d allocations at initialisation, over its budget of %d B and %d: build the new table on first use (sync.OnceValue) or lay it out statically",
				m[1], got.bytes, got.allocs, budget.bytes, budget.allocs)
		}
	}
	if traced == 0 || ours == 0 {
		t.Fatalf("no init lines (%d) or none of the module's (%d) in the trace:\n%s", traced, ours, stderr.String())
	}
}

// TestEmbeddedCatalogNeedsNoInit: the generated catalog
// (data/embedded_*.go) is laid out by the linker: no instruction of the
// data package's initialisation comes from those files. A map, a function
// call or a closure over a variable in the generated literals would make
// the compiler build them on every start instead.
func TestEmbeddedCatalogNeedsNoInit(t *testing.T) {
	out, err := exec.Command("go", "tool", "objdump", "-s", `^github\.com/gpupick/gpupick/data\.(Embedded|init|map\.init\.\d+)$`, buildBinary(t)).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool objdump: %v\n%s", err, out)
	}
	fn, embedded := "", 0
	reported := map[string]bool{} // file:line, once
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "TEXT":
			fn = f[1]
		case strings.HasSuffix(fn, "data.Embedded(SB)"):
			embedded++
		case strings.HasPrefix(f[0], "embedded_") && !reported[f[0]]:
			reported[f[0]] = true
			t.Errorf("%s runs code of %s", fn, f[0])
		}
	}
	if embedded == 0 {
		t.Fatalf("no instruction of data.Embedded in the disassembly: the check would pass on anything\n%s", out)
	}
}
