package launch

import (
	"fmt"
	"math"

	"github.com/gpupick/gpupick/model"
)

// SkyTask is a SkyPilot task YAML, the fields gpupick sets. Field names per
// skypilot-org/skypilot docs/source/reference/yaml-spec.rst @ 0048bbf6
// (../shared/docs/launch-formats.md §1).
type SkyTask struct {
	Name string `yaml:"name"`
	// NumNodes is set for a multi-node run only.
	NumNodes  int          `yaml:"num_nodes,omitempty"`
	Resources SkyResources `yaml:"resources"`
	SkyRun    `yaml:",inline"`
	Run       string `yaml:"run"`
}

// SkyResources is the task's `resources:` (per node).
type SkyResources struct {
	// Infra is <cloud> or <cloud>/<region> (the current syntax; the
	// separate cloud/region fields are deprecated).
	Infra string `yaml:"infra"`
	// Accelerators is <name>:<count>, e.g. H100:8.
	Accelerators string `yaml:"accelerators"`
	// InstanceType pins the exact offer.
	InstanceType string `yaml:"instance_type,omitempty"`
	UseSpot      bool   `yaml:"use_spot"`
	// DiskSize is in GB.
	DiskSize int `yaml:"disk_size"`
	// NetworkTier is "best" for a multi-node run: SkyPilot then sets up
	// the cloud's cluster network (EFA on AWS, GPUDirect on GCP,
	// InfiniBand on Nebius); the standard tier has none.
	NetworkTier string `yaml:"network_tier,omitempty"`
	// Autostop takes a cluster down after its run ends (sky launch only).
	Autostop        *SkyAutostop `yaml:"autostop,omitempty"`
	SkyRunResources `yaml:",inline"`
}

// DStackTask is a dstack `.dstack.yml` of type task, the fields gpupick
// sets. Field names per dstackai/dstack @ 511c318c mkdocs/docs/concepts/tasks.md
// and core/models/{resources,profiles}.py (../shared/docs/launch-formats.md §2).
type DStackTask struct {
	Type string `yaml:"type"`
	Name string `yaml:"name"`
	// Nodes is set for a multi-node (distributed) task only.
	Nodes     int             `yaml:"nodes,omitempty"`
	Commands  []string        `yaml:"commands"`
	Resources DStackResources `yaml:"resources"`
	Backends  []string        `yaml:"backends"`
	Regions   []string        `yaml:"regions,omitempty"`
	// InstanceTypes pins the offer where dstack uses the same names.
	InstanceTypes []string `yaml:"instance_types,omitempty"`
	// SpotPolicy is spot or on-demand.
	SpotPolicy string `yaml:"spot_policy"`
	// MaxPrice is the most to pay per instance and hour, in USD.
	MaxPrice float64 `yaml:"max_price,omitempty"`
	// Fleets names the cluster fleet a multi-node task runs on (dstack
	// runs a distributed task only on a fleet with placement: cluster;
	// NewDStackFleet writes it).
	Fleets    []string `yaml:"fleets,omitempty"`
	DStackRun `yaml:",inline"`
}

// DStackResources is the task's `resources:`.
type DStackResources struct {
	// GPU is the short form name:memory:count, e.g. H100:80GB:8.
	GPU string `yaml:"gpu"`
	// Disk is a size range, e.g. 256GB.. (at least 256 GB).
	Disk string `yaml:"disk"`
}

// skyDefaultDiskGB is SkyPilot's default disk_size (yaml-spec.rst:
// "disk_size: 256", the default in GB); gpupick asks for at least that.
const skyDefaultDiskGB = 256

// diskGB is the disk one node needs: the checkpoint it downloads and
// what the run keeps, the data and a training run's checkpoint
// (rec.StoredGB, what gpupick priced as block storage; at least the data,
// for a record without stored_gb), at least SkyPilot's default.
func diskGB(rec model.Recommendation, a model.Answers) int {
	need := rec.Setup.CheckpointGB + max(rec.StoredGB, a.DataGB)
	if math.IsNaN(need) || math.IsInf(need, 0) || need < skyDefaultDiskGB {
		return skyDefaultDiskGB
	}
	return int(math.Ceil(need))
}

