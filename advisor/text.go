package advisor

import (
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// lang is the language of generated text.
type lang uint8

const (
	langEN = lang(text.EN)
	langZH = lang(text.ZH)
	// langSilent formats nothing: for the re-rankings behind suggestions,
	// whose assumptions and notes are not shown.
	langSilent = langZH + 1
)

// langOf maps Options.Lang to a language: "zh" (any "zh-…") is Chinese,
// anything else English.
func langOf(s string) lang { return lang(text.LangOf(s)) }

// nodes is " x N nodes" for several nodes and "" for one.
func (l lang) nodes(n int) string {
	if n <= 1 {
		return ""
	}
	return l.f(kSugNodes, n)
}

// vcpuKind describes a shared kind of vCPU for the shared-vcpu message
// by its text key; any other kind is its id.
func (l lang) vcpuKind(t model.VCPUType) string {
	var key textKey
	switch t {
	case model.VCPUShared:
		key = kVCPUShared
	case model.VCPUBurstable:
		key = kVCPUBurstable
	case model.VCPUContainer:
		key = kVCPUContainer
	case model.VCPUMarketplace:
		key = kVCPUMarketplace
	case model.VCPUGPUFraction:
		key = kVCPUFraction
	default:
		return string(t)
	}
	return l.f(key)
}

// f formats the text of a key.
func (l lang) f(key textKey, args ...any) string {
	if l == langSilent {
		return ""
	}
	return texts.Format(text.Lang(l), key, args...)
}

// warnDef is a warning's one-line message (with the figures), its longer
// explanation and its default source.
type warnDef struct {
	msg    text.Pair
	detail text.Pair
	source string
}

// warning builds a warning with the code's default message.
func (l lang) warning(code string, sev model.Severity, source string, args ...any) model.Warning {
	d := warnDefs.Get()[code]
	w := model.Warning{Code: code, Severity: sev, Message: d.msg[l], Detail: d.detail[l], Source: source}
	if len(args) > 0 {
		w.Message = d.msg.Format(text.Lang(l), args...)
	}
	if w.Source == "" {
		w.Source = d.source
	}
	return w
}

// warningKey builds a warning whose message is another text (a variant).
func (l lang) warningKey(code string, key textKey, sev model.Severity, source string, args ...any) model.Warning {
	w := l.warning(code, sev, source)
	w.Message = l.f(key, args...)
	return w
}

// WarningCodes lists every warning code the advisor emits, in a fixed
// order.
func WarningCodes() []string {
	return []string{
		model.WarnNoNVLink, model.WarnSharedVCPU, model.WarnLowCPUPerGPU,
		model.WarnSpotNoCheckpoint, model.WarnPreemptibleLimit, model.WarnCommitmentLockIn,
		model.WarnVRAMTight, model.WarnLowBandwidth, model.WarnFP8Unsupported, model.WarnEphemeralDisk,
		model.WarnEgressCost, model.WarnMarketplaceHost, model.WarnPCIeVariant, model.WarnStalePrice,
		model.WarnUnknownPrice, model.WarnConvertedCurrency, model.WarnSpeedUnknown, model.WarnSlowFirstToken,
		model.WarnBF16Unsupported, model.WarnLegacyGPU, model.WarnLatencyMargin, model.WarnHostRAMUnknown,
		model.WarnLongJob, model.WarnSlowImage, model.WarnRegionUnknown,
		model.WarnROCmStack, model.WarnArmHost,
	}
}

// ExplainWarning returns the longer explanation and the default source
// (empty when the code has none) of a warning code, in the language
// Options.Lang would pick (any "zh…" is Chinese, anything else English);
// ok is false for a code the advisor does not emit. A recommendation's
// warnings carry both already (Warning.Detail, Warning.Source): this is
// for a caller that holds only a code.
func ExplainWarning(code, language string) (detail, source string, ok bool) {
	d, ok := warnDefs.Get()[code]
	if !ok {
		return "", "", false
	}
	return d.detail[langOf(language)], d.source, true
}

// Sources of general warnings.
const (
	srcNVLink      = "https://www.nvidia.com/en-us/data-center/nvlink/"
	srcSpotGeneral = "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/spot-interruptions.html"
	srcLockIn      = "NVIDIA data-centre GPU generations: Volta 2017, Ampere 2020, Hopper 2022, Blackwell 2024 (https://www.nvidia.com/en-us/data-center/technologies/)"
	srcVLLMMemory  = "https://docs.vllm.ai/en/latest/configuration/engine_args.html (gpu_memory_utilization, default 0.9)"
	srcRoofline    = "https://github.com/pytorch-labs/gpt-fast (batch-1 decode speed follows memory bandwidth)"
	srcCPU         = "https://docs.pytorch.org/docs/stable/data.html (DataLoader num_workers)"
	srcFX          = "catalog exchange rates"
)

// textKey names one text of the advisor. Every key has an English and a
// Chinese text in texts (TestTextsBothLanguages checks it with
// text.Check).
type textKey int

// The text keys.
const (
	kAsmMaxNodes textKey = iota
	kAsmOneNode
	kAsmOneNodeTrain
	kAsmMultiNodeTrain
	kVCPUShared
	kVCPUBurstable
	kVCPUContainer
	kVCPUMarketplace
	kVCPUFraction
	kAsmMultiNode
	kAsmStated
	kAsmUnknownModel
	kAsmPreset
	kAsmWeightsOnly
	kAsmParamsOverride
	kAsmGeneric
	kAsmNoSize
	kAsmMoE
	kAsmNF4
	kAsmQLoRAPrecision
	kAsmTrainQuant
	kAsmInt4
	kAsmFP4
	kAsmFP4Peak
	kAsmEmbed16
	kAsmFLOPsLoRA
	kAsmFLOPsFull
	kAsmFLOPsRecompute
	kAsmMFU
	kAsmGenJob
	kAsmKVMLA
	kAsmKV
	kAsmPrefillAct
	kAsmEngine
	kAsmLoRA
	kAsmFP32Train
	kAsmMixed
	kAsmActCkpt
	kAsmAct
	kAsmContext
	kAsmShardAuto
	kAsmGlobalBatch
	kAsmGlobalBatchSeqs
	kAsmShardGiven
	kAsmDecode
	kAsmCheckpointDisk

	kArch
	kArchMLA
	kArchWeightsOnly

	// Memory by architecture, defaults and usable memory (issue 9).
	kAsmUsable
	kAsmContextServe
	kAsmContextLengths
	kAsmDecodePrompt
	kAsmJobPrefill
	kAsmJobDecodeOnly
	// A batch generation job as vLLM runs it (estimate_batch.go).
	kAsmBatchLengths
	kAsmBatchLenGiven
	kAsmBatchLenDefault
	kAsmBatchUsers
	kAsmBatchEngine
	kAsmBatchStep
	kAsmLengthsImage
	kAsmContextTrain
	kAsmContextMax
	kAsmContextOverMax
	kAsmFLOPsSelective
	kAsmActSelective
	kAsmFLOPsAttn
	kAsmLayoutPlan
	kSpLayout
	kAsmChunkedLoss
	kAsmEPLayout
	kAsmEPWhenBatch
	kAsmEPWhenLatency
	kKVSplitHeads
	kKVSplitMLA
	kAsmWindowHybrid
	kAsmWindowChunked
	kAsmLinearState
	kAsmExpertFormat
	kAsmExpertTrain
	kAsmPrecisionShipped
	kAsmPrecisionUnrecorded
	kAsmPrecisionGeneric
	kAsmPrecisionTrainCast
	kAsmWindowAll
	kAsmWindowUnused
	kAsmPipeline
	kAsmPipelineQuant
	kAsmPipelineSingle
	kAsmImageDefault
	kAsmImageWorkspace
	kAsmImageSpeed
	kAsmImageJob
	kAsmImageLatency
	kAsmEmbedImplied
	kAsmEmbedContext
	kAsmEmbedLengths
	kAsmEmbedMemory
	kAsmEmbedSpeed
	kAsmEmbedBidi
	kAsmEmbedCausal
	kAsmEmbedJob
	kArchPipeline
	kNoteContextOverMax

	kQBilling
	kQSpotNotForJob
	kQSpotOverhead
	kQSpotServing
	kQSpotBucket
	kWStaleUndated
	kWStaleLive
	kWStaleLiveUnknown
	kQLive
	kQLiveStale
	kQSpotUnknownRate
	kQSpotZone
	kQSpotZoneAsked
	kQRange
	kQOneZone
	kQInside
	kQInsideRange
	kQUpToAt
	kQFirm
	kQAskQuote
	kQOnRequest
	kQHybBase
	kQHybFillOD
	kQHybFillSpot
	kQHybSpotOD
	kQSpotNotice
	kQSpotLimit
	kQListed
	kQUpTo
	kQDiscount
	kQDiscountMonthly
	kQWholeTerm
	kQNeverBreaksEven
	kQBreakEven

	kHStorageUnknown
	kHStorage
	kHStoppedBilled
	kHEgressUnknown
	kHEgress
	kHStorageEstimate
	kHEgressEstimate
	kPCHyperscaler
	kPCNeocloud
	kPCMarketplace
	kPCChina
	kPCAll
	kRiskHiddenEstimate

	kSharedHT
	kNVLinkUnknown
	kLegacyKepler
	kMarketUnreliable
	kSpotServing
	kNoteProviderNoOffers
	kSpotDoubtful
	kQSpotNotBelow
	kQSpotOutside
	kSpotStatedRange
	kSpotStatedMax
	kSpotNoneStated
	kNoNVLinkServe
	kLockInNoYear
	kLockInCapacity
	kFP8No
	kFP8Unknown
	kUnnamedGPU

	kSugPrecision
	kSugWorkload
	kSugContext
	kSugUsers
	kSugMicroBatch
	kSugSpot
	kSugSpotServe
	kSugCommit
	kSugSharding
	kSugRecompute
	kSugAnyCount
	kSugAnyGPU
	kSugAnyProviders
	kSugNoExclude
	kSugAnyRegion
	kSugEffect
	kSugNodes
	kSugEffectNoTotal
	kSugPerMonth
	kSugPerHour
	kSugKeeps
	kSugStillOver
	kSugTooSlow
	kSugSpeedUnknown
	kSugRelaxes
	kSugAnd
	kSugSep
	kSugCaveatQuant
	kSugCaveatLockIn
	kSugCaveatSpotServe
	kSugCaveatSpotJob
	kSugCaveatContext
	kSugCaveatUsers
	kSugCaveatMicroBatch
	kSugCaveatLoRA
	kSugCaveatQLoRA
	kSugCaveatRecompute
	kSugCaveatSharding

	kNoteInvalid
	kNoteNoCatalog
	kNoteNoSize
	kNoteSnapshot
	kNoteNoneFits
	kNoteNoneMatch
	kNoteOverBudget
	kNoteBudgetNoFX
	kNoteNoDisplayFX
	kNoteTooSlow
	kNoteUnknownSpeed
	kNoteTooSmall
	kNoteNoVRAM
	kNoteNoPrice
	kNoteRetired
	kNoteSpotOnly
	kNoteNoFX
	kNoteFiltered
	kNoteLegacy
	kNoteEngineCC
	kNoteReqFail
	kNoteReqUnknown
	kWhyBudget
	kWhyShort
	kWhyCheaper
	kWhyRisk
	kWhySpeed
	kWhySpeedUnknown
	kWhyHiddenUnknown
	kWhySooner
	kWhyTieCost
	kWhyTieHourly
	kWhyCheaperBy
	kWhySameCost
	kWhySafer
	kWhyRiskier
	kWhySameRisk
	kWhyRiskItem
	kWhyRiskAgainst
	kWhyHas1
	kWhyHas2
	kWhyPartSep
	kWhyTie
	kWhyChange
	kWhyChangeNone
	kNoteIdle
	kNoteNoCluster
	kNoteNoRDMA
	kNoteLate
	kNoteLateUnknown
	kAsmDeadlineNodes
	kAsmDeadline
	kAsmNodesGiven
	kAsmNodesCap
	kNotePlan
	kPlanNet
	kPlanDone
	kRiskMarketplace
	kRiskSharedVCPU
	kRiskTPLink
	kRiskTPHost
	kRiskLegacy
	kRiskStale
	kRiskEstimate
	kRiskGPUs
	kRiskNodes
	kRiskFewCores
	kRiskSpotOnly
	kAsmHostRAMLoad
	kAsmHostRAMAdapter
	kAsmHostRAMServe
	kNoteLowRAM
	kNoteAllTight
	kNoteAllFP8WeightOnly
	kNoteAllFP4WeightOnly
	kNoteNoFP4Kernel
	kNoteAllBF16AsFP16
	kNoteRegionPrice
	kNoteRegionUnknown
	kNoteRegionNoPrice
	kNoteNearestTTFT
	kNoteNearestDecode
	kNoteNearestImage
	kRegionUseGroup
	kRegionUseCountry
	kRegionUsePrefix
	kNoteOverFollow
	kNoteOverHidden
	kNotePartialTotal

	// Speed over links and set-up time (estimate_speed.go, link.go, estimate_setup.go).
	kSpTP
	kSpDPAttn
	kSpPipeline
	kSpTrainSlow
	kSpTrainHidden
	kSpWhatGrad
	kSpWhatShard
	kSpWhatExperts
	kSpWhatTP
	kSpBothLinks
	kSpAssumed
	kSpMoE
	kSpJoin
	kSpBatch
	kWhyBatchSpeed
	kSpBatchMemory
	kSpBatchMaxSeqs
	kSpBatchUsers
	kSpNICAssumed
	kLinkNVSwitch
	kLinkNVLink
	kLinkBridge
	kLinkFabric
	kLinkPCIeHost
	kLinkPCIeGeForce
	kLinkRDMA
	kLinkTCP
	kAsmLinks
	kAsmMoELatency
	kAsmMTP
	kAsmNoMTP
	kAsmMTPBatch
	kAsmKVFP8
	kAsmMLALatency
	kAsmSetup

	kTrialRuleRun
	kTrialRuleDrop
	kTrialRulePickDecode
	kTrialRulePickStep
	kTrialRulePickPooling
	kTrialRulePickCompute
	kTrialExpectDecode
	kTrialExpectStep
	kTrialExpectPooling
	kTrialExpectCompute
	kTrialUnknownFigure
	kTrialRuleKeep
	kDurSec
	kDurMin
	kDurHour
	kMonthsSep
	kMonthsAnd
	kMonthsUnit

	// The names of values the advisor's texts name that model does not
	// (model/names.go names the latency classes and the budget's periods):
	// an unknown interruption rate, the risk a penalty prices (English: the
	// value as the flags and the JSON spell it).
	kBucketUnknown
	kRiskNameMarketplace
	kRiskNameSharedVCPU
	kRiskNameTPLink
	kRiskNameTPHost
	kRiskNameLegacy
	kRiskNameStackGap
	kRiskNameStale
	kRiskNameEstimate
	kRiskNameGPUs
	kRiskNameNodes
	kRiskNameFewCores
	kRiskNameSpotOnly
	kListSep
	kErrNotFinite
	kErrNotFiniteFix
	kErrSizeRange
	kErrSizeRangeFix

	// Plans an engineer would run (feasibility_longjob.go, explain_gates.go).
	kLongJobFaster
	kWallYears
	kWallMonths
	kWallDays
	kNoteAllLong
	kNoteAllLongOne
	kLongJobAtMost
	kTradeGate
	kTradeLong
	kGateFirstToken
	kGateDecode
	kGateImage
	kGateFlag
	kGateDeadline
	kGiveFirstToken
	kGiveDecode
	kGiveImage
	kGiveLink
	kGiveLinkUnknown
	kGiveMarketplace
	kGiveVCPU
	kGiveVCPUUnknown
	kGiveVCPUs
	kGiveDeadline

	// Efficiency per GPU family and stack gaps (efficiency.go,
	// explain_warnings.go, risk.go).
	kEffMeasured
	kEffEstimate
	kEffAssumed
	kEffSep
	kFamCDNA2
	kFamOther
	kROCmTrain
	kROCmInt4
	kRiskStackGap

	// kCount is the number of text keys.
	kCount
)

// texts holds every text of the advisor.
var texts = text.Table[textKey]{
	kVCPUShared:      {"shared with other tenants", "与其他租户共享"},
	kVCPUBurstable:   {"burstable (a baseline plus CPU credits)", "为突发型（基准性能加 CPU 积分）"},
	kVCPUContainer:   {"a container's share of a host that runs other tenants' containers", "是容器在多租户主机上分到的份额"},
	kVCPUMarketplace: {"on a marketplace host that other renters share", "在多人共用的市场型主机上"},
	kVCPUFraction:    {"a vGPU slice's share of the host", "是 vGPU 切片分到的主机份额"},
	kAsmOneNodeTrain: {
		"training on one node (several nodes are offered only when no single node holds the job)",
		"在单个节点上训练（只有当没有单个节点装得下任务时才考虑多节点）",
	},
	kAsmMultiNodeTrain: {
		"no single node holds the job: training across up to %d nodes (data parallel with sharding)",
		"没有单个节点装得下任务：最多跨 %d 个节点训练（数据并行加分片）",
	},
	kAsmOneNode: {
		"serving on one node (several nodes are offered only when no single node holds the model)",
		"在单个节点上推理（只有当没有单个节点装得下模型时才考虑多节点）",
	},
	kAsmMultiNode: {
		"no single node holds the model: serving across up to %d nodes (pipeline stages)",
		"没有单个节点装得下模型：最多跨 %d 个节点推理（流水线并行）",
	},
	kAsmMaxNodes: {
		"at most %d nodes per configuration (no node limit given)",
		"每个配置最多 %d 个节点（未指定节点上限）",
	},
	kAsmStated: {
		"memory stated by the user: %g GiB in all, not broken down, split evenly across the GPUs",
		"显存由用户给定：共 %g GiB，未细分，按 GPU 平均分摊",
	},
	kAsmUnknownModel: {
		"model %q is not a known preset: its architecture is not used",
		"模型 %q 不在预设中：不使用其架构参数",
	},
	kAsmPreset: {
		"architecture of preset %s (source: %s)",
		"架构取自预设 %s（来源：%s）",
	},
	kAsmWeightsOnly: {
		"the preset gives a parameter count only (no layers): weights and framework overhead are counted, no KV cache",
		"该预设只有参数量（无层结构）：只计权重和框架开销，不计 KV 缓存",
	},
	kAsmParamsOverride: {
		"parameter count %s given: the architecture of preset %s is not used",
		"已给定参数量 %s：不使用预设 %s 的架构",
	},
	kAsmGeneric: {
		"no preset: a Llama-3-like shape is assumed (%d layers, hidden %d, %d KV heads x %d)",
		"无预设：假设为类 Llama 3 结构（%d 层，隐藏维度 %d，%d 个 KV 头 x %d）",
	},
	kAsmNoSize: {
		"no model size: give a preset (--model) or a parameter count (--params)",
		"未给出模型大小：请指定预设（--model）或参数量（--params）",
	},
	kAsmMoE: {
		"mixture of experts: all %s parameters are held in memory, %s are active per token (%d of %d experts)",
		"混合专家模型：%s 参数全部驻留显存，每个 token 激活 %s（%d/%d 个专家）",
	},
	kAsmNF4: {
		"QLoRA base weights in NF4 with double quantisation: 4.127 bits per parameter (Dettmers et al. 2023)",
		"QLoRA 基座权重为 NF4 双重量化：每参数 4.127 位（Dettmers 等，2023）",
	},
	kAsmQLoRAPrecision: {
		"QLoRA quantises the base to 4 bits whatever precision is asked (%s is the compute precision)",
		"QLoRA 总是把基座量化为 4 位，与所选精度无关（%s 为计算精度）",
	},
	kAsmTrainQuant: {
		"full training in %s is not a standard recipe: estimated as bf16 mixed precision",
		"%s 全参训练不是常规做法：按 bf16 混合精度估算",
	},
	kAsmInt4: {
		"int4 weights (GPTQ/AWQ layout): 4 bits plus a 16-bit scale and zero point per group of 128 = 4.25 bits per parameter",
		"int4 权重（GPTQ/AWQ 格式）：4 位，每 128 个权重一组另加 16 位缩放和零点，合计每参数 4.25 位",
	},
	kAsmFP4: {
		"%s weights: 4-bit E2M1 values with a block scale (NVFP4: an FP8 scale per 16 values; MXFP4: an 8-bit power-of-two scale per 32) = %.2f bits per parameter",
		"%s 权重：4 位 E2M1 数值加分块缩放（NVFP4：每 16 个值一个 FP8 缩放；MXFP4：每 32 个值一个 8 位 2 的幂缩放），合计每参数 %.2f 位",
	},
	kAsmFP4Peak: {
		"FP4 compute is timed at the GPU's FP8 dense peak where it has FP4 tensor cores (Blackwell, CDNA 4): the catalog has no FP4 column, and NVIDIA states FP4 at twice FP8 on B200, so this is the worse case; elsewhere FP4 runs weight-only at 16-bit compute",
		"有 FP4 张量核心的 GPU（Blackwell、CDNA 4）上 FP4 计算按其 FP8 稠密峰值估算：目录没有 FP4 列，NVIDIA 标称 B200 的 FP4 为 FP8 的两倍，故此为较差情形；其他 GPU 上 FP4 只能仅权重量化，按 16 位算力运行",
	},
	kAsmEmbed16: {
		"the embedding and LM head stay in 16 bits when the weights are quantised",
		"量化时词嵌入与输出层保持 16 位",
	},
	kAsmFLOPsLoRA: {
		"training compute 4 x active parameters per token: the frozen base needs no weight gradients",
		"训练算力按每 token 4 x 激活参数计：冻结的基座不需要权重梯度",
	},
	kAsmFLOPsFull: {
		"training compute 6 x active parameters per token (forward 2, backward 4)",
		"训练算力按每 token 6 x 激活参数计（前向 2，反向 4）",
	},
	kAsmFLOPsRecompute: {
		"gradient checkpointing recomputes the forward pass: +2 x parameters per token",
		"梯度检查点需重算前向：每 token 再加 2 x 参数",
	},
	kAsmMFU: {
		"training runs at the share of peak tensor throughput measured for each GPU family with its usual stack (advisor/efficiency.go names each measurement): %s; less where the gradient exchange over an offer's links outlasts the compute (shown with its speed)",
		"训练按各 GPU 家族在其常用软件栈上实测达到的峰值张量算力比例计（advisor/efficiency.go 列出每项实测来源）：%s；若报价的互联上梯度交换比计算更久则更低（随速度一并显示）",
	},
	kAsmGenJob: {
		"a generation job is timed by decode throughput at the batch size; prompt processing is not counted",
		"生成任务按该批量下的解码吞吐计时；不计提示词处理时间",
	},
	kAsmKVMLA: {
		"KV cache (MLA): %d + %d values per token per layer in 16 bits, %d tokens x %d sequences; tensor parallelism cannot split it by heads",
		"KV 缓存（MLA）：每 token 每层 %d + %d 个 16 位值，%d token x %d 条序列；张量并行无法按头切分",
	},
	kAsmKV: {
		"KV cache: 2 x %d layers x %d KV heads x %d x %d tokens x %d sequences x %d bytes",
		"KV 缓存：2 x %d 层 x %d 个 KV 头 x %d x %d token x %d 条序列 x %d 字节",
	},
	kAsmPrefillAct: {
		"prefill workspace for a %d-token chunk",
		"预填充工作区按 %d token 的分块计",
	},
	kAsmEngine: {
		"the serving engine may use %d%% of each GPU (vLLM gpu_memory_utilization default), and at least %.1f GiB per GPU is CUDA context",
		"推理引擎最多占用每张 GPU 的 %d%%（vLLM gpu_memory_utilization 默认值），每张 GPU 至少 %.1f GiB 为 CUDA 上下文",
	},
	kAsmLoRA: {
		"LoRA rank %d on every linear layer: %s adapter parameters at %d bytes each (weights, gradients, AdamW states)",
		"LoRA 秩 %d，作用于全部线性层：适配器参数 %s，每个 %d 字节（权重、梯度、AdamW 状态）",
	},
	kAsmFP32Train: {
		"fp32 training with AdamW: 4 bytes of weights, 4 of gradients and 8 of optimizer states per parameter",
		"fp32 训练（AdamW）：每参数权重 4 字节、梯度 4 字节、优化器状态 8 字节",
	},
	kAsmMixed: {
		"mixed-precision AdamW: 6 bytes of weights, 4 of gradients and 8 of optimizer states per parameter, 18 in all (Hugging Face, model memory anatomy)",
		"混合精度 AdamW：每参数权重 6 字节、梯度 4 字节、优化器状态 8 字节，共 18 字节（Hugging Face《模型显存剖析》）",
	},
	kAsmActCkpt: {
		"activations with gradient checkpointing: 2 x s x b x h bytes per layer plus one layer recomputed (s = %d tokens, b = %d sequences per GPU)",
		"激活（梯度检查点）：每层 2 x s x b x h 字节，另加一层重算（s = %d token，b = 每 GPU %d 条序列）",
	},
	kAsmAct: {
		"activations: 34 x s x b x h bytes per layer with FlashAttention (Korthikanti et al. 2022; s = %d tokens, b = %d sequences per GPU) plus the logits",
		"激活：使用 FlashAttention 时每层 34 x s x b x h 字节（Korthikanti 等，2022；s = %d token，b = 每 GPU %d 条序列），另加 logits",
	},
	kAsmContext: {
		"%.1f GiB of CUDA context per GPU",
		"每张 GPU 有 %.1f GiB CUDA 上下文",
	},
	kAsmGlobalBatch: {
		"an optimizer step of %.0fM tokens (Llama 2's global batch): without sharding or with ZeRO-1 the gradients are exchanged once per step, accumulated over the micro-batches in between; ZeRO-2 and ZeRO-3 / FSDP reduce every micro-batch",
		"每个优化步 %.0fM token（Llama 2 的全局批大小）：不分片或 ZeRO-1 时每步交换一次梯度，其间各微批次在本地累积；ZeRO-2 与 ZeRO-3 / FSDP 每个微批次都要归约",
	},
	kAsmGlobalBatchSeqs: {
		"an optimizer step of %d sequences (Stanford Alpaca's batch): without sharding or with ZeRO-1 the gradients are exchanged once per step, accumulated over the micro-batches in between; ZeRO-2 and ZeRO-3 / FSDP reduce every micro-batch",
		"每个优化步 %d 条序列（Stanford Alpaca 的批大小）：不分片或 ZeRO-1 时每步交换一次梯度，其间各微批次在本地累积；ZeRO-2 与 ZeRO-3 / FSDP 每个微批次都要归约",
	},
	kAsmShardAuto: {
		"with several GPUs the least sharding that fits is used: none, ZeRO-1, ZeRO-2, then ZeRO-3 / FSDP",
		"多卡时采用能装下的最轻分片：不分片、ZeRO-1、ZeRO-2，最后 ZeRO-3 / FSDP",
	},
	kAsmShardGiven: {
		"sharding across GPUs: %s",
		"多卡分片方式：%s",
	},
	kAsmDecode: {
		"decode speed from memory bandwidth (a roofline) at the share of peak measured for each GPU family (%s), at full context; first-token time assumes the prompt fills %d%% of the context, prefilled at a share of peak tensor throughput per family (%s)",
		"解码速度按显存带宽（屋顶线模型）以各 GPU 家族实测达到的峰值比例估算（%s），按满上下文计；首 token 时间假设提示词占上下文的 %d%%，预填充按各家族的峰值张量算力比例计（%s）",
	},
	kAsmCheckpointDisk: {
		"storage for one checkpoint assumed: %.0f GB, priced with the data the run keeps",
		"假设存储一个检查点：%.0f GB，与运行保存的数据一并计价",
	},

	kArch: {
		"%d layers, hidden %d, %d heads, %d KV heads x %d",
		"%d 层，隐藏维度 %d，%d 个注意力头，%d 个 KV 头 x %d",
	},
	kArchMLA: {
		"%d layers, hidden %d, %d heads, latent attention (KV rank %d)",
		"%d 层，隐藏维度 %d，%d 个注意力头，潜在注意力 MLA（KV 秩 %d）",
	},
	kArchWeightsOnly: {
		"parameter count only",
		"仅有参数量",
	},

	kQBilling: {
		"billed %s",
		"计费粒度：%s",
	},
	kQSpotNotForJob: {
		"not for this job: it cannot be interrupted",
		"不适用：该任务不能被中断",
	},
	kQSpotOverhead: {
		"includes %d%% re-run and restart time after interruptions",
		"已计入中断后 %d%% 的重跑与重启时间",
	},
	kWStaleUndated: {
		"price of unknown date (%s): take it as stale",
		"价格日期未知（%s）：按过时价格对待",
	},
	kWStaleLive: {
		"live marketplace price fetched %s, %.1f h ago (current for %d h): the host may have repriced or rented the machine out; refresh with gpupick catalog update --source %s",
		"实时市场价格获取于 %s，已过 %.1f 小时（有效期 %d 小时）：主机可能已调价或已被租出；请运行 gpupick catalog update --source %s 刷新",
	},
	kWStaleLiveUnknown: {
		"live marketplace price fetched %s, of an age that cannot be told: take it as stale; refresh with gpupick catalog update --source %s",
		"实时市场价格获取于 %s，无法判断已过多久：按过时价格对待；请运行 gpupick catalog update --source %s 刷新",
	},
	kQLive: {
		"live marketplace price fetched %s, %.1f h ago (current for %d h)",
		"实时市场价格获取于 %s，已过 %.1f 小时（有效期 %d 小时）",
	},
	kQLiveStale: {
		"live marketplace price fetched %s: stale, taken as a stale price (see the warning)",
		"实时市场价格获取于 %s：已过时，按过时价格计（见警告）",
	},
	kQSpotBucket: {
		"AWS interruption frequency %s (Spot Instance Advisor, %s): %s of re-run and restart expected (%.0f-minute checkpoints, %.0f-minute restart)",
		"AWS 中断频率 %s（Spot Instance Advisor，%s）：预计重跑与重启 %s（每 %.0f 分钟检查点，重启 %.0f 分钟）",
	},
	kQSpotUnknownRate: {
		"interruption rate unknown (not published): %d%% re-run and restart time assumed, a conservative default",
		"中断率未知（未公布）：按保守默认值计入 %d%% 的重跑与重启时间",
	},
	kQSpotZone: {
		"priced at the median zone, %s, of %d zones (from %s to %s an hour)",
		"按 %[2]d 个可用区的中位数 %[1]s 计价（每小时 %[3]s 至 %[4]s）",
	},
	kQSpotZoneAsked: {
		"priced at the median zone inside the region filter, %s, of %d zones (from %s to %s an hour)",
		"按地域筛选内 %[2]d 个可用区的中位数 %[1]s 计价（每小时 %[3]s 至 %[4]s）",
	},
	kQInside: {
		"price in %s, inside the region filter",
		"价格取自地域筛选内的 %s",
	},
	kQInsideRange: {
		"price in %s, the cheapest of %d regions inside the region filter (from %s to %s an hour)",
		"价格取自 %[1]s，为地域筛选内 %[2]d 个地域中最便宜的（每小时 %[3]s 至 %[4]s）",
	},
	kQUpToAt: {
		"applied to the on-demand price in %s",
		"按 %s 的按需价格计算",
	},
	kQRange: {
		"price of %s; from %s to %s an hour across the regions",
		"价格取自 %s；各区域每小时 %s 至 %s",
	},
	kQOneZone: {
		"price found in one zone only (%s)",
		"仅在一个可用区找到价格（%s）",
	},
	kQFirm: {
		"firm committed price: %d%% off on-demand for this family (%s)",
		"确定的承诺使用价：该系列比按需便宜 %d%%（%s）",
	},
	kQAskQuote: {
		"ask the provider for a quote",
		"请向云厂商询价",
	},
	kQOnRequest: {
		"%s plans: price on request",
		"%s 套餐：价格需询价",
	},
	kQHybBase: {
		"%.0f x %.0f h on the plan at %s an hour",
		"套餐 %.0f x %.0f 小时，每小时 %s",
	},
	kQHybFillOD: {
		"then %.0f h of use on demand at %s an hour",
		"其后 %.0f 小时按需使用，每小时 %s",
	},
	kQHybFillSpot: {
		"then %.0f h of use on spot at %s an hour, plus %s re-run (interruption %s)",
		"其后 %.0f 小时使用竞价实例，每小时 %s，另计重跑 %s（中断率 %s）",
	},
	kQHybSpotOD: {
		"spot at %s an hour; the %s redone after interruptions (rate %s) run on demand at %s an hour, so the job never waits for spot capacity",
		"竞价实例每小时 %s；中断后重跑的 %s（中断率 %s）改用按需实例，每小时 %s，作业无需等待竞价容量",
	},
	kQSpotServing: {
		"the service stops at each preemption",
		"每次被回收时服务会中断",
	},
	kQSpotNotice: {
		"%.0f s notice before reclaim",
		"回收前提前 %.0f 秒通知",
	},
	kQSpotLimit: {
		"runs at most %.0f h at a time",
		"单次最长运行 %.0f 小时",
	},
	kQListed: {
		"listed plan price, paid for %.0f h",
		"标价套餐，按 %.0f 小时付费",
	},
	kQUpTo: {
		"best case from the published \"up to %d%%\" discount: not a firm price",
		"按公布的“最高 %d%%”折扣估算的最好情况：不是确定价格",
	},
	kQDiscount: {
		"estimate from the published %d%% discount on on-demand",
		"按公布的按需价 %d%% 折扣估算",
	},
	kQDiscountMonthly: {
		"estimate from the published %d%% discount on the listed monthly price",
		"按公布的包月价 %d%% 折扣估算",
	},
	kQWholeTerm: {
		"the whole term is paid (%.0f h) even if the run is shorter",
		"即使运行时间更短也要支付整个期限（%.0f 小时）",
	},
	kQNeverBreaksEven: {
		"never cheaper than on-demand, even around the clock",
		"即使全天候使用也不比按需便宜",
	},
	kQBreakEven: {
		"cheaper than on-demand above %.0f h a week",
		"每周使用超过 %.0f 小时才比按需便宜",
	},

	kHStorageUnknown: {
		"%.0f GB of storage: the provider's storage price is unknown",
		"%.0f GB 存储：该云厂商的存储价格未知",
	},
	kHStorage: {
		"%.0f GB of block storage at %g %s per GB-month over %.1f months",
		"%.0f GB 块存储，单价 %g %s/GB/月，共 %.1f 个月",
	},
	kHStoppedBilled: {
		"disks are billed while the instance is stopped",
		"实例关机期间磁盘照常计费",
	},
	kHEgressUnknown: {
		"%.0f GB of egress: the provider's egress price is unknown",
		"%.0f GB 出网流量：该云厂商的流量价格未知",
	},
	kHEgress: {
		"%.0f GB of egress over the run, tiered, %.0f GB a month free",
		"运行期间出网流量 %.0f GB，阶梯计价，每月免费 %.0f GB",
	},
	kHStorageEstimate: {
		"%.0f GB of storage over %.1f months ~%s (estimate: the provider publishes no storage price; the highest published block-storage price %s, %s's %g %s per GB-month)",
		"%.0f GB 存储，%.1f 个月，约 %s（估算：该云厂商未公布存储价格，按%s最高的公开块存储价，%s 的 %g %s/GB/月）",
	},
	kHEgressEstimate: {
		"%.0f GB of egress ~%s (estimate: the provider publishes no egress price; the highest published internet egress price %s, %s's %g %s per GB, no free allowance)",
		"%.0f GB 出网流量，约 %s（估算：该云厂商未公布流量价格，按%s最高的公网出流量公开价，%s 的 %g %s/GB，不计免费额度）",
	},
	kPCHyperscaler: {"of the hyperscalers", "大型公有云中"},
	kPCNeocloud:    {"of the GPU neoclouds", "GPU 云厂商中"},
	kPCMarketplace: {"of the marketplaces", "算力市场中"},
	kPCChina:       {"of the Chinese clouds", "国内云厂商中"},
	kPCAll:         {"of all providers in the currency (its class publishes none above 0)", "同币种全部云厂商中（同类厂商无高于 0 的公开价）"},

	kNoNVLinkServe: {
		"%d x %s talk over PCIe only (no NVLink): tensor-parallel traffic slows every generated token",
		"%d x %s 之间只有 PCIe（无 NVLink）：张量并行通信会拖慢每个生成的 token",
	},
	kSpotServing: {
		"spot would cut the GPU cost by %d%%, but the service must not be interrupted: a reclaim takes it down until a new instance starts",
		"竞价实例可把 GPU 费用降低 %d%%，但服务不能中断：一旦被回收，服务将停止，直到新实例启动",
	},
	kSpotDoubtful: {
		"spot is not counted as a saving: %s",
		"竞价不计为节省：%s",
	},
	kQSpotNotBelow: {
		"the source prices spot here at %d%% of on-demand in the same region: no saving, so it never prices the run (%s: %s)",
		"来源给出的竞价为同地域按需价的 %d%%：没有节省，因此不用于计价（%s：%s）",
	},
	kQSpotOutside: {
		"the source prices spot here %d%% below on-demand in the same region, outside what %s states (%s): the figure may be wrong; check the provider's price before planning on it",
		"来源给出的竞价比同地域按需价低 %d%%，超出 %s 公布的范围（%s）：该数字可能有误，规划前请核对云厂商的价格",
	},
	kSpotStatedRange: {"stated %d-%d%% off on-demand, %s", "公布比按需价低 %d-%d%%，%s"},
	kSpotStatedMax:   {"stated up to %d%% off on-demand, %s", "公布最多比按需价低 %d%%，%s"},
	kSpotNoneStated:  {"no discount range stated", "未公布折扣范围"},
	kMarketUnreliable: {
		"a third-party marketplace host with a reliability score of %.1f%%, under the %.0f%% gpupick asks of a host (its own rule): expect the machine to fail or vanish more often; keep checkpoints off the host or pick a host with a better record",
		"第三方市场主机，可靠性评分 %.1f%%，低于 gpupick 对主机要求的 %.0f%%（本产品自定规则）：机器故障或下线会更频繁；请把检查点存到主机之外，或选择记录更好的主机",
	},
	kLegacyKepler: {
		"%s is a Kepler GPU: CUDA 12 dropped Kepler, so current PyTorch, vLLM and most images will not run on it",
		"%s 是 Kepler 架构 GPU：CUDA 12 已不再支持 Kepler，当前的 PyTorch、vLLM 和大多数镜像都无法在其上运行",
	},
	kNVLinkUnknown: {
		"%d x %s: the provider does not document NVLink between the GPUs; without it, gradient and tensor-parallel traffic goes over PCIe",
		"%d x %s：服务商未说明 GPU 之间是否有 NVLink；没有的话，梯度同步和张量并行通信走 PCIe",
	},
	kSharedHT: {
		"%.0f vCPUs are hyperthreads: about %.0f physical cores",
		"%.0f 个 vCPU 为超线程：约合 %.0f 个物理核",
	},
	kLockInNoYear: {
		"a 3-year term looks cheaper, but it locks you to today's GPU while new generations ship about every 2 years",
		"3 年期承诺看似更便宜，但会把你锁定在当前 GPU 上，而新一代 GPU 约每 2 年推出一次",
	},
	kLockInCapacity: {
		"the commitment does not reserve capacity: the GPUs may still be unavailable when you need them",
		"该承诺不预留容量：需要时 GPU 仍可能无货",
	},
	kFP8No: {
		"%s has no FP8 tensor cores: FP8 weights run through 16-bit kernels, saving memory but not time",
		"%s 没有 FP8 张量核心：FP8 权重只能经 16 位内核运行，省显存但不提速",
	},
	kFP8Unknown: {
		"FP8 support of %s is not documented",
		"%s 是否支持 FP8 未见文档说明",
	},
	kUnnamedGPU: {
		"an unnamed GPU",
		"未标明型号的 GPU",
	},

	kSugPrecision: {
		"use %s precision",
		"改用 %s 精度",
	},
	kSugWorkload: {
		"train with %s instead",
		"改用 %s 训练",
	},
	kSugContext: {
		"shorten the context to %s tokens",
		"把上下文缩短到 %s token",
	},
	kSugUsers: {
		"serve %d users at once instead of %d",
		"同时服务 %d 个用户，而不是 %d 个",
	},
	kSugMicroBatch: {
		"train with a micro-batch of %d sequences instead of %d",
		"把每个 GPU 的微批次减到 %d 条序列（原为 %d 条）",
	},
	kSugSpot: {
		"checkpoint the job and allow spot capacity",
		"为任务加检查点并允许使用竞价实例",
	},
	kSugSpotServe: {
		"allow spot capacity",
		"允许使用竞价实例",
	},
	kSugCommit: {
		"rent for %s, so that the %s price applies",
		"租用 %s，以适用%s价格",
	},
	kSugSharding: {
		"shard weights, gradients and optimizer states (ZeRO-3 / FSDP) so fewer GPUs hold the job",
		"对权重、梯度和优化器状态做分片（ZeRO-3 / FSDP），用更少的 GPU 装下任务",
	},
	kSugRecompute: {
		"turn on gradient checkpointing",
		"开启梯度检查点",
	},
	kSugAnyCount: {
		"allow any number of GPUs per node",
		"不限制每节点 GPU 数量",
	},
	kSugAnyGPU: {
		"allow GPUs other than %s",
		"允许使用 %s 以外的 GPU",
	},
	kSugAnyProviders: {
		"allow every provider, not only %s",
		"允许所有云厂商，而不只是 %s",
	},
	kSugNoExclude: {
		"allow the providers you excluded (%s)",
		"允许你排除的云厂商（%s）",
	},
	kSugAnyRegion: {
		"allow every region, not only %s",
		"允许所有地域，而不只是 %s",
	},
	kSugNodes: {" x %d nodes", " x %d 个节点"},
	kSugEffect: {
		"needs %.1f GiB; first is %s %s (%s%s), %s, %s for the run",
		"需要 %.1f GiB；排第一的是 %s %s（%s%s），%s，整个运行 %s",
	},
	kSugEffectNoTotal: {
		"needs %.1f GiB; first is %s %s (%s%s) (run length unknown)",
		"需要 %.1f GiB；排第一的是 %s %s（%s%s）（运行时长未知）",
	},
	kSugPerMonth: {
		" (%s a month)",
		"（每月 %s）",
	},
	kSugPerHour: {
		" (%s an hour for the GPUs)",
		"（GPU 每小时 %s）",
	},
	kSugKeeps: {
		", within the budget of %s",
		"，在 %s 预算内",
	},
	kSugStillOver: {
		", still over the budget of %s",
		"，仍超出 %s 预算",
	},
	kSugTooSlow: {
		"; too slow for the %s latency class",
		"；达不到%s延迟要求",
	},
	kSugSpeedUnknown: {
		"; its speed is unknown, so the %s latency class is not checked",
		"；速度未知，未核对%s延迟要求",
	},
	kSugRelaxes: {
		"; relaxes %s, which you set",
		"；放宽了你设定的 %s",
	},
	kSugAnd: {
		", ",
		"，",
	},
	kSugSep: {
		"; ",
		"；",
	},
	kSugCaveatQuant: {
		"quality: %s weights can lower the output's quality against %s; no cited figure here says by how much, so evaluate the quantised model on your own task first",
		"质量：%s 权重的输出质量可能不如 %s；这里没有引用的数据说明差多少，请先在自己的任务上评估量化后的模型",
	},
	kSugCaveatLockIn: {
		"lock-in: the %s price bills every hour of its %s term, used or not",
		"锁定：%s价格按 %s期限每小时计费，无论是否使用",
	},
	kSugCaveatSpotServe: {
		"interruptions: spot capacity can be taken back at short notice; a service needs a fallback (another replica, or on-demand) to keep answering",
		"中断：竞价实例可能被随时收回；服务需要后备（另一个副本或按需实例）才能持续响应",
	},
	kSugCaveatSpotJob: {
		"interruptions: the job must save a checkpoint every %s and resume after a reclaim (the total counts the work redone)",
		"中断：任务须每 %s 保存一次检查点，被收回后能续跑（总价已计入重做的工作）",
	},
	kSugCaveatContext: {
		"each prompt and its answer must fit in %s tokens together",
		"每次的提示和回答加起来须在 %s token 以内",
	},
	kSugCaveatUsers: {
		"requests beyond %d at once wait in a queue",
		"同时超过 %d 个的请求须排队等待",
	},
	kSugCaveatMicroBatch: {
		"gradient accumulation keeps the global batch, at more steps",
		"用梯度累积保持全局批次，步数更多",
	},
	kSugCaveatLoRA: {
		"trains adapters on a frozen base, not every weight; whether that is enough for the task is not measured here",
		"只在冻结的基座上训练适配器，而非全部权重；这里没有衡量这对任务是否足够",
	},
	kSugCaveatQLoRA: {
		"trains adapters on a base held in 4-bit (NF4); its quality cost is not measured here",
		"在 4 位（NF4）基座上训练适配器；这里没有衡量其质量代价",
	},
	kSugCaveatRecompute: {
		"recomputes activations in the backward pass: slower steps, which the total counts",
		"反向传播时重算激活：每步更慢，总价已计入",
	},
	kSugCaveatSharding: {
		"more traffic between the GPUs at every step, which the speed estimate counts",
		"每一步 GPU 之间的通信更多，速度估算已计入",
	},

	kNoteInvalid: {
		"answers not usable: %s",
		"回答无法使用：%s",
	},
	kNoteNoCatalog: {
		"no catalog: nothing to rank",
		"没有目录：无可排序的报价",
	},
	kNoteNoSize: {
		"no model size: name a preset or give a parameter count",
		"未给出模型大小：请指定预设或参数量",
	},
	kNoteSnapshot: {
		"prices are a snapshot read %s",
		"价格为 %s 读取的快照",
	},
	kNoteProviderNoOffers: {
		"%s: no offers in the catalog (the provider is known, but no source of this catalog lists its instances)",
		"%s：目录中没有报价（已知云厂商，但本目录的数据源未列出其实例）",
	},
	kNoteNoneFits: {
		"no offer holds %.1f GiB within %d node(s)",
		"没有报价能在 %[2]d 个节点内装下 %.1[1]f GiB",
	},
	kNoteNoneMatch: {
		"no offer matches the filters with a known price",
		"没有符合筛选条件且价格已知的报价",
	},
	kNoteOverBudget: {
		"nothing fits the budget of %s: the closest offers are shown, over budget",
		"没有报价在 %s 预算内：下面列出最接近的超预算报价",
	},
	kNoteBudgetNoFX: {
		"the budget in %s could not be converted (no exchange rate): it is ignored",
		"预算币种 %s 无法换算（缺少汇率）：已忽略预算",
	},
	kNoteNoDisplayFX: {
		"no exchange rate to %s: amounts are shown in USD",
		"缺少到 %s 的汇率：金额以美元显示",
	},
	kNoteTooSlow: {
		"%d offers are too slow for the %s latency class",
		"%d 个报价达不到%s延迟等级的速度",
	},
	kNoteUnknownSpeed: {
		"%d offers have GPUs without bandwidth or TFLOPS figures: their speed is unknown",
		"%d 个报价的 GPU 缺少带宽或算力数据：速度未知",
	},
	kNoteTooSmall: {
		"%d offers are too small for the job",
		"%d 个报价显存不足以容纳该任务",
	},
	kNoteNoVRAM: {
		"%d offers do not state their GPU memory and were left out",
		"%d 个报价未标明显存，已排除",
	},
	kNoteNoPrice: {
		"%d offers have no known price and were left out",
		"%d 个报价没有已知价格，已排除",
	},
	kNoteRetired: {
		"%d offers were left out: the provider has retired these instance types (catalog show gives each retirement notice)",
		"%d 个报价已排除：云厂商已停用这些实例规格（catalog show 列出各自的停用公告）",
	},
	kNoteSpotOnly: {
		"%d offers have only spot or best-case prices; the job cannot be interrupted, so they were left out",
		"%d 个报价只有竞价或最好情况价格；任务不能中断，已排除",
	},
	kNoteNoFX: {
		"%d offers are priced in a currency without an exchange rate and were left out",
		"%d 个报价的币种缺少汇率，已排除",
	},
	kNoteLegacy: {
		"%d offers with Kepler GPUs (K80) were left out: CUDA 12 dropped Kepler, so current frameworks do not run there (name the GPU with --gpu to see them)",
		"%d 个 Kepler 架构 GPU（K80）报价被排除：CUDA 12 已不再支持 Kepler，当前框架无法运行（用 --gpu 指定该 GPU 可查看）",
	},
	kRiskMarketplace:    {"+%d%%: a marketplace host (availability and reliability vary by host)", "+%d%%：市场型第三方主机（可用性与可靠性因主机而异）"},
	kRiskSharedVCPU:     {"+%d%%: host CPUs shared with other tenants", "+%d%%：主机 CPU 与其他租户共享"},
	kRiskTPLink:         {"+%d%%: GPUs split the model over PCIe or an undocumented link", "+%d%%：多卡经 PCIe 或未注明的互联切分模型"},
	kRiskTPHost:         {"+%d%%: GeForce cards split the model through host memory (no peer-to-peer between them)", "+%d%%：GeForce 显卡之间没有点对点通信，切分模型的流量要经主机内存中转"},
	kRiskLegacy:         {"+%d%%: a legacy GPU architecture", "+%d%%：旧一代 GPU 架构"},
	kRiskStackGap:       {"+%d%%: QLoRA's 4-bit stack on ROCm (bitsandbytes, CUDA-only trainer kernels)", "+%d%%：在 ROCm 上跑 QLoRA 的 4 位软件栈（bitsandbytes、仅支持 CUDA 的训练内核）"},
	kRiskStale:          {"+%d%%: the price is stale", "+%d%%：价格已过时"},
	kRiskEstimate:       {"+%d%%: the price is estimated from a published discount", "+%d%%：价格按公开折扣估算"},
	kRiskHiddenEstimate: {"+%d%%: the storage or egress price is an estimate (the provider publishes none)", "+%d%%：存储或流量价格为估算（该云厂商未公布）"},
	kRiskGPUs:           {"+%d%%: more GPUs to split over, set up and watch", "+%d%%：需拆分、配置和维护的 GPU 更多"},
	kRiskNodes:          {"+%d%%: more nodes to run and watch", "+%d%%：需运行和维护的节点更多"},
	kRiskFewCores:       {"+%d%%: fewer host CPU cores than vLLM needs to keep the GPUs busy (2 + one per GPU physical cores; hyperthreaded vCPUs count half)", "+%d%%：主机 CPU 物理核少于 vLLM 让 GPU 满负荷所需（2 个加每张 GPU 1 个；超线程 vCPU 按一半计）"},
	kRiskSpotOnly:       {"+%d%%: spot only, with no on-demand price to fall back on and no published interruption rate: if the capacity is reclaimed, the rest of the run moves to on-demand elsewhere", "+%d%%：仅有竞价实例价格，没有可回退的按需价格，也没有公开的中断率：若容量被收回，其余运行需转到别处按需实例"},
	kNoteReqFail: {
		"%d offers were left out by the hard requirements (interconnect, hosting, vCPUs)",
		"%d 个报价因硬性要求（互联、托管方式、vCPU）被排除",
	},
	kAsmHostRAMLoad: {
		"host RAM per node: at least %.1f GiB to load the %.1f GB checkpoint (the model plus its largest shard, at most 5 GB, pass through host memory); an offer with less is left out, one whose RAM is unknown ranks after those known to have enough",
		"每个节点的主机内存：至少 %.1f GiB，才能加载 %.1f GB 的检查点（模型本身加上最大的一个分片，至多 5 GB，都要经过主机内存）；内存更少的报价被排除，内存未知的排在已知足够的报价之后",
	},
	kAsmHostRAMAdapter: {
		"host RAM per node: at least %.1f GiB (the frozen base loads onto the GPUs a shard at a time, at most 5 GB); an offer with less is left out, one whose RAM is unknown ranks after those known to have enough",
		"每个节点的主机内存：至少 %.1f GiB（冻结的基座模型按分片逐个加载到 GPU，每片至多 5 GB）；内存更少的报价被排除，内存未知的排在已知足够的报价之后",
	},
	kAsmHostRAMServe: {
		"host RAM per node: at least %.1f GiB per GPU used: vLLM keeps a %d GiB CPU swap space per GPU and will not start when it is more than %d%% of the host's memory; an offer with less is left out, one whose RAM is unknown ranks after those known to have enough",
		"每个节点的主机内存：每张所用 GPU 至少 %.1f GiB：vLLM 为每张 GPU 保留 %d GiB 的 CPU 交换空间，超过主机内存的 %d%% 时无法启动；内存更少的报价被排除，内存未知的排在已知足够的报价之后",
	},
	kNoteLowRAM: {
		"%d offers were left out: their host RAM is below what the software needs to load and run the job (see the assumptions; %s)",
		"%d 个报价被排除：主机内存低于软件加载和运行该任务所需（见假设；%s）",
	},
	kNoteReqUnknown: {
		"%d offers were left out because the catalog does not know a fact a hard requirement needs (taken as failing it)",
		"%d 个报价因目录缺少硬性要求所需的信息而被排除（按不满足处理）",
	},
	kWhyBudget:        {"#2 (%d× %s) is over the budget", "第 2 名（%d× %s）超出预算"},
	kWhyShort:         {"#2 (%d× %s) falls short of the job as asked: %s", "第 2 名（%d× %s）达不到所要求的运行方式：%s"},
	kWhySpeedUnknown:  {"#2 (%d× %s) has no known speed (the catalog has no bandwidth or TFLOPS figures for its GPU): offers of known speed rank first", "第 2 名（%d× %s）速度未知（目录没有其 GPU 的带宽或 TFLOPS 数据）：已知速度的报价排在前面"},
	kWhyHiddenUnknown: {"#2 (%d× %s) has a storage or egress price its provider does not publish: offers whose whole cost is known rank first", "第 2 名（%d× %s）的存储或流量价格未公布：总成本已知的报价排在前面"},
	kWhySooner:        {"finishes sooner than #2 (%d× %s), in %s against %s, at a cost within %d%% of it with the risk penalties", "比第 2 名（%d× %s）更早完成（%s 对 %s），计入风险加成后成本相差不到 %d%%"},
	kWhyCheaper:       {"%d%% cheaper than #2 (%d× %s)", "比第 2 名（%[2]d× %[3]s）便宜 %[1]d%%"},
	kWhyCheaperBy:     {"cheaper than #2 (%d× %s) by %s", "比第 2 名（%d× %s）便宜 %s"},
	kWhySameCost:      {"the same all-in cost as #2 (%d× %s)", "与第 2 名（%d× %s）的总成本相同"},
	kWhySafer:         {", and less risk (%s)", "，风险也更低（%s）"},
	kWhyRiskier:       {", more than its own risk penalties add (%s)", "，超过其自身风险加成（%s）"},
	kWhySameRisk:      {", at the same total risk (%s)", "，总风险相同（%s）"},
	kWhyRisk:          {"%d%% dearer than #2 (%d× %s), but %d%% cheaper with the risk penalties (%s)", "比第 2 名（%[2]d× %[3]s）贵 %[1]d%%，但计入风险加成后便宜 %[4]d%%（%[5]s）"},
	kWhyRiskItem:      {"%s +%d%%", "%s（+%d%%）"},
	kWhyRiskAgainst:   {"%s +%d%% against +%d%%", "%s（+%d%% 对 +%d%%）"},
	kWhyHas1:          {"#1 has %s", "第 1 名：%s"},
	kWhyHas2:          {"#2 has %s", "第 2 名：%s"},
	kWhyPartSep:       {"; ", "；"},
	kWhySpeed:         {"decodes about %.0f tok/s per user against %.0f", "每用户解码约 %.0f tok/s，对方 %.0f"},
	kWhyTieCost:       {"the same cost with the risk penalties as #2 (%d× %s), and cheaper before them: %s against %s", "计入风险加成后与第 2 名（%d× %s）成本相同，未计入时更便宜：%s 对 %s"},
	kWhyTieHourly:     {"the same all-in cost and risk as #2 (%d× %s), at a lower hourly rate: %s against %s", "与第 2 名（%d× %s）的总成本和风险相同，每小时费用更低：%s 对 %s"},
	kWhyTie:           {"the same all-in cost, risk and hourly rate as #2 (%d× %s): a tie, listed in the catalog's order", "与第 2 名（%d× %s）的总成本、风险和每小时费用都相同：并列，按目录顺序排列"},
	kWhyChange:        {"with %s: %d× %s at %s/h (%s in all) would lead", "若加上 %s：%d× %s 将排第一，每小时 %s（总计 %s）"},
	kWhyChangeNone:    {"with %s: no offer would fit", "若加上 %s：没有报价满足"},
	kNoteIdle: {
		"%d offers were left out for paying for idle GPUs: the job uses fewer GPUs than they have, and an instance with just those GPUs costs no more",
		"%d 个报价因闲置 GPU 被排除：任务用不满它们的 GPU，而只带所需 GPU 数的实例价格不更高",
	},
	kNoteNoCluster: {
		"%d multi-node offers were left out: they are independent marketplace listings, with no cluster network between the hosts",
		"%d 个多节点报价被排除：它们是相互独立的市场型主机，主机之间没有集群网络",
	},
	kNoteNoRDMA: {
		"%d multi-node offers were left out: their provider documents no cluster network for them (RDMA: InfiniBand, RoCE or EFA); an unknown network is taken as none",
		"%d 个多节点报价被排除：提供商没有为它们注明集群网络（RDMA：InfiniBand、RoCE 或 EFA）；未注明的按没有处理",
	},
	kNoteLate: {
		"%d offers would not finish within %s and were left out",
		"%d 个报价无法在 %s 内完成，已排除",
	},
	kNoteLateUnknown: {
		"%d offers were left out: their speed is not known, so they cannot be shown to finish within %s (the worse case)",
		"%d 个报价被排除：速度未知，无法确认能在 %s 内完成（按较差情况处理）",
	},
	kAsmDeadlineNodes: {
		"deadline %s: only runs that finish within it, set-up included, are listed; training one node cannot finish in time scales out, data parallel, to the fewest nodes that can, up to %d%s, and only over a cluster network the provider documents (RDMA: InfiniBand, RoCE or EFA)",
		"完成期限 %s：只列出含准备时间在内能按时完成的方案；单节点来不及的训练按数据并行扩展到能按时完成的最少节点数，最多 %d 个%s，且只在提供商注明了集群网络（RDMA：InfiniBand、RoCE 或 EFA）时扩展",
	},
	kAsmDeadline: {
		"deadline %s: only runs that finish within it, set-up included, are listed",
		"完成期限 %s：只列出含准备时间在内能按时完成的方案",
	},
	kAsmNodesGiven: {" nodes (--nodes)", "节点（--nodes 指定）"},
	kAsmNodesCap: {
		" nodes (gpupick's cap: 512 GPUs at eight a node; --nodes sets another)",
		"节点（gpupick 的上限：每节点 8 块时共 512 块 GPU；可用 --nodes 另设）",
	},
	kNotePlan: {
		"#1 runs on %d nodes of %d× %s, %s between the nodes: %s an hour a node × %d nodes × %s h = %s for the GPUs",
		"第 1 名使用 %d 个节点，每节点 %d× %s，节点之间为 %s：每节点每小时 %s × %d 个节点 × %s 小时 = GPU 费用 %s",
	},
	kPlanNet:  {"%s at %.0f Gb/s a node", "每节点 %.0[2]f Gb/s 的 %[1]s"},
	kPlanDone: {"; done in %.1f days (deadline %s)", "；%.1f 天完成（期限 %s）"},
	kNoteEngineCC: {
		"%d offers with Maxwell, Pascal or Volta GPUs were left out: vLLM needs compute capability %.1f or higher (docs.vllm.ai, GPU installation); name the GPU with --gpu to see them",
		"%d 个 Maxwell、Pascal 或 Volta 架构 GPU 报价被排除：vLLM 要求计算能力 %.1f 及以上（docs.vllm.ai GPU 安装说明）；用 --gpu 指定该 GPU 可查看",
	},
	kNoteAllTight: {
		"no offer that fits leaves the %d%% memory headroom margin: the first ones listed are tight (ranked after any offer that keeps the margin)",
		"没有装得下的报价能留出 %d%% 的显存余量：排在前面的报价余量不足（保留余量的报价总是排在它们之前）",
	},
	kNoteAllBF16AsFP16: {
		"no offer that fits has BF16: the best ones run the model in FP16, which serving engines cast to (a narrower range) and training needs loss scaling for",
		"没有合适的报价支持 BF16：最佳报价以 FP16 运行（推理引擎会转换为 FP16，数值范围更窄；训练需要损失缩放）",
	},
	kNoteAllFP8WeightOnly: {
		"no offer that fits has FP8 tensor cores: FP8 runs weight-only (W8A16) at 16-bit compute speed there (vLLM runs FP8 W8A8 on compute capability 8.9+ only)",
		"没有装得下的报价带 FP8 张量核心：FP8 在这些 GPU 上只能仅权重量化（W8A16），按 16 位算力运行（vLLM 只在计算能力 8.9 及以上运行 FP8 W8A8）",
	},
	kNoteAllFP4WeightOnly: {
		"no offer that fits has FP4 tensor cores: %s runs weight-only there, dequantised to 16 bits in the kernel (vLLM's FP4 Marlin kernel on NVIDIA, its MXFP4 emulation on AMD), at 16-bit compute speed; only the memory shrinks",
		"没有装得下的报价带 FP4 张量核心：%s 在这些 GPU 上只能仅权重量化，在内核中反量化为 16 位（NVIDIA 上为 vLLM 的 FP4 Marlin 内核，AMD 上为其 MXFP4 模拟），按 16 位算力运行，只省显存",
	},
	kNoteNoFP4Kernel: {
		"%d offers were left out: vLLM has no %s kernel for their GPU (FP4 Marlin is CUDA-only; AMD runs only MXFP4, natively on CDNA 4 or emulated on CDNA 2/3)",
		"%d 个报价被排除：vLLM 没有适用于其 GPU 的 %s 内核（FP4 Marlin 仅支持 CUDA；AMD 只运行 MXFP4：CDNA 4 原生，CDNA 2/3 模拟）",
	},
	kNoteFiltered: {
		"%d offers were filtered out by GPU, count, provider or region",
		"%d 个报价因 GPU、数量、云厂商或地域筛选被排除",
	},
	kNoteRegionPrice: {
		"every price is one inside the region filter (%s): an offer is priced at its cheapest region inside it, spot at its median zone inside",
		"所有价格均取自地域筛选之内（%s）：每个报价按筛选内最便宜的地域计价，竞价按筛选内可用区的中位数计价",
	},
	kNoteNearestTTFT: {
		"no offer is known to meet the %s class: the nearest known is %d× %s%s, its first token after about %.1f s against %.1f s",
		"没有已知能达到%s等级的报价：已知最接近的是 %d× %s%s，首 token 约 %.1f 秒，要求 %.1f 秒",
	},
	kNoteNearestDecode: {
		"no offer is known to meet the %s class: the nearest known is %d× %s%s, about %.0f tok/s per user against %.0f",
		"没有已知能达到%s等级的报价：已知最接近的是 %d× %s%s，每用户约 %.0f token/秒，要求 %.0f",
	},
	kNoteNearestImage: {
		"no offer is known to meet the %s class: the nearest known is %d× %s%s, about %.1f s per image against %.0f s",
		"没有已知能达到%s等级的报价：已知最接近的是 %d× %s%s，每张图约 %.1f 秒，要求 %.0f 秒",
	},
	kNoteRegionNoPrice: {
		"%d offers are in a region asked for but have no price there (the source prices them for other regions only) and were left out",
		"%d 个报价位于所筛地域，但该地域没有价格（来源只给出其他地域的价格），已排除",
	},
	kNoteRegionUnknown: {
		"%d offers were left out by the region filter because where their regions lie is not known",
		"%d 个报价因所在地域的位置未知被地域筛选排除",
	},
	kRegionUseGroup:   {"%s = %s, %d countries of the region table", "%s = %s，地域表中 %d 个国家或地区"},
	kRegionUseCountry: {"country %s", "国家或地区 %s"},
	kRegionUsePrefix:  {"region ids starting %s", "以 %s 开头的地域 ID"},
	// Speed over links and set-up time.
	kSpTP: {
		"tensor parallel over %s: %d collectives per token at about %.0f µs each take %.1f of %.1f ms per token (%d%%)",
		"张量并行经由%s：每个 token %d 次集合通信，每次约 %.0f 微秒，通信 %.1f 毫秒，每 token 共 %.1f 毫秒（%d%%）",
	},
	kSpDPAttn: {
		"expert parallel over %d GPUs with data-parallel attention, experts dispatched over %s: %d all-to-alls per token at about %.0f µs each take %.1f of %.1f ms per token (%d%%)",
		"专家并行（%d 张 GPU）加数据并行注意力，专家经由%s分发：每个 token %d 次 all-to-all，每次约 %.0f 微秒，通信 %.1f 毫秒，每 token 共 %.1f 毫秒（%d%%）",
	},
	kSpPipeline: {
		"pipeline stages pass activations over %s: %.1f of %.1f ms per token (%d%%)",
		"流水线各级经由%s传递激活：通信 %.1f 毫秒，每 token 共 %.1f 毫秒（%d%%）",
	},
	kSpTrainSlow: {
		"%s over %s: %.2f s per step against %.2f s of compute; utilisation %d%% instead of %d%%",
		"%s，经由%s：每步 %.2f 秒，而计算只需 %.2f 秒；利用率 %d%%，而非 %d%%",
	},
	kSpTrainHidden: {
		"%s over %s: %.2f s per step, hidden behind %.2f s of compute",
		"%s，经由%s：每步 %.2f 秒，被 %.2f 秒的计算掩盖",
	},
	kSpWhatGrad:    {"gradient all-reduce", "梯度 all-reduce"},
	kSpWhatShard:   {"ZeRO-3 weight gathers and gradient reduce-scatter", "ZeRO-3 权重收集与梯度 reduce-scatter"},
	kSpWhatExperts: {"expert-parallel all-to-alls", "专家并行 all-to-all"},
	kSpWhatTP:      {"tensor-parallel all-gathers and reduce-scatters of the layout (with its other collectives)", "布局中的张量并行 all-gather 与 reduce-scatter（连同其他集合通信）"},
	kSpBothLinks:   {"%s within a node and %s between nodes", "节点内%s、节点间%s"},
	kSpMoE: {
		"the %d MoE layers add a fixed %.1f µs each per token beyond their weight bytes (the routed experts' top-k, sort and grouped GEMMs at small batch; with MLA also its attention kernels): %.1f of %.1f ms per token",
		"%d 个 MoE 层每层每 token 在读取权重之外另有固定 %.1f 微秒（路由专家的 top-k、排序与小批量分组 GEMM；MLA 模型另含其注意力内核）：合计 %.1f 毫秒，每 token 共 %.1f 毫秒",
	},
	kSpJoin: {"; ", "；"},
	kSpBatch: {
		"vLLM runs %d sequences at once per replica (%s); a step reads the weights and their KV cache in %.1f ms and computes their tokens and prompt chunks in %.1f ms",
		"vLLM 每个副本同时运行 %d 个序列（%s）；每步读取权重与其 KV 缓存需 %.1f 毫秒，计算其 token 与提示词分块需 %.1f 毫秒",
	},
	kWhyBatchSpeed: {
		"generates about %.0f tok/s with %d sequences at once against %.0f with %d",
		"约 %.0f tok/s（同时 %d 个序列），对方 %.0f（%d 个序列）",
	},
	kSpBatchMemory:  {"as many as the KV cache holds", "KV 缓存所能容纳的上限"},
	kSpBatchMaxSeqs: {"vLLM's max_num_seqs default, %d", "vLLM 的 max_num_seqs 默认值 %d"},
	kSpBatchUsers:   {"--users caps them", "受 --users 限制"},
	kSpAssumed: {
		"; the offer does not document how its GPUs are linked: PCIe through host memory assumed",
		"；该报价未说明 GPU 间如何互联：按主机内存中转的 PCIe 计",
	},
	kSpNICAssumed: {
		"; %.0f Gb/s per node assumed (the offer states no NIC rate)",
		"；按每节点 %.0f Gb/s 计（该报价未给出网卡速率）",
	},
	kLinkNVSwitch:    {"NVSwitch", "NVSwitch 交换网络"},
	kLinkNVLink:      {"NVLink", "NVLink 直连"},
	kLinkBridge:      {"an NVLink bridge", "NVLink 桥"},
	kLinkFabric:      {"Infinity Fabric", "Infinity Fabric 互联"},
	kLinkPCIeHost:    {"PCIe through host memory", "主机内存中转的 PCIe"},
	kLinkPCIeGeForce: {"PCIe through host memory (GeForce cards have no peer-to-peer)", "主机内存中转的 PCIe（GeForce 显卡没有点对点访问）"},
	kLinkRDMA:        {"RDMA at %.0f Gb/s per node", "每节点 %.0f Gb/s 的 RDMA"},
	kLinkTCP:         {"TCP at %.0f Gb/s per node", "每节点 %.0f Gb/s 的 TCP"},
	kAsmLinks: {
		"speed over links: tensor parallelism pays two all-reduces per layer per token (an MoE layer one all-reduce and two all-to-alls), training a gradient all-reduce per micro-batch (ZeRO-3 also gathers the weights), costed as NCCL costs a ring (6.6 µs plus 0.6 µs per step on NVLink, 1.0 on PCIe, 2.98 through host memory, 2.7 between nodes) at measured bus bandwidths; training overlaps communication with compute; GPU links an offer does not document are taken as PCIe through host memory",
		"互联对速度的影响：张量并行每层每 token 两次 all-reduce（MoE 层为一次 all-reduce 加两次 all-to-all），训练每个微批次一次梯度 all-reduce（ZeRO-3 还要收集权重），按 NCCL 的环形算法计价（基础 6.6 微秒，每步 NVLink 0.6、PCIe 1.0、主机内存中转 2.98、跨节点 2.7 微秒），带宽取实测总线带宽；训练中通信与计算重叠；报价未说明的 GPU 互联按主机内存中转的 PCIe 计",
	},
	kAsmMLALatency: {
		"MLA + MoE decode: each layer adds a further %.1f µs per step (MLA's attention kernels, the shared expert and the engine's step; fitted to SGLang v0.5.7's DeepSeek-R1 decode on 8 x H200, InferenceX issue #870)",
		"MLA + MoE 解码：每层每步再加 %.1f 微秒（MLA 注意力内核、共享专家与引擎调度；按 InferenceX issue #870 中 SGLang v0.5.7 在 8 x H200 上的 DeepSeek-R1 解码拟合）",
	},
	kAsmKVFP8: {
		"KV cache in FP8 (vLLM --kv-cache-dtype fp8): one byte per value, half the 16-bit cache, so about twice the sequences fit and decode reads half the KV bytes",
		"KV 缓存为 FP8（vLLM --kv-cache-dtype fp8）：每个值 1 字节，为 16 位缓存的一半，可容纳约两倍的序列，解码读取的 KV 字节减半",
	},
	kAsmMTP: {
		"speculative decoding with MTP (as vLLM runs it, one draft token): the model's MTP layer drafts a token each step and the model verifies it with the next; %.0f%% of drafts are accepted (DeepSeek-V3 technical report, 85-90%%), so a step keeps %.2f tokens; the MTP layer's weights are loaded too",
		"MTP 投机解码（按 vLLM 的做法，每步 1 个草稿 token）：模型的 MTP 层每步起草一个 token，主模型在下一步验证；草稿接受率 %.0f%%（DeepSeek-V3 技术报告：85-90%%），每步平均保留 %.2f 个 token；MTP 层的权重也需加载",
	},
	kAsmNoMTP: {
		"speculative decoding with MTP was asked, but %s ships no MTP layers: decoding one token a step",
		"要求 MTP 投机解码，但 %s 不带 MTP 层：按每步一个 token 解码",
	},
	kAsmMTPBatch: {
		"speculative decoding with MTP is not modelled for a batch job: its throughput is estimated without it",
		"批量任务的估算未计入 MTP 投机解码：其吞吐量按不用 MTP 估算",
	},
	kAsmMoELatency: {
		"MoE decode: each MoE layer adds a fixed %.1f µs per step beyond its weight bytes (the fused-MoE kernels' one-token time in SGLang's tuning benchmarks, less the time their weights take to stream)",
		"MoE 解码：每个 MoE 层每步在读取权重之外另有固定 %.1f 微秒（SGLang 调优基准中融合 MoE 内核处理单个 token 的耗时，减去其权重读取时间）",
	},
	kAsmSetup: {
		"set-up before a run: %d min to get a VM (no GPU VM boot time is published: a conservative default), %d min for a container (a marketplace host or a container platform); the %.0f GB vLLM image and %.0f GB of weights downloaded at up to %.0f MB/s (hf_transfer's ceiling), then copied to the GPUs over PCIe; a job-size run is billed for it, under the provider's billing minimum",
		"每次运行前的准备：获取虚拟机 %d 分钟（未见公开的 GPU 虚拟机启动时间，取保守默认值），容器（市场型主机或容器平台）%d 分钟；%.0f GB 的 vLLM 镜像和 %.0f GB 权重按最高 %.0f MB/秒（hf_transfer 的上限）下载，再经 PCIe 拷入 GPU；按任务量计的运行会为这段时间付费，并受云厂商最低计费时长约束",
	},

	// Memory by architecture, defaults and usable memory (issue 9).
	kAsmUsable: {
		"GPU memory is what the driver reports as usable (nvidia-smi memory.total) where a source measured it; otherwise the marketed GB read as decimal gigabytes (x 0.931, the worse case); a vGPU slice has its share",
		"GPU 显存按驱动报告的可用量计（nvidia-smi memory.total），有实测来源时采用；否则把标称 GB 按十进制吉字节计（x 0.931，取较差情形）；vGPU 切片按其份额计",
	},
	kAsmContextServe: {
		"context %s tokens: the serving default (no context given)",
		"上下文 %s token：推理默认值（未给出上下文）",
	},
	kAsmContextLengths: {
		"context %s tokens: the prompt and output per request given (no context given)",
		"上下文 %s token：按给出的每个请求的提示词与输出长度（未给出上下文）",
	},
	kAsmDecodePrompt: {
		"decode speed from memory bandwidth (a roofline) at the share of peak measured for each GPU family (%s), at full context; first-token time prefills the %s-token prompt given at a share of peak tensor throughput per family (%s)",
		"解码速度按显存带宽（屋顶线模型）以各 GPU 家族实测达到的峰值比例估算（%s），按满上下文计；首 token 时间按给出的 %s token 提示词预填充计算，预填充按各家族的峰值张量算力比例计（%s）",
	},
	kAsmJobPrefill: {
		"the job also prefills one %s-token prompt per %s tokens generated, at the prefill speed",
		"任务每生成 %[2]s token 还需预填充一个 %[1]s token 的提示词，按预填充速度计",
	},
	kAsmBatchLengths: {
		"a batch job's requests: prompts of %s tokens and outputs of %s tokens (%s); --tokens counts the tokens generated, and each output also prefills its prompt",
		"批量任务的请求：提示词 %s token、输出 %s token（%s）；--tokens 计生成的 token，每个输出还需预填充其提示词",
	},
	kAsmBatchLenGiven: {"as given", "按所给"},
	kAsmBatchLenDefault: {
		"not given: %s/%s, the middle row of TensorRT-LLM's perf-overview and of fixed-length vLLM benchmarks; the time moves several-fold with the prompt's share, give --prompt-len and --output-len",
		"未给出：取 %s/%s，即 TensorRT-LLM perf-overview 与 vLLM 定长基准的中间一行；耗时随提示词占比成倍变化，请给出 --prompt-len 和 --output-len",
	},
	kAsmBatchUsers: {", and at most %d over the whole configuration (--users)", "，且整个配置合计不超过 %d 个（--users）"},
	kAsmBatchEngine: {
		"the job runs as vLLM runs an offline batch: one replica per GPU when the model fits one GPU (tensor parallel only when it must), each running as many sequences at once as its KV cache holds at the average length in flight (the prompt and half the output, %s tokens: %.0f MiB each), at most vLLM's max_num_seqs default (%d on GPUs of %d GiB or more other than the A100, %d otherwise; vllm/engine/arg_utils.py get_batch_defaults)%s; the memory needed is the weights and one sequence of the full context, below which vLLM does not start",
		"任务按 vLLM 离线批处理的方式运行：模型放得进一张 GPU 时每张 GPU 一个副本（只有放不下时才张量并行），每个副本同时运行的序列数为其 KV 缓存按在途平均长度（提示词加一半输出，%s token：每个 %.0f MiB）所能容纳的数量，且不超过 vLLM 的 max_num_seqs 默认值（%[4]d GiB 及以上且非 A100 的 GPU 为 %[3]d，其余为 %[5]d；vllm/engine/arg_utils.py get_batch_defaults）%[6]s；所需显存为权重加一个完整上下文序列，低于此 vLLM 无法启动",
	},
	kAsmBatchStep: {
		"a batched step reads the weights and the KV cache of the sequences in flight and computes their tokens with the prompt chunks scheduled alongside (vLLM V1 chunked prefill); it takes the longer of the two plus %d%% of the shorter, fitted to TensorRT-LLM's perf-overview and tested on its other rows. The figures model vLLM with its defaults (16-bit KV cache): TensorRT-LLM's published figures use an FP8 KV cache and larger batches and are an upper reference; SGLang batches the same way (continuous batching, paged KV cache) and its figures are a reference too, not fitted",
		"批处理的每一步读取权重与在途序列的 KV 缓存，并计算其 token 及同步调度的提示词分块（vLLM V1 分块预填充）；耗时取两者中较长者加较短者的 %d%%，按 TensorRT-LLM perf-overview 拟合并用其其余行检验。这些数字按 vLLM 默认设置建模（16 位 KV 缓存）：TensorRT-LLM 公布的数字使用 FP8 KV 缓存和更大的批量，是上限参考；SGLang 的批处理方式相同（连续批处理、分页 KV 缓存），其数字同样只作参考，未用于拟合",
	},
	kAsmJobDecodeOnly: {
		"the job's time counts its generated tokens only (give --prompt-len and --output-len to count the prefill of its prompts)",
		"任务时长只计生成的 token（给出 --prompt-len 和 --output-len 可计入提示词的预填充）",
	},
	kAsmLengthsImage: {
		"the prompt and output lengths do not apply to an image model: not used",
		"提示词与输出长度不适用于图像模型：未使用",
	},
	kAsmContextTrain: {
		"sequence length %s tokens: the fine-tuning default (no length given)",
		"序列长度 %s token：训练默认值（未给出长度）",
	},
	kAsmContextMax: {
		"context %s tokens: the model's maximum, shorter than the 8k serving default (no context given)",
		"上下文 %s token：模型的最大上下文，短于 8k 的推理默认值（未给出上下文）",
	},
	kAsmContextOverMax: {
		"the context given (%s) is longer than the model's maximum (%s): kept as given",
		"给出的上下文（%s）超过模型的最大上下文（%s）：按给出的值计算",
	},
	kAsmFLOPsSelective: {
		"selective activation recomputation (Megatron-LM; Korthikanti et al. 2022) re-runs the core attention in the backward pass: +%.1f%% of the 6 x parameters compute",
		"选择性激活重算（Megatron-LM；Korthikanti 等，2022）在反向时重算核心注意力：相当于 6 x 参数算力的 +%.1f%%",
	},
	kAsmFLOPsAttn: {
		"core attention adds 6 x layers x s x heads x head_dim FLOPs per token forward and backward, the causal mask discounted (each token attends to s / 2 keys, as Megatron-LM and NeMo since its PR #14424 count it): +%.1f%% at %s tokens; it runs in BF16 at %d%% of peak (FlashAttention, fitted to NeMo's Llama-2-7B long-sequence table)",
		"核心注意力每 token 前向加反向另需 6 x 层数 x s x 头数 x 头维 FLOPs，已按因果掩码折半（每个 token 平均关注 s / 2 个键，与 Megatron-LM 及 NeMo PR #14424 之后的计法相同）：+%.1f%%（%s token 时）；以 BF16 按峰值的 %d%% 运行（FlashAttention，按 NeMo Llama-2-7B 长序列表拟合）",
	},
	kAsmLayoutPlan: {
		"training layout: fine-tuning runs with torchrun + FSDP / ZeRO over data parallelism when that holds it; pre-training (and fine-tuning that needs it) takes the fastest Megatron-style layout that holds it: tensor parallelism with sequence parallelism inside a node's NVLink domain, pipeline stages (1F1B) and context parallelism across, data parallelism with ZeRO over the rest; activations follow the layout (TP and CP divide them, a pipeline's first stage keeps its in-flight micro-batches) and the recomputation",
		"训练布局：微调在数据并行（torchrun + FSDP / ZeRO）能容纳时即用之；预训练（以及需要时的微调）取能容纳的最快 Megatron 式布局：节点 NVLink 域内张量并行加序列并行，跨节点流水线（1F1B）与上下文并行，其余为数据并行加 ZeRO；激活随布局与重算方式变化（TP 与 CP 分摊激活，流水线首段保留在途的微批）",
	},
	kSpLayout: {
		"%s: TP %d × PP %d × CP %d × DP %d, %s, %s recomputation, %d micro-batches a step",
		"%s：TP %d × PP %d × CP %d × DP %d，%s，%s 重算，每步 %d 个微批",
	},
	kAsmActSelective: {
		"activations with selective recomputation: 34 x s x b x h bytes per layer (FlashAttention keeps no s^2 scores), divided over the tensor- and sequence-parallel GPUs of a node, plus the logits (s = %d tokens, b = %d sequences)",
		"选择性重算下的激活：每层 34 x s x b x h 字节（FlashAttention 不保存 s^2 注意力分数），由节点内张量并行与序列并行的 GPU 分摊，另加 logits（s = %d token，b = %d 条序列）",
	},
	kAsmChunkedLoss: {
		"loss over the logits in %d chunks (torchtune CEWithChunkedOutputLoss): the 16-bit logits are kept, the fp32 upcast and its gradient exist one chunk at a time",
		"损失按 %d 块计算（torchtune CEWithChunkedOutputLoss）：保留 16 位 logits，fp32 上转及其梯度每次只存一块",
	},
	kAsmEPLayout: {
		"MoE layout as vLLM serves it on one node: tensor parallelism slices every layer, the routed experts (%.1f GiB) included, and %s; expert parallelism with data-parallel attention (vllm serve --data-parallel-size N --enable-expert-parallel) keeps an N-th of the experts whole on each GPU with the other %.1f GiB of weights (attention, shared experts, embeddings) whole, each GPU attending to and caching only its own streams, the tokens dispatched to their experts' GPUs and combined (two all-to-alls per layer), and a step waits for the GPU whose experts its tokens touch most (routing taken as uniform, the best case); %s",
		"MoE 在单节点上按 vLLM 的方式部署：张量并行切分每一层，含路由专家（%.1f GiB），且%s；专家并行加数据并行注意力（vllm serve --data-parallel-size N --enable-expert-parallel）让每张 GPU 完整保存 N 分之一的专家，其余 %.1f GiB 权重（注意力、共享专家、嵌入）每卡完整保存，每卡只为自己的请求做注意力并缓存其 KV，token 分发到其专家所在 GPU 再合并（每层两次 all-to-all），每步等待被本步 token 访问专家最多的那张 GPU（假设路由均匀，即最好情况）；%s",
	},
	kAsmEPWhenBatch: {
		"a batch job fills the KV cache: expert parallelism (vLLM recipes: data parallel \"works better for high-load workloads\")",
		"批处理作业会占满 KV 缓存：采用专家并行（vLLM recipes：数据并行“更适合高负载”）",
	},
	kAsmEPWhenLatency: {
		"a few streams keep tensor parallelism (vLLM recipes: \"usually better for low-latency / low-load scenarios\"), many streams take expert parallelism where it needs less memory for them",
		"少量并发流保持张量并行（vLLM recipes：“通常更适合低延迟/低负载场景”），并发流多到专家并行所需显存更少时采用专家并行",
	},
	kKVSplitHeads: {
		"the KV cache by KV heads (a head fewer than GPUs is copied on several)",
		"KV 缓存按 KV 头切分（KV 头少于 GPU 数时复制到多张卡）",
	},
	kKVSplitMLA: {
		"MLA's latent cache whole on every GPU (vLLM counts it as one KV head)",
		"MLA 的潜在缓存每卡完整一份（vLLM 将其计为一个 KV 头）",
	},
	kAsmWindowHybrid: {
		"KV cache: %d global layers hold the whole context, %d sliding-window layers at most %d tokens (the engine caches only the window)",
		"KV 缓存：%d 个全局层保存整个上下文，%d 个滑动窗口层最多保存 %d token（引擎只缓存窗口）",
	},
	kAsmWindowChunked: {
		"KV cache: %d global layers hold the whole context, %d chunked-attention layers at most one chunk of %d tokens (a token attends only within its chunk; the engine caches the current chunk)",
		"KV 缓存：%d 个全局层保存整个上下文，%d 个分块注意力层最多保存一个 %d token 的块（token 只在本块内注意；引擎只缓存当前块）",
	},
	kAsmLinearState: {
		"KV cache: %d full-attention layers hold the whole context; %d linear-attention layers (Gated DeltaNet) keep a fixed recurrent state of %d values per sequence each, at %d bytes, whatever its length",
		"KV 缓存：%d 个全注意力层保存整个上下文；%d 个线性注意力层（Gated DeltaNet）每层每条序列保存固定的 %d 个值的循环状态，每值 %d 字节，与长度无关",
	},
	kAsmExpertFormat: {
		"routed experts (%s parameters) held as the checkpoint ships them, in MXFP4 (%.2f bits per weight: FP4 values with an 8-bit scale per 32), as vLLM serves them; the precision asked (%s) applies to the other weights",
		"路由专家（%s 参数）按检查点发布的格式保存，即 MXFP4（每权重 %.2f 位：FP4 值，每 32 个共享一个 8 位缩放），与 vLLM 的服务方式相同；所选精度（%s）用于其余权重",
	},
	kAsmExpertTrain: {
		"training holds the routed experts (%s parameters), shipped in MXFP4, at the training precision (dequantized), the worse case",
		"训练时路由专家（%s 参数，发布为 MXFP4）按训练精度保存（反量化），取较差情形",
	},
	kAsmPrecisionShipped: {
		"precision auto: %s, the format %s's checkpoint ships in, as vLLM loads it (--dtype auto with the checkpoint's quantization_config)",
		"精度 auto：%s，即 %s 检查点发布时的格式，与 vLLM 的加载方式相同（--dtype auto 加检查点的 quantization_config）",
	},
	kAsmPrecisionUnrecorded: {
		"precision auto: bf16, as the catalog does not record the format %s's checkpoint ships in (open checkpoints are mostly 16-bit; bf16 and fp16 take the same memory)",
		"精度 auto：bf16，因目录未记录 %s 检查点发布时的格式（开源检查点大多为 16 位；bf16 与 fp16 显存相同）",
	},
	kAsmPrecisionGeneric: {
		"precision auto: bf16, as no preset gives the checkpoint's format (open checkpoints are mostly 16-bit; bf16 and fp16 take the same memory)",
		"精度 auto：bf16，因没有预设给出检查点的格式（开源检查点大多为 16 位；bf16 与 fp16 显存相同）",
	},
	kAsmPrecisionTrainCast: {
		"precision auto: bf16 for training: %s's checkpoint ships in %s, which training loads cast to bf16 (fine-tuning recipes such as torchtune's run in bf16)",
		"精度 auto：训练用 bf16：%s 检查点以 %s 发布，训练时转换为 bf16 加载（torchtune 等微调方案以 bf16 运行）",
	},
	kAsmWindowAll: {
		"KV cache: every layer holds at most its %d-token sliding window",
		"KV 缓存：每层最多保存 %d token 的滑动窗口",
	},
	kAsmWindowUnused: {
		"the config names a %d-token sliding window that serving engines are not known to use: the KV cache is sized as global attention (the worse case)",
		"配置中有 %d token 的滑动窗口，但未知推理引擎是否使用：KV 缓存按全局注意力计（取较差情形）",
	},
	kAsmPipeline: {
		"diffusion pipeline held whole: %s, in %s",
		"扩散流水线整体驻留：%s，精度 %s",
	},
	kAsmPipelineQuant: {
		"quantised pipeline: the denoiser and the text encoders take the format, the VAE stays in 16 bits",
		"量化流水线：去噪网络与文本编码器采用该格式，VAE 保持 16 位",
	},
	kAsmPipelineSingle: {
		"no tensor parallelism for diffusion pipelines in standard tooling (diffusers, ComfyUI): each GPU holds the whole pipeline, several GPUs run copies",
		"常用工具（diffusers、ComfyUI）不对扩散流水线做张量并行：每张 GPU 装下整条流水线，多张 GPU 各跑一份",
	},
	kAsmImageDefault: {
		"one image of %d x %d pixels with %d denoising steps (the published reference's settings)",
		"每张图 %d x %d 像素，%d 步去噪（采用公开参考测量的设置）",
	},
	kAsmImageWorkspace: {
		"image working memory %.2f GiB per image at %d x %d (peak minus loaded weights, %s), the same at any weight precision, times the images made at once",
		"每张图的工作显存 %.2f GiB（%d x %d；峰值减去已加载权重，%s），与权重精度无关，乘以同时生成的张数",
	},
	kAsmImageSpeed: {
		"speed: %.1f s per image on %s at %d x %d with %d steps, scaled by 16-bit tensor throughput, pixels and steps",
		"速度：每张 %.1f 秒（%s，%d x %d，%d 步），按 16 位张量算力、像素数和步数换算",
	},
	kAsmImageJob: {
		"the job size counts images: the run is priced per image",
		"任务量按图片张数计：按每张图计价",
	},
	kAsmEmbedImplied: {
		"%s is an embedding or reranking model: served as the embed workload (a forward pass per input, nothing generated)",
		"%s 是嵌入或重排序模型：按 embed 工作负载计（每个输入一次前向计算，不生成）",
	},
	kAsmEmbedContext: {
		"sequence length: %s tokens per input (the 512-position limit of BERT-class encoders; set --context for longer inputs)",
		"序列长度：每个输入 %s token（BERT 类编码器的 512 位置上限；更长输入请设 --context）",
	},
	kAsmEmbedLengths: {
		"an embedding job has no prompt and output lengths: --context is the length of each input",
		"嵌入任务没有提示和输出长度之分：--context 即每个输入的长度",
	},
	kAsmEmbedMemory: {
		"memory: the weights plus the activations of one forward step of %d tokens; no KV cache grows (nothing is generated); vLLM's pooling runner takes %s of each GPU, plus a %.2f GiB CUDA context",
		"显存：权重加一次前向 %d token 的激活；不生成，KV 缓存不增长；vLLM 池化运行器占每张 GPU 的 %s，另加 %.2f GiB CUDA 上下文",
	},
	kAsmEmbedSpeed: {
		"speed: prefill only, compute-bound: %.2f GFLOP per token in the weights (input embedding excluded: a look-up) plus %.3f GFLOP of attention at %s tokens (%s), at the prefill efficiency %s; requests per second = tokens per second / sequence length",
		"速度：只有预填充，受算力限制：每 token 权重计算 %.2f GFLOP（输入嵌入为查表，不计）加注意力 %.3f GFLOP（%s token，%s），按预填充效率 %s；每秒请求数 = 每秒 token 数 / 序列长度",
	},
	kAsmEmbedBidi:   {"bidirectional: every token attends to the whole input", "双向：每个 token 关注整个输入"},
	kAsmEmbedCausal: {"causal: half the keys on average", "因果：平均关注一半的键"},
	kAsmEmbedJob: {
		"the job size counts tokens embedded: the run lasts tokens / tokens per second, priced per million tokens",
		"任务量按嵌入的 token 数计：运行时长 = token 数 / 每秒 token 数，按每百万 token 计价",
	},
	kAsmImageLatency: {
		"the %s latency class asks an image within %.0f s (%s)",
		"%s延迟等级要求每张图在 %.0f 秒内完成（%s）",
	},
	kArchPipeline: {
		"pipeline: %s",
		"流水线：%s",
	},
	kNoteContextOverMax: {
		"the context given (%s) is longer than the model's maximum of %s: it is kept, but the model may not work at that length",
		"给出的上下文（%s）超过模型的最大上下文 %s：按给出的值保留，但模型在该长度下可能无法正常工作",
	},
	kNoteOverFollow: {
		"%d offers are over the budget of %s: they follow the offers within it, marked over",
		"%d 个报价超出 %s 预算：排在预算内的报价之后，并标为超预算",
	},
	kNoteOverHidden: {
		"%d offers over the budget of %s were hidden (within budget only)",
		"%d 个超出 %s 预算的报价已隐藏（只看预算内）",
	},
	kNotePartialTotal: {
		"%d offers have no known storage or egress price for this run: their total counts only the known costs (at least that much) and they rank after offers whose whole cost is known",
		"%d 个报价缺少本次任务所需的存储或出网流量价格：总价只计已知部分（至少这么多），排在总价完全已知的报价之后",
	},
	kTrialRuleRun: {"On each candidate run the benchmark script and `gpupick verify FILE.toml`.",
		"在每个候选机器上运行基准测试脚本和 `gpupick verify FILE.toml`。"},
	kTrialRuleDrop: {"Drop a candidate whose verify fails (wrong GPUs, slower link, fewer CPUs or less RAM).",
		"verify 未通过的候选（GPU 不对、互联更慢、CPU 或内存更少）直接淘汰。"},
	kTrialRulePickDecode: {"Decoding is bound by memory bandwidth, so the candidates are ordered by GPU bandwidth per unit of hourly price; of the rest, pick the lowest hourly price divided by the decode tokens/s per stream measured, among those whose first token meets the latency asked.",
		"解码受显存带宽限制，候选按每单位小时价格的 GPU 带宽排序；其余候选中，在首个 token 时间满足延迟要求的机器里，选每小时价格除以实测单流解码速度（token/秒）最低的。"},
	kTrialRulePickStep: {"Training is bound by compute, so the candidates are ordered by GPU TFLOPS per unit of hourly price; of the rest, pick the lowest hourly price multiplied by the step time measured.",
		"训练受算力限制，候选按每单位小时价格的 GPU TFLOPS 排序；其余候选中选每小时价格乘以实测单步时间最低的。"},
	kTrialRulePickPooling: {"Embedding is a forward pass bound by compute, so the candidates are ordered by GPU TFLOPS per unit of hourly price; of the rest, pick the lowest hourly price divided by the inputs/s measured.",
		"嵌入是受算力限制的前向计算，候选按每单位小时价格的 GPU TFLOPS 排序；其余候选中选每小时价格除以实测每秒输入数最低的。"},
	kTrialRulePickCompute: {"The candidates are ordered by GPU TFLOPS per unit of hourly price; of the rest, pick the lowest hourly price divided by the matmul TFLOPS measured (for a download- or disk-bound job, by the slower of those speeds).",
		"候选按每单位小时价格的 GPU TFLOPS 排序；其余候选中选每小时价格除以实测 matmul TFLOPS 最低的（下载或磁盘受限的任务则除以其中较慢的速度）。"},
	kTrialExpectDecode:  {"decode %s tokens/s per stream, first token %s s", "单流解码 %s token/秒，首个 token %s 秒"},
	kTrialExpectStep:    {"%s training tokens/s (MFU %s)", "训练 %s token/秒（MFU %s）"},
	kTrialExpectPooling: {"%s inputs/s", "每秒 %s 个输入"},
	kTrialExpectCompute: {"%s TFLOPS peak", "峰值 %s TFLOPS"},
	kTrialUnknownFigure: {"unknown (ranked last: the worse case)", "未知（按较差情况排在最后）"},
	kTrialRuleKeep: {"A candidate within 10% of the best on that figure but ranked higher keeps its place.",
		"若某候选在该指标上与最优相差不到 10% 且排名更靠前，则保留其位置。"},
	kDurSec:     {"%.0f s", "%.0f 秒"},
	kDurMin:     {"%.1f min", "%.1f 分钟"},
	kDurHour:    {"%.2f h", "%.2f 小时"},
	kMonthsSep:  {"-, ", "、"},
	kMonthsAnd:  {"- and ", "、"},
	kMonthsUnit: {"-month", " 个月"},

	kBucketUnknown:       {"unknown", "未知"},
	kRiskNameMarketplace: {model.WarnMarketplaceHost, "市场型主机"},
	kRiskNameSharedVCPU:  {model.WarnSharedVCPU, "共享 CPU"},
	kRiskNameTPLink:      {riskCodeTPLink, "经 PCIe 切分模型"},
	kRiskNameTPHost:      {riskCodeTPHost, "经主机内存切分模型"},
	kRiskNameLegacy:      {model.WarnLegacyGPU, "旧架构 GPU"},
	kRiskNameStackGap:    {model.WarnROCmStack, "ROCm 软件栈缺口"},
	kRiskNameStale:       {model.WarnStalePrice, "价格过时"},
	kRiskNameEstimate:    {riskCodeEstimate, "估算价格"},
	kRiskNameGPUs:        {riskCodeGPUs, "GPU 更多"},
	kRiskNameNodes:       {riskCodeNodes, "节点更多"},
	kRiskNameFewCores:    {riskCodeFewCores, "CPU 核少"},
	kRiskNameSpotOnly:    {riskCodeSpotOnly, "仅竞价无回退"},
	kListSep:             {", ", "、"},
	kErrNotFinite:        {"not a finite number", "不是有限数值"},
	kErrNotFiniteFix:     {"give a plain number", "请填写普通数字"},
	kErrSizeRange:        {"out of range", "超出范围"},
	kErrSizeRangeFix:     {"give a realistic duration, job size, memory or budget", "请填写合理的时长、任务规模、显存或预算"},

	kLongJobFaster: {
		"the job runs %s of wall-clock with no deadline; on %d nodes of %d× %s (up to %d allowed) it takes %s, about %s for the GPUs at this hourly rate: set --deadline %s",
		"未设截止时间，该任务要运行 %s；用 %d 个节点的 %d× %s（最多可用 %d 个）只需 %s，按当前每小时价格 GPU 费用约 %s：可设置 --deadline %s",
	},
	kNoteAllLongOne: {
		"no plan on one node finishes the job within 2 years of wall-clock: the first ones listed run longer (ranked after any plan that finishes within it); --deadline or --nodes scale training out over nodes with a cluster network",
		"单个节点上没有方案能在 2 年内完成该任务：排在前面的方案运行更久（能在 2 年内完成的方案总是排在它们之前）；设置 --deadline 或 --nodes 可让训练扩展到带集群网络的多个节点",
	},
	kLongJobAtMost: {
		"the job runs %s of wall-clock even on the %d nodes allowed: more nodes (--nodes), a faster GPU or fewer tokens shorten it",
		"即使用满允许的 %[2]d 个节点，该任务仍要运行 %[1]s：允许更多节点（--nodes）、换更快的 GPU 或减少 token 数可缩短时间",
	},
	kTradeGate: {
		"%s makes #1 cost %s in all: without it, %d× %s%s (%s %s) would lead at %s, %s",
		"%s使第一名总计花费 %s：若放宽这一项，%d× %s%s（%s %s）将排第一，花费 %s，%s",
	},
	kTradeLong: {
		"with --deadline %s: %d× %s%s (%s %s) would finish in %s for %s in all, against %s for %s",
		"若设置 --deadline %s：%d× %s%s（%s %s）将在 %s 内完成，总计 %s；当前第一名需 %s，总计 %s",
	},
	kGateFirstToken:  {"the %s class's %.0f s first-token limit", "%s等级 %.0f 秒的首 token 上限"},
	kGateDecode:      {"the %s class's %.0f tokens/s per stream", "%s等级每条流 %.0f token/秒的要求"},
	kGateImage:       {"the %s class's %.0f s per image", "%s等级每张图 %.0f 秒的上限"},
	kGateFlag:        {"the hard requirement %s", "硬性要求 %s "},
	kGateDeadline:    {"the deadline of %s", "%s的截止时间"},
	kGiveFirstToken:  {"its first token after about %.1f s", "首 token 约 %.1f 秒后才出"},
	kGiveDecode:      {"about %.1f tokens/s per stream", "每条流约 %.1f token/秒"},
	kGiveImage:       {"about %.1f s per image", "每张图约 %.1f 秒"},
	kGiveLink:        {"its GPUs linked by %s", "GPU 之间经 %s 互联"},
	kGiveLinkUnknown: {"its GPU link not documented", "GPU 互联方式未公开"},
	kGiveMarketplace: {"on a marketplace host", "运行在市场型主机上"},
	kGiveVCPU:        {"with %s vCPUs", "vCPU 为 %s 类型"},
	kGiveVCPUUnknown: {"its vCPUs not documented", "vCPU 情况未公开"},
	kGiveVCPUs:       {"with %.1f vCPUs per GPU", "每张 GPU %.1f 个 vCPU"},
	kGiveDeadline:    {"finishing in %s", "需 %s才能完成"},
	kEffMeasured:     {"%s %d%%", "%s 实测 %d%%"},
	kEffEstimate:     {"%s %d%% (an estimate, from %s)", "%s %d%%（估计值，取自 %s）"},
	kEffAssumed:      {"%s %d%% (assumed)", "%s %d%%（假设值）"},
	kEffSep:          {"; ", "；"},
	kFamCDNA2:        {"CDNA 2 and older", "CDNA 2 及更早"},
	kFamOther:        {"other GPUs", "其他 GPU"},
	kROCmTrain: {
		"%s runs on ROCm: training needs the ROCm build of FlashAttention (its CK backend, installed separately) and no CUDA-only kernels (Unsloth's and Liger's Triton kernels, apex, DeepSpeed's fused ops are built for CUDA first)",
		"%s 运行在 ROCm 上：训练需要 ROCm 版 FlashAttention（CK 后端，需单独安装），且不能依赖只支持 CUDA 的内核（Unsloth 与 Liger 的 Triton 内核、apex、DeepSpeed 融合算子都优先为 CUDA 构建）",
	},
	kROCmInt4: {
		"%s runs on ROCm: 4-bit GPTQ/AWQ weights do not get the Marlin kernels vLLM uses on NVIDIA GPUs (CUDA-only); check that the checkpoint's format has a ROCm kernel",
		"%s 运行在 ROCm 上：4 位 GPTQ/AWQ 权重用不上 vLLM 在 NVIDIA GPU 上使用的 Marlin 内核（仅支持 CUDA）；请确认该检查点格式在 ROCm 上有可用内核",
	},
	kWallYears:  {"%.1f years", "%.1f 年"},
	kWallMonths: {"%.1f months", "%.1f 个月"},
	kWallDays:   {"%.0f days", "%.0f 天"},
	kNoteAllLong: {
		"no plan within %d nodes finishes the job within 2 years of wall-clock: the first ones listed run longer (ranked after any plan that finishes within it); allowing more nodes (--nodes) shortens it",
		"在 %d 个节点以内，没有方案能在 2 年内完成该任务：排在前面的方案运行更久（能在 2 年内完成的方案总是排在它们之前）；允许更多节点（--nodes）可缩短时间",
	},
}

// warnDefs holds every warning code's message, explanation and default
// source in both languages.
// Made on first use, not at start-up (issue 26).
var warnDefs = lazy.Value[map[string]warnDef]{New: func() map[string]warnDef {
	return map[string]warnDef{
		model.WarnNoNVLink: {
			msg: text.Pair{
				"%d x %s talk over PCIe only (no NVLink): gradient and tensor-parallel traffic is several times slower",
				"%d x %s 之间只有 PCIe（无 NVLink）：梯度同步和张量并行通信要慢数倍",
			},
			detail: text.Pair{
				"Multi-GPU training all-reduces the gradients every step, and tensor parallelism exchanges activations every layer. NVLink moves 600-900 GB/s per GPU; PCIe 4.0 x16 about 32 GB/s each way, shared with data loading. Prefer SXM/NVLink nodes for multi-GPU training, or one larger GPU.",
				"多卡训练每一步都要对梯度做 all-reduce，张量并行每一层都要交换激活。NVLink 每卡 600-900 GB/s；PCIe 4.0 x16 单向约 32 GB/s，还要与数据加载共用。多卡训练请优先选 SXM/NVLink 节点，或换一张更大的 GPU。",
			},
			source: srcNVLink,
		},
		model.WarnSharedVCPU: {
			msg: text.Pair{
				"vCPUs are %s: data loading and tokenisation slow down when neighbours are busy",
				"vCPU %s：邻居繁忙时数据加载和分词会变慢",
			},
			detail: text.Pair{
				"Shared, burstable, container and marketplace hosts give no fixed CPU: data loading, tokenisation and the serving loop slow down when neighbours are busy. A vCPU is usually a hyperthread, half a physical core.",
				"共享型、突发型、容器和市场型主机不保证 CPU：邻居繁忙时，数据加载、分词和推理调度都会变慢。一个 vCPU 通常是一个超线程，即半个物理核。",
			},
		},
		model.WarnLowCPUPerGPU: {
			msg: text.Pair{
				"only %.1f CPU cores per GPU (want at least %d): data loading will starve the GPUs",
				"每张 GPU 只有 %.1f 个 CPU 核（建议至少 %d 个）：数据加载会拖慢 GPU",
			},
			detail: text.Pair{
				"Each GPU needs host cores for data-loading workers, augmentation and the training or serving loop. With fewer than about 4 physical cores per GPU for training (2 for inference) the GPUs wait for data.",
				"每张 GPU 都需要主机 CPU 核来运行数据加载进程、数据增强以及训练或推理主循环。训练时每卡少于约 4 个物理核（推理少于 2 个），GPU 就会等待数据。",
			},
			source: srcCPU,
		},
		model.WarnSpotNoCheckpoint: {
			msg: text.Pair{
				"spot would cut the GPU cost by %d%%, but the job does not checkpoint: a preemption would lose all work",
				"竞价实例可把 GPU 费用降低 %d%%，但任务没有检查点：一旦被回收将丢失全部进度",
			},
			detail: text.Pair{
				"Spot and preemptible capacity can be reclaimed at any time with a short notice. Save checkpoints regularly to persistent storage and make the job resumable, then answer that the job can be interrupted to use the spot price.",
				"竞价和抢占式实例随时可能在短暂通知后被回收。请定期把检查点保存到持久存储并让任务可续跑，然后把任务设为可中断以使用竞价价格。",
			},
			source: srcSpotGeneral,
		},
		model.WarnPreemptibleLimit: {
			msg: text.Pair{
				"spot / preemptible VMs stop after %.0f h: the run restarts about %.0f times",
				"竞价/抢占式实例最长运行 %.0f 小时：本次运行约需重启 %.0f 次",
			},
			detail: text.Pair{
				"Some providers stop preemptible VMs after a maximum run time whatever the demand. Each stop costs a restart and the work since the last checkpoint; plan checkpoints well inside the limit.",
				"有些云厂商无论资源是否紧张，都会在达到最长运行时间后停止抢占式实例。每次停止都要重启并丢失上次检查点之后的进度；检查点间隔应明显短于该上限。",
			},
			source: srcSpotGeneral,
		},
		model.WarnCommitmentLockIn: {
			msg: text.Pair{
				"a 3-year term looks cheaper, but it locks you to a %d GPU while the next generation is due around %d",
				"3 年期承诺看似更便宜，但会把你锁定在 %d 年发布的 GPU 上，而下一代约在 %d 年推出",
			},
			detail: text.Pair{
				"Commitments are paid for every hour of the term whether used or not. A new data-centre GPU generation has shipped about every two years, each several times faster per dollar, so a 3-year term often outlives the hardware's value. Some commitments (e.g. GCP committed-use discounts) reserve no capacity.",
				"承诺期内每个小时都要付费，无论是否使用。数据中心 GPU 大约每两年更新一代，每代单位美元性能提升数倍，因此 3 年期承诺往往比硬件的价值周期更长。有些承诺（如 GCP 承诺使用折扣）并不预留容量。",
			},
			source: srcLockIn,
		},
		model.WarnVRAMTight: {
			msg: text.Pair{
				"only %.0f%% GPU memory headroom (%.1f of %.0f GiB per GPU)",
				"显存余量只有 %.0f%%（每张 GPU 需要 %.1f GiB，共 %.0f GiB）",
			},
			detail: text.Pair{
				"Allocator fragmentation, CUDA graphs, longer prompts than planned and framework versions all add memory. Below about 10% headroom a job is likely to run out of memory; pick a larger GPU or more of them, or lower the precision, context or batch.",
				"显存碎片、CUDA Graph、超出预期的长提示词和框架版本差异都会增加显存占用。余量低于约 10% 时很容易显存溢出；请换更大或更多的 GPU，或降低精度、上下文长度或批量。",
			},
			source: srcVLLMMemory,
		},
		model.WarnHostRAMUnknown: {
			msg: text.Pair{
				"host RAM not known: the job needs at least %.1f GiB of it per node to load and run",
				"主机内存未知：该任务每个节点至少需要 %.1f GiB 内存才能加载和运行",
			},
			detail: text.Pair{
				"Loading a checkpoint passes the model, or a shard of it at a time, through host memory, and vLLM keeps a CPU swap space of 4 GiB per GPU and refuses to start when that is more than 70% of the host's memory. The catalog does not list this host's RAM, so it ranks after offers known to have enough; check the instance's memory before renting it.",
				"加载检查点时，模型（或逐个分片）要经过主机内存；vLLM 为每张 GPU 保留 4 GiB 的 CPU 交换空间，超过主机内存的 70% 时拒绝启动。目录没有列出这台主机的内存，因此它排在已知内存足够的报价之后；租用前请先确认实例的内存。",
			},
			source: srcRAMServe,
		},
		model.WarnLatencyMargin: {
			msg: text.Pair{
				"decode about %.1f tokens/s per stream against the %.0f the %s class needs: within the estimate's %d%% tolerance, so it may miss it",
				"每条流解码约 %.1f token/秒，%[3]s等级要求 %.0[2]f：差距在估算 %[4]d%% 的误差之内，实际可能达不到",
			},
			detail: text.Pair{
				"The decode estimate is tested against published figures to within 30%, and real engines reach somewhat less of the memory bandwidth than it assumes. An offer that clears the latency class by less than that margin ranks after those that clear it with room; a faster GPU, more GPUs in tensor parallel or a lower precision gives room.",
				"解码速度估算与公开测得数据的误差在 30% 以内，实际推理引擎能用到的显存带宽通常略低于估算的假设。超出延迟等级要求不到这个余量的报价，排在余量充足的报价之后；换更快的 GPU、用更多 GPU 做张量并行或降低精度可以留出余量。",
			},
			source: srcRoofline,
		},
		model.WarnLowBandwidth: {
			msg: text.Pair{
				"decode about %.1f tokens/s per stream, below the %.0f the %s class needs",
				"每条流解码约 %.1f token/秒，低于 %.0f（%s等级的要求）",
			},
			detail: text.Pair{
				"Generating one token reads every active weight and the KV cache from GPU memory, so per-stream speed is bounded by memory bandwidth divided by those bytes. A GPU with more bandwidth, more GPUs in tensor parallel, or a lower precision speeds it up.",
				"每生成一个 token 都要从显存读取全部激活权重和 KV 缓存，因此单流速度受限于显存带宽除以这些字节数。换带宽更高的 GPU、用更多 GPU 做张量并行或降低精度都能提速。",
			},
			source: srcRoofline,
		},
		model.WarnBF16Unsupported: {
			msg: text.Pair{
				"%s has no BF16 support: engines refuse BF16 here or fall back to FP16 (same memory); a few models overflow in FP16",
				"%s 不支持 BF16：推理引擎会拒绝 BF16 或改用 FP16（显存相同）；少数模型在 FP16 下会溢出",
			},
			detail: text.Pair{
				"BF16 needs compute capability 8.0 (Ampere: A100, A10, RTX 30 and newer). On Turing (T4) and Volta (V100) vLLM stops with \"Bfloat16 is only supported on GPUs with compute capability of at least 8.0\" until you pass --dtype half. FP16 has the same size but a smaller range; models trained in BF16 can overflow.",
				"BF16 需要计算能力 8.0（Ampere：A100、A10、RTX 30 及更新）。在 Turing（T4）和 Volta（V100）上，vLLM 会报错“Bfloat16 is only supported on GPUs with compute capability of at least 8.0”，需加 --dtype half。FP16 大小相同但数值范围更小，BF16 训练的模型可能溢出。",
			},
			source: "https://github.com/vllm-project/vllm/issues/946",
		},
		model.WarnLegacyGPU: {
			msg: text.Pair{
				"%s is a %s GPU: PyTorch's CUDA 12.8+ wheels and recent vLLM (compute capability 7.5+) dropped it; you need older builds",
				"%s 是 %s 架构 GPU：PyTorch 的 CUDA 12.8+ 版本和新版 vLLM（要求计算能力 7.5+）已不再支持，需要使用旧版本",
			},
			detail: text.Pair{
				"NVIDIA froze Maxwell, Pascal and Volta in CUDA 12 and removed them from CUDA 13; PyTorch 2.8 dropped them from its CUDA 12.8 wheels, and vLLM's docs now ask for compute capability 7.5 or higher. Kepler (K80) was removed in CUDA 12.0. Cheap old GPUs can cost more in engineering time than they save.",
				"NVIDIA 在 CUDA 12 中冻结了 Maxwell、Pascal 和 Volta，并在 CUDA 13 中移除；PyTorch 2.8 的 CUDA 12.8 版本已去掉它们，vLLM 文档现要求计算能力 7.5 或更高。Kepler（K80）在 CUDA 12.0 中即被移除。便宜的老 GPU 省下的钱，可能还不够花在工程时间上。",
			},
			source: "https://github.com/pytorch/pytorch/issues/157517 ; https://raw.githubusercontent.com/vllm-project/vllm/v0.21.0/docs/getting_started/installation/gpu.cuda.inc.md ; https://github.com/llvm/llvm-project/commit/0f49116e261cf5a156221b006acb677e3565fd1a",
		},
		model.WarnROCmStack: {
			msg: text.Pair{
				"%s runs on ROCm: QLoRA's 4-bit path (bitsandbytes NF4) is officially supported on AMD GPUs only from bitsandbytes v0.50 (experimental in v0.48), and CUDA-only trainer kernels (Unsloth, Liger) do not run",
				"%s 运行在 ROCm 上：QLoRA 的 4 位路径（bitsandbytes NF4）直到 bitsandbytes v0.50 才正式支持 AMD GPU（v0.48 为实验性），只支持 CUDA 的训练内核（Unsloth、Liger）无法运行",
			},
			detail: text.Pair{
				"AMD GPUs run PyTorch through ROCm (HIP), not CUDA. bitsandbytes lists ROCm as experimental in its v0.48 installation guide and as officially supported from v0.50 (PyPI wheels for ROCm); a QLoRA recipe pinned to an older bitsandbytes, or one that uses Unsloth's or Liger's CUDA-first kernels, fails or must be rebuilt. FlashAttention needs its ROCm build (the CK backend), installed separately. Check each package of the recipe against ROCm before renting, or rent an NVIDIA GPU for QLoRA.",
				"AMD GPU 通过 ROCm（HIP）而非 CUDA 运行 PyTorch。bitsandbytes 在 v0.48 安装指南中将 ROCm 列为实验性支持，从 v0.50 起正式支持（PyPI 提供 ROCm 版 wheel）；若 QLoRA 方案锁定旧版 bitsandbytes，或使用 Unsloth、Liger 等优先为 CUDA 构建的内核，就会失败或需要重新构建。FlashAttention 需要其 ROCm 版（CK 后端），须单独安装。租用前请逐一核对方案里的软件包是否支持 ROCm，或改租 NVIDIA GPU 来做 QLoRA。",
			},
			source: "https://huggingface.co/docs/bitsandbytes/v0.48.1/installation ; https://huggingface.co/docs/bitsandbytes/v0.50.2/en/installation.md",
		},
		model.WarnArmHost: {
			msg: text.Pair{
				"%s has an Arm64 (Grace) host: x86-64-only wheels and container images do not run on it",
				"%s 的主机 CPU 是 Arm64（Grace）：只提供 x86-64 的 wheel 和容器镜像无法在其上运行",
			},
			detail: text.Pair{
				"The GH200 superchip pairs the GPU with a 72-core Grace CPU (Arm Neoverse V2). Python wheels published for linux x86_64 only (prebuilt FlashAttention wheels among them) and images built for linux/amd64 do not run; use multi-arch images (NGC's PyTorch containers, vLLM's arm64 builds) or build from source, and check every package of the job before renting.",
				"GH200 超级芯片把 GPU 与 72 核 Grace CPU（Arm Neoverse V2）封装在一起。只为 linux x86_64 发布的 Python wheel（包括预编译的 FlashAttention）和只为 linux/amd64 构建的镜像都无法运行；请使用多架构镜像（NGC 的 PyTorch 容器、vLLM 的 arm64 版本）或从源码构建，并在租用前逐一核对任务用到的软件包。",
			},
			source: "https://www.nvidia.com/en-us/data-center/grace-hopper-superchip/",
		},
		model.WarnFP8Unsupported: {
			msg: text.Pair{
				"%s has no FP8 tensor cores: FP8 weights run through 16-bit kernels, saving memory but not time",
				"%s 没有 FP8 张量核心：FP8 权重只能经 16 位内核运行，省显存但不提速",
			},
			detail: text.Pair{
				"FP8 tensor cores arrived with Ada Lovelace (L4, L40S, RTX 4090) and Hopper (H100). On older GPUs engines can still store FP8 weights (weight-only kernels) but compute in 16 bits.",
				"FP8 张量核心始于 Ada Lovelace（L4、L40S、RTX 4090）和 Hopper（H100）。在更早的 GPU 上，推理引擎仍可存储 FP8 权重（仅权重量化内核），但以 16 位计算。",
			},
			source: "https://docs.nvidia.com/deeplearning/transformer-engine/user-guide/examples/fp8_primer.html",
		},
		model.WarnEphemeralDisk: {
			msg: text.Pair{
				"local disk (%s) is wiped when the instance stops: keep checkpoints and data on persistent storage",
				"本地盘（%s）在实例停止时会被清空：请把检查点和数据放在持久存储上",
			},
			detail: text.Pair{
				"Instance-store NVMe is fast but tied to the host: stopping, a spot reclaim or a host failure erases it. Copy checkpoints to block or object storage.",
				"实例存储 NVMe 速度快但绑定宿主机：停机、竞价回收或宿主机故障都会清空数据。请把检查点复制到块存储或对象存储。",
			},
		},
		model.WarnEgressCost: {
			msg: text.Pair{
				"egress costs about %s, %d%% of the GPU cost",
				"出网流量费用约 %s，占 GPU 费用的 %d%%",
			},
			detail: text.Pair{
				"Data sent to the internet is billed per GB in tiers after a small free allowance. Serve heavy traffic from a provider with a large or free egress allowance, or compress and cache responses.",
				"发往公网的数据在少量免费额度之后按 GB 阶梯计费。大流量服务请选择免费额度大的云厂商，或对响应做压缩和缓存。",
			},
		},
		model.WarnMarketplaceHost: {
			msg: text.Pair{
				"a third-party marketplace host: reliability, network and price vary from host to host",
				"第三方市场主机：可靠性、网络和价格因主机而异",
			},
			detail: text.Pair{
				"Marketplace offers run on machines of independent hosts. Check the host's reliability score, disk and network speed, and where the data lives before long or sensitive jobs.",
				"市场型报价运行在独立主机提供者的机器上。长时间或敏感任务之前，请检查主机的可靠性评分、磁盘和网络速度以及数据存放位置。",
			},
		},
		model.WarnPCIeVariant: {
			msg: text.Pair{
				"%s is the PCIe card (%.0f GB/s, %.0f TFLOPS); the SXM part %s has %.0f GB/s and %.0f TFLOPS",
				"%s 为 PCIe 版（%.0f GB/s，%.0f TFLOPS）；SXM 版 %s 为 %.0f GB/s、%.0f TFLOPS",
			},
			detail: text.Pair{
				"The PCIe version of a data-centre GPU has lower memory bandwidth, a lower power limit and no NVLink switch fabric, so the same name is markedly slower. Compare prices against the SXM version's speed.",
				"数据中心 GPU 的 PCIe 版显存带宽和功耗上限更低，也没有 NVLink 交换网络，同名产品明显更慢。比较价格时请以 SXM 版的速度为参照。",
			},
		},
		model.WarnStalePrice: {
			msg: text.Pair{
				"price read %s, %d days before the catalog snapshot",
				"价格读取于 %s，比目录快照早 %d 天",
			},
			detail: text.Pair{
				"GPU prices change often, usually downwards for older generations. Check the provider's price page before committing.",
				"GPU 价格变化频繁，老一代 GPU 通常在降价。下单前请到云厂商价格页核实。",
			},
		},
		model.WarnUnknownPrice: {
			msg: text.Pair{
				"on-demand price unknown: ranked by its other listed prices",
				"按需价格未知：按其他已标价格排序",
			},
			detail: text.Pair{
				"No source gave this offer's pay-as-you-go price; only a plan, spot or monthly price is known. The comparison with on-demand offers is therefore partial.",
				"没有来源给出该报价的按量价格，只知道套餐、竞价或包月价格，因此与按需报价的比较并不完整。",
			},
		},
		model.WarnConvertedCurrency: {
			msg: text.Pair{
				"prices converted from %s to %s at %g (%s)",
				"价格已从 %s 换算为 %s，汇率 %g（%s）",
			},
			detail: text.Pair{
				"The provider prices in another currency; amounts were converted with the catalog's exchange rate. Card fees, taxes and rate changes are not included.",
				"该云厂商以其他币种计价；金额按目录中的汇率换算，不含刷卡手续费、税费和汇率变动。",
			},
			source: srcFX,
		},
		model.WarnSpeedUnknown: {
			msg: text.Pair{
				"speed unknown: no bandwidth or TFLOPS figure for %s, so the latency class and run time were not checked",
				"速度未知：%s 缺少带宽或算力数据，未能核对延迟等级和运行时长",
			},
			detail: text.Pair{
				"The catalog has no memory-bandwidth or TFLOPS figure for this GPU, so gpupick does not guess its speed. The offer is kept but ranked after offers whose speed is known.",
				"目录中没有该 GPU 的显存带宽或算力数据，gpupick 不会猜测其速度。该报价仍保留，但排在速度已知的报价之后。",
			},
		},
		model.WarnLongJob: {
			msg: text.Pair{
				"the job runs %s of wall-clock with no deadline: --deadline %s lists only the plans that finish within it (training scales out over up to %d nodes with a cluster network)",
				"未设截止时间，该任务要运行 %s：设置 --deadline %s 只列出能按时完成的方案（训练会扩展到最多 %d 个带集群网络的节点）",
			},
			detail: text.Pair{
				"A run longer than six months is priced on figures that will not hold to its end (gpupick calls a price stale after 180 days) and spends a good part of a GPU generation (about two years); beyond two years it falls short (wall-clock-over-2-years) and ranks after any plan that finishes within two years, which training reaches by scaling out over the nodes allowed. With --deadline, training scales out over nodes with a documented cluster network (up to 64, or --nodes) and only the plans that finish in time are listed.",
				"运行超过六个月的任务，其价格依据撑不到任务结束（gpupick 把 180 天前读取的价格视为过时），还要耗掉一代 GPU（约两年）的大部分时间；超过两年即为不足（wall-clock-over-2-years），排在能在两年内完成的方案之后，训练会在允许的节点数内扩展以做到这一点。设置 --deadline 后，训练会扩展到有公开集群网络的节点（最多 64 个，或 --nodes），且只列出能按时完成的方案。",
			},
		},
		model.WarnRegionUnknown: {
			msg: text.Pair{
				"the source names no region for this offer",
				"来源未给出该报价的地域",
			},
			detail: text.Pair{
				"Where it runs, and so which data-residency rules it meets, is not known: a region filter leaves it out. Ask the provider before sending data there; a launch file for it names no region.",
				"不知道它在哪里运行，因此也不知道它是否符合数据驻留要求：地域筛选会将其排除。发送数据前请向云厂商确认；为它生成的启动文件不指定地域。",
			},
		},
		model.WarnSlowImage: {
			msg: text.Pair{
				"about %.1f s per image, over the %.0f s the %s class allows",
				"每张图约 %.1f 秒，超过%[3]s等级允许的 %.0[2]f 秒",
			},
			detail: text.Pair{
				"A diffusion pipeline returns the whole image at once, so the latency class bounds the time per image: realtime 1 s (the limit for a user's flow of thought, the same the text classes give the first token; only few-step distilled pipelines reach it), interactive 20 s (MLPerf Inference's server-scenario limit for SDXL). A faster GPU, fewer steps, a smaller image or a distilled model shorten it.",
				"扩散管线一次返回整张图，因此延迟等级限制的是每张图的耗时：实时 1 秒（用户思路不被打断的上限，与文本等级给首 token 的时间相同；只有少步数蒸馏管线能做到），交互 20 秒（MLPerf Inference 服务器场景对 SDXL 的上限）。更快的 GPU、更少的步数、更小的图或蒸馏模型都能缩短时间。",
			},
			source: srcImageLatency,
		},
		model.WarnSlowFirstToken: {
			msg: text.Pair{
				"first token after about %.1f s (limit %.0f s) for a %d-token prompt",
				"%[3]d token 的提示词约 %.1[1]f 秒后才出首 token（上限 %.0[2]f 秒）",
			},
			detail: text.Pair{
				"Before streaming, the whole prompt is processed (prefill), which is bound by compute: long prompts on a small GPU take seconds. More or faster GPUs, a shorter prompt or prefix caching help.",
				"开始流式输出前要先处理整个提示词（预填充），这一步受算力限制：小 GPU 上的长提示词需要数秒。更多或更快的 GPU、更短的提示词或前缀缓存都有帮助。",
			},
			source: srcRoofline,
		},
	}
}}

// archText describes the shape an estimate used.
func archText(m *modelArch, l lang) string {
	switch {
	case !m.hasShape():
		return l.f(kArchWeightsOnly)
	case m.mla:
		return l.f(kArchMLA, m.layers, m.hidden, m.heads, m.kvLoraRank)
	}
	return l.f(kArch, m.layers, m.hidden, m.heads, m.kvHeads, m.headDim)
}
