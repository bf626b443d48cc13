package launch

import (
	"fmt"

	"github.com/gpupick/gpupick/model"
)

// DStackFleet is a dstack fleet configuration (type fleet) for the nodes of
// a recommendation. dstack runs a distributed task (nodes > 1) only on a
// fleet whose instances share a cluster network, placement: cluster
// (dstackai/dstack @ 511c318c mkdocs/docs/concepts/tasks.md and
// core/models/fleets.py). `dstack apply -f` reads one YAML document
// (cli/services/configurators/__init__.py: yaml.safe_load), so the fleet is a
// file of its own, applied before the task.
type DStackFleet struct {
	Type  string           `yaml:"type"`
	Name  string           `yaml:"name"`
	Nodes DStackFleetNodes `yaml:"nodes"`
	// Placement is cluster for several nodes, so that dstack provisions
	// them with the cluster network (EFA, InfiniBand, GPUDirect).
	Placement     string          `yaml:"placement,omitempty"`
	Resources     DStackResources `yaml:"resources"`
	Backends      []string        `yaml:"backends"`
	Regions       []string        `yaml:"regions,omitempty"`
	InstanceTypes []string        `yaml:"instance_types,omitempty"`
	SpotPolicy    string          `yaml:"spot_policy"`
	MaxPrice      float64         `yaml:"max_price,omitempty"`
	// IdleDuration is how long an instance without a job stays before
	// dstack terminates it (above nodes.min).
	IdleDuration string `yaml:"idle_duration"`
}

// DStackFleetNodes is the fleet's nodes range (FleetNodesSpec, fleets.py
// @ 511c318c). A fixed size (nodes: 2, min = 2) provisions its instances
// on apply and keeps them, billing, until the fleet is deleted
// (concepts/fleets.md, "Idle duration"); with Min 0 the fleet is a
// template whose instances are provisioned when the run is submitted (up
// to Max) and terminated idle_duration after it ends.
type DStackFleetNodes struct {
	Min int `yaml:"min"`
	Max int `yaml:"max"`
}

// NewDStackFleet builds the fleet a recommendation's dstack task runs on:
// the task's offer, one instance per node.
func NewDStackFleet(j Job) (DStackFleet, error) {
	rec := j.Rec
	t, err := NewDStackTask(j)
	if err != nil {
		return DStackFleet{}, err
	}
	f := DStackFleet{
		Type: "fleet", Name: fleetName(rec), Nodes: DStackFleetNodes{Min: 0, Max: max(rec.Nodes, 1)},
		IdleDuration: fmt.Sprintf("%dm", idleMinutes),
		Resources:    t.Resources, Backends: t.Backends, Regions: t.Regions,
		InstanceTypes: t.InstanceTypes, SpotPolicy: t.SpotPolicy, MaxPrice: t.MaxPrice,
	}
	if rec.Nodes > 1 {
		f.Placement = "cluster"
	}
	return f, nil
}

// fleetName names the fleet after the offer, as runName names the run.
func fleetName(rec *model.Recommendation) string {
	return lowerName("fleet", rec.Provider, rec.InstanceType)
}

// fleetHeader is the fleet file's header comment: what it is and that it
// is applied before the task.
func fleetHeader(rec *model.Recommendation) string {
	return fmt.Sprintf("# gpupick: the dstack fleet of %d node(s) with a cluster network that the run's task (fleets: [%s]) runs on.\n# launch: dstack apply -f <this file>, then dstack apply -f the task's file\n# its instances start when the task is submitted and are terminated %d minutes after the run ends (nodes.min 0, idle_duration)\n", max(rec.Nodes, 1), fleetName(rec), idleMinutes)
}
