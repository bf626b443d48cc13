package verify

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/internal/testcheck"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
	"github.com/gpupick/gpupick/model/text"
)

// machine parses a fixture folder of model/probe/testdata.
func machine(t *testing.T, dir string) probe.Machine {
	t.Helper()
	out := map[string]string{}
	for _, c := range probe.Commands {
		if b, err := os.ReadFile(filepath.Join("..", "probe", "testdata", dir, c.File)); err == nil {
			out[c.File] = string(b)
		}
	}
	m, err := probe.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// byID indexes checks by their ID.
func byID(checks []Check) map[string]Check {
	out := map[string]Check{}
	for _, c := range checks {
		out[c.ID] = c
	}
	return out
}

// Each case names (by ID) the checks that must fail; every other check
// that is not skipped must pass.
func TestVerifyFixtures(t *testing.T) {
	h100 := model.Recommendation{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640}
	h100Offer := &model.Offer{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 80, Interconnect: model.InterconnectNVSwitch, VCPUs: 112, MemoryGiB: 503, Hyperthreaded: model.Yes}
	tests := []struct {
		name     string
		dir      string
		rec      model.Recommendation
		offer    *model.Offer
		fail     []string
		mismatch bool
	}{
		{"8xH100 NVSwitch as chosen", "h100-sxm-8", h100, h100Offer, nil, false},
		{"wrong GPU model", "h100-sxm-8", model.Recommendation{GPU: "A100-80GB SXM4", GPUCount: 8, VRAMGiB: 640}, h100Offer, []string{CheckGPUModel}, true},
		{"fewer GPUs than chosen", "a6000-pcie-4", model.Recommendation{GPU: "RTX A6000", GPUCount: 8, VRAMGiB: 384}, &model.Offer{Interconnect: model.InterconnectPCIe}, []string{CheckGPUCount}, true},
		{"4xA6000 over PCIe as chosen", "a6000-pcie-4", model.Recommendation{GPU: "RTX A6000", GPUCount: 4, VRAMGiB: 192}, &model.Offer{Interconnect: model.InterconnectPCIe}, nil, false},
		{"PCIe where NVSwitch was chosen", "rtx4090-pcie-8", model.Recommendation{GPU: "GeForce RTX 4090", GPUCount: 8, VRAMGiB: 192}, &model.Offer{Interconnect: model.InterconnectNVSwitch}, []string{CheckGPULink}, true},
		{"less memory per GPU", "a100-mig", model.Recommendation{GPU: "A100-80GB SXM4", GPUCount: 1, VRAMGiB: 80}, nil, []string{CheckGPUMemory}, true},
		{"MIG slice as chosen", "a100-mig", model.Recommendation{GPU: "A100-40GB SXM4", GPUCount: 1, VRAMGiB: 20}, nil, nil, false},
		{"container with fewer CPUs", "container-limited", h100, h100Offer, []string{CheckVCPUs}, true},
		{"RAM short", "container-limited", h100, &model.Offer{VCPUs: 32, MemoryGiB: 2048, Hyperthreaded: model.Yes}, []string{CheckRAM}, true},
		{"threads per core (does not matter)", "h100-sxm-8", h100, &model.Offer{Interconnect: model.InterconnectNVSwitch, VCPUs: 112, Hyperthreaded: model.No}, []string{CheckThreads}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checks := Compare(tc.rec, tc.offer, machine(t, tc.dir), "en")
			fail := map[string]bool{}
			for _, f := range tc.fail {
				fail[f] = true
				if c, ok := byID(checks)[f]; !ok || c.Pass || c.Skipped {
					t.Errorf("%s: want a failure, got %+v", f, c)
				}
			}
			for _, c := range checks {
				if !fail[c.ID] && !c.Pass && !c.Skipped {
					t.Errorf("%s failed: expected %s, found %s", c.Name, c.Expected, c.Found)
				}
			}
			if got := Mismatch(checks); got != tc.mismatch {
				t.Errorf("Mismatch = %v, want %v", got, tc.mismatch)
			}
		})
	}
}

