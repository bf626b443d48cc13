package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model/verify"
)

// saveRecord runs recommend with args and saves the record.
func saveRecord(t *testing.T, args ...string) string {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	var out, errb bytes.Buffer
	if code := Main(append([]string{"recommend", "--top", "1", "--format", "toml", "--lang", "en"}, args...), nil, &out, &errb); code != exitOK {
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
	t.Setenv("COLUMNS", "1000") // the words, not the layout (TestCatalogFitsTheWidth)
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	fixtures := filepath.Join("..", "model", "probe", "testdata")
	tests := []struct {
		dir      string
		code     int
		contains []string
	}{
		{"a6000-pcie-4", exitFail, []string{"GPU model", "FAIL", "NVIDIA RTX A6000"}},
		{"rtx4090-pcie-8", exitFail, []string{"GPU link", "NVSwitch (NVLink between every pair)", "PCIe only"}},
		{"container-limited", exitFail, []string{"of 112 on the host", "a container may use"}},
		{"p5-nvme-8", exitOK, []string{"NVMe disks: 8, 30726 GB in all", "pass", "Hints:", "`meminfo.txt`"}},
		{"p5-no-nvme", exitFail, []string{"no local NVMe disk", "FAIL", "network volumes"}},
		{"p5-4xlarge", exitFail, []string{"NVMe disks: 1, 3841 GB in all"}},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := Main([]string{"verify", rec, "--from", filepath.Join(fixtures, tc.dir)}, nil, &out, &errb)
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
	if code := Main([]string{"verify", rec, "--from", filepath.Join(fixtures, "missing")}, nil, &out, &errb); code != exitUsage {
		t.Errorf("missing folder: exit %d", code)
	}
}

// verifyJSON runs verify --json on a fixture and returns its exit code and
// checks by ID.
func verifyJSON(t *testing.T, rec, dir string, args ...string) (int, map[string]verify.Check) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(append([]string{"verify", rec, "--from", filepath.Join("..", "model", "probe", "testdata", dir), "--json"}, args...), nil, &out, &errb)
	var checks []verify.Check
	if err := json.Unmarshal(out.Bytes(), &checks); err != nil {
		t.Fatalf("%s: %v: %s %s", dir, err, out.String(), errb.String())
	}
	byID := map[string]verify.Check{}
	for _, c := range checks {
		byID[c.ID] = c
	}
	return code, byID
}

// The local NVMe check decides verify's exit code: an 8×H100 record whose
// offer promises 8 local NVMe disks exits 0 on a machine that has them and
// 1 on one that has only its EBS root volume, or one disk; an offer whose
// catalog entry does not describe its local disks skips the check (it
// neither passes nor fails) on the same machine.
func TestVerifyNVMeExit(t *testing.T) {
	promised := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	// An 8×H100 offer with NVLink whose catalog entry says nothing of local
	// disks (the precondition is checked below, on the check's expected).
	unknown := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "fluidstack", "--gpu", "H100")
	tests := []struct {
		name, rec, dir string
		code           int
		pass, skipped  bool
	}{
		{"promised and present", promised, "p5-nvme-8", exitOK, true, false},
		{"promised, EBS only", promised, "p5-no-nvme", exitFail, false, false},
		{"promised 8, one found", promised, "p5-4xlarge", exitFail, false, false},
		{"not described, disks present", unknown, "p5-nvme-8", exitOK, false, true},
		{"not described, no disks", unknown, "p5-no-nvme", exitOK, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, checks := verifyJSON(t, tc.rec, tc.dir)
			c, ok := checks[verify.CheckNVMe]
			if !ok {
				t.Fatalf("no %s check: %+v", verify.CheckNVMe, checks)
			}
			if tc.rec == promised && !c.Matters || tc.rec == unknown && c.Expected != "unknown" {
				t.Fatalf("the record's offer no longer fits this case: %+v", c)
			}
			if code != tc.code || c.Pass != tc.pass || c.Skipped != tc.skipped {
				t.Errorf("exit %d, %+v; want exit %d, pass %v, skipped %v", code, c, tc.code, tc.pass, tc.skipped)
			}
			// On the 8-GPU fixtures the GPU checks pass: a failure is the
			// NVMe check's alone.
			for id, other := range checks {
				if tc.dir != "p5-4xlarge" && id != verify.CheckNVMe && !other.Pass && !other.Skipped {
					t.Errorf("%s failed too: %+v", id, other)
				}
			}
		})
	}
}

