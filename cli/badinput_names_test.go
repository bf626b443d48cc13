package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadNamesRefused: a name the catalog does not have is refused with
// exit 2, naming what was given, the known names or the closest, in both
// languages, never taken as a filter that lists nothing (catalog list
// --gpu H1000 printed 0 offers), a provider that was not asked
// (catalog show --provider awz), or a launch file for an offer no catalog
// has (export); and two answers that contradict each other are refused
// naming both (issue 26).
func TestBadNamesRefused(t *testing.T) {
	choice := func(provider, instance, count string) string {
		return "[answers]\nmodel = \"llama-3.1-8b\"\n[choice]\nprovider = \"" + provider + "\"\ninstance_type = \"" + instance +
			"\"\ngpu = \"H100 SXM5\"\ngpu_count = " + count + "\nnodes = 1\n"
	}
	for _, tt := range []badInput{
		{"list: unknown GPU", []string{"catalog", "list", "--gpu", "H1000"}, "", 2, []string{`--gpu "H1000"`, "did you mean", `"H100`}},
		{"list: unknown GPU, zh", []string{"catalog", "list", "--gpu", "H1000", "--lang", "zh"}, "", 2, []string{`--gpu "H1000"`, "是否想填", `"H100`}},
		{"list: unknown GPU with a count", []string{"catalog", "list", "--gpu", "H1000:8"}, "", 2, []string{`--gpu "H1000"`, "did you mean"}},
		{"show: unknown provider", []string{"catalog", "show", "p5.48xlarge", "--provider", "awz"}, "", 2, []string{`--provider "awz": unknown provider (known: `, "did you mean aws?"}},
		{"show: unknown provider, zh", []string{"catalog", "show", "p5.48xlarge", "--provider", "awz", "--lang", "zh"}, "", 2, []string{`--provider "awz"：未知服务商`, "是否想填 aws？"}},
		{"export: unknown instance", []string{"export", "--to", "skypilot", "FILE"}, choice("aws", "p99.nothing", "8"), 2, []string{"[choice] aws/p99.nothing is not an offer of the catalog", "catalog list --provider aws"}},
		{"export: close instance", []string{"export", "--to", "dstack", "FILE"}, choice("aws", "p5.48xlarg", "8"), 2, []string{"aws/p5.48xlarg", "similar: p5.48xlarge"}},
		{"export: unknown instance, zh", []string{"export", "--to", "skypilot", "--lang", "zh", "FILE"}, choice("aws", "p99.nothing", "8"), 2, []string{"aws/p99.nothing 不是目录（内置）中的报价"}},
		{"export: newline in the instance", []string{"export", "--to", "skypilot", "FILE"}, choice("aws", `p5.48xlarge\nrun: rm -rf /`, "8"), 2, []string{"in.toml:5: [choice] instance_type", "control character U+000A"}},
		{"export: empty instance", []string{"export", "--to", "dstack", "FILE"}, choice("aws", "", "8"), 2, []string{"[choice] instance_type is empty"}},
		{"export: empty instance, zh", []string{"export", "--to", "dstack", "--lang", "zh", "FILE"}, choice("aws", "", "8"), 2, []string{"[choice] instance_type 为空"}},
		{"export: unknown provider", []string{"export", "--to", "skypilot", "FILE"}, choice("awz", "p5.48xlarge", "8"), 2, []string{`[choice] provider "awz": unknown provider`, "did you mean aws?"}},
		{"export: negative GPU count", []string{"export", "--to", "skypilot", "FILE"}, choice("aws", "p5.48xlarge", "-8"), 2, []string{"in.toml:7: [choice] gpu_count: -8 GPUs: want 1 to 1024"}},
		{"export: zero GPUs", []string{"export", "--to", "dstack", "FILE"}, choice("aws", "p5.48xlarge", "0"), 2, []string{"[choice] gpu_count: 0 GPUs: want 1 to 1024"}},
		{"tokens with a wallclock run", []string{"recommend", "--workload", "lora", "--tokens", "2B", "--duration-mode", "wallclock"}, "", 2, []string{`--duration-mode "wallclock": given with --tokens`, "give --duration-mode job, or leave --tokens out"}},
		{"tokens with a wallclock run, zh", []string{"recommend", "--lang", "zh", "--workload", "lora", "--tokens", "2B", "--duration-mode", "wallclock"}, "", 2, []string{"与 --tokens 同时给出", "请用 --duration-mode job"}},
		{"provider also excluded", []string{"recommend", "--provider", "aws", "--exclude-provider", "aws"}, "", 2, []string{`--exclude-provider "aws": given with --provider`, "leave it out of one of them"}},
		{"provider also excluded, zh", []string{"recommend", "--lang", "zh", "--provider", "aws", "--exclude-provider", "aws"}, "", 2, []string{"aws 既由 --provider 指定又被 --exclude-provider 排除"}},
		{"record: job tokens with a wallclock run", []string{"recommend", "--answers", "FILE"}, "[answers]\nmodel = \"llama-3.1-8b\"\nworkload = \"lora\"\nduration_mode = \"wallclock\"\njob_tokens = 2e9\n", 2, []string{"in.toml:4: [answers] duration_mode", "given with job_tokens"}},
		{"record: provider also excluded", []string{"recommend", "--answers", "FILE"}, "[answers]\nmodel = \"llama-3.1-8b\"\nproviders = [\"aws\"]\nexclude_providers = [\"aws\"]\n", 2, []string{"in.toml:4: [answers] exclude_providers", "given with providers"}},
	} {
		t.Run(tt.name, func(t *testing.T) { runBad(t, tt) })
	}
}

// TestExportKnownChoice: a record's choice the catalog has is exported
// (the refusals above are of the choice, not of every record).
func TestExportKnownChoice(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.toml")
	if err := os.WriteFile(p, []byte("[answers]\nmodel = \"llama-3.1-8b\"\n[choice]\nprovider = \"aws\"\ninstance_type = \"p5.48xlarge\"\ngpu = \"H100 SXM5\"\ngpu_count = 8\nnodes = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "export", "--to", "skypilot", p)
	if code != exitOK || !strings.Contains(out, "p5.48xlarge") {
		t.Errorf("exit %d, stderr %q, stdout %q", code, errs, out)
	}
}