// Local-disk texts of the embedded catalog, as they are written there.
const (
	nvmeP5        = "8 x 3800 GB ssd (NVMe) (this size, per SkyPilot); p5.48xlarge 8x3800 GB NVMe; p5.4xlarge 1x3800 GB; ephemeral instance store: data lost on stop/hibernate/terminate, kept on reboot"
	nvmeP54x      = "3800 GB ssd (NVMe) (this size, per SkyPilot); p5.48xlarge 8x3800 GB NVMe; p5.4xlarge 1x3800 GB; ephemeral instance store: data lost on stop/hibernate/terminate, kept on reboot"
	nvmeEBSOnly   = "none (EBS only)"
	nvmeGCPOption = "optional Local SSD (not bundled); Local SSD is discarded on stop unless --discard-local-ssd=False (preserving costs extra, has limits); lost on Spot preemption"
	nvmeRunPod    = "container disk erased on stop; volume disk (/workspace) persists across stop, erased on delete; network volume persists after delete"
)

// nvmeOffer is an 8×H100 NVSwitch offer whose local disks are described
// by text.
func nvmeOffer(text string) *model.Offer {
	o := model.Offer{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 80, Interconnect: model.InterconnectNVSwitch}
	return new(o.WithDetail(model.OfferDetail{LocalNVMe: text}))
}

// The local NVMe check on the lsblk fixtures: it fails (and makes verify
// exit 1) when the offer promises local NVMe the machine lacks or has
// fewer or smaller of, passes when the machine has it, and is skipped (not
// passed) when the catalog does not say or lsblk was not probed.
func TestVerifyNVMe(t *testing.T) {
	h100 := model.Recommendation{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640}
	tests := []struct {
		name, dir, text        string
		pass, skipped, matters bool
		hint                   bool
	}{
		{"8 instance-store disks as promised", "p5-nvme-8", nvmeP5, true, false, true, false},
		{"EBS root only where 8 were promised", "p5-no-nvme", nvmeP5, false, false, true, true},
		{"1 disk where 8 were promised", "p5-4xlarge", nvmeP5, false, false, true, true},
		{"1 disk as promised for p5.4xlarge", "p5-4xlarge", nvmeP54x, true, false, true, false},
		{"no local disk promised", "p5-no-nvme", nvmeEBSOnly, true, false, false, false},
		{"the catalog does not say", "p5-nvme-8", "", false, true, false, false},
		{"a local disk not called NVMe", "p5-no-nvme", nvmeRunPod, false, true, false, false},
		{"optional local SSD", "p5-no-nvme", nvmeGCPOption, false, true, false, false},
		{"promised, lsblk not probed", "h100-sxm-8", nvmeP5, false, true, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := h100
			m := machine(t, tc.dir)
			if len(m.GPUs) == 1 {
				rec = model.Recommendation{GPU: "H100 SXM5", GPUCount: 1, VRAMGiB: 80}
			}
			checks := Compare(rec, nvmeOffer(tc.text), m, "en")
			c := byID(checks)[CheckNVMe]
			if c.Pass != tc.pass || c.Skipped != tc.skipped || c.Matters != tc.matters || (c.Hint != "") != tc.hint {
				t.Errorf("got %+v, want pass %v skipped %v matters %v hint %v", c, tc.pass, tc.skipped, tc.matters, tc.hint)
			}
			// The GPUs match in every case with 8 GPUs: the NVMe check alone
			// decides the mismatch.
			if rec.GPUCount == 8 {
				if got, want := Mismatch(checks), tc.matters && !tc.pass && !tc.skipped; got != want {
					t.Errorf("Mismatch = %v, want %v: %+v", got, want, checks)
				}
			}
		})
	}
	// A network volume attached over NVMe is not local NVMe.
	m := probe.Machine{GPUs: []probe.GPU{{Name: "NVIDIA L4", MemoryMiB: 23034}}, Disks: []probe.Disk{{Name: "nvme0n1", SizeBytes: 1e12, Type: "disk", Model: "nvme_card-pd"}}}
	rec := model.Recommendation{GPU: "L4", GPUCount: 1, VRAMGiB: 24}
	if c := byID(Compare(rec, nvmeOffer("1x600 GB NVMe SSD"), m, "en"))[CheckNVMe]; c.Pass || c.Skipped || !c.Matters {
		t.Errorf("a GCP persistent disk where local NVMe was promised: %+v", c)
	}
	m.Disks = append(m.Disks, probe.Disk{Name: "nvme1n1", SizeBytes: 6e11, Type: "disk", Model: "Amazon EC2 NVMe Instance Storage"})
	if c := byID(Compare(rec, nvmeOffer("1x600 GB NVMe SSD"), m, "en"))[CheckNVMe]; !c.Pass {
		t.Errorf("instance NVMe present: %+v", c)
	}
}