// verify --json keeps stable machine keys and English values under every
// --lang (the documented choice, see verify.Check): the JSON is the same
// byte for byte in Chinese and English, and the table is not.
func TestVerifyJSONEnglish(t *testing.T) {
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	dir := filepath.Join("..", "model", "probe", "testdata", "container-limited")
	out := map[string]string{}
	for _, args := range [][]string{{"--json", "--lang", "en"}, {"--json", "--lang", "zh"}, {"--lang", "en"}, {"--lang", "zh"}} {
		var o, e bytes.Buffer
		if code := Main(append([]string{"verify", rec, "--from", dir}, args...), nil, &o, &e); code != exitFail {
			t.Fatalf("%v: exit %d: %s", args, code, e.String())
		}
		out[strings.Join(args, " ")] = o.String()
	}
	if out["--json --lang en"] != out["--json --lang zh"] {
		t.Errorf("JSON differs by language:\nen %s\nzh %s", out["--json --lang en"], out["--json --lang zh"])
	}
	if out["--lang en"] == out["--lang zh"] {
		t.Error("the table is the same in both languages")
	}
	for _, want := range []string{`"id": "vcpus"`, `"name": "vCPUs usable"`, `"found": "32 (of 112 on the host: a container limit)"`, `"matters": true`, `"hint": "`} {
		if !strings.Contains(out["--json --lang zh"], want) {
			t.Errorf("JSON under --lang zh lacks %s:\n%s", want, out["--json --lang zh"])
		}
	}
}

// The whole of verify's Chinese output, as the command prints it on every
// fixture (stdout and stderr, usage errors included), has no English word
// left: every run of Latin letters outside `code` is a unit, a product
// name, or a name from the inputs (the record's provider, instance type
// and GPU; the GPU names and MIG profiles of the fixture's nvidia-smi).
func TestVerifyCommandChinese(t *testing.T) {
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	inputs := "aws p5.48xlarge H100 SXM5 rec.toml " + rec
	gpuNames := regexp.MustCompile(`(?m)^(?:GPU \d+: )?([^,(]+)|MIG (\S+)`)
	// The same record without its choice: the no-choice error.
	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	before, _, ok := strings.Cut(string(b), "\n[choice]")
	noChoice := filepath.Join(t.TempDir(), "nochoice.toml")
	if err := os.WriteFile(noChoice, []byte(before+"\n"), 0o644); !ok || err != nil {
		t.Fatalf("record without [choice]: %v %v", ok, err)
	}
	inputs += " " + noChoice
	dirs, _ := filepath.Glob(filepath.Join("..", "model", "probe", "testdata", "*", "gpus.csv"))
	runs := 0
	for _, f := range dirs {
		dir := filepath.Dir(f)
		names := inputs
		for _, file := range []string{"gpus.csv", "gpus-list.txt"} {
			b, _ := os.ReadFile(filepath.Join(dir, file))
			for _, m := range gpuNames.FindAllStringSubmatch(string(b), -1) {
				names += " " + m[1] + " " + m[2]
			}
		}
		for _, args := range [][]string{{"verify", rec, "--from", dir}, {"verify", "--from", dir}, {"verify", noChoice, "--from", dir}} {
			var o, e bytes.Buffer
			Main(append(args, "--lang", "zh"), nil, &o, &e)
			runs++
			if w := englishLeft(o.String()+e.String(), names); w != "" {
				t.Errorf("%s: English %q in the Chinese output:\n%s%s", dir, w, o.String(), e.String())
			}
		}
	}
	if runs < 24 {
		t.Fatalf("only %d runs", runs)
	}
}

