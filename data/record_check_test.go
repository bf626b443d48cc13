package data

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// A record's answers are checked as the flags check them: a 0 the flag
// refuses is refused (never run on the default), and answers the flags
// refuse together or that do not apply are refused, each naming its
// record key and the fix in both languages (issue 26's silent records).
func TestDecodeRecordRefusesWhatTheFlagsRefuse(t *testing.T) {
	const m = "[answers]\nmodel = \"llama-3.1-8b\"\n"
	cases := []struct {
		name, body, key, en, zh string
	}{
		{"batch 0", "batch = 0", "batch", "out of range", "超出范围"},
		{"context 0", "context = 0", "context", "out of range", "超出范围"},
		{"hours_per_week 0", "hours_per_week = 0.0", "hours_per_week", "out of range", "超出范围"},
		{"duration_hours 0", "duration_hours = 0.0", "duration_hours", "out of range", "超出范围"},
		{"gpus 0", "gpus = 0", "gpus", "out of range", "超出范围"},
		{"max_nodes 0", "max_nodes = 0", "max_nodes", "out of range", "超出范围"},
		{"headroom_pct 0", "headroom_pct = 0", "headroom_pct", "out of range", "超出范围"},
		{"min_vcpus_per_gpu 0", "min_vcpus_per_gpu = 0", "min_vcpus_per_gpu", "out of range", "超出范围"},
		{"params_b 0", "params_b = 0.0", "params_b", "out of range", "超出范围"},
		{"job_tokens 0", "job_tokens = 0.0", "job_tokens", "out of range", "超出范围"},
		{"deadline_hours 0", "job_tokens = 2e9\ndeadline_hours = 0.0", "deadline_hours", "out of range", "超出范围"},
		{"checkpoint_minutes 0", "interruptible = true\ncheckpoint_minutes = 0.0", "checkpoint_minutes", "out of range", "超出范围"},
		{"prompt_tokens 0", "prompt_tokens = 0", "prompt_tokens", "out of range", "超出范围"},
		{"model and params_b", "params_b = 70.0", "params_b", "given with model", "与 model 同时给出"},
		{"job_tokens and duration_hours", "duration_hours = 8.0\njob_tokens = 2e9", "duration_hours", "does not apply to a job of job_tokens", "不适用于 job_tokens"},
		{"latency for lora", "workload = \"lora\"\nlatency = \"realtime\"", "latency", "does not apply to workload lora", "不适用于"},
		{"sharding for inference", "sharding = \"zero3\"", "sharding", "does not apply to workload inference", "不适用于"},
		{"checkpoint without interruptible", "checkpoint_minutes = 120.0", "checkpoint_minutes", "does not apply", "不适用于"},
		{"deadline for a rented period", "deadline_hours = 12.0", "deadline_hours", "does not apply to a rented period (duration_hours)", "租期（duration_hours）"},
		{"known_vram_gib for inference", "known_vram_gib = 80.0", "known_vram_gib", "does not apply to workload inference", "不适用于"},
		{"prompt_tokens for lora", "workload = \"lora\"\nprompt_tokens = 512", "prompt_tokens", "does not apply to workload lora", "不适用于"},
		{"job_tokens with a wallclock run", "workload = \"lora\"\nduration_mode = \"wallclock\"\njob_tokens = 2e9", "duration_mode", "given with job_tokens (duration_mode wallclock rents for a period and would drop the job of job_tokens", "与 job_tokens 同时给出"},
		{"a provider also excluded", "providers = [\"aws\"]\nexclude_providers = [\"aws\"]", "exclude_providers", "given with providers (aws is both asked for with providers and excluded with exclude_providers", "既由 providers 指定又被 exclude_providers 排除"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeRecord("r.toml", []byte(m+c.body+"\n"))
			if err == nil {
				t.Fatalf("%s: accepted", c.body)
			}
			if !strings.Contains(err.Error(), "[answers] "+c.key+" ") || !strings.Contains(err.Error(), c.en) {
				t.Errorf("%s: %v; want the key %s and %q", c.body, err, c.key, c.en)
			}
			var fe *model.FieldError
			if !errors.As(err, &fe) || !strings.Contains(fe.Text(true), c.zh) || fe.FixText(true) == "" {
				t.Errorf("%s: Chinese %v; want %q and a fix", c.body, err, c.zh)
			}
		})
	}
}

// What the flags take is taken from a record too: a 0 where the flag
// takes 0, and the values gpupick writes for answers that were not asked
// (the default duration beside a job, the default model beside a known
// memory size, a training run's batch latency).
func TestDecodeRecordTakesWhatTheFlagsTake(t *testing.T) {
	for _, body := range []string{
		"data_gb = 0.0\negress_gb = 0.0",
		"workload = \"lora\"\nduration_mode = \"job\"\nduration_hours = 730.5\nhours_per_week = 168.0\njob_tokens = 2e9",
		"workload = \"vram\"\nknown_vram_gib = 80.0",
		"workload = \"lora\"\nlatency = \"batch\"",
		"workload = \"lora\"\nlatency = \"interactive\"\nsharding = \"zero3\"",
		"[answers.budget]\namount = 0.0\nperiod = \"\"\ncurrency = \"\"",
	} {
		if _, err := DecodeRecord("r.toml", []byte("[answers]\nmodel = \"llama-3.1-8b\"\n"+body+"\n")); err != nil {
			t.Errorf("%s: %v", body, err)
		}
	}
}