// parseNVMePromise on the local-disk texts of the embedded catalog, one of
// each shape.
func TestParseNVMePromise(t *testing.T) {
	const gib, tb = 1 << 30, 1e12
	tests := []struct {
		in    string
		kind  nvmeKind
		disks int
		bytes float64
	}{
		{nvmeP5, nvmeYes, 8, 8 * 3800e9},
		{nvmeP54x, nvmeYes, 0, 3800e9},
		{"2 x 450 GB ssd (NVMe) (this size, per SkyPilot); 250 GB - 4x1900 GB NVMe", nvmeYes, 2, 900e9},
		{"28000 GiB local storage (8 NVMe drives)", nvmeYes, 8, 28000 * gib},
		{"1-4 x 960 GiB NVMe + 64-256 GiB temp disk", nvmeYes, 1, 960 * gib},
		{"16x3.84 TB NVMe (~54-61 TB); persistence across stop not verified", nvmeYes, 16, 16 * 3.84 * tb},
		{"7.68 TB NVMe SSD (2 drives); persistence across stop not verified", nvmeYes, 2, 7.68 * tb},
		{"bundled Local SSD 375 / 750 / 1500 / 3000 GiB (1g/2g/4g/8g); Local SSD is discarded on stop", nvmeYes, 0, 375 * gib},
		{"bundled Local SSD 12000 GiB; Local SSD is discarded on stop", nvmeYes, 0, 12000 * gib},
		{"local NVMe (root) is ephemeral: there is no stop state; terminate destroys it (third-party profile)", nvmeYes, 0, 0},
		{"local NVMe SSD, 1 元/GB/月", nvmeYes, 0, 0},
		{nvmeEBSOnly, nvmeNone, 0, 0},
		{"none listed (block volumes)", nvmeNone, 0, 0},
		{"none (cloud disks: ESSD/ESSD AutoPL/SSD/ultra)", nvmeNone, 0, 0},
		{nvmeGCPOption, nvmeOptional, 0, 0},
		{"optional elastic ephemeral disk; otherwise cloud disks", nvmeOptional, 0, 0},
		{"1 local disk 6000 GiB", nvmeUnlisted, 0, 0},
		{"1 temp disk 176-2816 GiB (temporary)", nvmeUnlisted, 0, 0},
		{nvmeRunPod, nvmeUnlisted, 0, 0},
		{"", nvmeUnknown, 0, 0},
		{"1e400 x 9" + strings.Repeat("9", 400) + " TB NVMe", nvmeYes, 0, 0},
		{"2 x 900000000 TB NVMe", nvmeYes, 0, 0},
	}
	for _, tc := range tests {
		got := parseNVMePromise(tc.in)
		if got.kind != tc.kind || got.disks != tc.disks || !testcheck.NearAbs(got.bytes, tc.bytes, 1) {
			t.Errorf("%q: %+v, want kind %d, %d disks, %.0f bytes", tc.in, got, tc.kind, tc.disks, tc.bytes)
		}
	}
}

