package launch

import (
	"fmt"
	"math"

	"github.com/gpupick/gpupick/model"
)

// idleMinutes is how long a machine whose run has ended stays up before
// the launcher takes it down: SkyPilot's default idle time for autostop
// (yaml-spec.rst @ 93a24d47, "true: Use default idle minutes (5)") and
// dstack's for a run's instances (profiles.py @ 511c318c,
// DEFAULT_RUN_TERMINATION_IDLE_TIME = 5 * 60).
const idleMinutes = 5

// durationMargin is the margin on the plan's run hours before dstack's
// max_duration stops a job: the speed estimates behind JobHours are held
// to 35-45% of published training figures in the advisor's tests
// (MLPerf MI300X/H100, TensorRT-LLM), so a run half again as long as
// planned is within the estimate's error, and one twice as long is not.
const durationMargin = 1.5

// What resources.autostop can do on a cloud (providers.tsv sky_autostop).
const (
	skyAutodown     = "down" // tear the cluster down
	skyAutostopOnly = "stop" // only stop it (the disk is kept, and billed)
)

// SkyAutostop is resources.autostop (schemas.py _AUTOSTOP_SCHEMA @
// 93a24d47): tear the cluster down (down: true, not just stop it) after
// IdleMinutes without a running job.
type SkyAutostop struct {
	IdleMinutes int  `yaml:"idle_minutes"`
	Down        bool `yaml:"down"`
}

// skyAutostop is the autostop of a run launched with sky launch: the
// cluster goes down idleMinutes after the run ends (or fails), instead of
// billing until someone runs sky down; stopped only where the cloud
// cannot autodown, none where it cannot autostop (sky launch would refuse
// the task). A managed job (its controller tears its cluster down when
// the job ends) and a SkyServe service (replicas run until sky serve down)
// get none.
func skyAutostop(j Job, r Run) *SkyAutostop {
	if r.Managed || skyService(j, r) {
		return nil
	}
	mode := skyAutodown
	if j.Rec != nil {
		mode = names().providers[j.Rec.Provider].SkyAutostop
	}
	switch mode {
	case skyAutodown:
		return &SkyAutostop{IdleMinutes: idleMinutes, Down: true}
	case skyAutostopOnly:
		return &SkyAutostop{IdleMinutes: idleMinutes}
	}
	return nil
}

// maxDuration is dstack's max_duration of a job-size run (profiles.py:
// the longest the run may be running, provisioning and image pull
// excluded, after which dstack stops it): the plan's run hours, set-up
// included, times durationMargin, in whole hours. A service, a run rented
// for a calendar period and a plan without run hours get none ("").
func maxDuration(j Job, r Run) (string, float64) {
	if j.Rec == nil || r.Port > 0 || j.Answers.DurationMode != model.DurationJob {
		return "", 0
	}
	h := j.Rec.RunHours
	if h <= 0 || math.IsNaN(h) || math.IsInf(h, 0) {
		return "", 0
	}
	return fmt.Sprintf("%dh", int(math.Ceil(h*durationMargin))), h
}

// spendHeader says in the header how the config caps the run's spend.
func spendHeader(t Tool, j Job, r Run) string {
	switch t {
	case SkyPilot:
		a := skyAutostop(j, r)
		switch {
		case a != nil && a.Down:
			return fmt.Sprintf("# autostop: the cluster is torn down %d minutes after the run ends (resources.autostop); sky down it sooner\n", idleMinutes)
		case a != nil:
			return fmt.Sprintf("# autostop: the cluster is stopped %d minutes after the run ends (SkyPilot cannot tear it down on %s: its disk bills until sky down)\n", idleMinutes, j.Rec.Provider)
		case skyService(j, r):
			return "# a service runs until sky serve down NAME\n"
		case !r.Managed && j.Rec != nil:
			return fmt.Sprintf("# SkyPilot cannot autostop on %s: sky down the cluster when the run ends, it bills until then\n", j.Rec.Provider)
		}
	case DStack:
		if d, h := maxDuration(j, r); d != "" {
			return fmt.Sprintf("# max_duration %s: dstack stops the run after %s running (the plan's %.3g h, set-up included, +%.0f%%)\n", d, d, h, (durationMargin-1)*100)
		}
		if r.Port > 0 {
			return "# a service runs until dstack stop NAME\n"
		}
	}
	return ""
}
