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
// Models, arXiv 2407.21783, section 3.3). Every pick is feasible: its
// layout covers its GPUs, memory within each GPU, the layout named in the
// speed's reason. A pick whose GPUs are known to share NVLink gets a
// Megatron-style layout with tensor parallelism inside the 8-GPU node; a
// pick whose link its provider does not state (nor whether its H100s are
// SXM or PCIe) is laid out for the worse case, PCIe through host memory,
// says so, and ranks after every pick with a documented NVLink.
func TestPretrain405BLayout(t *testing.T) {
	cat := advisorEmbedded(t)
	a := withModel(model.WorkloadPretrain, "llama-3.1-405b", model.BF16)
	a.Context, a.GPU, a.GPUs, a.MaxNodes = 8192, "H100", 8, 64
	a.DurationMode, a.JobTokens = model.DurationJob, 15.6e12
	res := advisor.Recommend(cat, a, advisor.Options{Top: 5})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing recommended; notes %v", res.Notes)
	}
	nvlinked, assumedSeen := 0, false
	for i, r := range res.Recommendations {
		l := r.Layout
		if l == nil {
			t.Errorf("#%d %s: no layout", i+1, r.InstanceType)
			continue
		}
		switch r.Speed.Link {
		case "nvswitch", "nvlink":
			nvlinked++
			if assumedSeen {
				t.Errorf("#%d %s: a documented NVLink pick ranks after one whose link is assumed", i+1, r.InstanceType)
			}
			if l.Launcher != model.LauncherMegatron || l.TensorParallel < 2 || l.TensorParallel > r.GPUCount {
				t.Errorf("#%d %s: layout %+v, want Megatron-style with TP inside the node", i+1, r.InstanceType, l)
			}
		default:
			assumedSeen = true
			if _, ok := warning(&r, model.WarnNoNVLink); !ok && r.Speed.LinkAssumed {
				t.Errorf("#%d %s: its link is assumed (%s) without a no-nvlink warning", i+1, r.InstanceType, r.Speed.Link)
			}
		}
		if got := l.TensorParallel * l.PipelineParallel * l.ContextParallel * l.DataParallel; got != r.GPUsUsed {
			t.Errorf("#%d %s: layout %+v covers %d GPUs of %d", i+1, r.InstanceType, l, got, r.GPUsUsed)
		}
		if r.NeedPerGPUGiB*float64(r.GPUCount) > r.VRAMGiB {
			t.Errorf("#%d %s: %.1f GiB a GPU on %.0f GiB nodes of %d", i+1, r.InstanceType, r.NeedPerGPUGiB, r.VRAMGiB, r.GPUCount)
		}
		if !strings.Contains(r.Speed.Reason, string(l.Launcher)) {
			t.Errorf("#%d %s: the speed's reason does not name the layout %q: %q", i+1, r.InstanceType, l.Launcher, r.Speed.Reason)
		}
	}
	if nvlinked < 2 {
		t.Errorf("%d picks with a documented NVLink, want the catalog's H100 SXM nodes first", nvlinked)
	}
}
