package launch

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// SkyRun is the part of a SkyPilot task that runs the workload (inlined
// into SkyTask). Field names per sky/utils/schemas.py of
// skypilot-org/skypilot @ 93a24d47 (get_task_schema, get_service_schema,
// get_storage_schema).
type SkyRun struct {
	// Envs with a null value must be given at launch (`--env NAME=...`):
	// Task.from_yaml_config refuses a null env (sky/task.py).
	Envs map[string]*string `yaml:"envs,omitempty"`
	// Secrets are like envs but redacted; a null one is taken at launch
	// with `--secret NAME` (from the caller's environment).
	Secrets map[string]*string `yaml:"secrets,omitempty"`
	// FileMounts holds the persistent bucket mount.
	FileMounts map[string]SkyMount `yaml:"file_mounts,omitempty"`
	Setup      string              `yaml:"setup,omitempty"`
	// Service makes the task a SkyServe service (`sky serve up`).
	Service *SkyService `yaml:"service,omitempty"`
}

// SkyMount is a bucket mounted at a path (storage schema: name, mode).
// MOUNT mode writes through to the bucket, so checkpoints outlive the VM.
type SkyMount struct {
	Name       string `yaml:"name"`
	Mode       string `yaml:"mode"`
	Persistent bool   `yaml:"persistent"`
}

// SkyService is a service's readiness probe and replica count.
type SkyService struct {
	ReadinessProbe SkyProbe `yaml:"readiness_probe"`
	Replicas       int      `yaml:"replicas"`
}

// SkyProbe is the readiness probe: the path polled, and the grace period
// while the engine downloads and loads the weights.
type SkyProbe struct {
	Path                string `yaml:"path"`
	InitialDelaySeconds int    `yaml:"initial_delay_seconds"`
}

// SkyRunResources are the run's fields of `resources:` (inlined into
// SkyResources): the service port and the pinned image (image_id
// docker:<image>).
type SkyRunResources struct {
	Ports   int    `yaml:"ports,omitempty"`
	ImageID string `yaml:"image_id,omitempty"`
}

// DStackRun is the part of a dstack configuration that runs the workload
// (inlined into DStackTask). Field names per
// src/dstack/_internal/core/models/configurations.py and profiles.py of
// dstackai/dstack @ 511c318c.
type DStackRun struct {
	Image string `yaml:"image,omitempty"`
	// Env lists variables without values: dstack takes them from the
	// environment of `dstack apply` (or asks), so no secret is written.
	Env []string `yaml:"env,omitempty"`
	// Port and Probes make a service (type: service).
	Port   int           `yaml:"port,omitempty"`
	Probes []DStackProbe `yaml:"probes,omitempty"`
	// Volumes mount network volumes by name at a path.
	Volumes []DStackVolume `yaml:"volumes,omitempty"`
	// Retry resubmits a spot run after an interruption.
	Retry *DStackRetry `yaml:"retry,omitempty"`
	// MaxDuration stops a job-size run after this long running (e.g.
	// 12h), so a stuck or slow run does not bill without end.
	MaxDuration string `yaml:"max_duration,omitempty"`
}

// DStackProbe is an HTTP readiness probe (ProbeConfig).
type DStackProbe struct {
	Type string `yaml:"type"`
	URL  string `yaml:"url"`
}

// DStackVolume is a mount point of a network volume (VolumeMountPoint).
type DStackVolume struct {
	Name string `yaml:"name"`
	Path string `yaml:"path"`
}

// DStackRetry is the retry policy (ProfileRetry).
type DStackRetry struct {
	OnEvents []string `yaml:"on_events"`
}

// probeDelaySeconds is the readiness probe's grace period: the set-up
// gpupick estimates (image pull, download, load), at least 20 minutes.
func probeDelaySeconds(j Job) int {
	s := 1200
	if j.Rec != nil {
		if est := int(j.Rec.Setup.ImagePullSec + j.Rec.Setup.DownloadSec + j.Rec.Setup.LoadSec); 2*est > s {
			s = 2 * est
		}
	}
	return s
}

// script joins a run's lines after the launcher's rendezvous variables.
func (r Run) script(t Tool) []string {
	var lines []string
	if r.MultiNode {
		lines = append(lines, rendezvous(t)...)
	}
	return append(lines, r.Lines...)
}

// applySky writes the run into a SkyPilot task.
func applySky(t *SkyTask, j Job, r Run) {
	t.Run = strings.Join(r.script(SkyPilot), "\n") + "\n"
	if len(r.Setup) > 0 {
		t.Setup = strings.Join(r.Setup, "\n") + "\n"
	}
	switch {
	case r.Image == "":
	case j.Rec != nil && !names().providers[j.Rec.Provider].SkyDocker:
		// The cloud cannot start the task in the image: the run does.
		var host []string
		if r.MultiNode {
			host = rendezvous(SkyPilot)
		}
		t.Setup = ""
		t.Run = strings.Join(append(host, dockerRun(j, r, r.Lines)), "\n") + "\n"
	default:
		t.Resources.ImageID = "docker:" + r.Image
	}
	for _, name := range r.Required {
		if t.Envs == nil {
			t.Envs = map[string]*string{}
		}
		t.Envs[name] = nil
	}
	for _, name := range r.Secrets {
		if t.Secrets == nil {
			t.Secrets = map[string]*string{}
		}
		t.Secrets[name] = nil
	}
	if r.Mount != "" {
		if t.Envs == nil {
			t.Envs = map[string]*string{}
		}
		t.Envs[envBucket] = nil
		t.FileMounts = map[string]SkyMount{r.Mount: {Name: "${" + envBucket + "}", Mode: "MOUNT", Persistent: true}}
	}
	if r.Port > 0 && skyPorts(j) {
		t.Resources.Ports = r.Port
	}
	t.Resources.Autostop = skyAutostop(j, r)
	if skyService(j, r) {
		t.Service = &SkyService{ReadinessProbe: SkyProbe{Path: healthPath, InitialDelaySeconds: probeDelaySeconds(j)}, Replicas: 1}
	}
}

