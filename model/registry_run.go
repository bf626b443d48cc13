package model

import (
	"strings"
)

// runAnswers are the registry's entries for the run: how fast answers come back, how long it runs or how much work it does, by when, and whether it may be interrupted.
var runAnswers = []AnswerSpec{
	{
		ID: AnsLatency, Name: "latency", Key: "latency", Forms: FormsLatency, Usage: "how fast answers come back: " + FormsLatency,
		Choices: strs(Latencies), Applies: serveOrEmbed,
		Questions: []Question{{Key: "latency", Section: SectionLatency, Pos: 10, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Latency, err = ParseLatency(raw)
			return err
		},
		Format: func(a *Answers) string { return string(a.Latency) },
		check:  func(a *Answers) error { return oneOf(a.Latency, true, Latencies, FormsLatency) },
	},
	{
		ID: AnsDurationMode, Name: "duration-mode", Key: "duration_mode", Forms: "wallclock or job",
		Usage:   "wallclock (rent for --duration) or job (a job of --tokens, priced to finish); set by --duration or --tokens",
		Choices: []string{string(DurationWallClock), string(DurationJob)}, Applies: notVRAM,
		Questions: []Question{{Key: "duration-mode", Section: SectionDuration, Pos: 10, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			switch m := DurationMode(strings.ToLower(strings.TrimSpace(raw))); m {
			case DurationWallClock, DurationJob:
				a.DurationMode = m
				return nil
			}
			return newErr("", "", ReasonUnknown, tx("unknown duration mode"), use("wallclock or job"))
		},
		Format: func(a *Answers) string { return string(a.DurationMode) },
		check: func(a *Answers) error {
			return oneOf(a.DurationMode, true, []DurationMode{DurationWallClock, DurationJob}, "wallclock or job")
		},
	},
	{
		ID: AnsDuration, Name: "duration", Key: "duration_hours", Forms: FormsDuration,
		Usage:     "length of the run in wall-clock time, e.g. 8h, 2w, 3mo (means a rented period, not a job)",
		Applies:   wallClock,
		Questions: []Question{{Key: "duration", Section: SectionDuration, Pos: 20, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.DurationHours, err = ParseDuration(raw)
			return err
		},
		Format: func(a *Answers) string {
			if a.DurationHours <= 0 {
				return ""
			}
			return FormatDuration(a.DurationHours)
		},
		check: func(a *Answers) error {
			return inRange(a.DurationHours, 1.0/60, HoursPerMonth*12*10, "give a duration from 1min to 10y")
		},
		implies: []implication{{AnsDurationMode, func(a *Answers) { a.DurationMode = DurationWallClock }}},
	},
	{
		ID: AnsHoursPerWeek, Name: "hours-per-week", Key: "hours_per_week", Forms: FormsPerWeek,
		Usage:     "hours the GPUs run each week, e.g. 40, 8h/d, 24/7",
		Applies:   wallClock,
		Questions: []Question{{Key: "hours-per-week", Section: SectionDuration, Pos: 30, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.HoursPerWeek, err = ParseHoursPerWeek(raw)
			return err
		},
		Format: func(a *Answers) string {
			if a.HoursPerWeek <= 0 || a.HoursPerWeek >= HoursPerWeekFull {
				return "24/7"
			}
			return FormatNumber(a.HoursPerWeek)
		},
		check: func(a *Answers) error {
			return inRange(a.HoursPerWeek, 0.001, HoursPerWeekFull, "give more than 0 and at most 168 hours")
		},
	},
	{
		ID: AnsTokens, Name: "tokens", Key: "job_tokens", Forms: FormsTokens, Blank: BlankNone,
		Usage:     "job size in tokens (train on, all epochs / generate), e.g. 2B; ranks by the cost to finish",
		Applies:   JobApplies,
		Questions: []Question{{Key: "dataset", Section: SectionLoad, Pos: 40, Kind: AskText, When: trainOnly}, {Key: "gen-tokens", Section: SectionDuration, Pos: 40, Kind: AskText, When: inferOnly}, {Key: "embed-tokens", Section: SectionDuration, Pos: 41, Kind: AskText, When: embedOnly}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.JobTokens, err = ParseTokens(raw)
			return err
		},
		clear: func(a *Answers) { a.JobTokens = 0 },
		Format: func(a *Answers) string {
			if a.JobTokens <= 0 {
				return ""
			}
			return FormatCount(a.JobTokens)
		},
		check:   func(a *Answers) error { return inRange(a.JobTokens, 1, 1e16, "give between 1 and 10P tokens") },
		implies: []implication{{AnsDurationMode, func(a *Answers) { a.DurationMode = DurationJob }}},
	},
	{
		ID: AnsDeadline, Name: "deadline", Key: "deadline_hours", Forms: FormsDeadline, Blank: BlankNone,
		Usage:     "calendar time the job must finish within, set-up included, e.g. 12h, 30d, 2w, 3mo (with --tokens); scales out over nodes with a cluster network when one node is too slow",
		Applies:   deadlineApplies,
		Questions: []Question{{Key: "deadline", Section: SectionDuration, Pos: 50, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.DeadlineHours, err = ParseDeadline(raw)
			return err
		},
		clear:  func(a *Answers) { a.DeadlineHours = 0 },
		Format: func(a *Answers) string { return FormatDeadline(a.DeadlineHours) },
		check: func(a *Answers) error {
			return inRange(a.DeadlineHours, MinDeadlineHours, MaxDeadlineHours, "give a deadline from 1h to 5y, e.g. 30d, or leave it blank")
		},
	},
	{
		ID: AnsInterruptible, Name: "interruptible", Key: "interruptible", Forms: "yes or no", Bool: true,
		Usage:     "the job checkpoints and may be interrupted (allows spot)",
		Choices:   []string{"yes", "no"},
		Questions: []Question{{Key: "interruptible", Section: SectionInterruption, Pos: 10, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Interruptible, err = ParseYesNo("interruptible", raw)
			return err
		},
		Format: func(a *Answers) string { return FormatYesNo(a.Interruptible) },
	},
	{
		ID: AnsCheckpointInterval, Name: "checkpoint-interval", Key: "checkpoint_minutes", Forms: FormsCheckpoint, Blank: BlankDefault,
		Usage:     "how often an interruptible job saves a checkpoint (default 30min): the work lost to a spot interruption",
		Applies:   func(a *Answers) bool { return a.Interruptible },
		Questions: []Question{{Key: "checkpoint-interval", Section: SectionInterruption, Pos: 20, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.CheckpointMinutes, err = ParseCheckpointInterval(raw)
			return err
		},
		clear: func(a *Answers) { a.CheckpointMinutes = 0 },
		Format: func(a *Answers) string {
			if a.CheckpointMinutes <= 0 {
				return ""
			}
			return FormatNumber(a.CheckpointMinutes) + "min"
		},
		check: func(a *Answers) error {
			if a.CheckpointMinutes != 0 && !(a.CheckpointMinutes >= 1 && a.CheckpointMinutes <= MaxCheckpointMinutes) {
				return newErr("", FormatNumber(a.CheckpointMinutes), ReasonRange, tx("out of range"), tx("give between 1min and 24h, or leave blank for 30min"))
			}
			return nil
		},
	},
}

// FormsCheckpoint are the accepted forms of the checkpoint interval.
const FormsCheckpoint = "a time from 1min to 24h, e.g. 30min, 2h or 45 (minutes), or blank for 30min"
