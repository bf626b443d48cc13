package model

import (
	"reflect"
	"strings"
)

// CheckRecorded checks answers read from a decision record the way the
// flags check the same answers (ApplyGiven): has reports whether the
// record's [answers] table holds a key. Call it on the answers as decoded,
// before Normalize fills what the record left out.
//
//   - A number stored as 0 is read as the flag reads "0" (in the key's
//     unit): where the flag refuses 0 (batch, gpus, hours_per_week,
//     duration_hours, headroom_pct…), the record is refused with the
//     flag's reason and fix, never run on the default; where the flag
//     takes 0 (data_gb, egress_gb) so does the record.
//   - Two answers the flags refuse together (model with params_b,
//     job_tokens with duration_hours…) and an answer that does not apply
//     to the others (latency for lora, sharding for inference) are
//     refused when the record gives them. A key counts as given when it
//     applies, or when its value is not the one gpupick writes for an
//     answer that was not asked (the default, or what Normalize fills in
//     for the workload): a record gpupick wrote always loads.
//
// An error is a *FieldError naming the answer (its Name, as the flags'
// errors do; the record codec names the key).
func (a *Answers) CheckRecorded(has func(key string) bool) error {
	for i := range registry {
		s := &registry[i]
		if has(s.Key) && numberIsZero(a, s.Key) {
			if err := s.Parse("0"+RecordUnit(s.Key), &Answers{}, nil); err != nil {
				return s.named("0", err)
			}
		}
	}
	next := *a
	next.Normalize()
	def := DefaultAnswers()
	blank := Answers{Workload: next.Workload, JobTokens: next.JobTokens, DurationMode: a.DurationMode}
	blank.Normalize()
	given := func(id AnswerID) bool {
		s := &registry[id]
		if !has(s.Key) {
			return false
		}
		if s.AppliesTo(&next) {
			return true
		}
		v := s.Format(&next)
		return v != s.Format(&def) && v != s.Format(&blank)
	}
	raw := func(id AnswerID) string { return registry[id].Format(&next) }
	label := func(id AnswerID) string { return registry[id].Key }
	// An answer that does not apply is named first: it is the key to drop
	// (known_vram_gib for inference), not the answer it conflicts with.
	if _, err := checkApplies(&next, given, raw, label); err != nil {
		return err
	}
	if _, err := checkConflicts(given, raw, label); err != nil {
		return err
	}
	if _, err := checkContradictions(&next, given, raw, label); err != nil {
		return err
	}
	return nil
}

// RecordUnit is the unit a record key states its number in ("_hours":
// h), for reading a stored 0 as the flag reads it ("0h", not "0" that a
// duration flag refuses for its missing unit).
func RecordUnit(key string) string {
	for _, u := range []struct{ suffix, unit string }{{"_hours", "h"}, {"_minutes", "min"}, {"_gib", "GiB"}, {"_gb", "GB"}, {"_b", "B"}} {
		if strings.HasSuffix(key, u.suffix) {
			return u.unit
		}
	}
	return ""
}

// numberIsZero reports whether the Answers field stored under a record
// key is a number and 0.
func numberIsZero(a *Answers, key string) bool {
	f, ok := answerField(key)
	if !ok {
		return false
	}
	v := reflect.ValueOf(a).Elem().FieldByIndex(f)
	switch v.Kind() {
	case reflect.Int, reflect.Int64, reflect.Float64:
		return v.IsZero()
	}
	return false
}

// answerField finds the Answers field a record key is stored in (its toml
// tag).
func answerField(key string) ([]int, bool) {
	t := reflect.TypeFor[Answers]()
	for i := range t.NumField() {
		f := t.Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("toml"), ","); name == key {
			return f.Index, true
		}
	}
	return nil, false
}

// ForRecord is the answers as a decision record stores them: an answer
// that does not apply to the others (a latency class kept from before the
// wizard's workload became lora, a sharding kept from a training run now
// served) is stored as gpupick stores an answer that was not asked, its
// default, so that the record loads again (CheckRecorded refuses a record
// that gives an answer that does not apply, or job_tokens with a
// wallclock duration_mode).
func (a Answers) ForRecord() Answers {
	norm := a
	norm.Normalize()
	def := reflect.ValueOf(DefaultAnswers())
	out := a
	dst := reflect.ValueOf(&out).Elem()
	for i := range registry {
		s := &registry[i]
		if s.AppliesTo(&norm) {
			continue
		}
		if f, ok := answerField(s.Key); ok {
			dst.FieldByIndex(f).Set(def.FieldByIndex(f))
		}
	}
	// A rented period never reads a job's size (a dataset the wizard kept
	// before the run became wallclock): CheckRecorded refuses the two
	// together.
	if norm.DurationMode == DurationWallClock {
		out.JobTokens = 0
	}
	return out
}
