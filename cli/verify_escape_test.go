package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// terminalControls returns the runes of s a terminal acts on (C0 controls
// but tab and newline, DEL, C1 controls, bidi overrides), for the tests
// that check nothing from outside reaches stdout or stderr raw.
func terminalControls(s string) []rune {
	var out []rune
	for _, r := range s {
		if r != '\t' && r != '\n' && (unicode.IsControl(r) || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069) {
			out = append(out, r)
		}
	}
	return out
}

// A probe's output with an OSC 52 (clipboard write), a CSI 2J (clear
// screen), a BEL and C1 controls in the GPU name, a disk model and a
// line that does not parse reaches neither stdout nor stderr raw, in the
// table, the JSON and the error, in both languages; the name's text and
// Chinese around it are kept.
func TestVerifyStripsProbeEscapes(t *testing.T) {
	t.Setenv("COLUMNS", "1000") // the found values whole on one line
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	src := filepath.Join("..", "model", "probe", "testdata", "p5-nvme-8")
	dir := t.TempDir()
	for _, f := range []string{"gpus.csv", "lsblk.txt", "topo.txt"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		switch f {
		case "gpus.csv":
			s = strings.ReplaceAll(s, "NVIDIA H100", "\x1b[2J\x1b]52;c;SGVsbG8=\x07NVIDIA\u009b2J H100\x07 英伟达")
		case "lsblk.txt":
			s = strings.ReplaceAll(s, "Amazon EC2", "Amazon\x1b]0;pwned\x1b\\ EC2\u0085")
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "gpus.csv"), []byte("name\n\x1b]52;c;SGVsbG8=\x07\x1b[2Jgarbage\u009d0;x\u009c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string // on stdout, or on stderr when the run fails on the probe
	}{
		{"table", []string{"--from", dir}, "NVIDIA H100 英伟达 80GB HBM3"},
		{"table zh", []string{"--from", dir, "--lang", "zh"}, "NVIDIA H100 英伟达 80GB HBM3"},
		{"json", []string{"--from", dir, "--json"}, "NVIDIA H100 英伟达 80GB HBM3"},
		{"probe error", []string{"--from", bad}, "garbage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			Main(append([]string{"verify", rec}, tc.args...), nil, &out, &errb)
			for name, s := range map[string]string{"stdout": out.String(), "stderr": errb.String()} {
				if c := terminalControls(s); len(c) > 0 {
					t.Errorf("%s holds terminal controls %q:\n%q", name, c, s)
				}
			}
			if !strings.Contains(out.String()+errb.String(), tc.want) {
				t.Errorf("output lacks %q:\n%s%s", tc.want, out.String(), errb.String())
			}
		})
	}
}
