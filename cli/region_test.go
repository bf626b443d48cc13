package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/internal/advicecheck"
	"github.com/gpupick/gpupick/model"
)

// TestRegionReachesPriceRecordAndExport: a region answer is a constraint
// everywhere it goes (issue 20). For the four residency cases —
// GCP inside europe, AWS inside us-west-2, Tencent inside ap-shanghai, the
// two big Chinese clouds inside mainland China — every price model of each
// of the top 10 is quoted in a region inside the filter, and the region
// the JSON names for the first pick is the one its decision record stores
// and its launch files carry (where the launcher supports the provider;
// where it does not, the export is refused with exit 2, never written
// with another region).
func TestRegionReachesPriceRecordAndExport(t *testing.T) {
	isolate(t)
	cat, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"gcp europe", []string{"--model", "llama-3.1-70b", "--provider", "gcp", "--region", "europe", "--users", "8", "--duration", "2w"}},
		{"aws us-west-2", []string{"--model", "llama-3.1-70b", "--provider", "aws", "--region", "us-west-2", "--users", "8", "--duration", "2w"}},
		{"tencent ap-shanghai", []string{"--model", "qwen2.5-7b", "--provider", "tencent", "--region", "ap-shanghai"}},
		{"mainland china", []string{"--model", "llama-3.1-8b", "--provider", "tencent,alibaba", "--region", "cn", "--duration", "3mo"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"recommend"}, tc.args...)
			var regions []string
			for i, a := range tc.args {
				if a == "--region" {
					regions = model.SplitList(tc.args[i+1])
				}
			}
			rf := model.NewRegionFilter(regions, cat)
			code, out, errs := runCLI(t, append(args, "--format", "json", "--top", "10")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var res model.Result
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatal(err)
			}
			if len(res.Recommendations) == 0 {
				t.Fatalf("nothing listed: %v", res.Notes)
			}
			for _, s := range advicecheck.OutsideRegions(rf, res.Recommendations) {
				t.Errorf("%s, outside %v", s, regions)
			}
			top := &res.Recommendations[0]

			// The decision record stores the same region as its choice.
			code, rec, errs := runCLI(t, append(args, "--format", "toml")...)
			if code != 0 {
				t.Fatalf("toml: exit %d: %s", code, errs)
			}
			path := filepath.Join(t.TempDir(), "rec.toml")
			if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
				t.Fatal(err)
			}
			saved, err := data.ReadRecord(path)
			if err != nil {
				t.Fatal(err)
			}
			if saved.Choice == nil || saved.Choice.Region != top.Region || saved.Choice.InstanceType != top.InstanceType {
				t.Errorf("record's choice %+v, JSON's first %s in %q", saved.Choice, top.InstanceType, top.Region)
			}

			// The launch files carry it, or are refused.
			code, sky, errs := runCLI(t, append(args, "--format", "skypilot")...)
			switch code {
			case 0:
				var task launch.SkyTask
				if err := yaml.Unmarshal([]byte(sky), &task); err != nil {
					t.Fatal(err)
				}
				if want := top.Provider + "/" + top.Region; task.Resources.Infra != want && !strings.HasPrefix(task.Resources.Infra, want+"/") {
					t.Errorf("skypilot infra %q, want %s", task.Resources.Infra, want)
				}
			case 2:
				if !strings.Contains(errs, "does not support") {
					t.Errorf("skypilot refused without saying why: %s", errs)
				}
			default:
				t.Errorf("skypilot: exit %d: %s", code, errs)
			}
			code, dst, errs := runCLI(t, append(args, "--format", "dstack")...)
			switch code {
			case 0:
				var task launch.DStackTask
				if err := yaml.Unmarshal([]byte(dst), &task); err != nil {
					t.Fatal(err)
				}
				if len(task.Regions) != 1 || task.Regions[0] != top.Region {
					t.Errorf("dstack regions %v, want [%s]", task.Regions, top.Region)
				}
			case 2:
				if !strings.Contains(errs, "does not support") {
					t.Errorf("dstack refused without saying why: %s", errs)
				}
			default:
				t.Errorf("dstack: exit %d: %s", code, errs)
			}
		})
	}
}
