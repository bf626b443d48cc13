package model

import (
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// The names people read for the domain's values, in English and Chinese:
// the one definition the wizard, the CLI and the advisor print (with
// model/vocab.go, the only files of model's code that hold Chinese; a test
// in model/text allows them and no other). The JSON, the record and the
// flags keep the values' ids ("inference", "spot"); the CLI's English
// writes those ids too, the wizard's English writes the labels here.

// Name is a value's name in English and Chinese.
type Name struct{ EN, ZH string }

// In returns the Chinese name when zh, else the English one.
func (n Name) In(zh bool) string {
	if zh {
		return n.ZH
	}
	return n.EN
}

// nameOr returns names[k], or k itself in both languages when it has none
// (a value added later prints as it is rather than not at all).
func nameOr[K ~string](names []entry[K, Name], k K) Name {
	if n, ok := lookup(names, k); ok {
		return n
	}
	return Name{string(k), string(k)}
}

// workloadNames are the workloads' names.
var workloadNames = []entry[Workload, Name]{
	{WorkloadInference, Name{"Inference", "推理服务"}},
	{WorkloadEmbed, Name{"Embedding / reranking", "向量嵌入 / 重排序"}},
	{WorkloadFineTune, Name{"Full fine-tune", "全参数微调"}},
	{WorkloadLoRA, Name{"LoRA", "LoRA 微调"}},
	{WorkloadQLoRA, Name{"QLoRA", "QLoRA 微调"}},
	{WorkloadPretrain, Name{"Pre-train", "预训练"}},
	{WorkloadVRAM, Name{"Job of known GPU memory", "给定显存的任务"}}, // the wizard's choice reads "I know my VRAM"
}

// Name is the workload's name ("Full fine-tune", 全参数微调).
func (w Workload) Name() Name { return nameOr(workloadNames, w) }

// latencyNames are the latency classes' names.
var latencyNames = []entry[Latency, Name]{
	{LatencyRealtime, Name{"Real-time", "实时"}},
	{LatencyInteractive, Name{"Interactive", "交互式"}},
	{LatencyBatch, Name{"Batch", "批处理"}},
}

// Name is the latency class's name ("Real-time", 实时).
func (l Latency) Name() Name { return nameOr(latencyNames, l) }

// priceModelNames are the single price models' Chinese names, in full and
// short for narrow columns; their English names are their ids. Spot is 竞价
// (Tencent Cloud's and AWS China's word; Alibaba's 抢占式 names its
// preemptible kind, which a text names as such).
var priceModelNames = []entry[PriceModel, zhPriceModelName]{
	{PriceOnDemand, zhPriceModelName{"按需", "按需"}},
	{PriceSpot, zhPriceModelName{"竞价", "竞价"}},
	{PriceDaily, zhPriceModelName{"按天", "按天"}},
	{PriceWeekly, zhPriceModelName{"按周", "按周"}},
	{PriceMonthly, zhPriceModelName{"包月", "包月"}},
	{PriceReserved1, zhPriceModelName{"1年承诺", "1年"}},
	{PriceMonths3, zhPriceModelName{"3个月承诺", "3月"}},
	{PriceMonths6, zhPriceModelName{"6个月承诺", "6月"}},
	{PriceReserved3, zhPriceModelName{"3年承诺", "3年"}},
}

// zhPriceModelName is a single price model's Chinese name, in full and
// short.
type zhPriceModelName struct{ full, short string }

// Name is the price model's name: its id in English, its Chinese name in
// Chinese; a hybrid's Chinese name is its two parts' joined by "+".
func (p PriceModel) Name() Name {
	if n, ok := lookup(priceModelNames, p); ok {
		return Name{string(p), n.full}
	}
	if info, ok := PriceModelOf(p); ok && info.Hybrid() {
		return Name{string(p), info.Base.Name().ZH + "+" + info.Fill.Name().ZH}
	}
	return Name{string(p), string(p)}
}

// hybridPartNames are the English names of the price models a hybrid's
// short name abbreviates ("mo+od"); any other part is its id ("1yr+spot").
var hybridPartNames = []entry[PriceModel, string]{{PriceMonthly, "mo"}, {PriceOnDemand, "od"}}

// ShortName is a price model's name for a narrow column (a table's column,
// the detail's bars): a single model's id in English and its short Chinese
// name (1年 for 1年承诺); a hybrid's two parts' short names joined by "+"
// ("1yr+spot", "mo+od"; 1年+竞价), the monthly plan and on-demand
// abbreviated in English.
func (p PriceModel) ShortName() Name {
	if _, ok := lookup(priceModelNames, p); !ok {
		if n, ok := hybridShortNames.Get()[p]; ok {
			return n
		}
	}
	return p.singleShortName()
}

// singleShortName is ShortName of a price model that is not a hybrid.
func (p PriceModel) singleShortName() Name {
	if n, ok := lookup(priceModelNames, p); ok {
		return Name{string(p), n.short}
	}
	return Name{string(p), string(p)}
}

// hybridShortNames are the short names of the table's hybrids, joined once
// (the offer table and the detail name a hybrid on every frame).
var hybridShortNames = lazy.Value[map[PriceModel]Name]{New: func() map[PriceModel]Name {
	m := map[PriceModel]Name{}
	for _, info := range PriceModelTable {
		if !info.Hybrid() {
			continue
		}
		part := func(q PriceModel) Name {
			n := q.singleShortName()
			if en, ok := lookup(hybridPartNames, q); ok {
				n.EN = en
			}
			return n
		}
		b, f := part(info.Base), part(info.Fill)
		m[info.Name] = Name{b.EN + "+" + f.EN, b.ZH + "+" + f.ZH}
	}
	return m
}}

// partNames are the names of a memory breakdown's parts (Breakdown.Parts).
var partNames = []entry[string, Name]{
	{"weights", Name{"weights", "权重"}}, {"kv cache", Name{"kv cache", "KV 缓存"}}, {"gradients", Name{"gradients", "梯度"}},
	{"optimizer", Name{"optimizer", "优化器"}}, {"activations", Name{"activations", "激活"}}, {"overhead", Name{"overhead", "开销"}},
}

// PartName is the name of a memory part of Breakdown.Parts ("kv cache",
// KV 缓存).
func PartName(part string) Name { return nameOr(partNames, part) }

// originNames are the words of a catalog's origin (CatalogInfo.Origin):
// where it comes from, and the overlay of private offers.
var originNames = []entry[string, Name]{
	{"embedded", Name{"embedded", "内置"}}, {"imported", Name{"imported", "导入"}}, {"updated", Name{"updated", "已更新"}},
	{"overlay", Name{"overlay", "叠加"}},
}

// OriginName is the name of a word of a catalog's origin ("embedded",
// "overlay"); any other word (a file's name) is itself.
func OriginName(word string) Name { return nameOr(originNames, word) }

// unitNames are the time units FormatDuration writes after a figure, and
// the second.
var unitNames = []entry[string, Name]{
	{"y", Name{"y", "年"}}, {"mo", Name{"mo", "个月"}}, {"w", Name{"w", "周"}}, {"d", Name{"d", "天"}},
	{"h", Name{"h", "小时"}}, {"min", Name{"min", "分钟"}}, {"s", Name{"s", "秒"}},
}

// UnitName is the name of a time unit as FormatDuration writes it ("mo",
// "min"; "s" for seconds): the unit itself in English, its Chinese word.
func UnitName(unit string) Name { return nameOr(unitNames, unit) }

// durationUnits are the unit suffixes FormatDuration writes (and "s" for
// seconds), in the order to try them (the longest that ends the text
// first); UnitName names them.
var durationUnits = []string{"min", "mo", "y", "w", "d", "h", "s"}

// FormatDurationIn is FormatDuration(h) in English ("1mo"), and in Chinese
// (zh) the figure and the Chinese word of its unit ("1 个月").
func FormatDurationIn(h float64, zh bool) string { return UnitsIn(FormatDuration(h), zh) }

// UnitsIn puts the Chinese word for the English time unit that ends s (a
// figure and a unit, with or without a space: "1mo", "24 s") when zh; s is
// returned unchanged in English or when no unit ends it.
func UnitsIn(s string, zh bool) string {
	if !zh {
		return s
	}
	for _, u := range durationUnits {
		if fig, ok := strings.CutSuffix(s, u); ok && fig != "" && strings.ContainsAny(fig[len(fig)-1:], "0123456789 ") {
			return strings.TrimSuffix(fig, " ") + " " + UnitName(u).ZH
		}
	}
	return s
}

// budgetPeriodNames are the budget periods as String writes them after
// the amount.
var budgetPeriodNames = []entry[BudgetPeriod, Name]{
	{BudgetHourly, Name{"/h", "/小时"}},
	{BudgetMonthly, Name{"/mo", "/月"}},
}

// Text is the budget as String writes it ("$3000/mo"), with the period in
// Chinese when zh ("¥3000/月"); "" when no budget is set.
func (b Budget) Text(zh bool) string {
	if !b.IsSet() {
		return ""
	}
	period, _ := lookup(budgetPeriodNames, b.Period)
	return b.Currency.Symbol() + FormatNumber(b.Amount) + period.In(zh)
}

// listedPlanNames are the listed plans' Chinese names (a catalog entry's
// row labels); their English names are their keys.
var listedPlanNames = [NumListedPlans]string{
	PlanDaily:   "按天",
	PlanWeekly:  "按周",
	PlanMonthly: "包月",
	PlanYearly:  "包年",
	PlanMonths3: "3个月",
	PlanMonths6: "6个月",
}

// Name is the listed plan's name: its key in English ("daily"), its
// Chinese name in Chinese (按天).
func (l ListedPlan) Name() Name { return Name{ListedPlans[l].Key, listedPlanNames[l]} }

// warningNames are the warnings' short Chinese names, for the table's
// warnings column and the wizard's badges in Chinese; in English a
// warning is named by its code (Warning.Code, which the JSON and the
// record keep in every language).
var warningNames = []entry[string, string]{
	{WarnNoNVLink, "无 NVLink"}, {WarnSharedVCPU, "共享 vCPU"}, {WarnLowCPUPerGPU, "CPU 偏少"},
	{WarnSpotNoCheckpoint, "竞价无检查点"}, {WarnPreemptibleLimit, "抢占时限"}, {WarnCommitmentLockIn, "承诺锁定"},
	{WarnVRAMTight, "显存紧张"}, {WarnLowBandwidth, "带宽低解码慢"}, {WarnFP8Unsupported, "不支持 FP8"},
	{WarnEphemeralDisk, "临时磁盘"}, {WarnEgressCost, "出网费高"}, {WarnMarketplaceHost, "市场主机"},
	{WarnPCIeVariant, "PCIe 版"}, {WarnStalePrice, "价格过时"}, {WarnUnknownPrice, "价格未知"},
	{WarnConvertedCurrency, "汇率换算"}, {WarnBF16Unsupported, "不支持 BF16"}, {WarnLegacyGPU, "旧款 GPU"},
	{WarnSpeedUnknown, "速度未知"}, {WarnSlowFirstToken, "首字慢"}, {WarnLatencyMargin, "延迟余量小"},
	{WarnHostRAMUnknown, "内存未知"}, {WarnLongJob, "任务过长"}, {WarnSlowImage, "出图慢"},
	{WarnRegionUnknown, "地域未知"}, {WarnROCmStack, "ROCm 软件缺口"}, {WarnArmHost, "Arm64 主机"},
}

// WarningName is a warning code's name: the code in English, its short
// Chinese name (or the code, for a code added later without one).
func WarningName(code string) Name {
	if zh, ok := lookup(warningNames, code); ok {
		return Name{code, zh}
	}
	return Name{code, code}
}

// hostVerificationNames are the names of a marketplace's verification
// states (MarketHost.Verification).
var hostVerificationNames = []entry[HostVerification, Name]{
	{HostVerified, Name{"verified", "已验证"}},
	{HostUnverified, Name{"unverified", "未验证"}},
	{HostDeverified, Name{"deverified (verification withdrawn)", "验证已撤销"}},
}

// hostWording is the wording of a marketplace host's facts in one
// language (MarketHost.Texts); the verbs take the facts in Texts' order.
type hostWording struct {
	ids, listedAs, reliability, maxRental, minBid string
	network, disk, storage                        string
	datacenter, consumer, hostingUnknown, sep     string
}

// hostWords are the English and the Chinese wording of a host's facts.
var hostWords = [2]hostWording{{
	ids:            "Vast offer %d, host %d, machine %d",
	listedAs:       "listed as %s",
	reliability:    "reliability %.1f%%",
	maxRental:      "max rental %.1f days",
	minBid:         "interruptible from the min bid $%.4g/h (paused when outbid)",
	network:        "internet %.0f Mb/s down, %.0f Mb/s up (the host's, measured by Vast)",
	disk:           "%.0f GB host disk available",
	storage:        "storage billed on top: $%.4g/GB/month for the disk you allocate, also while stopped",
	datacenter:     "datacenter",
	consumer:       "consumer-hosted",
	hostingUnknown: "hosting unknown",
	sep:            "; ",
}, {
	ids:            "Vast 报价 %d，主机 %d，机器 %d",
	listedAs:       "挂牌名 %s",
	reliability:    "可靠性 %.1f%%",
	maxRental:      "最长租期 %.1f 天",
	minBid:         "可中断租用，最低出价 $%.4g/小时（被高价挤占时暂停）",
	network:        "公网下行 %.0f Mb/s，上行 %.0f Mb/s（主机的，Vast 实测）",
	disk:           "主机可用磁盘 %.0f GB",
	storage:        "存储另计：所分配磁盘 $%.4g/GB/月，停机时也计费",
	datacenter:     "数据中心",
	consumer:       "个人主机",
	hostingUnknown: "托管方式未知",
	sep:            "；",
}}
