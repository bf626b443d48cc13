package probe

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readDir loads a fixture folder as Parse's input.
func readDir(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, c := range Commands {
		b, err := os.ReadFile(filepath.Join("testdata", dir, c.File))
		if err == nil {
			out[c.File] = string(b)
		}
	}
	return out
}

func TestFixtures(t *testing.T) {
	tests := []struct {
		dir     string
		gpus    int
		name    string
		memMiB  float64
		link    string
		migs    int
		cpus    int
		threads int
		nproc   int
	}{
		{"h100-sxm-8", 8, "NVIDIA H100 80GB HBM3", 81559, LinkNVSwitch, 0, 112, 2, 0},
		{"rtx4090-pcie-8", 8, "NVIDIA GeForce RTX 4090", 24564, LinkPCIe, 0, 0, 0, 0},
		{"a6000-pcie-4", 4, "NVIDIA RTX A6000", 49140, LinkPCIe, 0, 0, 0, 0},
		{"a100-mig", 1, "NVIDIA A100-SXM4-40GB", 40960, "", 1, 0, 0, 0},
		{"container-limited", 8, "NVIDIA H100 80GB HBM3", 81559, "", 0, 112, 2, 32},
		{"p5-nvme-8", 8, "NVIDIA H100 80GB HBM3", 81559, LinkNVSwitch, 0, 0, 0, 0},
		{"p5-no-nvme", 8, "NVIDIA H100 80GB HBM3", 81559, LinkNVSwitch, 0, 0, 0, 0},
		{"p5-4xlarge", 1, "NVIDIA H100 80GB HBM3", 81559, "", 0, 0, 0, 0},
		// AMD: rocm-smi's listing and link types.
		{"mi300x-oam-1", 1, "AMD Instinct MI300X OAM", 0, "", 0, 0, 0, 0},
		{"mi308x-8", 8, "", 206141652992.0 / (1 << 20), LinkInfinityFabric, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			m, err := Parse(readDir(t, tc.dir))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.GPUs) != tc.gpus || m.GPUs[0].Name != tc.name || m.GPUs[0].MemoryMiB != tc.memMiB {
				t.Errorf("gpus %+v", m.GPUs)
			}
			got := ""
			if m.Topology != nil {
				got = m.Topology.Kind()
				if m.Topology.GPUs() != tc.gpus {
					t.Errorf("topology has %d GPUs", m.Topology.GPUs())
				}
			}
			if got != tc.link {
				t.Errorf("link %q, want %q", got, tc.link)
			}
			if len(m.MIG) != tc.migs {
				t.Errorf("MIG %+v", m.MIG)
			}
			if tc.cpus > 0 && (m.CPU == nil || m.CPU.CPUs != tc.cpus || m.CPU.ThreadsPerCore != tc.threads) {
				t.Errorf("cpu %+v", m.CPU)
			}
			if m.NProc != tc.nproc {
				t.Errorf("nproc %d", m.NProc)
			}
		})
	}
}