func FuzzParseNVMePromise(f *testing.F) {
	for _, s := range []string{nvmeP5, nvmeP54x, nvmeEBSOnly, nvmeGCPOption, nvmeRunPod, "28000 GiB local storage (8 NVMe drives)", "1-4 x 960 GiB NVMe", "99999999999999999999 x 1 TB nvme"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := parseNVMePromise(s)
		if p.disks < 0 || p.bytes < 0 || !(p.bytes <= maxDiskBytes) || p.kind > nvmeYes {
			t.Fatalf("%q: %+v", s, p)
		}
		if p.kind != nvmeYes && (p.disks != 0 || p.bytes != 0) {
			t.Fatalf("%q: a size without a promise: %+v", s, p)
		}
	})
}

// TestVerifyTextsBothLanguages checks verify's table with text.Check: every
// key has an English and a Chinese text taking the same arguments, the
// Chinese has Chinese in it, and the header has as many columns in both.
func TestVerifyTextsBothLanguages(t *testing.T) {
	for _, p := range text.Check(verifyTexts, vCount) {
		t.Error(p)
	}
	for k := verifyKey(0); k < vCount && int(k) < len(verifyTexts); k++ {
		p := verifyTexts[k]
		if k != vNothing && !hasHan(p[langZH]) {
			t.Errorf("key %d (%q): Chinese text has no Chinese: %q", k, p[langEN], p[langZH])
		}
		if strings.Count(p[langEN], "\t") != strings.Count(p[langZH], "\t") {
			t.Errorf("%q: the Chinese has other columns", p[langEN])
		}
	}
}

// TestVerifyProbeFaultsChinese: every fault of a probe output has a
// Chinese text taking the English one's arguments with the same verbs, and
// ProbeErrorText words each in Chinese (its English the probe's own
// text) with the file and the command named.
func TestVerifyProbeFaultsChinese(t *testing.T) {
	for f := probe.Fault(0); f < probe.FaultCount; f++ {
		zh, ok := probeFaultsZH.Get()[f]
		if !ok || !hasHan(zh) {
			t.Errorf("fault %d (%q): Chinese %q", f, probe.FaultText(f), zh)
			continue
		}
		for _, p := range text.CheckPair(text.Pair{probe.FaultText(f), zh}, true) {
			t.Errorf("fault %d: %s", f, p)
		}
	}
	_, err := probe.Parse(map[string]string{"gpus.csv": "H100, lots MiB\n", "topo.txt": "hello\n"})
	if err == nil {
		t.Fatal("no error")
	}
	if got := ProbeErrorText(err, "en"); got != err.Error() {
		t.Errorf("English %q, want the probe's %q", got, err.Error())
	}
	zh := ProbeErrorText(err, "zh")
	for _, want := range []string{"探测输出 `gpus.csv`（`nvidia-smi --query-gpu` 的输出）有误：第 1 行：`memory.total` \" lots MiB\" 不是以 MiB 计的大小", "探测输出 `topo.txt`（`nvidia-smi topo -m` 的输出）有误：没有以 `GPU0` 开头的表头行"} {
		if !strings.Contains(zh, want) {
			t.Errorf("Chinese lacks %q:\n%s", want, zh)
		}
	}
}

// zhAllowed are the ASCII words a Chinese verify output may hold: units,
// product and interface names that have no Chinese name, and the verdict
// line's program name. Names taken from the inputs (GPU, provider,
// instance type, MIG profile) are allowed per case.
var zhAllowed = map[string]bool{
	"GB": true, "GiB": true, "MiB": true, "GPU": true, "vCPU": true, "CPU": true, "NVMe": true, "NVLink": true,
	"NVSwitch": true, "PCIe": true, "MIG": true, "EBS": true, "Infinity": true, "Fabric": true,
}

var (
	asciiWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9._-]*`)
	codeSpan  = regexp.MustCompile("`[^`]*`")
)