// checkChoice rejects a recommendation a launcher cannot run.
func checkChoice(t Tool, rec *model.Recommendation) (providerName, error) {
	nt, err := tables()
	if err != nil {
		return providerName{}, err
	}
	if rec == nil || rec.Provider == "" {
		return providerName{}, &UnsupportedError{Tool: t, What: WhatChoice}
	}
	p := nt.providers[rec.Provider]
	if (t == SkyPilot && p.Sky == "") || (t == DStack && p.DStack == "") {
		return p, &UnsupportedError{Tool: t, What: WhatProvider, Value: rec.Provider, Supported: SupportedProviders(t)}
	}
	if rec.GPUCount < 1 {
		return p, &UnsupportedError{Tool: t, What: WhatGPU, Value: rec.GPU}
	}
	return p, overlayRefusal(t, rec)
}

// NewSkyTask builds the SkyPilot task that runs a job (run.go says what
// it runs).
func NewSkyTask(j Job) (SkyTask, error) {
	rec, a := j.Rec, j.Answers
	p, err := checkChoice(SkyPilot, rec)
	if err != nil {
		return SkyTask{}, err
	}
	accel := skyAcceleratorName(rec.Provider, rec.GPU, rec.InstanceType)
	if accel == "" {
		return SkyTask{}, &UnsupportedError{Tool: SkyPilot, What: WhatGPU, Value: rec.GPU}
	}
	pl, err := newSkyPlace(p, rec, accel)
	if err != nil {
		return SkyTask{}, err
	}
	t := SkyTask{
		Name: runName(rec),
		Resources: SkyResources{
			Infra:        pl.infra,
			Accelerators: fmt.Sprintf("%s:%d", accel, rec.GPUCount),
			InstanceType: pl.instance,
			UseSpot:      rec.PriceModel == model.PriceSpot,
			DiskSize:     diskGB(*rec, a),
			NetworkTier:  pl.network,
		},
	}
	if rec.Nodes > 1 {
		t.NumNodes = rec.Nodes
	}
	applySky(&t, j, NewRun(j))
	return t, nil
}

// NewDStackTask builds the dstack task (or service) that runs a job.
func NewDStackTask(j Job) (DStackTask, error) {
	rec, a := j.Rec, j.Answers
	p, err := checkChoice(DStack, rec)
	if err != nil {
		return DStackTask{}, err
	}
	name, ok := names().dstackGPUs[rec.GPU]
	if !ok {
		return DStackTask{}, &UnsupportedError{Tool: DStack, What: WhatGPU, Value: rec.GPU}
	}
	gpu := fmt.Sprintf("%s:%dGB:%d", name.Name, name.MemoryGB, rec.GPUCount)
	pl, err := newDStackPlace(p, rec)
	if err != nil {
		return DStackTask{}, err
	}
	t := DStackTask{
		Type:          "task",
		Name:          runName(rec),
		Resources:     DStackResources{GPU: gpu, Disk: fmt.Sprintf("%dGB..", diskGB(*rec, a))},
		Backends:      []string{p.DStack},
		SpotPolicy:    "on-demand",
		MaxPrice:      maxPrice(rec),
		Regions:       pl.regions,
		InstanceTypes: pl.instances,
	}
	if rec.PriceModel == model.PriceSpot {
		t.SpotPolicy = "spot"
	}
	if rec.Nodes > 1 {
		t.Nodes = rec.Nodes
		t.Fleets = []string{fleetName(rec)}
	}
	applyDStack(&t, j, NewRun(j))
	return t, nil
}

// maxPrice is the recommendation's hourly price of one instance in USD,
// rounded up to the cent: the catalog's price under the chosen model when it
// is hourly (on-demand, spot), else the on-demand quote; 0 (no cap) when the
// catalog has no hourly price, or when the price is the overlay's
// negotiated one (below the list price dstack filters by).
func maxPrice(rec *model.Recommendation) float64 {
	if negotiatedPrice(rec) {
		return 0
	}
	hourly := 0.0
	switch rec.PriceModel {
	case model.PriceOnDemand, model.PriceSpot:
		hourly = rec.HourlyUSD
	default:
		for _, q := range rec.PriceModels {
			if q.Name == model.PriceOnDemand {
				hourly = q.HourlyUSD
			}
		}
	}
	nodes := max(rec.Nodes, 1)
	v := hourly / float64(nodes)
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return math.Ceil(v*100-1e-9) / 100
}

// runName names the run after the offer: gpupick-<provider>-<instance>.
func runName(rec *model.Recommendation) string {
	return lowerName("gpupick", rec.Provider, rec.InstanceType)
}
