package launch

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// spendCase is a job and the spend caps its configs must carry.
type spendCase struct {
	name        string
	job         Job
	autostop    bool
	maxDuration string
	header      map[Tool]string
}

// TestSpendCaps: a run started with sky launch is torn down after it ends
// (autostop, down), a managed job or a service is not (its controller
// owns it); dstack stops a job-size run after the plan's hours plus the
// margin, and sets no limit on a service or a calendar rental. The header
// says which.
func TestSpendCaps(t *testing.T) {
	job := func(rec *model.Recommendation, w model.Workload, mode model.DurationMode) Job {
		return Job{Rec: withRec(rec, func(r *model.Recommendation) { r.RunHours = 10.2 }), Preset: llama8B,
			Answers: model.Answers{Workload: w, Precision: model.BF16, DurationMode: mode}}
	}
	tests := []spendCase{
		{"LoRA job on demand", job(h100(1, 1, model.PriceOnDemand), model.WorkloadLoRA, model.DurationJob), true, "16h",
			map[Tool]string{SkyPilot: "torn down 5 minutes after the run ends", DStack: "max_duration 16h: dstack stops the run after 16h running (the plan's 10.2 h, set-up included, +50%)"}},
		{"spot fine-tune is a managed job", job(h100(8, 1, model.PriceSpot), model.WorkloadFineTune, model.DurationJob), false, "16h",
			map[Tool]string{DStack: "max_duration 16h"}},
		{"fine-tune rented for a month", job(h100(1, 1, model.PriceOnDemand), model.WorkloadLoRA, model.DurationWallClock), true, "",
			map[Tool]string{SkyPilot: "autostop"}},
		{"service", job(h100(4, 1, model.PriceOnDemand), model.WorkloadInference, model.DurationJob), false, "",
			map[Tool]string{SkyPilot: "runs until sky serve down", DStack: "runs until dstack stop"}},
		{"batch job", job(h100(8, 1, model.PriceOnDemand), model.WorkloadInference, model.DurationJob), true, "16h", nil},
		{"server over two nodes is a task", job(h100(8, 2, model.PriceOnDemand), model.WorkloadInference, model.DurationWallClock), true, "", nil},
	}
	tests[4].job.Answers.Latency = model.LatencyBatch
	// Clouds where SkyPilot cannot autodown (Nebius: it only stops) or
	// autostop at all (Verda): sky launch would refuse the task asking it.
	nebius := job(withRec(h100(8, 1, model.PriceOnDemand), func(r *model.Recommendation) {
		r.Provider, r.InstanceType, r.Region = "nebius", "gpu-h100-sxm_8gpu-128vcpu-1600gb", "eu-north1"
	}), model.WorkloadLoRA, model.DurationJob)
	verda := job(withRec(h100(1, 1, model.PriceOnDemand), func(r *model.Recommendation) {
		r.Provider, r.InstanceType, r.Region = "verda", "1H100.80S.30V", "FIN-01"
	}), model.WorkloadLoRA, model.DurationJob)
	tests = append(tests,
		spendCase{"nebius stops, cannot tear down", nebius, true, "16h", map[Tool]string{SkyPilot: "the cluster is stopped 5 minutes after the run ends (SkyPilot cannot tear it down on nebius"}},
		spendCase{"verda cannot autostop", verda, false, "16h", map[Tool]string{SkyPilot: "SkyPilot cannot autostop on verda: sky down the cluster"}},
	)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sky, ds := bothTasks(t, tc.job)
			a := sky.Resources.Autostop
			wantDown := tc.job.Rec.Provider != "nebius"
			if (a != nil) != tc.autostop || (a != nil && (a.IdleMinutes != idleMinutes || a.Down != wantDown)) {
				t.Errorf("autostop %+v, want %v", a, tc.autostop)
			}
			if ds.MaxDuration != tc.maxDuration {
				t.Errorf("max_duration %q, want %q", ds.MaxDuration, tc.maxDuration)
			}
			for tool, want := range tc.header {
				var b bytes.Buffer
				if err := Export(&b, tool, tc.job); err != nil {
					t.Fatal(err)
				}
				if head, _, _ := strings.Cut(b.String(), "\n"+"name:"); !strings.Contains(head, want) {
					t.Errorf("%s header lacks %q:\n%s", tool, want, head)
				}
			}
		})
	}
}
