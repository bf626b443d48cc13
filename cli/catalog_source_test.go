package cli

import (
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

// registerFakeSource registers, until the test ends, a source with no
// code beyond its row and its reader: offers.tsv of a folder (instance,
// GPU, GPU count, USD an hour; Lambda's offers), for `catalog import`
// only.
func registerFakeSource(t *testing.T) {
	t.Helper()
	t.Cleanup(data.RegisterSource(data.Source{
		Name: "fake", Title: "Fake", Doc: "a test's source",
		Folder: "a folder with offers.tsv", Undated: "offers.tsv carries none", Since: 2020,
		Import: func(_ *data.Build, in data.Folder) (*data.Batch, error) {
			b, err := fs.ReadFile(in.Files, "offers.tsv")
			if err != nil {
				return nil, err
			}
			batch := &data.Batch{Providers: []string{"lambda"}}
			for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				f := strings.Split(line, "\t")
				if len(f) != 4 {
					return nil, errors.New("offers.tsv: want 4 cells a line")
				}
				count, err1 := strconv.Atoi(f[2])
				price, err2 := strconv.ParseFloat(f[3], 64)
				if err := errors.Join(err1, err2); err != nil {
					return nil, err
				}
				batch.Offers = append(batch.Offers, model.Offer{Provider: "lambda", InstanceType: f[0], GPU: f[1], GPUCount: count,
					Currency: model.USD, OnDemand: price, PriceDate: in.Date, Sources: []string{in.FilePath("offers.tsv")}})
			}
			return batch, nil
		},
	}))
}

// TestCatalogImportFakeSource: a source registered in a test is imported
// by `catalog import --source fake` with no change to the command; the
// flag's errors name the sources there are, in both languages.
func TestCatalogImportFakeSource(t *testing.T) {
	isolate(t)
	registerFakeSource(t)
	dirs := []string{t.TempDir(), t.TempDir()}
	code, _, errs := runCat(t, dirs, "import", "--source", "fake", "--dir", "testdata/fake_source", "--date", "2026-11-29")
	if code != exitUsage || !strings.Contains(errs, "refused: it would take lambda from ") {
		t.Errorf("a shrinking import: exit %d %q", code, errs)
	}
	code, out, errs := runCat(t, dirs, "import", "--source", "fake", "--dir", "testdata/fake_source", "--date", "2026-11-29", "--allow-shrink")
	if code != exitOK || !strings.HasPrefix(out, "imported 1 offers of lambda into ") || !strings.Contains(out, "(snapshot 2026-11-29)") {
		t.Fatalf("import --source fake: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCat(t, dirs, "list", "--provider", "lambda", "--format", "json")
	if code != exitOK || strings.Count(out, `"instance_type"`) != 1 || !strings.Contains(out, `"instance_type": "fake_1x_h100"`) {
		t.Errorf("list after the import: exit %d, want the fake offer alone\n%.600s%s", code, out, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"import", "--source", "nope", "--dir", "x"}, `--source "nope": not a catalog source this command reads (use fake or gpuhunt or skypilot)`},
		{[]string{"import", "--source", "nope", "--dir", "x", "--lang", "zh"}, `--source "nope"：不是此命令可读取的目录来源（可用 fake 或 gpuhunt 或 skypilot）`},
		{[]string{"import", "--source", "fake"}, "--dir DIR is required (the fake catalog folder to import)"},
		{[]string{"import", "--source", "fake", "--lang", "zh"}, "需要 --dir DIR（要导入的 fake 目录文件夹）"},
		{[]string{"import", "--source", "fake", "--skypilot", "x"}, "--skypilot DIR means --source skypilot --dir DIR"},
		{[]string{"import", "--skypilot", "x", "--dir", "x"}, "--skypilot DIR means --source skypilot --dir DIR"},
		{[]string{"import", "--source", "fake", "--dir", "testdata/fake_source"}, "no date: offers.tsv carries none"},
		{[]string{"update", "--source", "fake"}, `--source "fake": not a catalog source this command reads (use gpuhunt or runpod or skypilot or vast)`},
	} {
		code, _, errs := runCat(t, dirs, tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	if _, out, _ := runCat(t, nil, "import", "--help"); !strings.Contains(out, "SOURCE to read: fake, gpuhunt, skypilot") {
		t.Errorf("import --help does not name the fake source:\n%s", out)
	}
}
