package main

// End-to-end test of the wizard's launch-config export: the real binary in
// tmux at 80x24, ctrl+x, SkyPilot, a path, and the file parsed back.

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

	path := filepath.Join(t.TempDir(), "task.yaml")
	b, _ := saveLaunch(t, s, "1", "SkyPilot", path)
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

	top := headlessTop(t, bin, s, answers)
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

// headlessTop is the top recommendation `recommend --format json` gives
// for the answers, in the session's clean environment: what the wizard
// ranks first for the same answers.
func headlessTop(t *testing.T, bin string, s *tmuxSession, answers []string) model.Recommendation {
	t.Helper()
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
	return res.Recommendations[0]
}

// saveLaunch exports the wizard's choice from the ranking: ctrl+x, the
// launcher numbered key, path; it waits for the saved line and returns
// the file and the screen that reports it.
func saveLaunch(t *testing.T, s *tmuxSession, key, tool, path string) ([]byte, string) {
	t.Helper()
	s.send("C-x")
	s.waitText("[1] SkyPilot", "[2] dstack")
	s.send(key, "Enter")
	s.waitText("Save " + tool + " config to:")
	s.send("C-u")
	s.sendText(path)
	s.send("Enter")
	screen := s.waitText("saved /")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("ctrl+x wrote nothing at %s: %v", path, err)
	}
	return b, screen
}

// TestE2ELaunchSpotFineTune exports from the wizard a fine-tune that may
// be interrupted, whose best offer is spot: the SkyPilot file is a managed
// job (its header's launch line is sky jobs launch, which the wizard's
// saved line repeats), its checkpoints are on a bucket mount, and the run
// resumes from the last checkpoint there.
func TestE2ELaunchSpotFineTune(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	// LoRA of a preset torchtune has a config for; interruptible, so spot
	// offers compete, and a job of 200M tokens, where spot's lower price
	// wins the whole-job cost on AWS (checked below, headless).
	answers := []string{"--model", "llama-3.1-8b", "--workload", "lora", "--tokens", "200M", "--interruptible", "--provider", "aws"}
	s := startTmux(t, bin, 220, 40, nil, answers...)
	s.waitFor("priced offers", ranked)
	top := headlessTop(t, bin, s, answers)
	if top.PriceModel != model.PriceSpot {
		t.Fatalf("the fixture needs a spot offer first; the top is %s %s on %s", top.Provider, top.InstanceType, top.PriceModel)
	}

	path := filepath.Join(t.TempDir(), "tune.yaml")
	b, screen := saveLaunch(t, s, "1", "SkyPilot", path)
	launchLine := regexp.MustCompile(`(?m)^# launch: (.*)$`).FindStringSubmatch(string(b))
	if launchLine == nil || !strings.HasPrefix(launchLine[1], "sky jobs launch ") {
		t.Fatalf("the header does not launch a managed job:\n%s", b)
	}
	if want := "launch it with: " + strings.Replace(launchLine[1], "<this file>", path, 1); !strings.Contains(strings.Join(strings.Fields(screen), " "), want) {
		t.Errorf("the wizard's saved line is not the header's launch command %q:\n%s", want, screen)
	}
	var task struct {
		Resources struct {
			UseSpot      bool   `yaml:"use_spot"`
			InstanceType string `yaml:"instance_type"`
		} `yaml:"resources"`
		FileMounts map[string]struct {
			Name string `yaml:"name"`
			Mode string `yaml:"mode"`
		} `yaml:"file_mounts"`
		Run string `yaml:"run"`
	}
	if err := yaml.Unmarshal(b, &task); err != nil {
		t.Fatalf("the task does not parse: %v\n%s", err, b)
	}
	mount, ok := task.FileMounts["/checkpoints"]
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"the chosen offer on spot", task.Resources.UseSpot && task.Resources.InstanceType == top.InstanceType},
		{"checkpoints on a bucket mount written through (MOUNT)", ok && mount.Mode == "MOUNT" && mount.Name != ""},
		{"torchtune saves to the mount", strings.Contains(task.Run, "output_dir=/checkpoints")},
		{"a restart resumes from the recipe state on the mount", strings.Contains(task.Run, "if [ -f /checkpoints/recipe_state/recipe_state.pt ]; then RESUME=True") && strings.Contains(task.Run, `resume_from_checkpoint="$RESUME"`)},
		{"the header says it is a managed job", strings.Contains(string(b), "# a managed job: SkyPilot relaunches it after a spot interruption")},
	} {
		if !c.ok {
			t.Errorf("%s: no\n%s", c.what, b)
		}
	}
	s.send("C-c")
	s.waitExit()
}
