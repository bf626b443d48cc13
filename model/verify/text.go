package verify

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/probe"
	"github.com/gpupick/gpupick/model/text"
)

// verifyKey names one text of `gpupick verify`: the names of the checks,
// the words of their expected and found values, the verdicts and the
// hints. Every key has an English and a Chinese text in verifyTexts
// (TestVerifyTextsBothLanguages checks it with text.Check). Figures, GPU
// and disk model names, units and commands are the same in both languages.
type verifyKey int

// The verify text keys.
const (
	// The names of the checks.
	vNameGPUModel verifyKey = iota
	vNameGPUCount
	vNameGPUMemory
	vNameGPULink
	vNameHost
	vNameVCPUs
	vNameThreads
	vNameRAM
	vNameNVMe

	// The words of the values.
	vUnknown
	vNotProbed
	vNoGPU
	vNotInCatalog
	vNothing
	vContainerLimit
	vThreadsHT
	vThreadsCore
	vLinkSingle
	vLinkNVSwitch
	vLinkNVLink
	vLinkPCIe
	vLinkInfinityFabric
	vNVMeFound
	vNVMeFoundNone
	vNVMeWantDisks
	vNVMeWantSize
	vNVMeWantAny
	vNVMeWantNone
	vNVMeOptional
	vNVMeUnlisted

	// The table around the checks: title, header, verdicts, hints.
	vTitle
	vHeader
	vPass
	vSkipped
	vFail
	vDiffers
	vMismatch
	vHints
	vHintLine
	vHintProbe
	vHintContainer
	vHintNVMe
	vNoRecord
	vNoChoice

	// The inputs verify could not read, and why.
	vReadRecord
	vReadFrom
	vReadFromFile
	vReadNotExist
	vReadNotRegular
	vReadTooLarge
	vReadTooLargeLimit
	vNoProbeTool
	vReadNotFolder
	vReadOS
	vReadBadRecord
	vProbeFault
	vProbeFileFault

	vCount
)

