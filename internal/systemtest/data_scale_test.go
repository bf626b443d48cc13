package systemtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// Scale benchmarks (issue 14): the embedded catalog's offers repeated with
// varied prices to 1k, 10k, 100k and 1M offers, written as catalog files
// (each copy a distinct offer: its own instance type, one region of the
// original's, its own prices; the free-text notes, which describe an
// instance family, stay on the embedded offers and are not copied, so a
// copy is a lean TSV line of ~300 bytes, not ~900);
// load is reading and decoding them, index the advisor's one-off index,
// recommend one ranking on the indexed catalog. The process variant runs
// load + index in a fresh process (this test binary, as a helper) and
// reports its wall time and peak RSS.

var scaleSizes = []struct {
	name string
	n    int
}{{"1k", 1_000}, {"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}}

// grownFiles writes the embedded catalog grown to n offers into a folder
// and returns it.
func grownFiles(b *testing.B, n int) string {
	b.Helper()
	emb, err := data.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	cat := *emb
	cat.Offers = make([]model.Offer, 0, n)
	for i := 0; len(cat.Offers) < n; i++ {
		o := emb.Offers[i%len(emb.Offers)]
		if i >= len(emb.Offers) {
			o.InstanceType = fmt.Sprintf("%s-%d", o.InstanceType, i)
			if len(o.Regions) > 1 {
				o.Regions = o.Regions[i%len(o.Regions) : i%len(o.Regions)+1]
			}
			o.Notes = ""
			d := o.EditDetail()
			d.InterconnectNote, d.VCPUNote, d.PriceNote = "", "", ""
		}
		f := 0.8 + float64(i%97)/200
		o.OnDemand *= f
		o.Spot *= f
		cat.Offers = append(cat.Offers, o)
	}
	return writeFolder(b, &cat)
}

// writeFolder writes a catalog's files (data.EncodeFiles) into a fresh
// folder and returns it.
func writeFolder(b *testing.B, cat *model.Catalog) string {
	b.Helper()
	files, err := data.EncodeFiles(cat)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// loadDir reads and decodes a catalog folder written by grownFiles, on
// the read path of a cached catalog (data.ReadFolder: offers.tsv decoded
// as it is read), with no size limit.
func loadDir(dir string) (*model.Catalog, error) {
	return data.ReadFolder(dir)
}

// indexCatalog builds the advisor's engine of a catalog and its first
// ranking (which builds the index).
func indexCatalog(cat *model.Catalog) *advisor.Engine {
	eng := advisor.New(cat)
	eng.Recommend(scaleAnswers(), advisor.Options{})
	return eng
}

func scaleAnswers() model.Answers {
	a := model.DefaultAnswers()
	a.Model = "llama-3.1-70b"
	return a
}

// TestScaleHelper is the helper process of BenchmarkScale/process: with
// GPUPICK_SCALE_DIR set it loads and indexes that folder; otherwise it
// does nothing.
func TestScaleHelper(t *testing.T) {
	dir := os.Getenv("GPUPICK_SCALE_DIR")
	if dir == "" {
		t.Skip("helper process only")
	}
	cat, err := loadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	indexCatalog(cat)
	// The child's own high-water mark: the parent reads it from this line
	// (see childPeakKB).
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "VmHWM:") {
				fmt.Println("scale-peak " + strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")))
			}
		}
	}
}

// childPeakKB is the helper process's peak RSS in KiB, from the VmHWM
// line it printed (Linux); 0 when it printed none. The parent's rusage is
// no substitute: Go starts a child with vfork (CLONE_VM), and Linux
// carries the shared memory's high-water mark into the exec'd child's
// ru_maxrss, so it reports the parent benchmark's RSS (which holds the
// grown catalog) whenever that is larger than the child's own; and other
// systems count ru_maxrss in other units.
func childPeakKB(out []byte) int64 {
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "scale-peak "); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				return kb
			}
		}
	}
	return 0
}

func BenchmarkScale(b *testing.B) {
	for _, sz := range scaleSizes {
		b.Run("offers="+sz.name, func(b *testing.B) {
			benchScaleFolder(b, grownFiles(b, sz.n))
		})
	}
}

// benchScaleFolder runs the scale measures on a catalog folder: load,
// index, recommend and the fresh process.
func benchScaleFolder(b *testing.B, dir string) {
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, err := loadDir(dir); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("index", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			cat, err := loadDir(dir)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			indexCatalog(cat)
		}
	})
	b.Run("recommend", func(b *testing.B) {
		cat, err := loadDir(dir)
		if err != nil {
			b.Fatal(err)
		}
		eng := indexCatalog(cat)
		a := scaleAnswers()
		a.Batch = 4
		for b.Loop() {
			eng.Recommend(a, advisor.Options{})
		}
	})
	b.Run("process", func(b *testing.B) {
		exe, err := os.Executable()
		if err != nil {
			b.Fatal(err)
		}
		var peak int64
		for b.Loop() {
			cmd := exec.Command(exe, "-test.run=^TestScaleHelper$", "-test.count=1", "-test.v")
			cmd.Env = append(os.Environ(), "GPUPICK_SCALE_DIR="+dir)
			out, err := cmd.CombinedOutput()
			if err != nil {
				b.Fatalf("%v\n%s", err, out)
			}
			peak = max(peak, childPeakKB(out))
		}
		if peak > 0 {
			b.ReportMetric(float64(peak)/1024, "peak-MB")
		} else {
			b.Log("peak RSS unknown: the helper printed no VmHWM (not Linux)")
		}
	})
}