// chineseUnits are the Latin words verify's Chinese output may hold: text
// in `code`, units and product names, the command's name, and the OS's
// words for an error (the system writes them, in English).
var chineseUnits = regexp.MustCompile("`[^`]*`|\\b(GB|GiB|MiB|kB|GPU|vCPU|CPU|NVMe|NVLink|NVSwitch|PCIe|MIG|EBS|Infinity|Fabric|gpupick|verify)\\b|(no such file or directory|not a directory|permission denied)")

// englishLeft is the first English word of a Chinese output that is none
// of chineseUnits and not in names (the inputs' words), or "".
func englishLeft(out, names string) string {
	left := chineseUnits.ReplaceAllString(out, " ")
	for _, w := range regexp.MustCompile(`[A-Za-z][A-Za-z0-9._-]*`).FindAllString(left, -1) {
		if !strings.Contains(names, w) {
			return w
		}
	}
	return ""
}

// Each error verify reports on its inputs is framed in Chinese under
// --lang zh, with its reason in Chinese too; only the paths, the text a
// malformed output quotes and the OS's own words stay as they are: a
// record or --from folder that does not exist, is not what it should be,
// or sits below a file (the OS's "not a directory"); a saved output that
// is a folder; and every probe output malformed (and the required ones
// missing). The same runs in English keep naming the input and the fault.
func TestVerifyErrorsChinese(t *testing.T) {
	rec := saveRecord(t, "--params", "70B", "--precision", "bf16", "--workload", "inference", "--provider", "aws", "--gpu", "H100")
	good := filepath.Join("..", "model", "probe", "testdata", "p5-nvme-8")
	tmp := t.TempDir()
	unreadable := filepath.Join(tmp, "unreadable")
	if err := os.MkdirAll(filepath.Join(unreadable, "gpus.csv"), 0o755); err != nil {
		t.Fatal(err)
	}
	// One malformed output per parser, each with its own fault.
	malformed := map[string]string{
		"gpus.csv": "just a name\n", "gpus-list.txt": "garbage line\n", "topo.txt": "hello\n",
		"lscpu.txt": "CPU(s): many\n", "nproc.txt": "0\n", "meminfo.txt": "MemFree: 1 kB\n",
		"lsblk.txt": "nvme0n1 1T 0 disk\n", "df.txt": "overlay 1G\n",
	}
	bad := filepath.Join(tmp, "bad")
	if err := os.MkdirAll(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	names := rec + " " + tmp + " gpus.csv" // the saved file a reason names
	for f, body := range malformed {
		if err := os.WriteFile(filepath.Join(bad, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		names += " " + body
	}
	empty := filepath.Join(tmp, "empty")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	// Saved outputs that read as no machine at all or hold a NaN: refused
	// naming the file, never read as 0 GPUs or as an unknown that FAILs
	// (issue 26); a file over the size limit is refused stating it.
	folder := func(name string, files map[string]string) string {
		d := filepath.Join(tmp, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for f, body := range files {
			if err := os.WriteFile(filepath.Join(d, f), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	const a30 = "name, memory.total [MiB], pci.bus_id\nNVIDIA A30, 24576 MiB, 00000000:18:00.0\n"
	gpusEmpty := folder("gpus-empty", map[string]string{"gpus.csv": "", "topo.txt": ""})
	gpusHeader := folder("gpus-header", map[string]string{"gpus.csv": "name, memory.total [MiB], pci.bus_id\n"})
	gpusNaN := folder("gpus-nan", map[string]string{"gpus.csv": "name, memory.total [MiB], pci.bus_id\nNVIDIA A30, NaN MiB, 00000000:18:00.0\n"})
	memNaN := folder("mem-nan", map[string]string{"gpus.csv": a30, "meminfo.txt": "MemTotal: nan kB\n"})
	large := folder("large", nil)
	if f, err := os.Create(filepath.Join(large, "gpus.csv")); err != nil {
		t.Fatal(err)
	} else {
		if err := f.Truncate(maxProbeBytes + 1); err != nil { // sparse
			t.Fatal(err)
		}
		f.Close()
	}
	names += " NaN nan MiB kB nvidia-smi memory.total pci.bus_id MemTotal"
	tests := []struct {
		name string
		args []string
		en   []string // what the English names
		zh   []string // what the Chinese says
		os   string   // the OS's words kept, if any
	}{
		{"record missing", []string{filepath.Join(tmp, "nope.toml"), "--from", good}, []string{"record", "does not exist"}, []string{"决策记录", "不存在"}, ""},
		{"record a folder", []string{tmp, "--from", good}, []string{"record", "not a regular file"}, []string{"决策记录", "不是普通文件"}, ""},
		{"record below a file", []string{filepath.Join(rec, "x.toml"), "--from", good}, []string{"record", "not a directory"}, []string{"决策记录", "系统报错"}, "not a directory"},
		{"folder missing", []string{rec, "--from", filepath.Join(tmp, "none")}, []string{"--from", "does not exist"}, []string{"`--from` 文件夹", "不存在"}, ""},
		{"folder a file", []string{rec, "--from", rec}, []string{"--from", "not a folder"}, []string{"`--from` 文件夹", "不是文件夹"}, ""},
		{"folder below a file", []string{rec, "--from", filepath.Join(rec, "d")}, []string{"--from", "not a directory"}, []string{"`--from` 文件夹", "系统报错"}, "not a directory"},
		{"output a folder", []string{rec, "--from", unreadable}, []string{"gpus.csv", "not a regular file"}, []string{"文件夹中的", "gpus.csv", "不是普通文件"}, ""},
		{"outputs missing", []string{rec, "--from", empty}, []string{"no GPU listing: save the output of `nvidia-smi --query-gpu", "as gpus.csv", "`rocm-smi --showproductname --showmeminfo vram` as rocm-smi.txt"}, []string{"没有 GPU 列表", "保存为 `gpus.csv`", "保存为 `rocm-smi.txt`"}, ""},
		{"gpus.csv empty", []string{rec, "--from", gpusEmpty}, []string{"gpus.csv: nvidia-smi --query-gpu: no GPU row: the file is empty", "save the output of `nvidia-smi --query-gpu"}, []string{"没有 GPU 行", "`gpus.csv`"}, ""},
		{"gpus.csv header only", []string{rec, "--from", gpusHeader}, []string{"gpus.csv", "no GPU row", "holds only the header"}, []string{"没有 GPU 行", "只有表头"}, ""},
		{"gpus.csv NaN memory", []string{rec, "--from", gpusNaN}, []string{"gpus.csv", "line 2: memory.total \" NaN MiB\" is not a size in MiB"}, []string{"第 2 行", "不是以 MiB 计的大小"}, ""},
		{"meminfo NaN", []string{rec, "--from", memNaN}, []string{"meminfo.txt", "MemTotal \" nan kB\" is not a size in kB"}, []string{"meminfo.txt", "不是以 kB 计的大小"}, ""},
		{"gpus.csv too large", []string{rec, "--from", large}, []string{"gpus.csv", "is larger than 1 MiB, the most gpupick reads"}, []string{"gpus.csv", "超过了 1 MiB"}, ""},
		{"outputs malformed", []string{rec, "--from", bad},
			[]string{"want name, memory.total", "nvidia-smi -L: line 1", "no header line", "is not a count", "is not a CPU count", "no MemTotal line", "is not bytes", "want Filesystem"},
			[]string{"第 1 行 \"just a name\"", "`nvidia-smi -L` 的输出", "没有以 `GPU0` 开头的表头行", "不是一个数目", "不是 CPU 数目", "没有 `MemTotal` 行", "不是字节数", "应为 `Filesystem"}, ""},
	}
	for _, tc := range tests {
		for _, lang := range []string{"en", "zh"} {
			var o, e bytes.Buffer
			if code := Main(append(append([]string{"verify"}, tc.args...), "--lang", lang), nil, &o, &e); code != exitUsage {
				t.Errorf("%s (%s): exit %d, want %d: %s", tc.name, lang, code, exitUsage, e.String())
			}
			want := tc.en
			if lang == "zh" {
				want = tc.zh
				if w := englishLeft(o.String()+e.String(), names+" "+strings.Join(tc.args, " ")); w != "" {
					t.Errorf("%s: English %q in the Chinese error:\n%s", tc.name, w, e.String())
				}
				if tc.os != "" && !strings.Contains(e.String(), tc.os) {
					t.Errorf("%s: the OS's words %q are lost:\n%s", tc.name, tc.os, e.String())
				}
			}
			for _, w := range want {
				if !strings.Contains(e.String(), w) {
					t.Errorf("%s (%s): error lacks %q:\n%s", tc.name, lang, w, e.String())
				}
			}
		}
	}
}

func TestPlanCommand(t *testing.T) {
	t.Setenv("COLUMNS", "1000") // the rule's lines whole
	rec := saveRecord(t, "--params", "8B")
	var out, errb bytes.Buffer
	if code := Main([]string{"plan", rec, "--hours", "2"}, nil, &out, &errb); code != exitOK {
		t.Fatalf("plan: %d %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"for 2 h each", "Trial total:", "Decision rule", "#!/usr/bin/env bash", "nvidia-smi topo -m", "torch", "dd ", "curl ",
		"(saved choice)", "tokens/s per stream", "GPU bandwidth per unit of hourly price", "vllm bench latency"} {
		if !strings.Contains(s, want) {
			t.Errorf("plan output lacks %q", want)
		}
	}
	if n := strings.Count(s, "\n1  ") + strings.Count(s, "\n2  ") + strings.Count(s, "\n3  "); n != 3 {
		t.Errorf("want 3 candidates, found %d rows:\n%s", n, s)
	}
	if code := Main([]string{"plan", rec, "--hours", "0"}, nil, &out, &errb); code != exitUsage {
		t.Errorf("--hours 0: exit %d", code)
	}
}

// verify on AMD machines reads rocm-smi's saved outputs: the memory and
// Infinity Fabric links of an 8-GPU node pass an MI300X choice's checks;
// its listing without product names skips the model check and says which
// output to save; the MI300X OAM's product name matches.
func TestVerifyAMD(t *testing.T) {
	rec := saveRecord(t, "--params", "405B", "--precision", "fp8", "--workload", "inference", "--gpu", "MI300X")
	_, c := verifyJSON(t, rec, "mi308x-8")
	if m, l, g := c[verify.CheckGPUMemory], c[verify.CheckGPULink], c[verify.CheckGPUModel]; !m.Pass || !l.Pass || l.Found != "Infinity Fabric" || !g.Skipped || !strings.Contains(g.Hint, "rocm-smi --showproductname --showmeminfo vram") {
		t.Errorf("mi308x-8: memory %+v link %+v model %+v", m, l, g)
	}
	_, c = verifyJSON(t, rec, "mi300x-oam-1")
	if g := c[verify.CheckGPUModel]; !g.Pass || g.Found != "AMD Instinct MI300X OAM" {
		t.Errorf("mi300x-oam-1: model %+v", g)
	}
}

// Without --from on a machine whose PATH has neither nvidia-smi nor
// rocm-smi, verify says the tools were not found and the two ways out,
// in both languages, not that a saved file is missing (issue 26).
func TestVerifyWithoutProbeTools(t *testing.T) {
	rec := saveRecord(t, "--params", "8B")
	t.Setenv("PATH", t.TempDir())
	for lang, want := range map[string]string{
		"en": "nvidia-smi, rocm-smi not found on PATH, so this machine's GPUs cannot be probed",
		"zh": "在 PATH 中找不到 nvidia-smi, rocm-smi",
	} {
		var o, e bytes.Buffer
		code := Main([]string{"verify", rec, "--lang", lang}, nil, &o, &e)
		if code != exitUsage || !strings.Contains(e.String(), want) || !strings.Contains(e.String(), "--from DIR") {
			t.Errorf("%s: exit %d: %s", lang, code, e.String())
		}
	}
}
