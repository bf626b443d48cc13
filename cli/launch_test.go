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
