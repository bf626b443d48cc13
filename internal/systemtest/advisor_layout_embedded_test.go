package systemtest

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// TestPretrain405BLayout is issue 22's case: `recommend --workload
// pretrain --model llama-3.1-405b --tokens 15.6T --context 8k --gpu H100
// --gpus 8 --nodes 64` answered "no offer holds 7342.5 GiB" while Meta
// trained exactly this with TP 8 x PP 16 x CP x DP (The Llama 3 Herd of
// Models, arXiv 2407.21783, section 3.3). Every pick is feasible: a
// Megatron-style layout with tensor parallelism inside the 8-GPU node,
// memory within each GPU, and the layout named in the record and the
// speed's reason.
func TestPretrain405BLayout(t *testing.T) {
	cat := advisorEmbedded(t)
	a := withModel(model.WorkloadPretrain, "llama-3.1-405b", model.BF16)
	a.Context, a.GPU, a.GPUs, a.MaxNodes = 8192, "H100", 8, 64
	a.DurationMode, a.JobTokens = model.DurationJob, 15.6e12
	res := advisor.Recommend(cat, a, advisor.Options{Top: 5})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended; notes %v", res.Notes)
	}
	for i, r := range res.Recommendations {
		l := r.Layout
		if l == nil || l.Launcher != model.LauncherMegatron || l.TensorParallel < 2 || l.TensorParallel > r.GPUCount {
			t.Errorf("#%d %s: layout %+v, want Megatron-style with TP inside the node", i+1, r.InstanceType, l)
			continue
		}
		if got := l.TensorParallel * l.PipelineParallel * l.ContextParallel * l.DataParallel; got != r.GPUsUsed {
			t.Errorf("#%d %s: layout %+v covers %d GPUs of %d", i+1, r.InstanceType, l, got, r.GPUsUsed)
		}
		if r.NeedPerGPUGiB*float64(r.GPUCount) > r.VRAMGiB {
			t.Errorf("#%d %s: %.1f GiB a GPU on %.0f GiB nodes of %d", i+1, r.InstanceType, r.NeedPerGPUGiB, r.VRAMGiB, r.GPUCount)
		}
		if !strings.Contains(r.Speed.Reason, string(model.LauncherMegatron)) {
			t.Errorf("#%d %s: the speed's reason does not name the layout: %q", i+1, r.InstanceType, r.Speed.Reason)
		}
	}
}