// englishWords lists the ASCII words of s outside `code` spans that are
// neither in zhAllowed nor among the words of names.
func englishWords(s string, names ...string) []string {
	allowed := map[string]bool{}
	for _, n := range names {
		for _, w := range asciiWord.FindAllString(n, -1) {
			allowed[w] = true
		}
	}
	var out []string
	for _, w := range asciiWord.FindAllString(codeSpan.ReplaceAllString(s, ""), -1) {
		if !zhAllowed[w] && !allowed[w] {
			out = append(out, w)
		}
	}
	return out
}

// renderVerify is the whole text of verify's table in language, as the
// CLI prints it (title, header, rows, hints, the mismatch line).
func renderVerify(rec model.Recommendation, checks []Check, language string) string {
	var b strings.Builder
	b.WriteString(Title(rec, language) + "\n" + Header(language) + "\n")
	for _, c := range checks {
		b.WriteString(strings.Join([]string{c.Name, c.Expected, c.Found, Result(c, language)}, "\t") + "\n")
	}
	b.WriteString(strings.Join(Hints(checks, language), "\n") + "\n" + MismatchLine(language) + "\n")
	b.WriteString(NoRecord(language) + "\n" + NoChoice("rec.toml", language) + "\n")
	return b.String()
}

// TestSpotOneName: a verify text that names spot in English names it with
// the price model's Chinese name (model's, which the CLI and the wizard
// print too), and 抢占式 stands only where the English names preemptible
// capacity (advisor's TestSpotOneName, on verify's table).
func TestSpotOneName(t *testing.T) {
	spot := model.PriceSpot.Name().ZH
	pairs := []text.Pair(verifyTexts)
	for _, p := range append(text.Term(pairs, text.EN, "spot", spot), text.Term(pairs, text.ZH, "抢占式", "preemptible")...) {
		t.Error(p)
	}
}

// Every phrase of verify is Chinese under zh: over every fixture and
// offers of every kind (link, hyperthreading, local disks, not in the
// catalog), the Chinese output has no English word but units, product
// names and the names of the inputs; the English output has no Chinese.
func TestVerifyChineseHasNoEnglish(t *testing.T) {
	if got := englishWords("GPU 型号 not probed `lsblk -b`"); !slices.Equal(got, []string{"not", "probed"}) {
		t.Fatalf("the scan misses English: %v", got)
	}
	dirs, err := filepath.Glob(filepath.Join("..", "probe", "testdata", "*", "gpus.csv"))
	if err != nil || len(dirs) < 8 {
		t.Fatalf("fixtures %v %v", dirs, err)
	}
	var offers []*model.Offer
	for _, ic := range []model.Interconnect{model.InterconnectNVSwitch, model.InterconnectNVLink, model.InterconnectPCIe, model.InterconnectInfinityFabric, model.InterconnectUnknown} {
		for _, ht := range []model.Tri{model.Yes, model.No, model.Unknown} {
			for _, disk := range []string{nvmeP5, nvmeP54x, nvmeEBSOnly, nvmeGCPOption, nvmeRunPod, "local NVMe (root) is ephemeral", ""} {
				o := model.Offer{GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 80, Interconnect: ic, VCPUs: 192, MemoryGiB: 2048, Hyperthreaded: ht}
				offers = append(offers, new(o.WithDetail(model.OfferDetail{LocalNVMe: disk})))
			}
		}
	}
	offers = append(offers, nil, &model.Offer{})
	recs := []model.Recommendation{
		{Provider: "aws", InstanceType: "p5.48xlarge", GPU: "H100 SXM5", GPUCount: 8, VRAMGiB: 640},
		{Provider: "runpod", InstanceType: "1x A100 SXM", GPU: "A100-40GB SXM4", GPUCount: 1, VRAMGiB: 20},
	}
	seen := map[string]bool{}
	for _, dir := range dirs {
		dir = filepath.Dir(dir)
		m := machine(t, filepath.Base(dir))
		var names []string
		for _, g := range m.GPUs {
			names = append(names, g.Name)
		}
		for _, g := range m.MIG {
			names = append(names, g.Profile)
		}
		for _, rec := range recs {
			for _, o := range offers {
				zh := Compare(rec, o, m, "zh")
				out := renderVerify(rec, zh, "zh")
				if bad := englishWords(out, append(names, rec.GPU, rec.Provider, rec.InstanceType, "rec.toml")...); len(bad) > 0 {
					t.Fatalf("%s: English in the Chinese output %v:\n%s", dir, bad, out)
				}
				if en := renderVerify(rec, Compare(rec, o, m, "en"), "en"); hasHan(en) {
					t.Fatalf("%s: Chinese in the English output:\n%s", dir, en)
				}
				for _, c := range zh {
					seen[c.ID+" "+Result(c, "en")] = true
					seen[c.ID] = true
				}
			}
		}
	}
	// The matrix reaches every check and every verdict, so the scan above
	// read every phrase of every kind.
	for _, id := range []string{CheckGPUModel, CheckGPUCount, CheckGPUMemory, CheckGPULink, CheckHost, CheckVCPUs, CheckThreads, CheckRAM, CheckNVMe,
		CheckNVMe + " pass", CheckNVMe + " FAIL", CheckNVMe + " skipped", CheckThreads + " differs (does not matter)", CheckVCPUs + " FAIL"} {
		if !seen[id] {
			t.Errorf("no case reached %q", id)
		}
	}
}

