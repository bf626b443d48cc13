package advisor

import (
	"math"
	"sync"

	"github.com/gpupick/gpupick/model"
)

// Host RAM: what the software puts in the host's memory while it loads and
// runs the job, from published figures only. The need is per node: a fixed
// part (a checkpoint loaded once) plus a part per GPU the job uses on the
// node (vLLM's swap space). Each rule is one where the source says the
// software will not load or start below it, so an offer whose known RAM is
// below the need is left out (stats.lowRAM); one whose RAM the catalog
// does not know is listed but ranks after those known to have enough (a
// shortfall, ShortHostRAMUnknown: the worse case), with a warning that
// names the need and its source.
//
// What no source gives a figure for is not counted: the operating system,
// the Python process and its CUDA context, data-loader workers (PyTorch
// documents num_workers, not their memory), pre-training (no checkpoint is
// loaded; a sharded checkpoint is saved from each rank without a gather),
// and offloading (ZeRO-Offload, vLLM's cpu_offload_gb), which the plan
// never chooses.
const (
	// vllmSwapGiB is vLLM's CPU swap space, "Size of the CPU swap space
	// per GPU (in GiB)", default 4 (vllm-project/vllm
	// vllm/config/cache.py, CacheConfig.swap_space).
	vllmSwapGiB = 4
	// vllmSwapShare: CacheConfig.verify_with_parallel_config raises
	// ValueError("Too large swap space") when swap_space x
	// tensor_parallel_size is above 0.7 of the total CPU memory, so vLLM
	// does not start on a host with less than swap / 0.7 per GPU.
	vllmSwapShare = 0.7
	// hfShardBytes is the largest checkpoint shard loaded at once: the
	// default max_shard_size of save_pretrained, "by default it is 5GB"
	// (Transformers, Instantiate a big model,
	// https://huggingface.co/docs/transformers/en/big_models), capped by
	// the checkpoint itself.
	hfShardBytes = 5e9
)

// Sources of the host RAM needs.
const (
	// srcRAMServe: vLLM's CacheConfig.swap_space is 4 GiB per GPU by
	// default, and verify_with_parallel_config refuses to start ("Too
	// large swap space") when swap space times the tensor-parallel size is
	// above 70% of the CPU memory.
	srcRAMServe = "https://github.com/vllm-project/vllm/blob/main/vllm/config/cache.py"
	// srcRAMLoad: a sharded checkpoint loads shard by shard into a model
	// created empty, "only requiring enough memory for the model size and
	// the largest shard size" (diffusers); measured on T0 (42 GB fp32):
	// "1x model size (42GB here) + largest shard (10GB) + some temps =
	// 53GB", against 87 GB for the unsharded load (huggingface/transformers
	// pull 16844). A diffusers pipeline is loaded on the CPU and then
	// moved to the GPU (pipe.to("cuda")), so the whole pipeline is in host
	// RAM at once.
	srcRAMLoad = "https://huggingface.co/docs/diffusers/optimization/memory, https://github.com/huggingface/transformers/pull/16844"
	// srcRAMTrain: a full fine-tune's processes each load the checkpoint
	// ("each process loads a pretrained model", Transformers big_models)
	// unless only the first process of a node does (Accelerate's FSDP
	// cpu_ram_efficient_loading, huggingface/transformers#25107): one copy
	// per node is the least.
	srcRAMTrain = "https://huggingface.co/docs/transformers/en/big_models, https://github.com/huggingface/transformers/issues/25107, https://github.com/huggingface/transformers/pull/16844"
	// srcRAMAdapter: LoRA and QLoRA load the frozen base with a
	// device_map, which "will put each model weight on the specified
	// device as the loading is done" (huggingface/transformers#17341): a
	// shard at a time passes through host RAM.
	srcRAMAdapter = "https://github.com/huggingface/transformers/issues/17341, https://huggingface.co/docs/transformers/en/big_models"
)

