package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	yaml "go.yaml.in/yaml/v3"

	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
)

// writeLaunchFile (the wizard's Config.Launch) writes what `export` writes,
// knows every launcher the wizard offers, refuses an unsupported provider
// without writing, and never overwrites unless told.
func TestWriteLaunchFile(t *testing.T) {
	rec := &model.Recommendation{Provider: "aws", InstanceType: "p5.48xlarge", Region: "us-east-1", GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640, PriceModel: model.PriceOnDemand}
	for _, tool := range ui.LaunchTools {
		if _, err := launch.ParseTool(string(tool)); err != nil {
			t.Errorf("the wizard offers %q, which export does not know: %v", tool, err)
		}
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name        string
		tool        ui.LaunchTool
		rec         *model.Recommendation
		unsupported bool
	}{
		{"skypilot", ui.LaunchSkyPilot, rec, false},
		{"dstack", ui.LaunchDStack, rec, false},
		{"a CN provider for dstack", ui.LaunchDStack, &model.Recommendation{Provider: "alibaba", InstanceType: "ecs.gn7i-c8g1.2xlarge", GPU: "A10", GPUCount: 1}, true},
		{"nothing fitted", ui.LaunchSkyPilot, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".yaml")
			err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, false)
			var ue *launch.UnsupportedError
			if got := errors.As(err, &ue); got != tc.unsupported {
				t.Fatalf("err %v, want unsupported %v", err, tc.unsupported)
			}
			_, statErr := os.Stat(path)
			if tc.unsupported {
				if !errors.Is(statErr, fs.ErrNotExist) {
					t.Errorf("a refused config was written: %v", statErr)
				}
				if zh := ue.Text("zh"); zh == ue.Text("en") || !strings.ContainsFunc(zh, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
					t.Errorf("no Chinese refusal: %q", ue.Text("zh"))
				}
				return
			}
			if err != nil || statErr != nil {
				t.Fatalf("write %v, stat %v", err, statErr)
			}
			b, _ := os.ReadFile(path)
			var v map[string]any
			if err := yaml.Unmarshal(b, &v); err != nil || v["resources"] == nil {
				t.Errorf("not a config: %v\n%s", err, b)
			}
			if err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, false); !errors.Is(err, fs.ErrExist) {
				t.Errorf("a second write without overwrite: %v", err)
			}
			if err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, true); err != nil {
				t.Errorf("overwrite: %v", err)
			}
		})
	}
}

// The wizard's dstack export of a multi-node plan writes the cluster fleet
// the task runs on beside it (ui.FleetPath), the file export --to
// dstack-fleet writes; a one-node plan and SkyPilot write no fleet; a
// fleet file that exists stops the write of both unless told.
func TestWriteLaunchFileFleet(t *testing.T) {
	two := &model.Recommendation{Provider: "aws", InstanceType: "p5.48xlarge", Region: "us-east-1", GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640,
		Nodes: 2, PriceModel: model.PriceOnDemand, HourlyUSD: 110.08}
	one := *two
	one.Nodes = 1
	for _, tc := range []struct {
		name  string
		tool  ui.LaunchTool
		rec   *model.Recommendation
		fleet bool
	}{
		{"dstack two nodes", ui.LaunchDStack, two, true},
		{"dstack one node", ui.LaunchDStack, &one, false},
		{"skypilot two nodes", ui.LaunchSkyPilot, two, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "train.dstack.yml")
			fleetPath := filepath.Join(dir, "train-fleet.dstack.yml")
			if err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, false); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(fleetPath)
			if !tc.fleet {
				if err == nil {
					t.Errorf("a fleet was written:\n%s", b)
				}
				return
			}
			if err != nil {
				t.Fatalf("no fleet beside the task: %v", err)
			}
			var f launch.DStackFleet
			var task launch.DStackTask
			tb, _ := os.ReadFile(path)
			if err := yaml.Unmarshal(b, &f); err != nil || yaml.Unmarshal(tb, &task) != nil {
				t.Fatalf("fleet %v:\n%s", err, b)
			}
			if f.Type != "fleet" || f.Placement != "cluster" || f.Nodes != 2 || len(task.Fleets) != 1 || task.Fleets[0] != f.Name {
				t.Errorf("fleet %+v is not the cluster fleet the task (fleets %v) runs on", f, task.Fleets)
			}
			// A fleet that exists: neither file is written without overwrite.
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, false); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), fleetPath) {
				t.Errorf("the fleet exists: err %v, want one naming it", err)
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the task was written although its fleet exists: %v", err)
			}
			if err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, true); err != nil {
				t.Errorf("overwrite: %v", err)
			}
		})
	}
}
