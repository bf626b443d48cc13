package advisor

import (
	"math"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// Set-up figures: what a run spends before its first useful step. Each is
// cited or a stated assumption; the requirement's assumptions repeat them.
const (
	// provisionVMSec: no measured time from request to a ready GPU VM was
	// found. The only measurement read is 25.8 s from launch to SSH for a
	// non-GPU m7i.large EC2 instance (brevdev/ec2-coldboot-research
	// docs/cold-baseline-results.md), a floor; io.net's FAQ (a marketplace
	// comparing itself with the clouds) puts AWS GPU provisioning at 5-15
	// minutes and Google Cloud at 10-20. A conservative 15 minutes is
	// taken for every VM, hyperscaler or neocloud.
	provisionVMSec = 15 * 60
	// provisionContainerSec: a container (a marketplace host such as Vast,
	// or a container platform such as RunPod's pods) starts in 60-120 s
	// from the request, image pull of a cached image included (io.net
	// FAQ, "How long does it take to spin up a GPU"); the upper end, 2
	// minutes, is taken.
	provisionContainerSec = 2 * 60
	// imageBytes: the official vLLM image "is around 12 GB" compressed
	// (vllm-project/vllm issue #27154, vllm/vllm-openai:latest, Oct 2025);
	// training images are taken to be the same size.
	imageBytes = 12e9
	// downloadBps: the Hugging Face hub client needs hf_transfer "to go
	// beyond ~500MB/s" (huggingface/hf_transfer README): 500 MB/s is the
	// best case taken for the image and the weights, lower when the
	// node's NIC is slower.
	downloadBps = 500e6
)

// Provider classes, for the provisioning time.
const (
	classNeocloud uint8 = iota
	classHyperscaler
	classContainer
)

// hyperscaler reports whether a provider (its key, lower-cased) is one
// whose GPU machines are VMs of a general cloud.
func hyperscaler(provider string) bool {
	switch provider {
	case "aws", "gcp", "azure", "oci", "alibaba", "tencent", "ibm", "huawei":
		return true
	}
	return false
}

// classOf is the provider class of an offer: a container (a third-party
// marketplace host or a container slice of a host), a hyperscaler VM or a
// neocloud VM.
func classOf(o *model.Offer) uint8 {
	switch {
	case o.Marketplace || o.VCPUType == model.VCPUMarketplace || o.VCPUType == model.VCPUContainer:
		return classContainer
	case hyperscaler(strings.ToLower(o.Provider)):
		return classHyperscaler
	}
	return classNeocloud
}

// className is the class's name as shown in SetupTime.Class.
func className(c uint8) string {
	switch c {
	case classHyperscaler:
		return "hyperscaler-vm"
	case classContainer:
		return "container"
	}
	return "neocloud-vm"
}

// provisionSec is the provisioning time of a class.
func provisionSec(c uint8) float64 {
	if c == classContainer {
		return provisionContainerSec
	}
	return provisionVMSec
}

// setupParts is the part of a run's set-up that depends on the
// configuration, not the provider: image pull, weight download and load.
type setupParts struct {
	image, download, load float64 // seconds
	ckptBytes             float64 // checkpoint downloaded by each node
}

// checkpointBytes is what each node downloads before the run: the weights
// at the served precision for inference, the 16-bit base checkpoint for
// fine-tuning and adapters, nothing for pre-training (weights start
// random) or when only a memory size is known.
func (p *plan) checkpointBytes() float64 {
	switch {
	case p.stated || !p.sized:
		return 0
	case p.req.Workload == model.WorkloadPretrain:
		return 0
	case p.training:
		return p.req.ParamsB * 1e9 * 2
	}
	return p.weights
}

// setupOf works out the configuration part of the set-up: each node pulls
// the image and downloads the checkpoint at downloadBps (or its NIC rate,
// when slower), then each of its GPUs copies its share from the page cache
// over PCIe at the host-memory rate (pcieGBs x pcieHostEff).
func (p *plan) setupOf(g *model.GPU, netGbps float64, gpus int) setupParts {
	rate := downloadBps
	if netGbps > 0 {
		rate = math.Min(rate, netGbps/8*1e9)
	}
	s := setupParts{image: imageBytes / rate, ckptBytes: p.checkpointBytes()}
	s.download = s.ckptBytes / rate
	if s.ckptBytes > 0 {
		s.load = s.ckptBytes / float64(max(gpus, 1)) / (pcieGBs(g) * 1e9 * pcieHostEff)
	}
	return s
}

// setupTime is the whole set-up of a run on a provider class, in the form
// a recommendation shows.
func (s *setupParts) setupTime(class uint8) model.SetupTime {
	st := model.SetupTime{Class: className(class), ProvisionSec: provisionSec(class), ImagePullSec: s.image, DownloadSec: s.download, LoadSec: s.load, CheckpointGB: s.ckptBytes / 1e9}
	st.Hours = (st.ProvisionSec + st.ImagePullSec + st.DownloadSec + st.LoadSec) / 3600
	return st
}

// baseHours is the set-up without the provisioning, in hours.
func (s *setupParts) baseHours() float64 {
	return (s.image + s.download + s.load) / 3600
}
