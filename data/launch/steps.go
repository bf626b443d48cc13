package launch

import (
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// DStackVolumeTool is the dstack network volume a dstack task keeps its
// checkpoints or data on (export --to dstack-volume); like the fleet, a
// file of its own applied before the task.
const DStackVolumeTool Tool = "dstack-volume"

// companionWhat names a companion file in the task's header.
// Made on first use, not at start-up (issue 26).
var companionWhat = lazy.Value[map[Tool]string]{New: func() map[Tool]string {
	return map[Tool]string{DStackVolumeTool: "volume", DStackFleetTool: "fleet"}
}}

// Companions are the files a job's config for t needs applied before it,
// in order: for a dstack task, the network volume its mount names (where
// the backend has network volumes) and the cluster fleet of a multi-node
// run. SkyPilot needs none (it creates the bucket and cluster itself).
func Companions(t Tool, j Job) []Tool {
	if t != DStack || j.Rec == nil {
		return nil
	}
	var c []Tool
	if dstackVolume(j, NewRun(j)) {
		c = append(c, DStackVolumeTool)
	}
	if j.Rec.Nodes > 1 {
		c = append(c, DStackFleetTool)
	}
	return c
}

// CompanionPath is where a companion file is saved beside the config at
// path, named after it as a dstack file (dstack reads only files named
// *.dstack.yml): ./.dstack.yml gets ./volume.dstack.yml and
// ./fleet.dstack.yml, run/train.dstack.yml gets
// run/train-volume.dstack.yml.
func CompanionPath(path string, c Tool) string {
	kind := strings.TrimPrefix(string(c), "dstack-")
	dir, base := "", path
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		dir, base = path[:i+1], path[i+1:]
	}
	for _, ext := range []string{".dstack.yml", ".dstack.yaml", ".yml", ".yaml"} {
		if strings.HasSuffix(base, ext) {
			base = strings.TrimSuffix(base, ext)
			break
		}
	}
	if base == "" {
		return dir + kind + ".dstack.yml"
	}
	return dir + base + "-" + kind + ".dstack.yml"
}

// LaunchCommand is the command that launches a job's config saved at file
// for t: the launcher's verb (sky launch, sky jobs launch for a managed
// job, sky serve up for a service; dstack apply -f), with the secrets and
// values to give at launch. The header's "# launch:" line and the wizard's
// "saved" line both print it.
func LaunchCommand(t Tool, j Job, file string) string {
	return launchLine(t, j, NewRun(j), file)
}

// LaunchSteps is LaunchCommand after the commands that apply the
// companion files, saved where at(c) says.
func LaunchSteps(t Tool, j Job, file string, at func(Tool) string) []string {
	var steps []string
	for _, c := range Companions(t, j) {
		steps = append(steps, "dstack apply -f "+at(c))
	}
	return append(steps, LaunchCommand(t, j, file))
}

// launchLine is LaunchCommand of a run already worked out.
func launchLine(t Tool, j Job, r Run, file string) string {
	switch t {
	case SkyPilot:
		verb := "sky launch"
		switch {
		case skyService(j, r):
			verb = "sky serve up"
		case r.Managed:
			verb = "sky jobs launch"
		}
		return verb + " " + joinFlags(skyFlags(r)) + file
	case DStack:
		var env []string
		for _, e := range append(append([]string{}, r.Secrets...), r.Required...) {
			env = append(env, e+"=...")
		}
		return joinFlags(env) + "dstack apply -f " + file
	}
	return "dstack apply -f " + file
}

// skyService reports whether a run is exported as a SkyServe service: a
// server on one node (a plan over several nodes stays a task) of a cloud
// where SkyPilot opens ports.
func skyService(j Job, r Run) bool {
	return r.Port > 0 && (j.Rec == nil || j.Rec.Nodes <= 1) && skyPorts(j)
}

// skyFlags are the values a SkyPilot run takes at launch: its secrets
// from the caller's environment, the values it asks for and the bucket of
// its mount.
func skyFlags(r Run) []string {
	var flags []string
	for _, s := range r.Secrets {
		flags = append(flags, "--secret "+s)
	}
	for _, e := range r.Required {
		flags = append(flags, "--env "+e+"=...")
	}
	if r.Mount != "" {
		flags = append(flags, "--env "+envBucket+"=<your bucket>")
	}
	return flags
}
