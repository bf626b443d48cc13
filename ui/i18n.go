package ui

import (
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// msg names one user-visible string. Every msg has an English and a Chinese
// text in the texts table below; a test checks that none is missing.
type msg int

// The strings of the UI, grouped by where they appear.
const (
	mAppName msg = iota
	mTagline

	// Step titles.
	mStepWorkload
	mStepModel
	mStepVRAM
	mStepPrecision
	mStepLoad
	mStepLatency
	mStepDuration
	mStepInterrupt
	mStepBudget
	mStepScale
	mStepData
	mStepReview

	// Step hints.
	mHintWorkload
	mHintModel
	mHintVRAM
	mHintPrecision
	mHintLoad
	mHintLoadTraining
	mHintLatency
	mHintDuration
	mHintInterrupt
	mHintBudget
	mHintScale
	mHintData

	// Field labels.
	mFieldWorkload
	mFieldModel
	mFieldVRAM
	mFieldPrecision
	mFieldContext
	mFieldSeqLen
	mFieldUsers
	mFieldMicroBatch
	mFieldPromptLen
	mFieldOutputLen
	mFieldSpeculative
	mOptSpecNoneHint
	mOptSpecNone
	mOptAuto
	mOptSpecMTPHint
	mFieldKVCache
	mOptKVAutoHint
	mOptKVFP8Hint
	mOptKVBF16Hint
	mFieldDataset
	mFieldLatency
	mFieldDurMode
	mFieldDuration
	mFieldPerWeek
	mFieldGenTokens
	mFieldEmbedTokens
	mFieldDeadline
	mFieldGradCkpt
	mFieldSharding
	mFieldInterrupt
	mFieldBudget
	mFieldGPU
	mFieldGPUs
	mFieldNodes
	mFieldProviders
	mFieldRegions
	mFieldHeadroom
	mFieldCheckpoint
	mFieldInterconnect
	mFieldHosting
	mFieldVCPU
	mFieldMinVCPUs
	mFieldExclude
	mOptAny
	mOptNVLink
	mOptNVLinkHint
	mOptNVSwitch
	mOptNVSwitchHint
	mOptDatacenter
	mOptDatacenterHint
	mOptDedicated
	mOptDedicatedHint
	mFormsHeadroom
	mFormsCheckpoint
	mInterruption
	mPriceRange
	mFormsExclude
	mFieldCurrency
	mFieldDataGB
	mFieldEgressGB
	mFieldRunCommand

	// Choice options.
	mOptInferenceHint
	mOptFineTuneHint
	mOptLoRAHint
	mOptQLoRAHint
	mOptPretrainHint
	mOptEmbedHint
	mOptVRAM
	mOptVRAMHint
	mOptFP32Hint
	mOptBF16Hint
	mOptFP16Hint
	mOptFP8Hint
	mOptINT8Hint
	mOptINT4Hint
	mOptFP4Hint
	mOptMXFP4Hint
	mOptPrecAutoHint
	mOptRealtimeHint
	mOptInteractiveHint
	mOptBatchHint
	mOptWallClock
	mOptJob
	mOptWallClockHint
	mOptJobHint
	mOptYesCheckpoint
	mOptNoCheckpoint
	mOptYesCheckpointHint
	mOptNoCheckpointHint
	mOptUSD
	mOptCNY
	mOptYes
	mOptNo
	mOptGradCkptYesHint
	mOptGradCkptNoHint
	mOptShardAuto
	mOptShardAutoHint
	mOptShardNone
	mOptShardNoneHint
	mOptShardZero1Hint
	mOptShardZero2Hint
	mOptShardZero3Hint
	mOptShardFSDPHint

	// Accepted forms.
	mFormsParamsPreset
	mFormsTokens
	mFormsContext
	mFormsTokenLength
	mFormsSize
	mFormsRunCommand
	mFormsSizeOptional
	mFormsDuration
	mFormsDeadline
	mFormsPerWeek
	mFormsBudget
	mFormsCount
	mFormsCountAny
	mFormsGPU
	mFormsProviders
	mFormsRegions
	mFormsOptional

	// Validation.
	mInvalid
	mAccepts
	mNoModelMatch
	mAmbiguous
	mUnknownGPU
	mUnknownProvider
	mUnknownRegion
	mNeedJobSize
	mJobDropped
	mJobSizeFromDataset
	mJobSized
	mJobOnOffer
	mAtLeastOne
	mDidYouMean
	mNeedAnswer
	mOutOfRange
	mNotFinite
	mSemicolon
	mEnterRefused
	mExportInvalid
	mWaitingFor
	mTypeReplaces
	mExportInvalidHint
	mBlankMeansNone
	mBlankMeansAny
	mBlankMeansDefault
	mContextDefault
	mBlankIs
	mPresetMatches
	mParamsEcho
	mMaxContext

	// Summaries in the step list.
	mSumNone
	mSumAny
	mSumUsers
	mSumBatch
	mSumTokens
	mSumJob
	mSumPerWeek
	mSumYes
	mSumNo
	mSumNA
	mSumNodes
	mSumExclude
	mSumHeadroom
	mSumDatacenter
	mSumDedicated
	mSumMinVCPUs

	// Panel.
	mNeeds
	mSelectedEst
	mVRAMNeeded
	mGPUsMin
	mNoBreakdown
	mSpeedPerUser
	mSpeedTraining
	mSpeedPerImage
	mPerImageCost
	mJobHoursFmt
	mSetupFmt
	mOffersTitle
	mOffersCount
	mNoOffers
	mComputing
	mColProvider
	mColInstance
	mColGPU
	mColVRAM
	mColFit
	mColHourly
	mColTotal
	mColModel
	mColWarn
	mColRisk
	mRiskLegend
	mSortBy
	mSortBest
	mSortTotal
	mSortHourly
	mSortVRAM
	mSortFit
	mSortProvider
	mSortBestDesc
	mSortTotalDesc
	mSortHourlyDesc
	mSortVRAMDesc
	mSortFitDesc
	mSortProviderDesc
	mFilterPrompt
	mFilterActive
	mFilterHint
	mDetailTitle
	mPriceModels
	mThisRun
	mBreakEven
	mEstimate
	mNotOffered
	mFullTerm
	mBestCase
	mNeedsInterruptible
	mOverScale
	mTermYears
	mTermMonths
	mTermWeeks
	mTermDays
	mStorage
	mEgress
	mCostNone
	mCostFree
	mRegions
	mWarnings
	mCount
	mNoWarnings
	mRiskPriced
	mWhyFirst
	mOtherSizes
	mSource
	mUnknown
	mTight
	mCompareTitle
	mCompareHint
	mMarked
	mMarkLimit
	mRowRegion
	mRowSpeed
	mRowInterconnect
	mRowVCPU
	mAssumptions
	mSuggestions
	mSuggestionsFit
	mSugChange
	mColon
	mMoreBelow
	mMoreBelowForm
	mICSingle
	mWithinBudget
	mLiveFetched
	mOverBudget
	mPerHour
	mHoursShort
	mTokPerSec

	// Footer, header, overlays.
	mCatalogFooter
	mLoadedFrom
	mTooSmall
	mTooSmallHint
	mHelpTitle
	mHelpClose
	mHelpScroll
	mHelpMore
	mHelpSortTitle
	mHelpColumnsTitle
	mHelpColFit
	mHelpColTotal
	mHelpColPay
	mHelpColWarn
	mHelpColRisk
	mStepsTitle
	mStepListTitle
	mStepsHint
	mStepOf
	mFocusForm
	mFocusOffers

	// Export.
	mExportPrompt
	mExportHint
	mExportExists
	mExportSaving
	mExportSaved
	mExportFailed
	mExportCancelled

	// Key help.
	mKeyNext
	mKeyBack
	mKeyPrev
	mKeyChoose
	mKeySteps
	mKeyOffers
	mKeyForm
	mKeyExport
	mKeyHelp
	mKeyQuit
	mKeyMove
	mKeyPage
	mKeyTopBottom
	mKeySort
	mKeyFilter
	mKeyMark
	mKeyCompare
	mKeyDetail
	mKeyScrollDetail
	mKeyJump
	mKeyClose
	mKeyNextOffer
	mGroupGlobal
	mGroupForm
	mGroupOffers

	// Accessible mode.
	mA11yIntro
	mA11yDefault
	mA11yChoose
	mA11yTryAgain
	mA11yResults
	mA11ySavePrompt
	mA11yOverwrite
	mA11ySkipped
	mA11yNoOffers
	mA11yRank

	// The whole list and the whole price.
	mOverBudgetCount
	mPartialLegend
	mPartialNote
	mCostEstimate
	mEstimateNote
	mPricing
	mRunTotal

	// Launch-config export and the trial plan.
	mKeyLaunch
	mLeaveAsk
	mKeyTrial
	mLaunchChoose
	mLaunchChooseHint
	mLaunchPrompt
	mLaunchSaved
	mLaunchUnsupported
	mTrialTitle
	mTrialRow
	mTrialTotal
	mTrialUnknown
	mTrialRule
	mTrialScript
	mTrialNone
	mTrialHint
	mTrialWaiting

	// The refresh of the live sources (ctrl+r).
	mKeyRefresh
	mRefreshNone
	mRefreshRunning
	mRefreshLoading
	mRefreshSource
	mRefreshFailed
	mRefreshDone
	mRefreshAllFailed
	mRefreshLoadFailed
	mListComma

	msgCount
)

// texts holds every string of the UI. Keep both languages in step: the
// test TestEveryStringHasBothLanguages fails on a missing one.
var texts = text.Table[msg]{
	mAppName: {"gpupick", "gpupick"},
	mTagline: {"which GPU to rent", "该租哪块 GPU"},

	mStepWorkload:  {"Workload", "工作负载"},
	mStepModel:     {"Model", "模型"},
	mStepVRAM:      {"GPU memory", "显存"},
	mStepPrecision: {"Precision", "精度"},
	mStepLoad:      {"Context & load", "上下文与负载"},
	mStepLatency:   {"Latency", "延迟要求"},
	mStepDuration:  {"Duration", "时长"},
	mStepInterrupt: {"Interruptions", "可否中断"},
	mStepBudget:    {"Budget", "预算"},
	mStepScale:     {"Scale & filters", "规模与筛选"},
	mStepData:      {"Data & egress", "数据与出网流量"},
	mStepReview:    {"Review the offers", "查看报价"},

	mHintWorkload:     {"What will the GPUs do?", "GPU 要做什么？"},
	mHintModel:        {"Pick a preset (type to filter) or give a parameter count.", "选择预设模型（输入可筛选），或填写参数量。"},
	mHintVRAM:         {"The GPU memory the whole job needs; it starts from the estimate for your earlier answers.", "整个任务需要的显存；初始值是按之前的回答估算的。"},
	mHintPrecision:    {"Number format of the weights: fewer bytes, less memory.", "权重的数值格式：字节越少，显存越省。"},
	mHintLoad:         {"Longer context and more users need more KV cache.", "上下文越长、并发越多，KV 缓存越大。"},
	mHintLoadTraining: {"Longer sequences and bigger batches need more activation memory; the dataset size sets the job.", "序列越长、批越大，激活显存越多；数据量决定任务量。"},
	mHintLatency:      {"How fast must each answer stream back?", "每个回答需要多快返回？"},
	mHintDuration:     {"Rent for a calendar period, or for as long as a job takes.", "按日历时长租用，或按任务量租到完成为止。"},
	mHintInterrupt:    {"Jobs that checkpoint can use cheap spot capacity.", "能保存检查点的任务可以用便宜的竞价实例。"},
	mHintBudget:       {"Per hour, per month or for the whole run. Blank: no budget.", "按小时、按月或整个任务总额。留空：不限预算。"},
	mHintScale:        {"Narrow the offers. Blank fields mean any.", "缩小报价范围。留空表示不限。"},
	mHintData:         {"Storage and internet egress are billed besides the GPUs.", "存储与出网流量在 GPU 之外另行计费。"},

	mFieldWorkload:     {"Workload", "工作负载"},
	mFieldModel:        {"Model or parameter count", "模型或参数量"},
	mFieldVRAM:         {"GPU memory the job needs", "任务所需显存"},
	mFieldPrecision:    {"Precision", "精度"},
	mFieldContext:      {"Context length (tokens)", "上下文长度（token）"},
	mFieldSeqLen:       {"Sequence length (tokens)", "序列长度（token）"},
	mFieldUsers:        {"Concurrent users", "并发用户数"},
	mFieldMicroBatch:   {"Micro-batch per GPU (sequences)", "每卡微批大小（序列数）"},
	mFieldPromptLen:    {"Prompt per request (tokens)", "每个请求的提示词长度（token）"},
	mFieldOutputLen:    {"Output per request (tokens)", "每个请求的输出长度（token）"},
	mFieldSpeculative:  {"Speculative decoding", "投机解码"},
	mFieldKVCache:      {"KV cache format", "KV 缓存格式"},
	mOptKVAutoHint:     {"the checkpoint's: 16 bits unless it declares FP8 KV scales", "沿用检查点：除非其声明 FP8 KV 缩放因子，否则为 16 位"},
	mOptKVFP8Hint:      {"FP8: half the KV bytes, twice the sequences in memory", "FP8：KV 字节减半，显存可容纳的序列翻倍"},
	mOptKVBF16Hint:     {"16 bits", "16 位"},
	mOptSpecNoneHint:   {"one token per decode step (the default)", "每个解码步生成一个 token（默认）"},
	mOptSpecNone:       {"none", "不使用"},
	mOptAuto:           {"auto", "自动"},
	mOptSpecMTPHint:    {"the model's MTP layers draft a token the model verifies (DeepSeek-V3/R1)", "由模型自带的 MTP 层起草 token、主模型验证（DeepSeek-V3/R1）"},
	mFieldDataset:      {"Dataset tokens, all epochs", "训练 token 总量（含所有轮次）"},
	mFieldLatency:      {"Latency", "延迟"},
	mFieldDurMode:      {"How long", "时长方式"},
	mFieldDuration:     {"Calendar length", "日历时长"},
	mFieldPerWeek:      {"Hours a week", "每周使用小时数"},
	mFieldGenTokens:    {"Tokens to generate", "要生成的 token 数"},
	mFieldEmbedTokens:  {"Tokens to embed", "要嵌入的 token 数"},
	mFieldDeadline:     {"Finish within (blank: no deadline)", "完成期限（留空为不限）"},
	mFieldGradCkpt:     {"Gradient checkpointing", "梯度检查点"},
	mFieldSharding:     {"Sharding (multi-GPU)", "分片策略（多卡）"},
	mFieldInterrupt:    {"Can the job be interrupted?", "任务可以被中断吗？"},
	mFieldBudget:       {"Budget", "预算"},
	mFieldGPU:          {"GPU model", "GPU 型号"},
	mFieldGPUs:         {"GPUs per node", "每节点 GPU 数"},
	mFieldNodes:        {"Max nodes", "最多节点数"},
	mFieldProviders:    {"Providers", "云厂商"},
	mFieldRegions:      {"Regions", "地域"},
	mFieldHeadroom:     {"Memory margin", "显存余量"},
	mFieldCheckpoint:   {"Checkpoint every", "检查点间隔"},
	mFieldInterconnect: {"GPU link", "GPU 互联"},
	mFieldHosting:      {"Hosting", "托管方式"},
	mFieldVCPU:         {"Host CPUs", "主机 CPU"},
	mFieldMinVCPUs:     {"vCPUs per GPU", "每 GPU vCPU"},
	mFieldExclude:      {"Exclude providers", "排除云厂商"},
	mOptAny:            {"Any", "不限"},
	mOptNVLink:         {"NVLink", "NVLink"},
	mOptNVLinkHint:     {"NVLink between the GPUs (NVSwitch counts too)", "GPU 之间有 NVLink（NVSwitch 也算）"},
	mOptNVSwitch:       {"NVSwitch", "NVSwitch"},
	mOptNVSwitchHint:   {"all-to-all NVLink through NVSwitch", "经 NVSwitch 全互联的 NVLink"},
	mOptDatacenter:     {"Data centre", "数据中心"},
	mOptDatacenterHint: {"no marketplace or community hosts", "不要市场型或社区主机"},
	mOptDedicated:      {"Dedicated", "独占"},
	mOptDedicatedHint:  {"host CPUs not shared with other tenants", "主机 CPU 不与其他租户共享"},
	mFormsHeadroom:     {"a whole percentage from 1 to 90, e.g. 15%; blank for 10%", "1 到 90 的整数百分比，如 15%；留空表示 10%"},
	mFormsCheckpoint:   {"1min to 24h, e.g. 30min, 2h or 45 (minutes); blank for 30min", "1 分钟到 24 小时，如 30min、2h 或 45（分钟）；留空表示 30 分钟"},
	mInterruption:      {"interrupted %s/mo (AWS, %s)", "每月中断 %s（AWS，%s）"},
	mPriceRange:        {"%s; %s–%s/h across zones", "%s；各可用区每小时 %s–%s"},
	mFormsExclude:      {"provider keys separated by commas, e.g. vast, runpod; blank for none", "云厂商代号，用逗号分隔，如 vast, runpod；留空表示不排除"},
	mFieldCurrency:     {"Currency", "货币"},
	mFieldDataGB:       {"Data and checkpoints stored", "存储的数据与检查点"},
	mFieldEgressGB:     {"Egress to the internet, whole run", "整个任务的出网流量"},
	mFieldRunCommand:   {"Command the launch config runs", "启动配置运行的命令"},

	mOptVRAM:              {"I know my VRAM", "我知道所需显存"},
	mOptInferenceHint:     {"serve a model to users", "为用户提供模型服务"},
	mOptFineTuneHint:      {"train all weights", "训练全部权重"},
	mOptLoRAHint:          {"train small adapters", "只训练小型适配器"},
	mOptQLoRAHint:         {"adapters on a 4-bit base", "4 位量化底座上训练适配器"},
	mOptPretrainHint:      {"train from scratch", "从头训练"},
	mOptEmbedHint:         {"embed or rerank texts: one forward pass per input", "文本嵌入或重排序：每个输入一次前向计算"},
	mOptVRAMHint:          {"give the memory directly", "直接给出显存大小"},
	mOptFP32Hint:          {"4 bytes a weight", "每个权重 4 字节"},
	mOptBF16Hint:          {"2 bytes, the usual choice", "2 字节，最常用"},
	mOptFP16Hint:          {"2 bytes", "2 字节"},
	mOptFP8Hint:           {"1 byte, Hopper and newer", "1 字节，Hopper 及更新架构"},
	mOptINT8Hint:          {"1 byte, quantised", "1 字节，量化"},
	mOptINT4Hint:          {"half a byte, quantised", "半字节，量化"},
	mOptFP4Hint:           {"NVFP4, 4.5 bits; native on Blackwell", "NVFP4，4.5 位；Blackwell 原生"},
	mOptMXFP4Hint:         {"OCP MX, 4.25 bits; native on Blackwell", "OCP MX，4.25 位；Blackwell 原生"},
	mOptPrecAutoHint:      {"as shipped: DeepSeek-V3/R1 in FP8", "沿用检查点：DeepSeek-V3/R1 为 FP8"},
	mOptRealtimeHint:      {"streaming chat, 30+ tok/s", "流式对话，每秒 30+ token"},
	mOptInteractiveHint:   {"10+ tok/s per user", "每用户每秒 10+ token"},
	mOptBatchHint:         {"throughput only", "只看吞吐量"},
	mOptWallClock:         {"Calendar period", "按日历时长"},
	mOptJob:               {"Job size", "按任务量"},
	mOptWallClockHint:     {"e.g. 3 months, 40 h a week", "例如 3 个月，每周 40 小时"},
	mOptJobHint:           {"as long as the tokens take", "跑完指定 token 为止"},
	mOptYesCheckpoint:     {"Yes, it checkpoints", "可以，会保存检查点"},
	mOptNoCheckpoint:      {"No", "不可以"},
	mOptYesCheckpointHint: {"spot / preemptible is fine", "可用竞价/抢占式实例"},
	mOptNoCheckpointHint:  {"on-demand or reserved only", "只用按需或包年包月"},
	mOptUSD:               {"USD ($)", "美元 ($)"},
	mOptCNY:               {"CNY (¥)", "人民币 (¥)"},
	mOptYes:               {"Yes", "是"},
	mOptNo:                {"No", "否"},
	mOptGradCkptYesHint:   {"recompute activations: less memory, ~1/3 more compute", "重算激活：省显存，计算量约多 1/3"},
	mOptGradCkptNoHint:    {"keep activations: faster, more memory", "保留激活：更快，显存更多"},
	mOptShardAuto:         {"Auto", "自动"},
	mOptShardAutoHint:     {"the least sharding that fits (none, ZeRO-1, 2 or 3)", "能放下的最少分片（不分片、ZeRO-1、2 或 3）"},
	mOptShardNone:         {"None", "不分片"},
	mOptShardNoneHint:     {"every GPU keeps the whole training state", "每张 GPU 保存完整训练状态"},
	mOptShardZero1Hint:    {"shards optimizer states", "分片优化器状态"},
	mOptShardZero2Hint:    {"shards optimizer states and gradients", "分片优化器状态和梯度"},
	mOptShardZero3Hint:    {"shards weights, gradients and optimizer states", "分片权重、梯度和优化器状态"},
	mOptShardFSDPHint:     {"PyTorch FSDP, sharded like ZeRO-3", "PyTorch FSDP，分片方式同 ZeRO-3"},

	mFormsParamsPreset: {"a preset name, or " + model.FormsParams, "预设模型名，或参数量，如 70B、7.5b、405 billion、500M"},
	mFormsTokens:       {model.FormsTokens, "token 数，可带 k、M、B、T，如 2B、500M、1.5T"},
	mFormsContext:      {model.FormsContext, "token 数，如 8k、32k、128k 或 4096"},
	mFormsTokenLength:  {model.FormsTokenLength + "; blank: not given", "token 数，如 512、1k 或 32k（k = 1024）；留空表示不指定"},
	mFormsSize:         {model.FormsSize, "容量，单位 MB、GB 或 TB，如 80GB、500 GB、2TB"},
	mFormsRunCommand:   {"one line, e.g. python train.py; blank: the standard command (vllm serve, torchtune, Megatron-LM)", "一行命令，如 python train.py；留空：标准命令（vllm serve、torchtune、Megatron-LM）"},
	mFormsSizeOptional: {model.FormsSize + "; blank for none", "容量，单位 MB、GB 或 TB，如 80GB、500 GB、2TB；留空表示无"},
	mFormsDuration:     {model.FormsDuration, "数字加 h、d、w、mo 或 y，如 8h、10d、2w、3mo、1y"},
	mFormsDeadline:     {model.FormsDeadline, "数字加 h、d、w、mo 或 y，如 12h、30d、2w、3mo；留空为不限"},
	mFormsPerWeek:      {model.FormsPerWeek, "每周小时数，如 40、40h/w、8h/d 或 24/7"},
	mFormsBudget:       {model.FormsBudget, "每小时、每月或总额，如 2.5/h、$3000/mo、¥500、500"},
	mFormsCount:        {model.FormsCount, "整数，如 1、8"},
	mFormsCountAny:     {model.FormsCount + "; blank for any", "整数，如 1、8；留空表示不限"},
	mFormsGPU:          {"a GPU name, e.g. H100, A100-80GB, 4090; blank for any", "GPU 名称，如 H100、A100-80GB、4090；留空表示不限"},
	mFormsProviders:    {"provider keys separated by commas, e.g. aws, lambda; blank for all", "云厂商代号，用逗号分隔，如 aws, lambda；留空表示全部"},
	mFormsRegions:      {"a group (europe, us, cn), a country (de) or a region id or its start (us-east), separated by commas; blank for all", "地域组如 europe、us、cn，国家代码如 de，或地域 ID 及其开头如 us-east，用逗号分隔；留空表示全部"},
	mFormsOptional:     {"; blank for none", "；留空表示无"},

	mInvalid:            {"not valid", "无法识别"},
	mAccepts:            {"accepts", "可填写"},
	mNoModelMatch:       {"no preset matches; give a parameter count such as 8B", "没有匹配的预设；可填写参数量，如 8B"},
	mAmbiguous:          {"matches %d presets: %s", "匹配到 %d 个预设：%s"},
	mUnknownGPU:         {"no offer has a GPU matching %q", "没有报价的 GPU 匹配 %q"},
	mUnknownProvider:    {"unknown provider %q; known: %s", "未知云厂商 %q；可选：%s"},
	mUnknownRegion:      {"%q names no region, group or country of the catalog (use a group such as europe, us, cn, a country code such as de, or the start of a region id such as us-east)", "%q 不是目录中的地域、地域组或国家（请填写地域组，如 europe、us、cn；国家代码，如 de；或地域 ID 的开头，如 us-east）"},
	mNeedJobSize:        {"a job needs a size: give the tokens", "按任务量计时需要填写 token 数"},
	mJobDropped:         {"a calendar period rents by the period and would drop the job of the dataset size: choose the job, or clear the dataset size", "按日历租期计费会丢掉按数据集大小给出的任务：请选择按任务计，或清空数据集大小"},
	mJobSizeFromDataset: {"the size is the dataset tokens of step 4; a calendar period rents by time instead", "任务量即第 4 步填写的训练 token；选日历时长则按时间租用"},
	mJobSized:           {"job: %s tokens", "任务：%s token"},
	mJobOnOffer:         {"job: %s tokens ≈ %s on the selected offer", "任务：%s token，在所选报价上约 %s"},
	mAtLeastOne:         {"must be at least 1", "至少为 1"},
	mDidYouMean:         {"did you mean %s?", "是否想填 %s？"},
	mNeedAnswer:         {"an answer is needed", "需要填写"},
	mOutOfRange:         {"out of range", "超出范围"},
	mNotFinite:          {"not a finite number", "不是有限数值"},
	mSemicolon:          {"; ", "；"},
	mEnterRefused:       {"%s: %s — fix it to go on (esc goes back)", "%s：%s——改正后才能继续（esc 返回）"},
	mExportInvalid:      {"%s %q is not valid: save with its last valid answer %q? y/n", "%s %q 无效：按上一个有效答案 %q 保存？y/n"},
	mExportInvalidHint:  {"y save anyway · n or esc: back to the answer", "y 仍然保存 · n 或 esc：返回修改"},
	mTypeReplaces:       {"(type to replace, → to edit)", "（直接输入即替换，→ 编辑）"},
	mWaitingFor:         {"waiting for a valid %s — showing the last ranking", "等待有效的%s——显示的是上一次的排名"},
	mBlankMeansNone:     {"none", "无"},
	mBlankMeansAny:      {"any", "不限"},
	mBlankMeansDefault:  {"the default", "默认值"},
	mContextDefault:     {"auto", "自动"},
	mBlankIs:            {"blank: %s", "留空：%s"},
	mPresetMatches:      {"presets matching: %d", "匹配的预设：%d"},
	mParamsEcho:         {"%s parameters", "%s 参数"},
	mMaxContext:         {"%s context", "%s 上下文"},

	mSumNone:       {"none", "无"},
	mSumAny:        {"any", "不限"},
	mSumUsers:      {"%s ctx · %d concurrent", "%s 上下文 · %d 并发"},
	mSumBatch:      {"%s seq · batch %d", "%s 序列 · 批 %d"},
	mSumTokens:     {"%s tokens", "%s token"},
	mSumJob:        {"job of %s tokens", "任务 %s token"},
	mSumPerWeek:    {"%s · %s h/wk", "%s · 每周 %s 小时"},
	mSumYes:        {"yes, spot ok", "可以，可用竞价"},
	mSumNo:         {"no", "不可以"},
	mSumNA:         {"n/a", "不适用"},
	mSumNodes:      {"≤%d nodes", "最多 %d 个节点"},
	mSumExclude:    {"not %s", "排除 %s"},
	mSumHeadroom:   {"%d%% spare VRAM", "显存余量 %d%%"},
	mSumDatacenter: {"data-centre hosts", "仅数据中心"},
	mSumDedicated:  {"dedicated vCPUs", "独占 vCPU"},
	mSumMinVCPUs:   {"≥%d vCPU/GPU", "每 GPU ≥%d vCPU"},
	mNeeds:         {"Needs", "需要"},
	mSelectedEst:   {"Selected: ", "所选："},
	mVRAMNeeded:    {"%s GiB VRAM", "%s GiB 显存"},
	mGPUsMin:       {"%d+ GPU", "至少 %d 块 GPU"},
	mNoBreakdown:   {"the size you gave: no breakdown", "你填写的大小：无明细"},
	mSpeedPerUser:  {"~%s tok/s per user", "每用户约 %s token/秒"},
	mSpeedTraining: {"~%s tok/s training", "训练约 %s token/秒"},
	mSpeedPerImage: {"~%s s per image", "每张图约 %s 秒"},
	mPerImageCost:  {"%s per image", "每张图 %s"},
	mJobHoursFmt:   {"job ~%s", "任务约 %s"},
	mSetupFmt:      {"+ set-up ~%s", "另加准备约 %s"},
	mOffersTitle:   {"Offers", "报价"},
	mOffersCount:   {"%d–%d of %d (%d fit, %d looked at)", "第 %d–%d 条，共 %d（%d 个合适，共查看 %d）"},
	mNoOffers:      {"No offer fits these answers.", "没有符合这些条件的报价。"},
	mComputing:     {"ranking…", "排序中…"},

	mColProvider: {"provider", "厂商"},
	mColInstance: {"instance", "实例"},
	mColGPU:      {"GPUs", "GPU"},
	mColVRAM:     {"VRAM", "显存"},
	mColFit:      {"fit", "余量"},
	mColHourly:   {"/h", "/时"},
	mColTotal:    {"total", "总价"},
	mColModel:    {"pay", "计费"},
	mColWarn:     {"!", "!"},
	mColRisk:     {"risk", "风险"},
	mRiskLegend:  {"† risk penalty in the order", "† 排序含风险加价"},

	mSortBy:       {"sort: %s", "排序：%s"},
	mSortBest:     {"best", "推荐"},
	mSortTotal:    {"total", "总价"},
	mSortHourly:   {"per hour", "每小时"},
	mSortVRAM:     {"VRAM", "显存"},
	mSortFit:      {"headroom", "余量"},
	mSortProvider: {"provider", "厂商"},
	mSortBestDesc: {"the advisor's rank: offers within the budget first, then those that meet the latency class, then known speed and costs before unknown, then the lowest cost of the whole run (GPUs, storage and egress)",
		"顾问的综合排序：预算内的报价在前，其次是满足延迟要求的，已知速度与成本的排在未知之前，最后按整个任务的总成本（GPU、存储与出网流量）从低到高"},
	mSortTotalDesc:    {"the all-in total for the run (GPUs, storage, egress), lowest first; a total with an unknown part (≥) after the known ones", "本次任务的全包总价（GPU、存储、出网流量），从低到高；含未知部分的总价（≥）排在已知的之后"},
	mSortHourlyDesc:   {"price per hour, lowest first", "每小时价格，从低到高"},
	mSortVRAMDesc:     {"GPU memory, most first", "显存，从多到少"},
	mSortFitDesc:      {"spare GPU memory, most first", "显存余量，从多到少"},
	mSortProviderDesc: {"provider name, then total", "按厂商名称，再按总价"},
	mFilterPrompt:     {"filter: ", "筛选："},
	mFilterActive:     {"filter %q", "筛选 %q"},
	mFilterHint:       {"enter keep · esc clear", "回车保留 · esc 清除"},

	mDetailTitle:        {"Selected", "已选"},
	mPriceModels:        {"Price models for this run", "本次任务的计费方式"},
	mThisRun:            {" (%s h)", "（%s 小时）"},
	mBreakEven:          {"pays off above %s h/wk", "每周超过 %s 小时更划算"},
	mEstimate:           {"est.", "估算"},
	mNotOffered:         {"not offered", "不提供"},
	mFullTerm:           {"pays the full term (%s)", "须付满整个期限（%s）"},
	mBestCase:           {"best case", "最优估算"},
	mNeedsInterruptible: {"needs an interruptible job", "需任务可中断"},
	mOverScale:          {"► more than %d× the cheapest: bar cut short, amount exact", "► 超过最便宜方式的 %d 倍：条形截断，金额准确"},
	mTermYears:          {"%s yr", "%s 年"},
	mTermMonths:         {"%s mo", "%s 个月"},
	mTermWeeks:          {"%s wk", "%s 周"},
	mTermDays:           {"%s d", "%s 天"},
	mStorage:            {"storage", "存储"},
	mEgress:             {"egress", "出网流量"},
	mCostNone:           {"none", "无"},
	mCostFree:           {"free", "免费"},
	mRegions:            {"%d regions", "%d 个地域"},
	mWarnings:           {"Warnings", "注意事项"},
	mCount:              {" (%d)", "（%d）"},
	mNoWarnings:         {"no warnings", "无警告"},
	mRiskPriced:         {"risk priced into the order: +%d%%", "排序计入的风险加成：+%d%%"},
	mWhyFirst:           {"why #1", "为何排第一"},
	mOtherSizes:         {"other sizes of this instance", "该实例的其他规格"},
	mSource:             {"source", "来源"},
	mUnknown:            {"unknown", "未知"},
	mTight:              {"tight", "紧张"},
	mCompareTitle:       {"Compare", "对比"},
	mCompareHint:        {"mark 2–3 offers with space, then press c", "用空格标记 2–3 个报价，再按 c"},
	mMarked:             {"%d marked", "已标记 %d 个"},
	mMarkLimit:          {"at most 3 offers can be compared", "最多对比 3 个报价"},
	mRowRegion:          {"region", "地域"},
	mRowSpeed:           {"speed", "速度"},
	mRowInterconnect:    {"interconnect", "互联"},
	mRowVCPU:            {"vCPUs", "vCPU"},
	mAssumptions:        {"Assumptions", "假设"},
	mSuggestions:        {"No offer keeps the budget. Ways back, each priced by ranking again with the change:", "没有报价在预算内。回到预算内的办法（每个都按改动后重新排序定价）："},
	mSuggestionsFit:     {"What would make the job fit, each priced by ranking again with the change:", "能让任务装下的改动（每个都按改动后重新排序定价）："},
	mSugChange:          {"%s — %s", "%s——%s"},
	mColon:              {": ", "："},
	mMoreBelow:          {"more below: } scrolls, { goes back", "下面还有：} 向下滚动，{ 返回"},
	mMoreBelowForm:      {"more below: shift+↓ scrolls, shift+↑ goes back", "下面还有：shift+↓ 向下滚动，shift+↑ 返回"},
	mICSingle:           {"single GPU", "单卡"},
	mWithinBudget:       {"within budget", "在预算内"},
	mLiveFetched:        {"live price fetched %s", "实时价格获取于 %s"},
	mOverBudget:         {"over budget", "超出预算"},
	mPerHour:            {"/h", "/时"},
	mHoursShort:         {"h", "时"},
	mTokPerSec:          {"tok/s", "token/秒"},

	mCatalogFooter:    {"catalog %s · prices as of %s · %d offers", "目录 %s · 价格截至 %s · %d 个报价"},
	mLoadedFrom:       {"loaded %s", "已载入 %s"},
	mTooSmall:         {"Terminal too small: %d×%d, needs at least %d×%d.", "终端太小：%d×%d，至少需要 %d×%d。"},
	mTooSmallHint:     {"Enlarge the window, or press ctrl+c to quit.", "请放大窗口，或按 ctrl+c 退出。"},
	mHelpTitle:        {"Keys", "快捷键"},
	mHelpClose:        {"press ? or esc to close", "按 ? 或 esc 关闭"},
	mHelpScroll:       {"↑/↓ scroll", "↑/↓ 滚动"},
	mHelpMore:         {"more below: ↓ scrolls", "下面还有：↓ 向下滚动"},
	mHelpSortTitle:    {"Sort orders (s cycles)", "排序方式（按 s 切换）"},
	mHelpColumnsTitle: {"Columns", "列"},
	mHelpColFit:       {"spare GPU memory with the job loaded; tight: under 10%", "装入任务后剩余的显存；紧张：不足 10%"},
	mHelpColTotal:     {"all in: GPUs at the pay model + storage + egress; ≥: a price unknown", "全包：按“计费”方式的 GPU 费用 + 存储 + 出网流量；≥：有价格未知"},
	mHelpColPay:       {"the cheapest price model this job may use", "本任务可用的最便宜计费方式"},
	mHelpColWarn:      {"warnings: ✖ critical  ▲ warning  ● note, and how many", "注意事项：✖ 严重  ▲ 警告  ● 提示，及条数"},
	mHelpColRisk: {"† the best order ranks the offer as if it cost this much more for its risks (a marketplace host, PCIe between GPUs…); the totals do not include it; a narrow list shows † alone",
		"† 推荐排序因风险（市场型主机、GPU 间仅 PCIe 等）按高出此比例的价格排名；总价不含此加价；窄列表只显示 †"},
	mStepsTitle:    {"Go to step", "跳到步骤"},
	mStepListTitle: {"Steps", "步骤"},
	mStepsHint:     {"↑/↓ and enter, or a digit; esc closes", "↑/↓ 加回车，或按数字；esc 关闭"},
	mStepOf:        {"step %d/%d", "第 %d/%d 步"},
	mFocusForm:     {"questions", "问题"},
	mFocusOffers:   {"offers", "报价"},

	mExportPrompt:    {"Save decision record to: ", "保存决策记录到："},
	mExportHint:      {"enter save · esc cancel", "回车保存 · esc 取消"},
	mExportExists:    {"%s exists. Overwrite? y/n", "%s 已存在。覆盖吗？y/n"},
	mExportSaving:    {"saving…", "保存中…"},
	mExportSaved:     {"saved %s", "已保存 %s"},
	mExportFailed:    {"save failed: %s", "保存失败：%s"},
	mExportCancelled: {"not saved", "未保存"},

	mKeyNext:         {"next", "下一项"},
	mKeyBack:         {"back a step", "上一步"},
	mKeyPrev:         {"previous", "上一项"},
	mKeyChoose:       {"choose", "选择"},
	mKeySteps:        {"steps", "步骤列表"},
	mKeyOffers:       {"to offers", "去报价"},
	mKeyForm:         {"to questions", "回问题"},
	mKeyExport:       {"save", "保存"},
	mKeyHelp:         {"all keys", "全部按键"},
	mKeyQuit:         {"quit", "退出"},
	mKeyMove:         {"move", "移动"},
	mKeyPage:         {"page", "翻页"},
	mKeyTopBottom:    {"first/last", "首/末"},
	mKeySort:         {"sort", "排序"},
	mKeyFilter:       {"filter", "筛选"},
	mKeyMark:         {"mark", "标记"},
	mKeyCompare:      {"compare", "对比"},
	mKeyDetail:       {"details", "详情"},
	mKeyScrollDetail: {"scroll details", "滚动详情"},
	mKeyJump:         {"jump", "跳转"},
	mKeyClose:        {"close", "关闭"},
	mKeyNextOffer:    {"next/prev offer", "下/上一个报价"},
	mGroupGlobal:     {"Anywhere", "任意位置"},
	mGroupForm:       {"Questions", "问题"},
	mGroupOffers:     {"Offers", "报价"},

	mA11yIntro:      {"gpupick %s: which GPU to rent. Press enter to keep the default in brackets.", "gpupick %s：该租哪块 GPU。直接回车即采用方括号中的默认值。"},
	mA11yDefault:    {"default", "默认"},
	mA11yChoose:     {"type a number or a name", "输入编号或名称"},
	mA11yTryAgain:   {"Please try again.", "请重新输入。"},
	mA11yResults:    {"Best offers", "最佳报价"},
	mA11ySavePrompt: {"Save the decision record to (- to skip)", "保存决策记录到（输入 - 跳过）"},
	mA11yOverwrite:  {"%s exists. Overwrite? [y/N]", "%s 已存在。覆盖吗？[y/N]"},
	mA11ySkipped:    {"Not saved.", "未保存。"},
	mA11yNoOffers:   {"No offer fits these answers.", "没有符合这些条件的报价。"},
	mA11yRank:       {"%d. %s %s, %s, %s per hour, %s in total, %s", "%d. %s %s，%s，每小时 %s，总计 %s，%s"},

	mOverBudgetCount: {"%d over budget", "%d 个超出预算"},
	mPartialLegend:   {"≥ storage/egress price unknown", "≥ 存储/流量价格未知"},
	mPartialNote: {"≥: a storage or egress price this run needs is unknown and not counted; the offer ranks after those whose whole cost is known",
		"≥：本次任务所需的存储或出网流量价格未知，未计入总价；该报价排在总价完全已知的报价之后"},
	mCostEstimate: {"~%s (estimate)", "约 %s（估算）"},
	mEstimateNote: {"~: the provider publishes no price for this, so it is counted at the highest published price of its class (an estimate; it carries the estimated-price penalty in the order)",
		"约：该云厂商未公布此项价格，按同类厂商最高的公开价计入（估算；排序时计入估算价格的风险加价）"},
	mPricing:  {"pricing…", "计价中…"},
	mRunTotal: {"Total", "总价"},

	mKeyLaunch:         {"launch config", "导出启动配置"},
	mLeaveAsk:          {"The answers are not saved. Leave? y leave · n/esc stay · s save", "答案尚未保存，要离开吗？y 离开 · n/esc 留下 · s 保存"},
	mKeyTrial:          {"trial plan", "试用计划"},
	mLaunchChoose:      {"Export a launch config for: ", "导出启动配置，格式："},
	mLaunchChooseHint:  {"←/→ or 1/2 choose · enter next · esc cancel", "←/→ 或 1/2 选择 · 回车下一步 · esc 取消"},
	mLaunchPrompt:      {"Save %s config to: ", "保存 %s 配置到："},
	mLaunchSaved:       {"saved %s · launch it with: %s", "已保存 %s · 启动命令：%s"},
	mLaunchUnsupported: {"nothing written: %s", "未写入文件：%s"},
	mTrialTitle:        {"Trial plan: the top %d for %s h each", "试用计划：前 %d 个候选，每个试用 %s 小时"},
	mTrialRow:          {"%d. %s %s · %s · %s %s/h → %s", "%d. %s %s · %s · %s %s/时 → %s"},
	mTrialTotal:        {"Trial total: %s", "试用总费用：%s"},
	mTrialUnknown:      {" (a price is unknown: not counted)", "（有价格未知：未计入）"},
	mTrialRule:         {"Decision rule", "决策规则"},
	mTrialScript:       {"Benchmark script: save the record (ctrl+s), then run gpupick plan FILE.toml", "基准测试脚本：先保存记录（ctrl+s），再运行 gpupick plan FILE.toml"},
	mTrialNone:         {"No offer fits these answers: nothing to trial.", "没有符合这些条件的报价：没有可试用的候选。"},
	mTrialHint:         {"esc or ctrl+t closes · shift+↑/↓ scroll", "esc 或 ctrl+t 关闭 · shift+↑/↓ 滚动"},
	mTrialWaiting:      {"ranking…", "排序中…"},

	mKeyRefresh:        {"refresh live offers", "刷新实时报价"},
	mRefreshNone:       {"no live source to refresh here", "此处没有可刷新的实时数据源"},
	mRefreshRunning:    {"refreshing live offers: %s (%d of %d)… the list ranks the current catalog meanwhile", "正在刷新实时报价：%s（第 %d 个，共 %d 个）……其间列表仍按当前目录排序"},
	mRefreshLoading:    {"refreshing live offers: reading the new catalog…", "正在刷新实时报价：读取新目录……"},
	mRefreshSource:     {"%s %d offers", "%s %d 个报价"},
	mRefreshFailed:     {"%s failed: %s", "%s 失败：%s"},
	mRefreshDone:       {"live offers refreshed: %s; the catalog now holds %d offers (%+d)", "实时报价已刷新：%s；目录现有 %d 个报价（%+d）"},
	mRefreshAllFailed:  {"refresh failed, the catalog is unchanged: %s", "刷新失败，目录未变：%s"},
	mListComma:         {", ", "、"},
	mRefreshLoadFailed: {"refresh: the new catalog did not load, the current one is kept: %s", "刷新：新目录未能读取，保留当前目录：%s"},
}

// tr translates msgs into one language.
type tr struct{ lang text.Lang }

// newTr returns the translator for "en" or "zh" (anything starting with
// "zh" is Chinese).
func newTr(lang string) tr { return tr{lang: text.LangOf(lang)} }

// zh reports whether the translator is Chinese.
func (t tr) zh() bool { return t.lang == text.ZH }

// s returns the text of id.
func (t tr) s(id msg) string { return texts.Text(t.lang, id) }

// f formats the text of id with args.
func (t tr) f(id msg, args ...any) string { return texts.Format(t.lang, id, args...) }
