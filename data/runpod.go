package data

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// DefaultRunPodURL is RunPod's public GraphQL API, whose gpuTypes query
// answers with no API key (gpuhunt's providers/runpod.py, SkyPilot's
// fetch_runpod.py).
const DefaultRunPodURL = "https://api.runpod.io/graphql"

// RunPodURLEnv names the environment variable that overrides RunPod's URL.
const RunPodURLEnv = "GPUPICK_RUNPOD_URL"

// RunPod's live GPU types as a source: `catalog update --source runpod`
// replaces the RunPod offers with the secure and community pods of every
// GPU type in stock now.
var _ = RegisterSource(Source{
	Name:       "runpod",
	Title:      "RunPod's live GPU types",
	Doc:        "RunPod's pods now: secure and community prices, minimum bid, stock status, 1-, 3- and 6-month prices (GraphQL gpuTypes, no API key)",
	Update:     runpodUpdate,
	DefaultURL: DefaultRunPodURL,
	URLEnv:     RunPodURLEnv,
})

// runpodQuery is the GraphQL query the update posts: gpuTypes with the
// fields of gpuhunt's query_pod_types and SkyPilot's get_gpu_details, the
// lowest price asked once per cloud (GraphQL aliases) for one GPU; made
// when an update first posts it, not when the program starts.
var runpodQuery = lazy.Value[[]byte]{New: func() []byte {
	lp := "{ minimumBidPrice uninterruptablePrice minVcpu minMemory stockStatus }"
	q := "query GpuTypes { gpuTypes { id displayName manufacturer memoryInGb maxGpuCount securePrice communityPrice " +
		"oneMonthPrice threeMonthPrice sixMonthPrice " +
		"secure: lowestPrice(input: {gpuCount: 1, secureCloud: true}) " + lp + " " +
		"community: lowestPrice(input: {gpuCount: 1, secureCloud: false}) " + lp + " } }"
	b, _ := json.Marshal(map[string]any{"query": q, "variables": map[string]any{}})
	return b
}}

// RunPodGPUType is one GPU type of the gpuTypes answer, the fields gpupick
// reads, as the API names them: prices are per GPU per hour (SkyPilot
// multiplies securePrice by the GPU count), the 1/3/6-month prices per GPU
// per hour under that commitment; nil when absent or null.
type RunPodGPUType struct {
	ID              *string       `json:"id"`
	DisplayName     *string       `json:"displayName"`
	Manufacturer    *string       `json:"manufacturer"`
	MemoryInGb      *float64      `json:"memoryInGb"`
	MaxGpuCount     *float64      `json:"maxGpuCount"`
	SecurePrice     *float64      `json:"securePrice"`
	CommunityPrice  *float64      `json:"communityPrice"`
	OneMonthPrice   *float64      `json:"oneMonthPrice"`
	ThreeMonthPrice *float64      `json:"threeMonthPrice"`
	SixMonthPrice   *float64      `json:"sixMonthPrice"`
	Secure          *RunPodLowest `json:"secure"`
	Community       *RunPodLowest `json:"community"`
}

// RunPodLowest is a lowestPrice answer for one GPU in one cloud; a null
// stockStatus means out of stock (gpuhunt skips those).
type RunPodLowest struct {
	MinimumBidPrice      *float64 `json:"minimumBidPrice"`
	UninterruptablePrice *float64 `json:"uninterruptablePrice"`
	MinVcpu              *float64 `json:"minVcpu"`
	MinMemory            *float64 `json:"minMemory"`
	StockStatus          *string  `json:"stockStatus"`
}

// runpodAnswer is the GraphQL answer.
type runpodAnswer struct {
	Data *struct {
		GpuTypes *[]RunPodGPUType `json:"gpuTypes"`
	} `json:"data"`
	Errors []struct {
		Message string `json:"message"`
	} `json:"errors"`
}

// runpodWant says what the query answers, for errors.
const runpodWant = `RunPod's GraphQL answer, {"data": {"gpuTypes": [{"id": …, "displayName": …, "memoryInGb": …, "maxGpuCount": …, "securePrice": …, …}, …]}}`

