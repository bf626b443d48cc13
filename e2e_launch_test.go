package main

// End-to-end test of the wizard's launch-config export: the real binary in
// tmux at 80x24, ctrl+x, SkyPilot, a path, and the file parsed back.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	"github.com/gpupick/gpupick/data/launch"
	"github.com/gpupick/gpupick/model"
)

// TestE2ELaunchExportSkyPilot presses the export key at 80x24, chooses
// SkyPilot, saves into a temporary folder and checks the task against the
// top recommendation `recommend --format json` gives for the same answers:
// a 70B model served over several GPUs, whose run starts vLLM with the
// plan's tensor-parallel size.
func TestE2ELaunchExportSkyPilot(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	answers := []string{"--model", "llama-3.1-70b", "--gpu", "H100", "--provider", "aws,gcp,lambda"}
	s := startTmux(t, bin, 80, 24, nil, answers...)
	s.waitFor("priced offers", ranked)

	s.send("C-x")
	s.waitText("[1] SkyPilot", "[2] dstack")
	s.send("1", "Enter")
	s.waitText("Save SkyPilot config to: ./gpupick.sky.yaml")
	path := filepath.Join(t.TempDir(), "task.yaml")
	s.send("C-u")
	s.sendText(path)
	s.send("Enter")
	s.waitText("saved /")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("ctrl+x wrote nothing at %s: %v", path, err)
	}
	var task struct {
		Name      string `yaml:"name"`
		Resources struct {
			Infra        string `yaml:"infra"`
			Accelerators string `yaml:"accelerators"`
			InstanceType string `yaml:"instance_type"`
			UseSpot      bool   `yaml:"use_spot"`
			DiskSize     int    `yaml:"disk_size"`
		} `yaml:"resources"`
		Run string `yaml:"run"`
	}
	if err := yaml.Unmarshal(b, &task); err != nil {
		t.Fatalf("the task does not parse: %v\n%s", err, b)
	}

	// The same answers, headless, in the same clean environment.
	cmd := exec.Command(bin, append([]string{"recommend", "--format", "json", "--top", "1"}, answers...)...)
	cmd.Env = []string{"HOME=" + s.dir(), "XDG_CACHE_HOME=" + filepath.Join(s.dir(), ".cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(s.dir(), ".config"), "LANG=C.UTF-8", "PATH=" + os.Getenv("PATH")}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("recommend: %v", err)
	}
	var res struct {
		Recommendations []model.Recommendation `json:"recommendations"`
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Recommendations) == 0 {
		t.Fatalf("recommend json: %v (%d offers)", err, len(res.Recommendations))
	}
	top := res.Recommendations[0]
	infra := top.Provider // aws, gcp and lambda are SkyPilot's cloud names too
	if top.Region != "" {
		infra += "/" + top.Region
	}
	name, count, _ := strings.Cut(task.Resources.Accelerators, ":")
	want, err := launch.NewSkyTask(launch.Job{Rec: &top})
	if err != nil {
		t.Fatalf("the top offer %s %s is not launchable: %v", top.Provider, top.InstanceType, err)
	}
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"resources.infra", task.Resources.Infra, infra},
		{"resources.instance_type", task.Resources.InstanceType, top.InstanceType},
		{"accelerator count", count, fmt.Sprint(top.GPUCount)},
		{"accelerator name", name, strings.Split(want.Resources.Accelerators, ":")[0]},
		{"resources.use_spot", task.Resources.UseSpot, top.PriceModel == model.PriceSpot},
		{"run starts vLLM on the model", strings.Contains(task.Run, "vllm serve meta-llama/Llama-3.1-70B "), true},
		{"run's tensor parallel", strings.Contains(task.Run, fmt.Sprintf("--tensor-parallel-size %d ", top.TensorParallel)), true},
		{"tensor parallel above 1", top.TensorParallel > 1, true},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v (top offer %s %s)\n%s", c.what, c.got, c.want, top.Provider, top.InstanceType, b)
		}
	}
	if name == "" || task.Resources.DiskSize < 1 {
		t.Errorf("accelerators %q, disk_size %d", task.Resources.Accelerators, task.Resources.DiskSize)
	}
	s.send("C-c")
	s.waitExit()
}
