package launch

import (
	"strings"
)

// hfCache is where the Hugging Face libraries keep downloaded weights, on
// the host and in the engine images (their user is root).
const hfCache = "/root/.cache/huggingface"

// dockerRun is a run's script started in its pinned image by docker itself,
// for a SkyPilot cloud that cannot start a task in an image (providers.tsv
// sky_docker; the cloud's message: "You can try running docker command
// inside the `run` section"). The container shares the host's network (the
// service port, the rendezvous of several nodes) and IPC (PyTorch's shared
// memory), sees the GPUs (NVIDIA: --gpus all; AMD: the /dev/kfd and
// /dev/dri devices and the video group, as AMD's vLLM docker guide starts
// rocm/vllm), and gets the run's secrets, asked-for values and rendezvous
// variables by name (-e NAME passes the host's value), the persistent mount
// and the Hugging Face cache. The setup steps run in the container first.
func dockerRun(j Job, r Run, script []string) string {
	args := []string{"docker", "run", "--rm", "--network", "host", "--ipc", "host"}
	if j.amd() {
		args = append(args, "--device", "/dev/kfd", "--device", "/dev/dri", "--group-add", "video", "--security-opt", "seccomp=unconfined")
	} else {
		args = append(args, "--gpus", "all")
	}
	names := append(append([]string{}, r.Secrets...), r.Required...)
	if r.MultiNode {
		names = append(names, "NNODES", "NODE_RANK", "MASTER_ADDR", "GPUS_PER_NODE")
	}
	for _, n := range names {
		args = append(args, "-e", n)
	}
	if r.Mount != "" {
		args = append(args, "-v", r.Mount+":"+r.Mount)
	}
	args = append(args, "-v", "$HOME/.cache/huggingface:"+hfCache, "--entrypoint", "bash", r.Image, "-c")
	inner := strings.Join(append(append([]string{}, r.Setup...), script...), "\n")
	return strings.Join(args, " ") + " " + shellQuote(inner)
}
