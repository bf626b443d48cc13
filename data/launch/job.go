package launch

import (
	"strings"

	"github.com/gpupick/gpupick/model"
)

// Job is what a launch config launches: the chosen offer, the answers
// that chose it, and what the run needs to know beyond them: the model
// preset (its Hugging Face id and layer sizes), the sequence length the
// plan used, and the GPU's vendor (NVIDIA or AMD images and commands).
type Job struct {
	Rec     *model.Recommendation
	Answers model.Answers
	// Preset is the model the answers name; nil for a model given by its
	// parameter count alone (the user then names the model at launch).
	Preset *model.ModelPreset
	// Context is the sequence length the plan used (the requirement's
	// context: the answer, or the default for the model and workload);
	// 0 falls back to Answers.Context.
	Context int
	// Precision is the precision the plan was sized in (the requirement's:
	// the answer, or the checkpoint's format the answer auto resolved
	// to); "" falls back to Answers.Precision.
	Precision model.Precision
	// Vendor is the GPU's vendor as the catalog names it ("NVIDIA",
	// "AMD"); "" when unknown (NVIDIA's images are assumed).
	Vendor string
}

// NewJob builds the job of a decision: the choice, its answers and
// requirement, with the preset and GPU vendor looked up in the catalog
// (cat may be nil: no preset, vendor unknown).
func NewJob(choice *model.Recommendation, a model.Answers, req model.Requirement, cat *model.Catalog) Job {
	j := Job{Rec: choice, Answers: a, Context: req.Context, Precision: req.Precision}
	if cat == nil {
		return j
	}
	name := req.Model
	if name == "" {
		name = a.Model
	}
	for i := range cat.Models {
		if name != "" && strings.EqualFold(cat.Models[i].Name, name) {
			p := cat.Models[i]
			j.Preset = &p
			break
		}
	}
	if choice != nil {
		if g, ok := cat.GPUs[choice.GPU]; ok {
			j.Vendor = g.Vendor
		}
	}
	return j
}

// amd reports whether the job runs on AMD GPUs (ROCm images and tools).
func (j *Job) amd() bool { return strings.EqualFold(j.Vendor, "AMD") }

// context is the sequence length the run is started with.
func (j *Job) context() int {
	if j.Context > 0 {
		return j.Context
	}
	return j.Answers.Context
}

// precision is the precision the plan was sized in: the requirement's,
// else the answer's (auto, when it reaches here unresolved, is the
// checkpoint's format the preset records, else bf16).
func (j *Job) precision() model.Precision {
	if j.Precision != "" {
		return j.Precision
	}
	var shipped model.Precision
	if j.Preset != nil {
		shipped = j.Preset.CheckpointPrecision
	}
	return j.Answers.Precision.Resolve(shipped)
}