// applyDStack writes the run into a dstack configuration.
func applyDStack(t *DStackTask, j Job, r Run) {
	t.Commands = append(append([]string{}, r.Setup...), r.script(DStack)...)
	t.Image = r.Image
	t.Env = append(append([]string{}, r.Secrets...), r.Required...)
	if r.Port > 0 && t.Nodes <= 1 {
		// A dstack service runs on one node per replica; a plan over
		// several nodes stays a task (no service fields).
		t.Type = "service"
		t.Port = r.Port
		t.Probes = []DStackProbe{{Type: "http", URL: healthPath}}
	}
	if dstackVolume(j, r) {
		t.Volumes = []DStackVolume{{Name: volumeName(j), Path: r.Mount}}
		// A network volume lives in one region: the run goes where its
		// volume is (NewDStackVolume puts it in the first).
		if len(t.Regions) > 1 {
			t.Regions = t.Regions[:1]
		}
	}
	if r.Managed {
		t.Retry = &DStackRetry{OnEvents: []string{"interruption"}}
	}
	t.MaxDuration, _ = maxDuration(j, r)
}

// volumeName names the dstack network volume of a run's checkpoints or
// data.
func volumeName(j Job) string {
	if j.Rec == nil {
		return "gpupick-data"
	}
	return lowerName("gpupick", j.Rec.Provider, "data")
}

// header is the comment written above a config: what it runs and how to
// launch it, with the values the user gives at launch.
func header(t Tool, j Job, r Run, file string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# gpupick: %s.\n", r.Summary)
	if r.Kind == RunUser && len(r.Required) == 0 {
		b.Reset()
		fmt.Fprintf(&b, "# gpupick: runs %s.\n", r.Summary)
	}
	if t == DStack {
		for _, c := range Companions(t, j) {
			fmt.Fprintf(&b, "# first: dstack apply -f %[1]s.dstack.yml (the %[1]s: gpupick export --to %[2]s RECORD > %[1]s.dstack.yml)\n", companionWhat.Get()[c], c)
		}
	}
	fmt.Fprintf(&b, "# launch: %s\n", launchLine(t, j, r, file))
	switch t {
	case SkyPilot:
		if r.Managed {
			b.WriteString("# a managed job: SkyPilot relaunches it after a spot interruption and the run resumes from its last checkpoint\n")
		}
		if skyService(j, r) {
			fmt.Fprintf(&b, "# or for one replica without SkyServe: %s\n", "sky launch "+joinFlags(skyFlags(r))+file)
		}
		if r.Port > 0 && !skyPorts(j) {
			fmt.Fprintf(&b, "# SkyPilot opens no ports on %s: reach the server through an SSH tunnel, ssh -L %d:localhost:%d <cluster name>\n", j.Rec.Provider, r.Port, r.Port)
		}
	case DStack:
		if r.Managed {
			b.WriteString("# spot: dstack resubmits the run after an interruption and it resumes from its last checkpoint\n")
		}
		switch {
		case r.Mount == "" || dstackVolume(j, r):
		case j.Rec != nil && j.Rec.Nodes > 1:
			fmt.Fprintf(&b, "# %s is on each node's own disk: a dstack network volume attaches to one instance, so the nodes cannot share one; copy what the run writes there before the instances go\n", r.Mount)
		default:
			fmt.Fprintf(&b, "# %s is on the instance's disk: dstack has network volumes only on aws, gcp and runpod, so copy what the run writes there before the instance goes\n", r.Mount)
		}
	}
	b.WriteString(spendHeader(t, j, r))
	for _, e := range r.Required {
		fmt.Fprintf(&b, "# %s: %s\n", e, requiredWhy.Get()[e])
	}
	return b.String()
}

// requiredWhy says what each value asked at launch is.
// Made on first use, not at start-up (issue 26).
var requiredWhy = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		envModel:   "the Hugging Face id or path of the model to run (the plan has no preset checkpoint for it at this precision)",
		envCommand: "the command that runs your workload",
		envData:    "the prefix of your tokenized Megatron dataset (the .bin/.idx files)",
	}
}}

// joinFlags joins flags with a trailing space (none when empty).
func joinFlags(f []string) string {
	if len(f) == 0 {
		return ""
	}
	return strings.Join(f, " ") + " "
}

// skyPorts reports whether SkyPilot opens a task's ports on the job's
// cloud (providers.tsv sky_ports); true without a choice.
func skyPorts(j Job) bool {
	return j.Rec == nil || names().providers[j.Rec.Provider].SkyPorts
}
