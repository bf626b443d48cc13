package launch

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestLaunchCommand: the verb follows what the file is (a service, a
// managed spot job, a plain task), the secrets and asked values are
// flags, and the header's "# launch:" line is the same command.
func TestLaunchCommand(t *testing.T) {
	serve := runCases[0].job
	spotTune := Job{Rec: h100(8, 1, model.PriceSpot), Preset: llama70B, Answers: model.Answers{Workload: model.WorkloadFineTune, Precision: model.BF16}}
	tune := Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama8B, Answers: model.Answers{Workload: model.WorkloadLoRA, Precision: model.BF16}}
	twoNodeServe := runCases[3].job
	params := runCases[4].job
	tests := []struct {
		name string
		tool Tool
		job  Job
		want string
	}{
		{"service", SkyPilot, serve, "sky serve up --secret HF_TOKEN f.yaml"},
		{"spot fine-tune is a managed job", SkyPilot, spotTune, "sky jobs launch --secret HF_TOKEN --env CHECKPOINT_BUCKET=<your bucket> f.yaml"},
		{"on-demand fine-tune", SkyPilot, tune, "sky launch --secret HF_TOKEN --env CHECKPOINT_BUCKET=<your bucket> f.yaml"},
		{"two-node server is a task", SkyPilot, twoNodeServe, "sky launch --secret HF_TOKEN f.yaml"},
		{"model asked at launch", SkyPilot, params, "sky serve up --secret HF_TOKEN --env MODEL_ID=... f.yaml"},
		{"dstack", DStack, params, "HF_TOKEN=... MODEL_ID=... dstack apply -f f.yaml"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := LaunchCommand(tc.tool, tc.job, "f.yaml"); got != tc.want {
				t.Errorf("LaunchCommand = %q, want %q", got, tc.want)
			}
			var b bytes.Buffer
			if err := Export(&b, tc.tool, tc.job); err != nil {
				t.Fatal(err)
			}
			if want := "# launch: " + LaunchCommand(tc.tool, tc.job, "<this file>") + "\n"; !strings.Contains(b.String(), want) {
				t.Errorf("the header does not give the launch command %q:\n%s", want, b.String())
			}
		})
	}
}

// TestCompanions: a one-node dstack run with a mount on a backend with
// network volumes needs its volume file first, a multi-node run its fleet
// file; SkyPilot needs neither; the files are named for dstack beside the
// task.
func TestCompanions(t *testing.T) {
	tune := Job{Rec: h100(1, 1, model.PriceOnDemand), Preset: llama8B, Answers: model.Answers{Workload: model.WorkloadLoRA, Precision: model.BF16}}
	lambda := tune
	lambda.Rec = withRec(h100(1, 1, model.PriceOnDemand), func(r *model.Recommendation) {
		r.Provider, r.InstanceType, r.Region = "lambda", "gpu_1x_h100_sxm5", "us-east-1"
	})
	tests := []struct {
		name string
		tool Tool
		job  Job
		want []Tool
	}{
		{"fine-tune on aws", DStack, tune, []Tool{DStackVolumeTool}},
		{"fine-tune on lambda: no network volumes", DStack, lambda, nil},
		{"server keeps nothing", DStack, runCases[0].job, nil},
		{"two nodes: the fleet", DStack, runCases[3].job, []Tool{DStackFleetTool}},
		{"pre-training on 64 nodes: the fleet, no volume", DStack, runCases[14].job, []Tool{DStackFleetTool}},
		{"skypilot", SkyPilot, tune, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Companions(tc.tool, tc.job)
			if len(got) != len(tc.want) {
				t.Fatalf("Companions = %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("Companions = %v, want %v", got, tc.want)
				}
			}
			steps := LaunchSteps(tc.tool, tc.job, "t.dstack.yml", func(c Tool) string { return CompanionPath("t.dstack.yml", c) })
			if len(steps) != len(tc.want)+1 || steps[len(steps)-1] != LaunchCommand(tc.tool, tc.job, "t.dstack.yml") {
				t.Errorf("LaunchSteps = %q", steps)
			}
		})
	}
	for _, c := range []struct {
		path string
		tool Tool
		want string
	}{
		{"./.dstack.yml", DStackVolumeTool, "./volume.dstack.yml"},
		{".dstack.yml", DStackFleetTool, "fleet.dstack.yml"},
		{"run/train.dstack.yml", DStackFleetTool, "run/train-fleet.dstack.yml"},
		{"/tmp/job.yaml", DStackVolumeTool, "/tmp/job-volume.dstack.yml"},
		{"task", DStackFleetTool, "task-fleet.dstack.yml"},
		{`C:\runs\train.dstack.yml`, DStackVolumeTool, `C:\runs\train-volume.dstack.yml`},
	} {
		if got := CompanionPath(c.path, c.tool); got != c.want {
			t.Errorf("CompanionPath(%q, %s) = %q, want %q", c.path, c.tool, got, c.want)
		}
	}
}

// TestDStackVolume: the volume of a one-node fine-tune on AWS is in the
// task's backend and region, named as the task mounts it, the size of the
// plan's disk; runs without one are refused with the reason.
func TestDStackVolume(t *testing.T) {
	j := Job{Rec: withRec(h100(1, 1, model.PriceOnDemand), func(r *model.Recommendation) { r.StoredGB, r.Setup.CheckpointGB = 480.2, 16 }), Preset: llama8B,
		Answers: model.Answers{Workload: model.WorkloadLoRA, Precision: model.BF16}}
	v, err := NewDStackVolume(j)
	if err != nil {
		t.Fatal(err)
	}
	task, err := NewDStackTask(j)
	if err != nil {
		t.Fatal(err)
	}
	if v.Type != "volume" || v.Backend != "aws" || v.Region != "us-east-1" || v.Size != "497GB" || task.Resources.Disk != "497GB.." || len(task.Volumes) != 1 || task.Volumes[0].Name != v.Name {
		t.Errorf("volume %+v for task volumes %+v", v, task.Volumes)
	}
	lambda := j
	lambda.Rec = withRec(h100(1, 1, model.PriceOnDemand), func(r *model.Recommendation) {
		r.Provider, r.InstanceType, r.Region = "lambda", "gpu_1x_h100_sxm5", "us-east-1"
	})
	for name, c := range map[string]struct {
		job    Job
		reason msg
	}{
		"no network volumes on lambda": {lambda, mNoVolumeBackend},
		"a server keeps nothing":       {runCases[0].job, mNoVolumeNeeded},
		"64 nodes cannot share one":    {runCases[14].job, mNoVolumeNodes},
	} {
		_, err := NewDStackVolume(c.job)
		var ue *UnsupportedError
		if !errors.As(err, &ue) || ue.What != WhatVolume || ue.Reason != c.reason {
			t.Errorf("%s: %v, want a refusal with reason %d", name, err, c.reason)
			continue
		}
		if en, zh := ue.Text("en"), ue.Text("zh"); en == zh || !strings.Contains(en, ue.Value) || !strings.Contains(zh, ue.Value) {
			t.Errorf("%s: messages %q / %q", name, en, zh)
		}
	}
}
