package launch

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// This file names, for each launcher, the place of the chosen offer: the
// instance type, region and zone, and how several nodes are joined. What a
// launcher cannot reach is an *UnsupportedError with its reason.

// refuse is the launcher's refusal of a value, with the reason.
func refuse(t Tool, what, value string, reason msg) error {
	return &UnsupportedError{Tool: t, What: what, Value: value, Reason: reason}
}

// hostOf splits gpupick's GCP label of an N1 host with attached GPUs
// ("n1-highmem-4+1xT4") into the machine type the launchers take
// ("n1-highmem-4"); any other instance type is itself.
func hostOf(instance string) string {
	host, _, _ := strings.Cut(instance, "+")
	return host
}

// skyPlace is what the SkyPilot task names: infra (cloud/region/zone), the
// instance type and the network tier of a multi-node run.
type skyPlace struct {
	infra, instance, network string
}

// newSkyPlace places rec for SkyPilot; accel is SkyPilot's accelerator name.
func newSkyPlace(p providerName, rec *model.Recommendation, accel string) (skyPlace, error) {
	pl := skyPlace{infra: p.Sky, instance: hostOf(rec.InstanceType)}
	switch p.Sky {
	case "runpod":
		pin, err := skyRunPodInstance(rec, accel)
		if err != nil {
			return pl, err
		}
		pl.instance = pin
	case "vast":
		// SkyPilot's Vast types are its own invention, "<n>x-<GPU>-<cores>-<RAM MB>"
		// (fetch_vast.py create_instance_type), which its launch turns back
		// into a search for any host with that GPU, count and RAM
		// (sky/provision/vast/utils.py launch); a live offer's per-host name
		// is in no SkyPilot catalog, so the accelerator, count and region
		// select the host.
		if !skyVastType.Get().MatchString(pl.instance) {
			pl.instance = ""
		}
	}
	if p.Sky == "gcp" && pl.instance != "" && !strings.HasPrefix(pl.instance, "n1-") {
		if h, ok := names().skyGCPHosts[pl.instance]; !ok || h.accel != accel || h.count != rec.GPUCount {
			return pl, refuse(SkyPilot, WhatInstance, rec.InstanceType, mSkyGCPHost)
		}
	}
	if rec.Region != "" {
		region := rec.Region
		// SkyPilot's Vast regions are "state, CC, continent"; the catalog
		// keeps ", CA, NA" (no state) as "CA, NA".
		if p.Sky == "vast" && strings.Count(region, ", ") == 1 {
			region = ", " + region
		}
		pl.infra += "/" + region
		// A GCP zone is a zone name SkyPilot takes in infra; an AWS zone
		// is a zone ID ("us-east-1/use1-az4"), which infra does not take.
		if p.Sky == "gcp" && rec.Zone != "" && !strings.Contains(rec.Zone, "/") {
			pl.infra += "/" + rec.Zone
		}
	}
	if rec.Nodes > 1 {
		n := strconv.Itoa(rec.Nodes)
		if !p.SkyNodes {
			return pl, refuse(SkyPilot, WhatNodes, n, mNoMultiNode)
		}
		switch {
		case p.SkyNetwork == "best",
			p.SkyNetwork == "h100x8" && (accel == "H100" || accel == "H200") && rec.GPUCount == 8:
			pl.network = "best"
		default:
			return pl, refuse(SkyPilot, WhatNodes, n, mNoClusterNetwork)
		}
	}
	return pl, nil
}

// dstackPlace is what the dstack task names: regions and instance types.
type dstackPlace struct {
	regions, instances []string
}

// newDStackPlace places rec for dstack.
func newDStackPlace(p providerName, rec *model.Recommendation) (dstackPlace, error) {
	var pl dstackPlace
	if p.DStackInstances && rec.InstanceType != "" {
		it := hostOf(rec.InstanceType)
		if err := gpuhuntKeeps(p.DStack, it, rec.PriceModel == model.PriceSpot); err != nil {
			return pl, err
		}
		pl.instances = []string{it}
	}
	if rec.Region != "" {
		switch p.DStack {
		case "vastai":
			loc, ok := vastLocation(rec.Region)
			if !ok {
				return pl, refuse(DStack, WhatRegion, rec.Region, mVastNoCity)
			}
			pl.regions = []string{loc}
		case "runpod":
			dcs := names().runpodDCs[rec.Region]
			if len(dcs) == 0 {
				return pl, refuse(DStack, WhatRegion, rec.Region, mRunpodNoDatacenter)
			}
			pl.regions = dcs
		default:
			pl.regions = []string{rec.Region}
		}
	}
	if rec.Nodes > 1 && !p.DStackNodes {
		return pl, refuse(DStack, WhatNodes, strconv.Itoa(rec.Nodes), mNoMultiNode)
	}
	return pl, nil
}

// gpuhuntKeeps refuses an instance type gpuhunt's catalog drops for the
// backend (or keeps only as spot when on-demand is asked); a backend
// without rules keeps every type.
func gpuhuntKeeps(backend, instance string, spot bool) error {
	ruled := false
	for _, r := range names().gpuhuntKeep {
		if r.backend != backend {
			continue
		}
		ruled = true
		if r.pattern.MatchString(instance) {
			if r.spotOnly && !spot {
				return refuse(DStack, WhatInstance, instance, mGpuhuntSpotOnly)
			}
			return nil
		}
	}
	if ruled {
		return refuse(DStack, WhatInstance, instance, mGpuhuntDrops)
	}
	return nil
}

// vastLocation is gpuhunt's name of a Vast location (providers/vastai.py
// get_location: "<country>-<city>", lower case, no spaces) for SkyPilot's
// "city, CC, continent"; false when the city is empty.
func vastLocation(region string) (string, bool) {
	parts := strings.Split(region, ", ")
	if len(parts) != 3 || strings.TrimSpace(parts[0]) == "" || parts[1] == "" {
		return "", false
	}
	return strings.ToLower(strings.ReplaceAll(parts[1]+"-"+parts[0], " ", "")), true
}

// skyVastType is the form of SkyPilot's Vast instance types.
var skyVastType = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]+x-[^-]+-[0-9]+-[0-9]+$`) }}

// skyRunPodName is the form of a RunPod instance name: count, GPU, cloud.
var skyRunPodName = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]+)x_(.+)_([A-Z]+)$`) }}

// skyRunPodInstance is the instance type a SkyPilot task pins for a RunPod
// offer: its name when it is the SkyPilot catalog's Secure Cloud pod of the
// accelerator and count the task asks for; "" (no pin: the accelerator and
// count select the Secure Cloud pod) for a name SkyPilot does not list. A
// Community Cloud pod or an Instant Cluster is refused: SkyPilot's RunPod
// catalog lists Secure Cloud pods only (fetch_runpod.py), so it would
// launch a different, dearer pod.
func skyRunPodInstance(rec *model.Recommendation, accel string) (string, error) {
	m := skyRunPodName.Get().FindStringSubmatch(rec.InstanceType)
	if m == nil {
		return "", nil
	}
	if m[3] != model.RunPodSecure {
		return "", refuse(SkyPilot, WhatInstance, rec.InstanceType, mSkyRunPodCloud)
	}
	if m[2] == accel && m[1] == strconv.Itoa(rec.GPUCount) {
		return rec.InstanceType, nil
	}
	return "", nil
}
