package cli

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
	yaml "go.yaml.in/yaml/v3"
)

var updateExport = flag.Bool("update-export", false, "rewrite testdata/export golden files")

// exportCases are the recommendations of the done-when list.
var exportCases = []struct {
	name string
	args []string
	// refused names the launchers that must refuse the choice.
	refused []launch.Tool
}{
	{"one-gpu", []string{"--params", "8B", "--provider", "lambda"}, nil},
	{"nvswitch-8gpu", []string{"--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100"}, nil},
	{"two-node", []string{"--workload", "finetune", "--params", "70B", "--tokens", "1B", "--nodes", "4", "--provider", "aws", "--gpu", "H100"}, nil},
	{"spot", []string{"--params", "8B", "--interruptible", "--workload", "lora", "--tokens", "1B", "--provider", "gcp"}, nil},
	{"cn-provider", []string{"--params", "8B", "--provider", "alibaba"}, []launch.Tool{launch.SkyPilot, launch.DStack}},
	{"skypilot-only", []string{"--params", "8B", "--provider", "paperspace"}, []launch.Tool{launch.DStack}},
	// A private instance type of the user's overlay: no launcher lists it.
	{"overlay-offer", []string{"--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "lambda", "--gpu", "H100", "--catalog", "testdata/export/overlay.toml"}, []launch.Tool{launch.SkyPilot, launch.DStack}},
	// A negotiated price of a public offer: dstack gets no max_price.
	{"overlay-price", []string{"--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "lambda", "--gpu", "H100", "--catalog", "testdata/export/overlay-price.toml"}, nil},
}

// TestExportGolden runs recommend, saves the record, exports it to both
// launchers, compares with the golden files, parses the YAML back and
// checks it field by field against the record's choice.
func TestExportGolden(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, tc := range exportCases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			args := append([]string{"recommend", "--top", "1", "--format", "toml", "--lang", "en"}, tc.args...)
			if code := Main(args, nil, &out, &errb); code != exitOK {
				t.Fatalf("recommend exit %d: %s", code, errb.String())
			}
			recFile := filepath.Join(t.TempDir(), "rec.toml")
			if err := os.WriteFile(recFile, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			rec, err := data.ReadRecord(recFile)
			if err != nil || rec.Choice == nil {
				t.Fatalf("record: %v", err)
			}
			c := rec.Choice
			for _, tool := range launch.Tools {
				var yout, yerr bytes.Buffer
				code := Main([]string{"export", "--to", string(tool), "--lang", "en", recFile}, nil, &yout, &yerr)
				refused := false
				for _, r := range tc.refused {
					refused = refused || r == tool
				}
				golden := filepath.Join("testdata", "export", tc.name+"."+string(tool)+".yaml")
				got := yout.Bytes()
				if refused {
					if code != exitUsage || yout.Len() != 0 || !strings.Contains(yerr.String(), c.Provider) && !strings.Contains(yerr.String(), c.InstanceType) {
						t.Fatalf("%s: want exit 2, no output and a message naming %q or %q; got %d %q %q", tool, c.Provider, c.InstanceType, code, yout.String(), yerr.String())
					}
					golden = strings.TrimSuffix(golden, ".yaml") + ".err"
					got = yerr.Bytes()
				} else if code != exitOK {
					t.Fatalf("%s: exit %d: %s", tool, code, yerr.String())
				}
				if *updateExport {
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -run TestExportGolden -update-export)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from %s:\n%s", tool, golden, got)
				}
				if refused {
					continue
				}
				switch tool {
				case launch.SkyPilot:
					var task launch.SkyTask
					if err := yaml.Unmarshal(got, &task); err != nil {
						t.Fatal(err)
					}
					r := task.Resources
					if !strings.HasPrefix(r.Infra, c.Provider) || (c.Region != "" && !strings.HasSuffix(r.Infra, "/"+c.Region) && !strings.HasSuffix(r.Infra, "/"+c.Region+"/"+c.Zone)) ||
						!strings.HasSuffix(r.Accelerators, ":"+itoa(c.GPUCount)) || r.InstanceType != c.InstanceType ||
						r.UseSpot != (c.PriceModel == "spot") || r.DiskSize < 256 || strings.TrimSpace(task.Run) == "" ||
						(c.Nodes > 1) != (task.NumNodes == c.Nodes) {
						t.Errorf("skypilot fields do not follow the choice %s %s %d×%s nodes %d %s: %+v", c.Provider, c.InstanceType, c.GPUCount, c.GPU, c.Nodes, c.PriceModel, task)
					}
				case launch.DStack:
					var task launch.DStackTask
					if err := yaml.Unmarshal(got, &task); err != nil {
						t.Fatal(err)
					}
					wantSpot := "on-demand"
					if c.PriceModel == "spot" {
						wantSpot = "spot"
					}
					// A negotiated price is below the list price dstack
					// filters by: no cap then.
					capOK := task.MaxPrice > 0 && task.MaxPrice >= c.HourlyUSD/float64(max(c.Nodes, 1))-1e-9
					if c.OfferOrigin == model.OriginOverlayPrice {
						capOK = task.MaxPrice == 0
					}
					if (task.Type != "task" && task.Type != "service") || len(task.Commands) == 0 || len(task.Backends) != 1 || !strings.HasSuffix(task.Resources.GPU, ":"+itoa(c.GPUCount)) ||
						task.SpotPolicy != wantSpot || !capOK ||
						(c.Nodes > 1) != (task.Nodes == c.Nodes) || !strings.HasSuffix(task.Resources.Disk, "GB..") {
						t.Errorf("dstack fields do not follow the choice %+v: %+v", c, task)
					}
				}
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestRecommendFleetFormat: `recommend --format dstack-fleet` prints the
// fleet of the best offer, the same file `export --to dstack-fleet` writes
// from its record: for the two-node case a cluster fleet of its nodes,
// named as the task's fleets: entry names it.
func TestRecommendFleetFormat(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	args := []string{"--workload", "finetune", "--params", "70B", "--tokens", "1B", "--nodes", "4", "--provider", "aws", "--gpu", "H100"}
	run := func(what string, a ...string) []byte {
		t.Helper()
		var out, errb bytes.Buffer
		if code := Main(a, nil, &out, &errb); code != exitOK {
			t.Fatalf("%s: exit %d: %s", what, code, errb.String())
		}
		return out.Bytes()
	}
	fleet := run("recommend --format dstack-fleet", append([]string{"recommend", "--top", "1", "--format", "dstack-fleet", "--lang", "en"}, args...)...)
	recFile := filepath.Join(t.TempDir(), "rec.toml")
	if err := os.WriteFile(recFile, run("recommend --format toml", append([]string{"recommend", "--top", "1", "--format", "toml", "--lang", "en"}, args...)...), 0o644); err != nil {
		t.Fatal(err)
	}
	if exported := run("export --to dstack-fleet", "export", "--to", "dstack-fleet", "--lang", "en", recFile); !bytes.Equal(fleet, exported) {
		t.Errorf("recommend --format dstack-fleet differs from export --to dstack-fleet:\n%s\nwant\n%s", fleet, exported)
	}
	var f launch.DStackFleet
	var task launch.DStackTask
	if err := yaml.Unmarshal(fleet, &f); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(run("export --to dstack", "export", "--to", "dstack", "--lang", "en", recFile), &task); err != nil {
		t.Fatal(err)
	}
	if f.Type != "fleet" || f.Placement != "cluster" || f.Nodes.Max != task.Nodes || task.Nodes < 2 || len(task.Fleets) != 1 || task.Fleets[0] != f.Name {
		t.Errorf("fleet %+v does not carry the task's %d nodes under the name it runs on (%v)", f, task.Nodes, task.Fleets)
	}
}