// hostRAM sets the requirement's host RAM need from the sized plan (after
// its weights are known) and says so in the assumptions.
func (e *estimator) hostRAM() {
	p, l := e.p, e.l
	r := &p.req
	if p.stated || !p.sized {
		return
	}
	var ck float64 // the checkpoint loaded, bytes
	switch {
	case p.image != nil:
		ck = p.weights
		r.HostRAMFixedGiB, r.HostRAMSource = loadPeakGiB(ck), srcRAMLoad
	case r.Workload == model.WorkloadPretrain:
		// Weights start random; nothing published to count.
		return
	case p.lora:
		r.HostRAMFixedGiB, r.HostRAMSource = math.Min(p.checkpointBytes(), hfShardBytes)/gib, srcRAMAdapter
	case p.training:
		ck = p.checkpointBytes()
		r.HostRAMFixedGiB, r.HostRAMSource = loadPeakGiB(ck), srcRAMTrain
	default:
		r.HostRAMPerGPUGiB, r.HostRAMSource = vllmSwapGiB/vllmSwapShare, srcRAMServe
	}
	if l == langSilent {
		// The re-rankings behind suggestions show no assumption (and the
		// arguments would be boxed for nothing).
		return
	}
	var line string
	switch {
	case r.HostRAMPerGPUGiB > 0:
		line = l.f(kAsmHostRAMServe, r.HostRAMPerGPUGiB, vllmSwapGiB, pct(vllmSwapShare))
	case p.lora:
		line = l.f(kAsmHostRAMAdapter, r.HostRAMFixedGiB)
	default:
		line = l.f(kAsmHostRAMLoad, r.HostRAMFixedGiB, ck/1e9)
	}
	r.Assumptions = append(r.Assumptions, line)
}

// loadPeakGiB is the host RAM a sharded checkpoint of ck bytes peaks at
// while it loads, in default shards (loadPeakBytes), in GiB.
func loadPeakGiB(ck float64) float64 { return loadPeakBytes(ck, hfShardBytes) / gib }

// loadPeakBytes is the host RAM a checkpoint of ck bytes in shards of up
// to shard bytes peaks at while it loads: the model plus its largest shard
// (srcRAMLoad).
func loadPeakBytes(ck, shard float64) float64 {
	if ck <= 0 {
		return 0
	}
	return ck + math.Min(ck, shard)
}

// ramIndex is each row's host RAM (GiB, 0 when the catalog does not know
// it) and each shape's lowest known one, built once per engine so that the
// scan reads a float per offer.
type ramIndex struct {
	row []float32
	// min is, per shape, the lowest known host RAM of its rows (+Inf when
	// none is known): a shape whose min is below the need has rows the
	// rule leaves out, which the tail counts cannot see.
	min []float32
	// unk is, per shape, whether some of its rows have no known host RAM.
	unk []bool
}

// ramTable is the engine's ramIndex, built on first use.
type ramTable struct {
	once sync.Once
	ix   *ramIndex
}

// get builds (once) and returns the host RAM of the index's rows.
func (t *ramTable) get(cat *model.Catalog, ix *index) *ramIndex {
	t.once.Do(func() {
		if ix == nil {
			t.ix = &ramIndex{}
			return
		}
		ri := &ramIndex{row: make([]float32, len(ix.rows)), min: make([]float32, len(ix.shapes)), unk: make([]bool, len(ix.shapes))}
		for s := range ri.min {
			ri.min[s] = float32(math.Inf(1))
		}
		for i := range ix.rows {
			m := cat.Offers[ix.rows[i].offer].MemoryGiB
			if m <= 0 || math.IsNaN(m) || math.IsInf(m, 0) {
				ri.unk[ix.rows[i].shape] = true
				continue
			}
			ri.row[i] = float32(m)
			if s := ix.rows[i].shape; ri.row[i] < ri.min[s] {
				ri.min[s] = ri.row[i]
			}
		}
		t.ix = ri
	})
	return t.ix
}