// verifyTexts holds every text of `gpupick verify`.
var verifyTexts = text.Table[verifyKey]{
	vNameGPUModel:  {"GPU model", "GPU 型号"},
	vNameGPUCount:  {"GPU count", "GPU 数量"},
	vNameGPUMemory: {"GPU memory (each)", "GPU 显存（每块）"},
	vNameGPULink:   {"GPU link", "GPU 互联"},
	vNameHost:      {"host (vCPUs, RAM, disks)", "主机（vCPU、内存、磁盘）"},
	vNameVCPUs:     {"vCPUs usable", "可用 vCPU"},
	vNameThreads:   {"threads per core", "每核线程数"},
	vNameRAM:       {"RAM", "内存"},
	vNameNVMe:      {"local NVMe", "本地 NVMe"},

	vUnknown:            {"unknown", "未知"},
	vNotProbed:          {"not probed", "未探测"},
	vNoGPU:              {"none", "无"},
	vNotInCatalog:       {"unknown: the offer is not in the catalog", "未知：目录中已没有该报价"},
	vNothing:            {"-", "—"},
	vContainerLimit:     {"%d (of %d on the host: a container limit)", "%d（主机共 %d 个：容器限制）"},
	vThreadsHT:          {"2 (vCPUs are hyperthreads)", "2（vCPU 为超线程）"},
	vThreadsCore:        {"1 (a vCPU is a core)", "1（一个 vCPU 即一个物理核）"},
	vLinkSingle:         {"one GPU (no link)", "单 GPU（无互联）"},
	vLinkNVSwitch:       {"NVSwitch (NVLink between every pair)", "NVSwitch（每对 GPU 之间均为 NVLink）"},
	vLinkNVLink:         {"NVLink (between some pairs)", "NVLink（部分 GPU 之间）"},
	vLinkPCIe:           {"PCIe only (no NVLink)", "仅 PCIe（无 NVLink）"},
	vLinkInfinityFabric: {"Infinity Fabric", "Infinity Fabric 互联"},
	vNVMeFound:          {"NVMe disks: %d, %s GB in all", "NVMe 盘 %d 块，共 %s GB"},
	vNVMeFoundNone:      {"no local NVMe disk", "没有本地 NVMe 盘"},
	vNVMeWantDisks:      {"NVMe disks: %d, at least %s GB in all", "NVMe 盘 %d 块，共至少 %s GB"},
	vNVMeWantSize:       {"NVMe, at least %s GB in all", "NVMe，共至少 %s GB"},
	vNVMeWantAny:        {"NVMe (the catalog lists no size)", "NVMe（目录未列出大小）"},
	vNVMeWantNone:       {"none (network disks only)", "无（仅网络盘）"},
	vNVMeOptional:       {"optional (not part of the offer)", "可选（不含在报价中）"},
	vNVMeUnlisted:       {"unknown: the catalog does not say the local disk is NVMe", "未知：目录未说明本地盘是否为 NVMe"},

	vTitle:         {"Checking the machine against %s %s (%d×%s)", "对照 %s %s（%d×%s）检查本机"},
	vHeader:        {"CHECK\tEXPECTED\tFOUND\tRESULT", "检查项\t期望\t实际\t结果"},
	vPass:          {"pass", "通过"},
	vSkipped:       {"skipped", "跳过"},
	vFail:          {"FAIL", "不符"},
	vDiffers:       {"differs (does not matter)", "不同（无关紧要）"},
	vMismatch:      {"the machine is not the one chosen (see FAIL above)", "本机不是所选的机器（见上面的“不符”）"},
	vHints:         {"Hints:", "提示："},
	vHintLine:      {"  %s: %s", "  %s：%s"},
	vHintProbe:     {"save the output of `%s` as `%s` (with `--from`) to check this", "把 `%s` 的输出保存为 `%s`（配合 `--from`）即可检查此项"},
	vHintContainer: {"`nproc` counts the CPUs a container may use; ask the provider for the whole machine or a larger CPU limit", "`nproc` 统计容器可用的 CPU；请向服务商要整机或更高的 CPU 限额"},
	vNoRecord:      {"a decision record `FILE.toml` is needed (see `gpupick verify --help`)", "需要一个决策记录 `FILE.toml`（见 `gpupick verify --help`）"},
	vNoProbeTool: {"%s not found on PATH, so this machine's GPUs cannot be probed: run gpupick verify on the rented GPU machine (with the NVIDIA or AMD driver's tools on PATH), or save the probes' outputs there and give the folder with --from DIR (see gpupick verify --help)",
		"在 PATH 中找不到 %s，无法探测本机的 GPU：请在租用的 GPU 机器上运行 gpupick verify（PATH 中要有 NVIDIA 或 AMD 驱动的工具），或在那台机器上保存探测输出，再用 --from DIR 给出该文件夹（见 gpupick verify --help）"},
	vNoChoice:          {"%s has no chosen offer to check the machine against", "%s 中没有所选的报价，无法对照检查本机"},
	vReadRecord:        {"record %s: %s", "无法读取决策记录 %s：%s"},
	vReadFrom:          {"--from %s: %s", "无法读取 `--from` 文件夹 %s：%s"},
	vReadFromFile:      {"--from %s: %s", "无法读取 `--from` 文件夹中的 %s：%s"},
	vReadNotExist:      {"does not exist (check the path)", "它不存在（请检查路径）"},
	vReadNotRegular:    {"is not a regular file (give the path of a file)", "它不是普通文件（请给出一个文件的路径）"},
	vReadTooLarge:      {"is larger than gpupick reads from such a file", "它超过了 gpupick 读取此类文件的上限"},
	vReadTooLargeLimit: {"is larger than %s, the most gpupick reads from such a file", "它超过了 %s，即 gpupick 读取此类文件的上限"},
	vReadNotFolder:     {"is not a folder", "它不是文件夹"},
	vReadOS:            {"the system says: %s", "系统报错：%s"},
	vReadBadRecord:     {"%s", "记录有误：%s"},
	vProbeFault:        {"%s: %s: %s", "探测输出 `%s`（`%s` 的输出）有误：%s"},
	vProbeFileFault:    {"%s: %s", "探测输出 `%s`：%s"},
	vHintNVMe:          {"the offer's local NVMe disks are missing or smaller; network volumes (EBS, persistent disks) do not count: see the `MODEL` column of `lsblk -d -o NAME,SIZE,MODEL`", "报价中的本地 NVMe 盘缺失或偏小；网络卷（EBS、持久盘）不计入：见 `lsblk -d -o NAME,SIZE,MODEL` 的 `MODEL` 列"},
}

// v formats a verify text in l.
func (l lang) v(key verifyKey, args ...any) string {
	return verifyTexts.Format(text.Lang(l), key, args...)
}

// linkKeys maps the link kinds (model.Interconnect words, as
// probe.Topology.Kind reports them) to their texts.
// Made on first use, not at start-up (issue 26).
var linkKeys = lazy.Value[map[string]verifyKey]{New: func() map[string]verifyKey {
	return map[string]verifyKey{
		string(model.InterconnectSingle): vLinkSingle, string(model.InterconnectNVSwitch): vLinkNVSwitch,
		string(model.InterconnectNVLink): vLinkNVLink, string(model.InterconnectPCIe): vLinkPCIe,
		string(model.InterconnectInfinityFabric): vLinkInfinityFabric,
	}
}}

// link is a link kind in l; a word without a text is shown as it is.
func (l lang) link(kind string) string {
	if k, ok := linkKeys.Get()[kind]; ok {
		return l.v(k)
	}
	if kind == "" {
		return l.v(vUnknown)
	}
	return kind
}