// Every record gpupick writes loads again: the answers of each workload
// and run mode, through EncodeRecord and DecodeRecord.
func TestWrittenRecordsLoad(t *testing.T) {
	for _, w := range model.Workloads {
		for _, job := range []bool{false, true} {
			a := model.DefaultAnswers()
			a.Workload = w
			if w == model.WorkloadVRAM {
				a.KnownVRAMGiB = 80
			}
			if job {
				a.DurationMode, a.JobTokens = model.DurationJob, 2e9
			}
			a.Normalize()
			var buf bytes.Buffer
			if err := EncodeRecord(&buf, model.Record{Answers: a}); err != nil {
				t.Fatal(err)
			}
			if _, err := DecodeRecord("w.toml", buf.Bytes()); err != nil {
				t.Errorf("%s job=%v: %v\n%s", w, job, err, buf.Bytes())
			}
		}
	}
}

// A record saved from answers that carry a value that no longer applies
// (the wizard kept realtime latency and an FSDP sharding while the
// workload changed) loads again: the writer stores such an answer as an
// unasked one.
func TestRecordOfStaleAnswersLoads(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(a *model.Answers)
	}{
		{"latency kept for lora", func(a *model.Answers) {
			a.Latency = model.LatencyRealtime
			a.Workload = model.WorkloadLoRA
		}},
		{"dataset kept for a wallclock run", func(a *model.Answers) {
			a.Workload = model.WorkloadLoRA
			a.JobTokens = 2e9
			a.DurationMode = model.DurationWallClock
		}},
		{"sharding kept for inference", func(a *model.Answers) {
			a.Workload = model.WorkloadFineTune
			a.Sharding = "fsdp"
			a.Workload = model.WorkloadInference
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := model.DefaultAnswers()
			tc.edit(&a)
			var buf bytes.Buffer
			if err := EncodeRecord(&buf, model.Record{Answers: a}); err != nil {
				t.Fatal(err)
			}
			got, err := DecodeRecord("saved.toml", buf.Bytes())
			if err != nil {
				t.Fatalf("a record gpupick wrote does not load: %v\n%s", err, buf.String())
			}
			if got.Answers.Workload != a.Workload {
				t.Errorf("workload %q, want %q", got.Answers.Workload, a.Workload)
			}
		})
	}
}

// A whole number too large for the decoder (batch = 99999999999999999999)
// is refused as its flag refuses the same digits, stating the range the
// answer takes, named by its record key, in both languages; never the
// decoder's "out of range for int64".
func TestDecodeRecordOverflowStatesTheRange(t *testing.T) {
	for _, c := range []struct{ key, num string }{
		{"batch", "99999999999999999999"},
		{"context", "-99999999999999999999"},
		{"gpus", "99999999999999999999"},
		{"max_nodes", "99999999999999999999"},
	} {
		t.Run(c.key, func(t *testing.T) {
			_, err := DecodeRecord("r.toml", []byte("[answers]\nmodel = \"llama-3.1-8b\"\n"+c.key+" = "+c.num+"\n"))
			var fe *model.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("%s = %s: %v, want the answer's error", c.key, c.num, err)
			}
			spec := specByKey(t, c.key)
			flagErr := spec.Parse(c.num, &model.Answers{}, nil)
			var want *model.FieldError
			if !errors.As(flagErr, &want) {
				t.Fatalf("--%s %s is accepted: %v", spec.Name, c.num, flagErr)
			}
			want.Field = fe.Field // the record names the key, the flag itself
			for _, zh := range []bool{false, true} {
				if fe.Text(zh) != want.Text(zh) || fe.FixText(zh) != want.FixText(zh) || fe.FixText(zh) == "" {
					t.Errorf("zh=%v: %q (%q), want the flag's %q (%q)", zh, fe.Text(zh), fe.FixText(zh), want.Text(zh), want.FixText(zh))
				}
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "r.toml:3: [answers] "+c.key+" ") || strings.Contains(msg, "int64") {
				t.Errorf("%s", msg)
			}
		})
	}
}

// specByKey is the answer stored under a record key.
func specByKey(t *testing.T, key string) *model.AnswerSpec {
	t.Helper()
	reg := model.Registry()
	for i := range reg {
		if reg[i].Key == key {
			return &reg[i]
		}
	}
	t.Fatalf("no answer stored as %q", key)
	return nil
}