// ParseRunPodGPUTypes reads the gpuTypes answer strictly: a GraphQL error
// is an error with its message; the list must be there, and every GPU
// type must have its id, name, memory and GPU count, with every price
// plausible; the error names the type and the field.
func ParseRunPodGPUTypes(body []byte) ([]RunPodGPUType, error) {
	const what = "RunPod gpuTypes"
	var a runpodAnswer
	if err := decodeLive(body, what, runpodWant, &a); err != nil {
		return nil, err
	}
	if len(a.Errors) > 0 {
		return nil, fmt.Errorf("%s: the API answers with an error: %s", what, text.Safe(clip(a.Errors[0].Message, 200)))
	}
	if a.Data == nil || a.Data.GpuTypes == nil {
		return nil, fmt.Errorf("%s: no data.gpuTypes list (want %s)", what, runpodWant)
	}
	types := *a.Data.GpuTypes
	if len(types) > maxLiveOffers {
		return nil, fmt.Errorf("%s: %d GPU types, more than %d", what, len(types), maxLiveOffers)
	}
	for i := range types {
		if err := types[i].check(fmt.Sprintf("%s: GPU type %d", what, i+1)); err != nil {
			return nil, err
		}
	}
	return types, nil
}

// check refuses a GPU type that lacks a field or holds an implausible
// value.
func (g *RunPodGPUType) check(at string) error {
	if g.ID != nil && *g.ID != "" {
		at += " (" + text.Safe(clip(*g.ID, 60)) + ")"
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{{"id", g.ID == nil || *g.ID == ""}, {"displayName", g.DisplayName == nil}, {"memoryInGb", g.MemoryInGb == nil}, {"maxGpuCount", g.MaxGpuCount == nil}} {
		if f.missing {
			return fmt.Errorf("%s: field %s is missing or null (want %s)", at, f.name, runpodWant)
		}
	}
	nums := []struct {
		name   string
		v      *float64
		lo, hi float64
	}{
		{"memoryInGb", g.MemoryInGb, 0, maxGPUMiB / 1024}, {"maxGpuCount", g.MaxGpuCount, 0, maxSkyCount},
		{"securePrice", g.SecurePrice, 0, maxHourly}, {"communityPrice", g.CommunityPrice, 0, maxHourly},
		{"oneMonthPrice", g.OneMonthPrice, 0, maxHourly}, {"threeMonthPrice", g.ThreeMonthPrice, 0, maxHourly},
		{"sixMonthPrice", g.SixMonthPrice, 0, maxHourly},
	}
	for _, l := range []struct {
		name string
		v    *RunPodLowest
	}{{"secure", g.Secure}, {"community", g.Community}} {
		if l.v == nil {
			continue
		}
		nums = append(nums, []struct {
			name   string
			v      *float64
			lo, hi float64
		}{
			{l.name + ".minimumBidPrice", l.v.MinimumBidPrice, 0, maxHourly}, {l.name + ".uninterruptablePrice", l.v.UninterruptablePrice, 0, maxHourly},
			{l.name + ".minVcpu", l.v.MinVcpu, 0, 1e5}, {l.name + ".minMemory", l.v.MinMemory, 0, 1e8},
		}...)
	}
	for _, f := range nums {
		if f.v == nil {
			continue
		}
		if err := checkLiveNum(at, f.name, *f.v, f.lo, f.hi); err != nil {
			return err
		}
	}
	if n := *g.MaxGpuCount; n != float64(int(n)) {
		return fmt.Errorf("%s: field maxGpuCount: %v is not a whole number", at, n)
	}
	return nil
}

// runpodCounts are the GPU counts offered per type, up to its maxGpuCount.
var runpodCounts = []int{1, 2, 4, 8}

// runpodUpdate posts the query and turns each GPU type in stock into
// offers of the provider runpod: per cloud (secure, community) and GPU
// count; a type out of stock in a cloud, or unpriced there, is left out
// and reported.
func runpodUpdate(ctx context.Context, b *Build, in Remote) (*Batch, error) {
	if len(in.Only) > 0 && (len(in.Only) != 1 || in.Only[0] != "runpod") {
		return nil, fmt.Errorf("the RunPod source has the provider runpod only (got %s)", strings.Join(in.Only, ", "))
	}
	body, found, err := in.Post(ctx, "", runpodQuery.Get())
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%s: no GraphQL API here (HTTP 404)", in.Base)
	}
	types, err := ParseRunPodGPUTypes(body)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.Base, err)
	}
	batch := &Batch{Providers: []string{"runpod"}}
	var out, unpriced int
	for _, g := range types {
		for _, c := range []struct {
			name   string
			price  *float64
			lowest *RunPodLowest
		}{{RunPodSecure, g.SecurePrice, g.Secure}, {RunPodCommunity, g.CommunityPrice, g.Community}} {
			switch {
			case c.lowest == nil || c.lowest.StockStatus == nil:
				out++
				continue
			case c.price == nil || *c.price == 0:
				unpriced++
				continue
			}
			for _, n := range runpodCounts {
				if n > int(*g.MaxGpuCount) {
					break
				}
				batch.Offers = append(batch.Offers, b.ref.runpodOffer(g, c.name, *c.price, c.lowest, n, in))
			}
		}
	}
	if out > 0 {
		batch.Report = append(batch.Report, fmt.Sprintf("runpod: %d GPU type(s) out of stock in a cloud (stockStatus null): left out there", out))
	}
	if unpriced > 0 {
		batch.Report = append(batch.Report, fmt.Sprintf("runpod: %d GPU type(s) in stock with no price in a cloud: left out there", unpriced))
	}
	return batch, nil
}

