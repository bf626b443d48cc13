package model

// Gate names a constraint of the answers that leaves offers out, or, for
// GateLongJob, a constraint the answers do not set.
type Gate string

// Gates.
const (
	// GateFirstToken is the latency class's first-token limit.
	GateFirstToken Gate = "first-token"
	// GateDecode is the latency class's per-stream decode speed.
	GateDecode Gate = "decode-speed"
	// GateImageTime is the latency class's time per image (a diffusion
	// pipeline).
	GateImageTime Gate = "image-time"
	// GateInterconnect, GateHosting, GateVCPU and GateMinVCPUs are the
	// hard requirements (--interconnect, --hosting, --vcpu,
	// --min-vcpus-per-gpu).
	GateInterconnect Gate = "interconnect"
	GateHosting      Gate = "hosting"
	GateVCPU         Gate = "vcpu"
	GateMinVCPUs     Gate = "min-vcpus-per-gpu"
	// GateDeadline is --deadline.
	GateDeadline Gate = "deadline"
	// GateLongJob is a deadline the answers do not set, for a job that
	// runs longer than six months without one: the plan it would give.
	GateLongJob Gate = "long-job"
)

// Tradeoff is what one constraint costs: the plan that would lead without
// it (a gate that makes the top pick at least half again as dear as the
// best offer that misses only that gate), or, for GateLongJob, the plan a
// deadline would give. Its figures are those of that plan's
// recommendation under the same answers, the gate aside.
type Tradeoff struct {
	Gate Gate `json:"gate" toml:"gate"`
	// Limit is the gate's figure: seconds to the first token or per
	// image, tokens/s per stream, or hours of deadline (0 for a hard
	// requirement).
	Limit float64 `json:"limit,omitempty" toml:"limit,omitempty"`
	// Flag is the flag that sets the gate ("--interconnect nvlink") or,
	// for GateLongJob, the deadline to set ("--deadline 6mo"); empty for
	// a limit of the latency class.
	Flag         string `json:"flag,omitempty" toml:"flag,omitempty"`
	Provider     string `json:"provider" toml:"provider"`
	InstanceType string `json:"instance_type" toml:"instance_type"`
	GPU          string `json:"gpu" toml:"gpu"`
	GPUCount     int    `json:"gpu_count" toml:"gpu_count"`
	Nodes        int    `json:"nodes" toml:"nodes"`
	// TotalUSD and Total are the plan's all-in cost (Total in the display
	// currency); CalendarHours its calendar length.
	TotalUSD      float64 `json:"total_usd" toml:"total_usd"`
	Total         float64 `json:"total" toml:"total"`
	CalendarHours float64 `json:"calendar_hours,omitempty" toml:"calendar_hours,omitempty"`
	// Speed is the plan's estimated speed (first token, decode, time per
	// image).
	Speed Speed `json:"speed" toml:"speed"`
	// Text says it in a sentence, in the result's language.
	Text string `json:"text" toml:"text"`
}