// TestVerifyReadError: every reason an input cannot be read is worded in
// both languages around the input's name; the OS's words, a size limit
// and a decoder's or another error's text are kept as they are.
func TestVerifyReadError(t *testing.T) {
	for in := InputRecord; in <= InputFromFile; in++ {
		for f := ReadNotExist; f <= ReadOther; f++ {
			for _, lang := range []string{"en", "zh"} {
				got := ReadErrorText(in, "x/in", f, "the detail", lang)
				if !strings.Contains(got, "x/in") || strings.Contains(got, "%!") {
					t.Errorf("input %d, reason %d (%s): %q", in, f, lang, got)
				}
				if keep := f == ReadOS || f == ReadBadRecord || f == ReadOther || f == ReadTooLarge; keep != strings.Contains(got, "the detail") {
					t.Errorf("input %d, reason %d (%s): %q keeps the detail: %v, want %v", in, f, lang, got, !keep, keep)
				}
				if lang == "zh" && !hasHan(strings.ReplaceAll(got, "the detail", "")) {
					t.Errorf("input %d, reason %d: no Chinese in %q", in, f, got)
				}
			}
		}
	}
}

// hasHan reports whether s holds a Chinese character or a CJK or
// full-width punctuation mark (the test of advisor's and model's texts).
func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return r >= 0x4e00 && r <= 0x9fff || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
	})
}

// A file over its size limit is refused stating the limit, in both
// languages (the sentence said "larger than gpupick reads"); without the
// limit the sentence still reads.
func TestVerifyReadTooLargeStatesTheLimit(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		got := ReadErrorText(InputFromFile, "p/gpus.csv", ReadTooLarge, "1 MiB", lang)
		if !strings.Contains(got, "p/gpus.csv") || !strings.Contains(got, "1 MiB") {
			t.Errorf("%s: %q", lang, got)
		}
		if got := ReadErrorText(InputFromFile, "p/gpus.csv", ReadTooLarge, "", lang); strings.Contains(got, "%!") || strings.Contains(got, "  ") {
			t.Errorf("%s without a limit: %q", lang, got)
		}
	}
}

// Without nvidia-smi or rocm-smi on PATH verify names the tools and the
// two ways out (run it on the GPU machine, or --from), in both languages.
func TestNoProbeTool(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {"nvidia-smi, rocm-smi not found on PATH", "run gpupick verify on the rented GPU machine", "--from DIR"},
		"zh": {"在 PATH 中找不到 nvidia-smi, rocm-smi", "租用的 GPU 机器", "--from DIR"},
	} {
		got := NoProbeTool([]string{"nvidia-smi", "rocm-smi"}, lang)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", lang, got, w)
			}
		}
	}
}