// runpodOffer is n GPUs of a type in one cloud (RunPodSecure or
// RunPodCommunity), named as SkyPilot's fetch_runpod.py names the same
// answer's pods (runpodnames.go).
func (ref *reference) runpodOffer(g RunPodGPUType, cloud string, price float64, lowest *RunPodLowest, n int, in Remote) model.Offer {
	id, display := text.Safe(*g.ID), text.Safe(*g.DisplayName)
	o := model.Offer{
		Provider:     "runpod",
		InstanceType: RunPodInstance(n, RunPodSkyGPU(display), cloud),
		GPUCount:     n,
		Currency:     model.USD,
		OnDemand:     price * float64(n),
		Regions:      []string{},
	}
	if lowest.MinimumBidPrice != nil && *lowest.MinimumBidPrice > 0 {
		o.Spot = *lowest.MinimumBidPrice * float64(n)
	}
	liveStamp(&o, in, in.Base)
	d := o.EditDetail()
	notes := []string{"listed as " + display + " (" + id + ")", "stock " + text.Safe(*lowest.StockStatus), strings.ToLower(cloud) + " cloud"}
	if n == 1 {
		if lowest.MinVcpu != nil {
			o.VCPUs = *lowest.MinVcpu
		}
		if lowest.MinMemory != nil {
			o.MemoryGiB = *lowest.MinMemory
		}
	} else {
		notes = append(notes, "vCPUs and RAM unknown: the API's minVcpu and minMemory are asked for one GPU")
	}
	if o.Spot > 0 {
		notes = append(notes, "interruptible from the minimum bid (per GPU, for one GPU)")
	}
	if cloud == RunPodSecure {
		// The 1/3/6-month prices are per GPU per hour under the commitment:
		// a whole term's price is that times the GPUs and the term's hours.
		for _, p := range []struct {
			v    *float64
			plan model.ListedPlan
		}{{g.OneMonthPrice, model.PlanMonthly}, {g.ThreeMonthPrice, model.PlanMonths3}, {g.SixMonthPrice, model.PlanMonths6}} {
			if p.v != nil && *p.v > 0 {
				*model.ListedPlans[p.plan].Of(d) = *p.v * float64(n) * p.plan.PeriodHours()
			}
		}
	}
	var m gpuMatch
	for _, name := range []string{display, id, strings.Fields(display + " ?")[0]} {
		// The display name ("A100 SXM"), the id ("NVIDIA A100-SXM4-80GB"),
		// the model alone ("A100", as gpuhunt's _get_nvidia_gpu_name).
		if m = ref.gpus.identify(name, *g.MemoryInGb, nameForm(id, display)); m.Name != "" {
			break
		}
	}
	o.GPU = m.Name
	o.VRAMGiB = *g.MemoryInGb
	if len(m.Candidates) > 1 {
		if _, ok := ref.ambiguous[o.GPU]; !ok {
			ref.ambiguous[o.GPU] = ref.gpus.ambiguousGPU(m.Candidates)
		}
	}
	if gf := ref.gpuFacts(o.GPU); gf != nil && gf.VRAMGiB > 0 {
		o.VRAMGiB = gf.VRAMGiB
	}
	if m.Note != "" {
		notes = append(notes, m.Note)
	}
	o.Notes = strings.Join(notes, "; ")
	ref.gpuLevelFacts(&o)
	return o
}