// Title is the first line of verify's table for the chosen offer, in
// language ("zh…" Chinese, else English).
func Title(choice model.Recommendation, language string) string {
	return langOf(language).v(vTitle, choice.Provider, choice.InstanceType, choice.GPUCount, choice.GPU)
}

// Header is the tab-separated header of verify's table in language.
func Header(language string) string { return langOf(language).v(vHeader) }

// Result is the result column of a check in language: pass,
// skipped, FAIL (a failure that matters) or differs.
func Result(c Check, language string) string {
	l := langOf(language)
	switch {
	case c.Skipped:
		return l.v(vSkipped)
	case !c.Pass && c.Matters:
		return l.v(vFail)
	case !c.Pass:
		return l.v(vDiffers)
	}
	return l.v(vPass)
}

// Hints are the hint lines under verify's table in language ("" when
// no check has a hint): a heading, then "name: hint" for each check with
// one.
func Hints(checks []Check, language string) []string {
	l := langOf(language)
	var out []string
	for _, c := range checks {
		if c.Hint != "" {
			out = append(out, l.v(vHintLine, c.Name, c.Hint))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return append([]string{l.v(vHints)}, out...)
}

// MismatchLine is the verdict line when a check that matters failed, in
// language.
func MismatchLine(language string) string { return langOf(language).v(vMismatch) }

// NoRecord is verify's usage error when no record is given, in
// language.
func NoRecord(language string) string { return langOf(language).v(vNoRecord) }

// NoProbeTool is verify's error when it probes this machine and the
// tools of the GPU listings (tools: nvidia-smi, rocm-smi) are not found on
// PATH: not a GPU machine, or the driver's tools are elsewhere; the two
// ways out, in language.
func NoProbeTool(tools []string, language string) string {
	return langOf(language).v(vNoProbeTool, strings.Join(tools, ", "))
}

// NoChoice is verify's error for a record without a chosen offer
// (file is the record's name as the user gave it), in language.
func NoChoice(file, language string) string { return langOf(language).v(vNoChoice, file) }

// Input is an input of verify that it reads: the record, the --from
// folder, or a file in it.
type Input int

// The inputs of verify.
const (
	InputRecord   Input = iota // the decision record
	InputFrom                  // the --from folder
	InputFromFile              // a saved probe output in the --from folder
)

// ReadFault is why verify could not read an input, as the command tells
// it from the error.
type ReadFault int

// The reasons an input could not be read.
const (
	ReadNotExist   ReadFault = iota // the path does not exist
	ReadNotRegular                  // not a regular file
	ReadTooLarge                    // larger than gpupick reads
	ReadNotFolder                   // --from is not a folder
	ReadOS                          // the OS's error: the detail is its words ("permission denied")
	ReadBadRecord                   // the record does not parse: the detail is the decoder's text
	ReadOther                       // any other error: the detail is its text
)

// readFaultKeys are the texts of the reasons.
// Made on first use, not at start-up (issue 26).
var readFaultKeys = lazy.Value[map[ReadFault]verifyKey]{New: func() map[ReadFault]verifyKey {
	return map[ReadFault]verifyKey{
		ReadNotExist: vReadNotExist, ReadNotRegular: vReadNotRegular, ReadTooLarge: vReadTooLarge,
		ReadNotFolder: vReadNotFolder, ReadOS: vReadOS, ReadBadRecord: vReadBadRecord,
	}
}}

// readInputKeys are the texts around the reasons, by input.
// Made on first use, not at start-up (issue 26).
var readInputKeys = lazy.Value[map[Input]verifyKey]{New: func() map[Input]verifyKey {
	return map[Input]verifyKey{InputRecord: vReadRecord, InputFrom: vReadFrom, InputFromFile: vReadFromFile}
}}

// ReadErrorText is verify's error for an input it could not read (name
// is the path as the user gave it, detail the OS's words or the decoder's
// text for ReadOS, ReadBadRecord and ReadOther), in language: the framing
// is in the language; the OS's words stay as the system writes them.
func ReadErrorText(in Input, name string, f ReadFault, detail string, language string) string {
	l := langOf(language)
	why := detail // ReadOther, and a reason without a text: the error's own
	switch k, ok := readFaultKeys.Get()[f]; {
	case f == ReadTooLarge && detail != "":
		why = l.v(vReadTooLargeLimit, detail)
	case f == ReadOS || f == ReadBadRecord:
		why = l.v(k, detail)
	case ok:
		why = l.v(k)
	}
	frame, ok := readInputKeys.Get()[in]
	if !ok {
		frame = vReadFrom
	}
	return l.v(frame, name, why)
}

// probeFaultsZH are the Chinese formats of the probes' faults, with the
// verbs of probe.FaultText's English (TestVerifyProbeFaultsChinese checks
// both).
// Made on first use, not at start-up (issue 26).
var probeFaultsZH = lazy.Value[map[probe.Fault]string]{New: func() map[probe.Fault]string {
	return map[probe.Fault]string{
		probe.FaultNoGPUProbe:      "没有 GPU 列表：请把 `%s` 的输出保存为 `%s`，或把 `%s` 的输出保存为 `%s`",
		probe.FaultROCmIndex:       "GPU 编号 %q 不是小于 1024 的 GPU 号",
		probe.FaultROCmJSON:        "不是 rocm-smi 的 JSON（%s）：请按命令打印的原样保存输出",
		probe.FaultROCmMemory:      "GPU[%d]：`VRAM Total Memory (B)` %q 不是以字节计的大小",
		probe.FaultROCmNoLinkTable: "没有以 `GPU0` 开头的 `Link Type between two GPUs` 表（这是 `rocm-smi --showtopo` 的输出吗？）",
		probe.FaultGPUColumns:      "第 %d 行 %q：应为以逗号分隔的 `name, memory.total, pci.bus_id`",
		probe.FaultGPUMemory:       "第 %d 行：`memory.total` %q 不是以 MiB 计的大小",
		probe.FaultMIGOrphan:       "第 %d 行：MIG 设备出现在所有 GPU 行之前",
		probe.FaultGPUListLine:     "第 %d 行 %q：应为 `GPU n: NAME (UUID: ...)` 或 `MIG profile Device n: ...`",
		probe.FaultLscpuCount:      "`%s` 的值 %q 不是一个数目",
		probe.FaultLscpuNoCPUs:     "没有 `CPU(s):` 行（这是 `lscpu` 的输出吗？）",
		probe.FaultNproc:           "%q 不是 CPU 数目",
		probe.FaultMemTotal:        "`MemTotal` %q 不是以 kB 计的大小",
		probe.FaultNoMemTotal:      "没有 `MemTotal` 行",
		probe.FaultLsblkLine:       "第 %d 行 %q：应为 `NAME SIZE ROTA TYPE [MODEL]`（请运行 `lsblk -b -d -o NAME,SIZE,ROTA,TYPE,MODEL`）",
		probe.FaultLsblkSize:       "第 %d 行：`SIZE` %q 不是字节数（请加 `-b` 运行 `lsblk`）",
		probe.FaultDfLine:          "第 %d 行 %q：应为 `Filesystem Size Used Available Capacity Mounted-on`（请运行 `df -P -B1`）",
		probe.FaultDfSize:          "第 %d 行：大小 %q、%q 不是字节数（请加 `-B1` 运行 `df`）",
		probe.FaultTopoRow:         "出现了行 %q，此处应为 `GPU%d`",
		probe.FaultTopoEntries:     "行 `%s` 有 %d 项，而 GPU 列有 %d 列",
		probe.FaultTopoNoHeader:    "没有以 `GPU0` 开头的表头行（这是 `nvidia-smi topo -m` 的输出吗？）",
		probe.FaultTopoRows:        "GPU 行有 %d 行，而 GPU 列有 %d 列",
		probe.FaultGPUNone:         "没有 GPU 行：文件为空或只有表头，不是 GPU 机器的列表；请在租用的机器上保存 `%s` 的输出",
	}
}}

// ProbeErrorText is verify's error for probe outputs that are missing
// or do not parse (probe.Parse's error), one line per fault, in language:
// a *probe.Error in the language with its figures and the text it quotes
// (in English its own text, "gpus.csv: nvidia-smi --query-gpu: line 1 …");
// any other error as it is.
func ProbeErrorText(err error, language string) string {
	l := langOf(language)
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	lines := make([]string, 0, len(errs))
	for _, e := range errs {
		pe, ok := e.(*probe.Error)
		if !ok {
			lines = append(lines, e.Error())
			continue
		}
		why := fmt.Sprintf(probe.FaultText(pe.Fault), pe.Args...)
		if zh, ok := probeFaultsZH.Get()[pe.Fault]; ok && l == langZH {
			why = fmt.Sprintf(zh, pe.Args...)
		}
		switch {
		case pe.Probe == "" && pe.File == "":
			lines = append(lines, why) // no GPU listing: the fault names the files
		case pe.Probe == "":
			lines = append(lines, l.v(vProbeFileFault, pe.File, why))
		default:
			lines = append(lines, l.v(vProbeFault, pe.File, pe.Probe, why))
		}
	}
	return strings.Join(lines, "\n")
}

// lang is the language of verify's texts, model/text's: English or Chinese.
type lang text.Lang

// The languages.
const (
	langEN = lang(text.EN)
	langZH = lang(text.ZH)
)

// langOf maps a language name to a language: "zh" (any "zh-…") is
// Chinese, anything else English.
func langOf(s string) lang { return lang(text.LangOf(s)) }
