package launch

import (
	"fmt"

	"github.com/gpupick/gpupick/internal/lazy"
)

// DStackVolumeConfig is a dstack network volume configuration (type:
// volume): the disk a task's mount names, created once with dstack apply
// and kept across runs, so a resubmitted or restarted run finds its
// checkpoints. Field names per dstackai/dstack @ 511c318c
// src/dstack/_internal/core/models/volumes.py (BaseVolumeConfiguration,
// VolumeConfigurationWithRegion).
type DStackVolumeConfig struct {
	Type    string `yaml:"type"`
	Name    string `yaml:"name"`
	Backend string `yaml:"backend"`
	Region  string `yaml:"region"`
	// Size is in GB, e.g. 1130GB.
	Size string `yaml:"size"`
}

// dstackVolumeBackends are the dstack backends with network volumes
// (dstackai/dstack @ 511c318c, mkdocs/docs/concepts/volumes.md: "Network
// volumes are currently supported for the aws, gcp, runpod, and kubernetes
// backends"; volumes.py's AnyVolumeConfiguration has those four).
// gpupick exports no kubernetes backend.
// Made on first use, not at start-up (issue 26).
var dstackVolumeBackends = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"aws": true, "gcp": true, "runpod": true}
}}

// dstackVolume reports whether a dstack run keeps its mount on a network
// volume: it has a mount, runs on one node (a network volume attaches to
// one instance: volumes.md, "Distributed tasks"), and its backend has
// network volumes and a region to put it in.
func dstackVolume(j Job, r Run) bool {
	if r.Mount == "" || j.Rec == nil || j.Rec.Nodes > 1 {
		return false
	}
	p := names().providers[j.Rec.Provider]
	if !dstackVolumeBackends.Get()[p.DStack] {
		return false
	}
	pl, err := newDStackPlace(p, j.Rec)
	return err == nil && len(pl.regions) > 0
}

// NewDStackVolume builds the network volume of a dstack task: its name,
// the task's backend, its first region and the task's disk size. A run without a mount, or on a backend without network volumes,
// is refused (UnsupportedError, WhatVolume).
func NewDStackVolume(j Job) (DStackVolumeConfig, error) {
	t, err := NewDStackTask(j)
	if err != nil {
		return DStackVolumeConfig{}, err
	}
	r := NewRun(j)
	if !dstackVolume(j, r) {
		reason := mNoVolumeNeeded
		switch {
		case r.Mount != "" && j.Rec.Nodes > 1:
			reason = mNoVolumeNodes
		case r.Mount != "":
			reason = mNoVolumeBackend
		}
		return DStackVolumeConfig{}, &UnsupportedError{Tool: DStack, What: WhatVolume, Value: t.Backends[0], Reason: reason}
	}
	return DStackVolumeConfig{
		Type: "volume", Name: volumeName(j), Backend: t.Backends[0], Region: t.Regions[0],
		// The plan's disk: what a run writes to the mount can exceed
		// what gpupick priced as kept (torchtune saves the merged model
		// each epoch of a LoRA run beside the adapter), and a network
		// volume cannot grow through dstack.
		Size: fmt.Sprintf("%dGB", diskGB(*j.Rec, j.Answers)),
	}, nil
}

// volumeHeader is the volume file's header comment.
func volumeHeader(j Job) string {
	return fmt.Sprintf("# gpupick: the dstack network volume %s that the run's task mounts (its checkpoints or data outlive the instance).\n# launch: dstack apply -f <this file>, once, before the task; dstack volume delete %s when you no longer need what it holds (it is billed until then)\n", volumeName(j), volumeName(j))
}
