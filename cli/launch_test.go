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
				p := strings.TrimSuffix(path, ".dstack.yml") + "." + kind + ".dstack.yml"
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
