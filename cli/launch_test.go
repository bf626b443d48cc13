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
	spot := *rec
	spot.PriceModel = model.PriceSpot
	twoNodes := *rec
	twoNodes.Nodes = 2
	tune := model.Answers{Workload: model.WorkloadLoRA, Model: "llama-3.1-8b", Precision: model.BF16}
	cat := &model.Catalog{Models: []model.ModelPreset{{Name: "llama-3.1-8b", HFID: "meta-llama/Llama-3.1-8B"}}}
	dir := t.TempDir()
	for _, tc := range []struct {
		name        string
		tool        ui.LaunchTool
		rec         *model.Recommendation
		answers     model.Answers
		unsupported bool
		companions  []string // the files written beside, by kind
		first       string   // the first command
	}{
		{"skypilot", ui.LaunchSkyPilot, rec, model.Answers{}, false, nil, "sky serve up --secret HF_TOKEN --env MODEL_ID=... "},
		{"dstack", ui.LaunchDStack, rec, model.Answers{}, false, nil, "HF_TOKEN=... MODEL_ID=... dstack apply -f "},
		{"skypilot spot fine-tune", ui.LaunchSkyPilot, &spot, tune, false, nil, "sky jobs launch --secret HF_TOKEN --env CHECKPOINT_BUCKET=<your bucket> "},
		{"dstack fine-tune with its volume", ui.LaunchDStack, rec, tune, false, []string{"volume"}, "dstack apply -f "},
		{"dstack two nodes with the fleet", ui.LaunchDStack, &twoNodes, tune, false, []string{"fleet"}, "dstack apply -f "},
		{"a CN provider for dstack", ui.LaunchDStack, &model.Recommendation{Provider: "alibaba", InstanceType: "ecs.gn7i-c8g1.2xlarge", GPU: "A10", GPUCount: 1}, model.Answers{}, true, nil, ""},
		{"nothing fitted", ui.LaunchSkyPilot, nil, model.Answers{}, true, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".dstack.yml")
			r := model.Record{Choice: tc.rec, Answers: tc.answers}
			steps, err := writeLaunchFile(path, tc.tool, r, cat, false)
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
			// The commands are the file's own: the header's launch line
			// with the path, after applying each file written beside it.
			last := steps[len(steps)-1]
			if !strings.Contains(string(b), "# launch: "+strings.TrimSuffix(last, path)+"<this file>\n") || !strings.HasPrefix(steps[0], tc.first) {
				t.Errorf("commands %q against the header:\n%s", steps, b)
			}
			if len(steps) != len(tc.companions)+1 {
				t.Fatalf("commands %q, companions %v", steps, tc.companions)
			}
			for i, kind := range tc.companions {
				p := strings.TrimSuffix(path, ".dstack.yml") + "-" + kind + ".dstack.yml"
				c, err := os.ReadFile(p)
				var cv map[string]any
				if err != nil || yaml.Unmarshal(c, &cv) != nil || cv["type"] != kind || steps[i] != "dstack apply -f "+p {
					t.Errorf("%s file %s: %v %v, commands %q", kind, p, err, cv, steps)
				}
			}
			if _, err := writeLaunchFile(path, tc.tool, r, cat, false); !errors.Is(err, fs.ErrExist) {
				t.Errorf("a second write without overwrite: %v", err)
			}
			if _, err := writeLaunchFile(path, tc.tool, r, cat, true); err != nil {
				t.Errorf("overwrite: %v", err)
			}
		})
	}
}

// The wizard's dstack export of a multi-node plan writes the cluster fleet
// the task runs on beside it (launch.CompanionPath), the file export --to
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
			if _, err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, false); err != nil {
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
			if f.Type != "fleet" || f.Placement != "cluster" || f.Nodes.Max != 2 || len(task.Fleets) != 1 || task.Fleets[0] != f.Name {
				t.Errorf("fleet %+v is not the cluster fleet the task (fleets %v) runs on", f, task.Fleets)
			}
			// A fleet that exists: neither file is written without overwrite.
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if _, err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, false); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), fleetPath) {
				t.Errorf("the fleet exists: err %v, want one naming it", err)
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the task was written although its fleet exists: %v", err)
			}
			if _, err := writeLaunchFile(path, tc.tool, model.Record{Choice: tc.rec}, nil, true); err != nil {
				t.Errorf("overwrite: %v", err)
			}
		})
	}
}
