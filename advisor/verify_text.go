package advisor

import (
	"github.com/gpupick/gpupick/model"
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
	vNoChoice:      {"%s has no chosen offer to check the machine against", "%s 中没有所选的报价，无法对照检查本机"},
	vHintNVMe:      {"the offer's local NVMe disks are missing or smaller; network volumes (EBS, persistent disks) do not count: see the `MODEL` column of `lsblk -d -o NAME,SIZE,MODEL`", "报价中的本地 NVMe 盘缺失或偏小；网络卷（EBS、持久盘）不计入：见 `lsblk -d -o NAME,SIZE,MODEL` 的 `MODEL` 列"},
}

// v formats a verify text in l.
func (l lang) v(key verifyKey, args ...any) string {
	return verifyTexts.Format(text.Lang(l), key, args...)
}

// linkKeys maps the link kinds (model.Interconnect words, as
// probe.Topology.Kind reports them) to their texts.
var linkKeys = map[string]verifyKey{
	string(model.InterconnectSingle): vLinkSingle, string(model.InterconnectNVSwitch): vLinkNVSwitch,
	string(model.InterconnectNVLink): vLinkNVLink, string(model.InterconnectPCIe): vLinkPCIe,
	string(model.InterconnectInfinityFabric): vLinkInfinityFabric,
}

// link is a link kind in l; a word without a text is shown as it is.
func (l lang) link(kind string) string {
	if k, ok := linkKeys[kind]; ok {
		return l.v(k)
	}
	if kind == "" {
		return l.v(vUnknown)
	}
	return kind
}

// VerifyTitle is the first line of verify's table for the chosen offer, in
// language ("zh…" Chinese, else English).
func VerifyTitle(choice model.Recommendation, language string) string {
	return langOf(language).v(vTitle, choice.Provider, choice.InstanceType, choice.GPUCount, choice.GPU)
}

// VerifyHeader is the tab-separated header of verify's table in language.
func VerifyHeader(language string) string { return langOf(language).v(vHeader) }

// VerifyResult is the result column of a check in language: pass,
// skipped, FAIL (a failure that matters) or differs.
func VerifyResult(c Check, language string) string {
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

// VerifyHints are the hint lines under verify's table in language ("" when
// no check has a hint): a heading, then "name: hint" for each check with
// one.
func VerifyHints(checks []Check, language string) []string {
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

// VerifyMismatch is the verdict line when a check that matters failed, in
// language.
func VerifyMismatch(language string) string { return langOf(language).v(vMismatch) }

// VerifyNoRecord is verify's usage error when no record is given, in
// language.
func VerifyNoRecord(language string) string { return langOf(language).v(vNoRecord) }

// VerifyNoChoice is verify's error for a record without a chosen offer
// (file is the record's name as the user gave it), in language.
func VerifyNoChoice(file, language string) string { return langOf(language).v(vNoChoice, file) }
