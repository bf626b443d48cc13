package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRecommendBatchJob is issue 22's acceptance command, exactly:
// `gpupick recommend --model llama-3.1-8b --tokens 5B --latency batch`
// plans a batched run as vLLM runs it: the top pick runs the 8B model
// unsharded (tensor_parallel 1, one replica per GPU), many sequences at
// once, in under 500 hours, with the engine named in the JSON and the
// default request lengths stated in the assumptions.
func TestRecommendBatchJob(t *testing.T) {
	isolate(t)
	code, out, errs := runCLI(t, "recommend", "--model", "llama-3.1-8b", "--tokens", "5B", "--latency", "batch", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Requirement struct {
			Assumptions []string `json:"assumptions"`
		} `json:"requirement"`
		Recommendations []struct {
			InstanceType   string `json:"instance_type"`
			GPUsUsed       int    `json:"gpus_used"`
			TensorParallel int    `json:"tensor_parallel"`
			Replicas       int    `json:"replicas"`
			Speed          struct {
				Engine      string  `json:"engine"`
				Concurrency int     `json:"concurrency"`
				JobHours    float64 `json:"job_hours"`
				Throughput  float64 `json:"throughput_tokens_per_s"`
			} `json:"speed"`
		} `json:"recommendations"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out)
	}
	if len(res.Recommendations) == 0 {
		t.Fatal("no recommendation")
	}
	top := res.Recommendations[0]
	sp := top.Speed
	if top.TensorParallel != 1 || top.Replicas != top.GPUsUsed {
		t.Errorf("top pick %s: tensor_parallel %d, %d replicas on %d GPUs: an 8B model fits one GPU and runs as replicas",
			top.InstanceType, top.TensorParallel, top.Replicas, top.GPUsUsed)
	}
	if !(sp.JobHours > 0 && sp.JobHours < 500) {
		t.Errorf("top pick %s: %.0f job hours, want a batched run under 500", top.InstanceType, sp.JobHours)
	}
	if sp.Engine != "vLLM" || sp.Concurrency < 2*top.GPUsUsed {
		t.Errorf("top pick %s: engine %q, %d sequences at once on %d GPUs: want vLLM batching many", top.InstanceType, sp.Engine, sp.Concurrency, top.GPUsUsed)
	}
	if !(sp.Throughput > 0) || sp.JobHours*3600*sp.Throughput < 0.99*5e9 || sp.JobHours*3600*sp.Throughput > 1.01*5e9 {
		t.Errorf("top pick %s: %.0f h at %.0f tok/s does not generate the 5B tokens asked", top.InstanceType, sp.JobHours, sp.Throughput)
	}
	stated := false
	for _, a := range res.Requirement.Assumptions {
		if strings.Contains(a, "1000/1000") && strings.Contains(a, "--tokens counts the tokens generated") {
			stated = true
		}
	}
	if !stated {
		t.Errorf("the default request lengths are not stated: %q", res.Requirement.Assumptions)
	}
}