func TestTopoKinds(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"one GPU", "\tGPU0\tCPU Affinity\nGPU0\t X \t0-7\n", LinkSingle},
		{"NVLink bridge pair", "\tGPU0\tGPU1\nGPU0\t X \tNV4\nGPU1\tNV4\t X \n", LinkNVLink},
		{"two bridged pairs over PCIe", "\tGPU0\tGPU1\tGPU2\tGPU3\nGPU0\t X \tNV4\tSYS\tSYS\nGPU1\tNV4\t X \tSYS\tSYS\nGPU2\tSYS\tSYS\t X \tNV4\nGPU3\tSYS\tSYS\tNV4\t X \n", LinkNVLink},
		{"dual 5090 PHB (club-3090 #1229)", "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\nGPU0\t X \tPHB\t0-63\t0\t\tN/A\nGPU1\tPHB\t X \t0-63\t0\t\tN/A\n", LinkPCIe},
	}
	for _, tc := range tests {
		top, err := ParseTopo(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := top.Kind(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		fault Fault
		err   func() error
	}{
		{"gpu memory", FaultGPUMemory, func() error { _, err := ParseGPUQuery("name, memory.total\nH100, lots MiB\n"); return err }},
		{"gpu columns", FaultGPUColumns, func() error { _, err := ParseGPUQuery("just a name\n"); return err }},
		{"gpu memory NaN", FaultGPUMemory, func() error { _, err := ParseGPUQuery("name, memory.total\nNVIDIA A30, NaN MiB\n"); return err }},
		{"gpu memory infinite", FaultGPUMemory, func() error { _, err := ParseGPUQuery("NVIDIA A30, +Inf MiB\n"); return err }},
		{"gpu listing empty", FaultGPUNone, func() error { _, err := ParseGPUQuery(""); return err }},
		{"gpu listing header only", FaultGPUNone, func() error { _, err := ParseGPUQuery("name, memory.total [MiB], pci.bus_id\n"); return err }},
		{"meminfo NaN", FaultMemTotal, func() error { _, err := ParseMeminfo("MemTotal: nan kB\n"); return err }},
		{"lsblk NaN", FaultLsblkSize, func() error { _, err := ParseLsblk("nvme0n1 NaN 0 disk\n"); return err }},
		{"df NaN", FaultDfSize, func() error { _, err := ParseDf("overlay NaN 0 NaN 0% /\n"); return err }},
		{"rocm memory NaN", FaultROCmMemory, func() error {
			_, err := ParseROCmSMI("GPU[0]\t\t: Card series: \t\tAMD Instinct MI300X\nGPU[0]\t\t: VRAM Total Memory (B): NaN\n")
			return err
		}},
		{"topo none", FaultTopoNoHeader, func() error { _, err := ParseTopo("hello\n"); return err }},
		{"topo short row", FaultTopoEntries, func() error { _, err := ParseTopo("\tGPU0\tGPU1\nGPU0\t X\n"); return err }},
		{"topo rows", FaultTopoRows, func() error { _, err := ParseTopo("\tGPU0\tGPU1\nGPU0\tX\tNV4\n"); return err }},
		{"lscpu", FaultLscpuNoCPUs, func() error { _, err := ParseLscpu("nothing: here\n"); return err }},
		{"lscpu count", FaultLscpuCount, func() error { _, err := ParseLscpu("CPU(s): many\n"); return err }},
		{"nproc", FaultNproc, func() error { _, err := ParseNproc("0\n"); return err }},
		{"meminfo", FaultNoMemTotal, func() error { _, err := ParseMeminfo("MemFree: 1 kB\n"); return err }},
		{"lsblk", FaultLsblkSize, func() error { _, err := ParseLsblk("nvme0n1 1T 0 disk\n"); return err }},
		{"df", FaultDfLine, func() error { _, err := ParseDf("overlay 1G\n"); return err }},
		{"mig orphan", FaultMIGOrphan, func() error { _, _, err := ParseGPUList("  MIG 1g.5gb Device 0: (UUID: MIG-1)\n"); return err }},
		{"missing gpus", FaultNoGPUProbe, func() error { _, err := Parse(map[string]string{}); return err }},
	}
	for _, tc := range tests {
		err := tc.err()
		var e *Error
		if !errors.As(err, &e) || e.Fault != tc.fault {
			t.Errorf("%s: error %v (%#v), want fault %d", tc.name, err, e, tc.fault)
			continue
		}
		// The English text is the fault's, with its figures and the command.
		if want := fmt.Sprintf(FaultText(e.Fault), e.Args...); !strings.HasSuffix(err.Error(), want) || e.Probe != "" && !strings.Contains(err.Error(), e.Probe+": ") {
			t.Errorf("%s: %q, want it to name %q and end in %q", tc.name, err, e.Probe, want)
		}
	}
	// Parse names the saved file of a fault.
	_, err := Parse(map[string]string{"gpus.csv": "just a name\n"})
	var e *Error
	if !errors.As(err, &e) || e.File != "gpus.csv" || !strings.HasPrefix(e.Error(), "gpus.csv: nvidia-smi --query-gpu: line 1") {
		t.Errorf("Parse: %v", err)
	}
	for f := Fault(0); f < FaultCount; f++ {
		if FaultText(f) == "" {
			t.Errorf("fault %d has no text", f)
		}
	}
}

func TestHostParsers(t *testing.T) {
	disks, err := ParseLsblk("NAME           SIZE ROTA TYPE MODEL\nnvme0n1 3840755982336    0 disk Amazon EC2 NVMe Instance Storage\nsda 256060514304 1 disk\n")
	if err != nil || len(disks) != 2 || !disks[0].NVMe() || disks[1].NVMe() || !disks[1].Rotational || disks[0].Model != "Amazon EC2 NVMe Instance Storage" {
		t.Errorf("lsblk %+v %v", disks, err)
	}
	mounts, err := ParseDf("Filesystem     1-blocks         Used    Available Capacity Mounted on\n/dev/vda1 1064055541760 113816059904 950222704640      11% /\n")
	if err != nil || len(mounts) != 1 || mounts[0].Target != "/" || mounts[0].SizeBytes != 1064055541760 {
		t.Errorf("df %+v %v", mounts, err)
	}
	kib, err := ParseMeminfo("MemTotal:       527433728 kB\n")
	if err != nil || kib != 527433728 {
		t.Errorf("meminfo %v %v", kib, err)
	}
}

// The lsblk fixtures: every whole disk is read, and only instance-store
// disks count as local NVMe (the EBS root volume is NVMe too).
func TestLsblkFixtures(t *testing.T) {
	tests := []struct {
		dir          string
		disks, local int
		localBytes   float64
	}{
		{"p5-nvme-8", 9, 8, 8 * 3840755982336},
		{"p5-no-nvme", 1, 0, 0},
		{"p5-4xlarge", 2, 1, 3840755982336},
	}
	for _, tc := range tests {
		m, err := Parse(readDir(t, tc.dir))
		if err != nil {
			t.Fatalf("%s: %v", tc.dir, err)
		}
		local, bytes := 0, 0.0
		for _, d := range m.Disks {
			if !d.NVMe() || d.Type != "disk" || d.Rotational {
				t.Errorf("%s: %+v", tc.dir, d)
			}
			if d.LocalNVMe() {
				local++
				bytes += d.SizeBytes
			}
		}
		if len(m.Disks) != tc.disks || local != tc.local || bytes != tc.localBytes {
			t.Errorf("%s: %d disks, %d local of %.0f bytes; want %d, %d of %.0f", tc.dir, len(m.Disks), local, bytes, tc.disks, tc.local, tc.localBytes)
		}
	}
}

// LocalNVMe tells local NVMe from network volumes attached over NVMe and
// from what is not a whole NVMe disk.
func TestLocalNVMe(t *testing.T) {
	tests := []struct {
		d    Disk
		want bool
	}{
		{Disk{Name: "nvme1n1", Type: "disk", Model: "Amazon EC2 NVMe Instance Storage"}, true},
		{Disk{Name: "nvme0n1", Type: "disk", Model: "Amazon Elastic Block Store"}, false},
		{Disk{Name: "nvme1n1", Type: "disk", Model: "nvme_card3"}, true},
		{Disk{Name: "nvme0n1", Type: "disk", Model: "nvme_card-pd"}, false},
		{Disk{Name: "nvme0n1", Type: "disk", Model: "Microsoft NVMe Direct Disk v2"}, true},
		{Disk{Name: "nvme0n1", Type: "disk", Model: "MSFT NVMe Accelerator v1.0"}, false},
		{Disk{Name: "nvme2n1", Type: "disk", Model: "SAMSUNG MZWLJ3T8HBLS-00007"}, true},
		{Disk{Name: "sda", Type: "disk", Model: "Virtual Disk"}, false},
		{Disk{Name: "nvme0n1p1", Type: "part"}, false},
		{Disk{Name: "loop0", Type: "loop"}, false},
	}
	for _, tc := range tests {
		if got := tc.d.LocalNVMe(); got != tc.want {
			t.Errorf("%+v: LocalNVMe %v, want %v", tc.d, got, tc.want)
		}
	}
}

func FuzzParseGPUQuery(f *testing.F) {
	f.Add("name, memory.total [MiB]\nNVIDIA H100 80GB HBM3, 81559 MiB\n")
	f.Add("NVIDIA A10G, [N/A], 00000000:00:1E.0\n")
	f.Fuzz(func(t *testing.T, s string) { _, _ = ParseGPUQuery(s) })
}

func FuzzParseGPUList(f *testing.F) {
	f.Add("GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-1)\n  MIG 3g.20gb     Device  0: (UUID: MIG-2)\n")
	f.Fuzz(func(t *testing.T, s string) { _, _, _ = ParseGPUList(s) })
}

func FuzzParseTopo(f *testing.F) {
	b, _ := os.ReadFile("testdata/h100-sxm-8/topo.txt")
	f.Add(string(b))
	f.Add("\tGPU0\tGPU1\nGPU0\t X \tPHB\nGPU1\tPHB\t X \n")
	f.Fuzz(func(t *testing.T, s string) {
		top, err := ParseTopo(s)
		if err == nil {
			_ = top.Kind()
		}
	})
}

func FuzzParseHost(f *testing.F) {
	for _, file := range []string{"testdata/h100-sxm-8/lscpu.txt", "testdata/p5-nvme-8/lsblk.txt", "testdata/p5-4xlarge/lsblk.txt"} {
		b, _ := os.ReadFile(file)
		f.Add(string(b))
	}
	f.Add("MemTotal: 1 kB\n32\nnvme0n1 1 0 disk\n")
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = ParseLscpu(s)
		_, _ = ParseNproc(s)
		_, _ = ParseMeminfo(s)
		if disks, err := ParseLsblk(s); err == nil {
			for _, d := range disks {
				_ = d.LocalNVMe()
			}
		}
		_, _ = ParseDf(s)
	})
}

