package data

import (
	"bytes"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gpupick/gpupick/model"
)

func sampleRecord() model.Record {
	a := model.DefaultAnswers()
	a.Budget = model.Budget{Amount: 2.5, Period: model.BudgetHourly, Currency: model.USD}
	a.Providers = []string{"aws", "gcp"}
	a.Interruptible = true
	off := &model.Offer{Provider: "aws", InstanceType: "g5.xlarge"}
	return model.Record{
		SchemaVersion: model.RecordSchemaVersion,
		Created:       time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC),
		Tool:          "gpupick test",
		Catalog:       model.CatalogInfo{Origin: "embedded", SnapshotDate: "2026-11-29"},
		Answers:       a,
		Requirement: model.Requirement{VRAMGiB: 17.5, Breakdown: model.Breakdown{WeightsGiB: 15, KVCacheGiB: 1, OverheadGiB: 1.5},
			Assumptions: []string{"bf16 weights: 2 bytes per parameter"}},
		Choice: &model.Recommendation{Offer: off, Provider: "aws", InstanceType: "g5.xlarge", GPU: "A10G", GPUCount: 1, Nodes: 1,
			VRAMGiB: 24, PriceModel: model.PriceOnDemand, HourlyUSD: 1.006, TotalUSD: 734.9, WithinBudget: true,
			PriceModels: []model.PriceQuote{{Name: model.PriceOnDemand, HourlyUSD: 1.006, TotalUSD: 734.9}},
			Warnings:    []model.Warning{{Code: model.WarnVRAMTight, Severity: model.SeverityWarn, Message: "tight"}}},
	}
}

func TestRecordRoundTrip(t *testing.T) {
	rec := sampleRecord()
	path := filepath.Join(t.TempDir(), "gpupick.toml")
	if err := WriteRecord(path, rec, false); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	rec.Choice.Offer = nil // not part of the record
	if !reflect.DeepEqual(got, rec) {
		t.Errorf("round trip changed the record:\n got %+v\nwant %+v", got, rec)
	}
	b, _ := os.ReadFile(path)
	for _, want := range []string{"schema_version = 1", "[answers]", "[requirement.breakdown]", "[choice]", "[[choice.warnings]]"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("record lacks %q:\n%s", want, b)
		}
	}
}

func TestWriteRecordOverwrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.toml")
	if err := os.WriteFile(path, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteRecord(path, sampleRecord(), false)
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("want fs.ErrExist, got %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "keep me" {
		t.Fatalf("existing file changed: %q", b)
	}
	if err := WriteRecord(path, sampleRecord(), true); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRecord(path); err != nil {
		t.Fatal(err)
	}
	// No temporary files are left behind.
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries, want 1", len(ents))
	}
}

func TestDecodeRecordErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"unknown key", "schema_version = 1\n[answers]\nworkload = \"inference\"\nmodel = \"llama-3.1-8b\"\ncontxt = 4096\n",
			[]string{"r.toml:5", `"answers.contxt"`, "unknown key"}},
		{"wrong type", "[answers]\nworkload = \"inference\"\nparams_b = 8\ncontext = \"long\"\n",
			[]string{"r.toml:4", "context"}},
		{"bad syntax", "[answers\nworkload = 1\n", []string{"r.toml:2", "table name"}},
		{"bad workload", "[answers]\nworkload = \"dance\"\nparams_b = 8\n", []string{"workload", "dance", "inference, finetune"}},
		{"no answers", "schema_version = 1\n", []string{"no [answers] table"}},
		{"future schema", "schema_version = 99\n[answers]\nworkload = \"inference\"\nparams_b = 8\n", []string{"schema_version 99", "upgrade"}},
		{"defaults filled", "[answers]\nworkload = \"inference\"\nparams_b = 8\n[choice]\ngpu_count=1\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeRecord("r.toml", []byte(tt.in))
			if tt.want == nil {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestDecodeBareAnswers(t *testing.T) {
	in := "[answers]\nworkload = \"qlora\"\nparams_b = 65\nprecision = \"int4\"\n"
	rec, err := DecodeRecord("a.toml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Answers.Workload != model.WorkloadQLoRA || rec.Answers.ParamsB != 65 || rec.Answers.Precision != model.INT4 {
		t.Errorf("answers = %+v", rec.Answers)
	}
}

// A record keeps the precision it was written with: a record from before
// auto with precision = "bf16" stays bf16 (never the checkpoint's format);
// "auto" and a record without the key are the checkpoint's (auto), and
// each survives a round trip.
func TestRecordPrecision(t *testing.T) {
	for _, tc := range []struct {
		line string
		want model.Precision
	}{
		{"precision = \"bf16\"\n", model.BF16},
		{"precision = \"fp8\"\n", model.FP8},
		{"precision = \"auto\"\n", model.PrecisionAuto},
		{"", model.PrecisionAuto},
	} {
		rec, err := DecodeRecord("a.toml", []byte("[answers]\nworkload = \"inference\"\nmodel = \"deepseek-v3\"\n"+tc.line))
		if err != nil || rec.Answers.Precision != tc.want {
			t.Errorf("%q: precision %q, %v; want %q", tc.line, rec.Answers.Precision, err, tc.want)
			continue
		}
		var buf bytes.Buffer
		if err := EncodeRecord(&buf, rec); err != nil {
			t.Fatal(err)
		}
		if again, err := DecodeRecord("a.toml", buf.Bytes()); err != nil || again.Answers.Precision != tc.want {
			t.Errorf("%q: after a round trip %q, %v", tc.line, again.Answers.Precision, err)
		}
	}
}

func FuzzDecodeRecord(f *testing.F) {
	var buf bytes.Buffer
	if err := EncodeRecord(&buf, sampleRecord()); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("[answers]\nworkload = \"inference\"\nparams_b = 8\n"))
	f.Add([]byte("[answers]\nworkload = \"inference\"\nmodel = \"deepseek-v3\"\nprecision = \"auto\"\n"))
	f.Add([]byte("[answers\n"))
	f.Add([]byte("[answers]\nbatch = 99999999999999999999\ncontext = -99999999999999999999\n"))
	f.Add([]byte("[answers]\nparams_b = 8.0\nduration_mode = \"wallclock\"\njob_tokens = 2e9\nproviders = [\"aws\"]\nexclude_providers = [\"aws\"]\n[choice]\nprovider = \"aws\"\ninstance_type = \"p5\\nx\"\ngpu_count = -8\n"))
	f.Add([]byte("schema_version = -1\n[answers]\n"))
	f.Add([]byte("[answers]\nworkload = \"inference\"\nparams_b = nan\n"))
	f.Add([]byte("[answers]\nworkload = \"inference\"\nparams_b = 8\nduration_hours = inf\n"))
	f.Add([]byte("[answers]\nworkload = \"inference\"\nparams_b = 1e300\n"))
	f.Add([]byte("[answers]\nworkload = \"inference\"\nparams_b = 8\n[answers.budget]\namount = -nan\n"))
	f.Add([]byte("[answers]\nworkload = \"inference\"\nparams_b = 8\nmodel = \"x\\u001b[31m\\u0007\"\nproviders = [\"aws\\u202e\"]\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		rec, err := DecodeRecord("f.toml", b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.toml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		// A record that decodes holds only finite numbers in range.
		if err := rec.Answers.Validate(); err != nil {
			t.Fatalf("decoded answers are not valid: %v", err)
		}
		a := rec.Answers
		for _, v := range []float64{a.ParamsB, a.KnownVRAMGiB, a.DurationHours, a.HoursPerWeek, a.JobTokens, a.Budget.Amount, a.DataGB, a.EgressGB} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("non-finite answer decoded: %+v", a)
			}
		}
		// A record that decodes encodes again and decodes to the same answers.
		var out bytes.Buffer
		if err := EncodeRecord(&out, rec); err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		again, err := DecodeRecord("f.toml", out.Bytes())
		if err != nil {
			t.Fatalf("re-decode: %v\n%s", err, out.Bytes())
		}
		if !reflect.DeepEqual(again.Answers, rec.Answers) {
			t.Fatalf("answers changed on round trip")
		}
		if s, bad := unsafeString(&rec); bad {
			t.Fatalf("decoded record keeps a terminal control: %q", s)
		}
	})
}

// Gradient checkpointing defaults to on when a file does not mention it,
// and an explicit false survives a round trip.
func TestRecordGradCheckpointingDefault(t *testing.T) {
	rec, err := DecodeRecord("a.toml", []byte("[answers]\nworkload = \"lora\"\nparams_b = 8\n"))
	if err != nil || !rec.Answers.GradCheckpointing {
		t.Fatalf("missing key: checkpointing %v, %v", rec.Answers.GradCheckpointing, err)
	}
	rec.Answers.GradCheckpointing = false
	var buf bytes.Buffer
	if err := EncodeRecord(&buf, rec); err != nil {
		t.Fatal(err)
	}
	again, err := DecodeRecord("a.toml", buf.Bytes())
	if err != nil || again.Answers.GradCheckpointing {
		t.Fatalf("explicit false lost: %v, %v\n%s", again.Answers.GradCheckpointing, err, buf.Bytes())
	}
}

// A record's strings are cleaned of terminal controls as it is read.
func TestDecodeRecordCleansStrings(t *testing.T) {
	in := "[answers]\nworkload = \"inference\"\nmodel = \"my\\u001b[31m-model\\u0007\"\nproviders = [\"aws\\u202e\"]\n"
	rec, err := DecodeRecord("a.toml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Answers.Model != "my-model" || strings.Join(rec.Answers.Providers, ",") != "aws" {
		t.Errorf("answers %q %q", rec.Answers.Model, rec.Answers.Providers)
	}
}
