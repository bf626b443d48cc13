package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// saveRecord runs recommend with args and saves the record.
func saveRecord(t *testing.T, args ...string) string {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	var out, errb bytes.Buffer
	if code := run(append([]string{"recommend", "--top", "1", "--format", "toml", "--lang", "en"}, args...), nil, &out, &errb); code != exitOK {
		t.Fatalf("recommend: %d %s", code, errb.String())
	}
	f := filepath.Join(t.TempDir(), "rec.toml")
	if err := os.WriteFile(f, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// verify --from on the fixtures: the 8×H100 node passes the GPU checks of
// an 8×H100 choice; a 4×A6000 PCIe box fails them (exit 1).
func TestVerifyCommand(t *testing.T) {
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	fixtures := filepath.Join("model", "probe", "testdata")
	tests := []struct {
		dir      string
		code     int
		contains []string
	}{
		{"a6000-pcie-4", exitFail, []string{"GPU model", "FAIL", "NVIDIA RTX A6000"}},
		{"rtx4090-pcie-8", exitFail, []string{"GPU link", "nvswitch", "pcie"}},
		{"container-limited", exitFail, []string{"of 112 on the host"}},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := run([]string{"verify", rec, "--from", filepath.Join(fixtures, tc.dir)}, nil, &out, &errb)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d: %s %s", tc.dir, code, tc.code, out.String(), errb.String())
		}
		for _, s := range tc.contains {
			if !strings.Contains(out.String(), s) {
				t.Errorf("%s: output lacks %q:\n%s", tc.dir, s, out.String())
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"verify", rec, "--from", filepath.Join(fixtures, "missing")}, nil, &out, &errb); code != exitUsage {
		t.Errorf("missing folder: exit %d", code)
	}
}

func TestPlanCommand(t *testing.T) {
	rec := saveRecord(t, "--params", "8B")
	var out, errb bytes.Buffer
	if code := run([]string{"plan", rec, "--hours", "2"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("plan: %d %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"for 2 h each", "Trial total:", "Decision rule", "#!/usr/bin/env bash", "nvidia-smi topo -m", "torch", "dd ", "curl "} {
		if !strings.Contains(s, want) {
			t.Errorf("plan output lacks %q", want)
		}
	}
	if n := strings.Count(s, "\n1  ") + strings.Count(s, "\n2  ") + strings.Count(s, "\n3  "); n != 3 {
		t.Errorf("want 3 candidates, found %d rows:\n%s", n, s)
	}
	if code := run([]string{"plan", rec, "--hours", "0"}, nil, &out, &errb); code != exitUsage {
		t.Errorf("--hours 0: exit %d", code)
	}
}