// rocmJSONMI300X is a `rocm-smi --json` capture on an MI300X (see
// testdata/README.md).
const rocmJSONMI300X = `{"card0": {"Temperature (Sensor junction) (C)": "45.0", "Temperature (Sensor memory) (C)": "38.0", "Max Graphics Package Power (W)": "750.0", "Current Socket Graphics Package Power (W)": "159.0", "GPU use (%)": "0", "VRAM Total Memory (B)": "205822885888", "VRAM Total Used Memory (B)": "299687936"}}`

func TestROCmSMIForms(t *testing.T) {
	tests := []struct {
		name, in string
		want     []GPU
	}{
		{"json capture", rocmJSONMI300X, []GPU{{MemoryMiB: 205822885888.0 / (1 << 20)}}},
		{"json with names, cards in order", `{"card1": {"Card Series": "AMD Instinct MI300X", "VRAM Total Memory (B)": "1048576"}, "card0": {"Card series": "AMD Instinct MI300X", "PCI Bus": "0000:83:00.0"}, "system": {"Driver version": "6.8.5"}}`,
			[]GPU{{Name: "AMD Instinct MI300X", BusID: "0000:83:00.0"}, {Name: "AMD Instinct MI300X", MemoryMiB: 1}}},
		{"bare device id as series (ROCm 4)", "GPU[0]\t\t: Card series: \t\t0x738c\nGPU[0]\t\t: Card model: \t\t0xc34\n", []GPU{{}}},
		{"no GPU lines", "==== ROCm System Management Interface ====\n", []GPU{}},
	}
	for _, tc := range tests {
		got, err := ParseROCmSMI(tc.in)
		if err != nil || len(got) != len(tc.want) {
			t.Errorf("%s: %+v %v, want %+v", tc.name, got, err, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: GPU %d %+v, want %+v", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

func TestROCmBadInput(t *testing.T) {
	tests := []struct {
		name  string
		fault Fault
		err   func() error
	}{
		{"vram", FaultROCmMemory, func() error { _, err := ParseROCmSMI("GPU[0] : VRAM Total Memory (B): lots\n"); return err }},
		{"index", FaultROCmIndex, func() error { _, err := ParseROCmSMI("GPU[99999] : Card series: x\n"); return err }},
		{"json", FaultROCmJSON, func() error { _, err := ParseROCmSMI(`{"card0": `); return err }},
		{"json card", FaultROCmJSON, func() error { _, err := ParseROCmSMI(`{"card0": [1]}`); return err }},
		{"topo none", FaultROCmNoLinkTable, func() error {
			_, err := ParseROCmTopo("==== Weight between two GPUs ====\n GPU0\nGPU0 0\n")
			return err
		}},
		{"topo header", FaultTopoNoHeader, func() error { _, err := ParseROCmTopo("=== Link Type between two GPUs ===\nfoo\n"); return err }},
		{"topo short row", FaultTopoEntries, func() error {
			_, err := ParseROCmTopo("=== Link Type between two GPUs ===\n GPU0 GPU1\nGPU0 0\n")
			return err
		}},
		{"topo rows", FaultTopoRows, func() error {
			_, err := ParseROCmTopo("=== Link Type between two GPUs ===\n GPU0 GPU1\nGPU0 0 XGMI\n=== End ===\n")
			return err
		}},
	}
	for _, tc := range tests {
		err := tc.err()
		var e *Error
		if !errors.As(err, &e) || e.Fault != tc.fault {
			t.Errorf("%s: error %v, want fault %d", tc.name, err, tc.fault)
			continue
		}
		if !strings.HasPrefix(err.Error(), "rocm-smi --show") {
			t.Errorf("%s: %q does not name the command", tc.name, err)
		}
	}
	// No GPU listing at all names both commands and both files.
	_, err := Parse(map[string]string{"nproc.txt": "8\n"})
	for _, want := range []string{"gpus.csv", "nvidia-smi", "rocm-smi.txt", "rocm-smi --showproductname"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("no GPU listing: %v lacks %q", err, want)
		}
	}
}

// A machine with both listings saved reads NVIDIA's (and its topology).
func TestBothListings(t *testing.T) {
	in := readDir(t, "h100-sxm-8")
	for k, v := range readDir(t, "mi308x-8") {
		in[k] = v
	}
	m, err := Parse(in)
	if err != nil || len(m.GPUs) != 8 || m.GPUs[0].Name != "NVIDIA H100 80GB HBM3" || m.Topology.Kind() != LinkNVSwitch {
		t.Errorf("%+v %v", m, err)
	}
}

func TestROCmTopoKinds(t *testing.T) {
	two := "=== Link Type between two GPUs ===\n       GPU0  GPU1\nGPU0   0     %s\nGPU1   %s    0\n=== End ===\n"
	for _, tc := range []struct{ entry, want string }{{"XGMI", LinkInfinityFabric}, {"PCIE", LinkPCIe}} {
		top, err := ParseROCmTopo(fmt.Sprintf(two, tc.entry, tc.entry))
		if err != nil || top.Kind() != tc.want {
			t.Errorf("%s: %v %v, want %s", tc.entry, top, err, tc.want)
		}
	}
	one, err := ParseROCmTopo("=============================== Link Type between two GPUs ===============================\n       GPU0         \nGPU0   0            \n")
	if err != nil || one.Kind() != LinkSingle {
		t.Errorf("one GPU: %v %v", one, err)
	}
}

func FuzzParseROCmSMI(f *testing.F) {
	for _, dir := range []string{"mi300x-oam-1", "mi308x-8"} {
		b, _ := os.ReadFile(filepath.Join("testdata", dir, "rocm-smi.txt"))
		f.Add(string(b))
	}
	f.Add(rocmJSONMI300X)
	f.Add(`{"card0": {"VRAM Total Memory (B)": "-1"}}`)
	f.Fuzz(func(t *testing.T, s string) {
		gpus, err := ParseROCmSMI(s)
		for _, g := range gpus {
			if err != nil || g.MemoryMiB < 0 {
				t.Fatalf("%+v %v", g, err)
			}
		}
	})
}

func FuzzParseROCmTopo(f *testing.F) {
	b, _ := os.ReadFile(filepath.Join("testdata", "mi308x-8", "rocm-topo.txt"))
	f.Add(string(b))
	f.Add("=== Link Type between two GPUs ===\n GPU0 GPU1\nGPU0 0 XGMI\nGPU1 XGMI 0\n")
	f.Fuzz(func(t *testing.T, s string) {
		top, err := ParseROCmTopo(s)
		if err == nil {
			_ = top.Kind()
		}
	})
}
