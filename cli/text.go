package cli

import (
	"fmt"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// cliMsg names one message of the CLI's text output (plan, recommend, models, catalog list/show/stats;
// verify's texts are model/verify's, model/verify/text.go). Every cliMsg has an English and a Chinese text in cliTexts,
// with the same fmt verbs (TestCLITextsBothLanguages checks it with
// text.Check).
type cliMsg int

// in returns the message in lang ("zh…" Chinese, else English), unformatted:
// callers format it with the figures.
func (m cliMsg) in(lang string) string { return cliTexts.Text(text.LangOf(lang), m) }

// The messages.
const (
	// The plan command's texts.
	tPlanNoFit cliMsg = iota
	tPlanTitle
	tPlanHeader
	tPlanExpected
	tPlanTotal
	tPlanUnknown
	tPlanRule
	tPlanScript
	tPlanScriptFor
	tPlanSaved
	tPlanSavedGone
	tNodes
	tUnknown

	// The recommend command's table output: its headings, column headers and
	// the words of its cells. Figures are formatted the same in both
	// languages.
	tRecNeed
	tRecRunJob
	tRecRunPeriod
	tRecBudget
	tRecCatalog
	tRecNoFit
	tRecHeader
	tRecOnRequest
	tRecOnRequestHeader
	tRecTokens
	tRecImages
	tRecNodes
	tRecOK
	tRecOver
	tRecNote
	tRecNotesFolded
	tRecNoteFolded
	tRecWays
	tRecWaysFit
	tRecTry
	tRecWarnings
	tRecHidden
	tRecImagesOn
	tRecEmbedOn
	tRecSizes
	tRecWhy
	tRecRisk
	tRecConverted
	tRecRunFor
	tRecRunParts
	tRecRunWeights
	tRecRunTotal
	tRecBilled
	tRecPMTitle
	tRecPMHeader
	tRecPMEligible
	tRecPMChosen
	tRecPMUpTo
	tRecPMNotFor
	tRecEst
	tRecUnknownPart
	tRecStorage
	tRecEgress
	tRecNeedWhole

	// The words of the values the recommend, plan and models tables print
	// that model does not name (model/names.go names the workloads, price
	// models and memory parts): English is the value as the JSON and the
	// flags spell it.
	tListSep
	tClassContainer
	tClassHyperscaler
	tClassNeocloud
	tSevInfo
	tSevWarn
	tSevCritical
	tRecWarnLine
	tRecPMAssume
	tRecPMRange
	tRecPMIntrDate

	// The models command's table.
	tModelsHeader
	tModelsCount

	// The catalog list, show and stats commands' text output: headings,
	// labels and the words of their cells. The data's own words (provider
	// names, instance types, regions, sources, notes) print as they are.
	tCatListHeader
	tCatSlice
	tCatNoRate
	tCatListCount
	tCatSnapshot
	tCatPath
	tCatProvider
	tCatInstance
	tCatRegions
	tCatGPU
	tCatGPUCount
	tCatSliceOf
	tCatVRAM
	tCatUsable
	tCatUsableValue
	tCatNotMeasured
	tCatMeasured
	tCatVCPUs
	tCatMemory
	tCatCurrency
	tCatOnDemand
	tCatSpot
	tCatNoneListed
	tCatOnDemandFrom
	tCatOnlyZone
	tCatLowestOf
	tCatSpotByZone
	tCatOnDemandByRegion
	tCatPlanRegions
	tCatNoPriceIn
	tCatSpotInterruption
	tCatInterruptionSource
	tCatFirm
	tCatFirmValue
	tCatPriceDate
	tCatFetched
	tCatPriceOrigins
	tCatPriceOrigin
	tCatKindOnDemand
	tCatKindSpot
	tCatKindPlan
	tCatOriginSep
	tCatFetchedFresh
	tCatFetchedStale
	tCatFetchedUnknown
	tCatPriceNote
	tCatFormFactor
	tCatInterconnect
	tCatAsStated
	tCatInterNode
	tCatRDMA
	tCatVCPUType
	tCatHyperthread
	tCatLocalNVMe
	tCatNVMeWiped
	tCatMarketplace
	tCatMarketplaceValue
	tCatRetired
	tCatRetiredValue
	tCatNotes
	tCatSources
	tCatGPUFacts
	tCatVendorArch
	tCatGPUMemory
	tCatBandwidth
	tCatFP32
	tCatBF16
	tCatFP8
	tCatINT8
	tCatFP8BF16
	tCatNVLink
	tCatSource
	tCatPolicy
	tCatPolicyLine
	tCatOff
	tCatUpTo
	tCatOfMonthly
	tCatCommit1y
	tCatCommit3y
	tCatCommitMax
	tCatCommitMonthly
	tCatSpotNotice
	tCatPreemptMax
	tCatBilling
	tCatEgressBeyond
	tCatEgressTo
	tCatEgressTier
	tCatEgressFree
	tCatEgress
	tCatEgressStated
	tCatBlockStorage
	tCatShowConverted
	tCatYes
	tCatNo
	tCatPerSecond
	tCatPerMinute
	tCatHourly
	tCatFormOther
	tLinkNVSwitch
	tLinkNVLink
	tLinkPCIe
	tLinkSingle
	tLinkInfinityFabric
	tVCPUDedicated
	tVCPUShared
	tVCPUBurstable
	tVCPUContainer
	tVCPUMarketplace
	tVCPUGPUFraction
	tStatsCatalog
	tStatsCounts
	tStatsHeader
	tStatsDates
	tStatsUndated
	tStatsSourcesTitle
	tStatsSourcesHeader
	tStatsSourceUndated
	tStatsSourceLive
	tStatsUndatedNote
	tStatsUnknownTitle
	tStatsKnownTitle
	tStatsKnownLine
	tStatsFX
	tStatsCleaning
	tStatsWarning
	tStatsSpotTitle
	tStatsSpotLine
	tStatsSpotRange
	tStatsSpotNoRange
	tStatsMeanInterconnect
	tStatsMeanVCPUType
	tFactGPU
	tFactGPUCount
	tFactVRAM
	tFactVCPUs
	tFactMemory
	tFactOnDemand
	tFactAnyPrice
	tFactSpot
	tFactRegions
	tFactFormFactor
	tFactInterconnect
	tFactRDMA
	tFactVCPUType
	tFactHyperthread
	tFactLocalNVMe
	tFactNVMeWiped

	// The usage errors and the framing of the errors and warnings on
	// stderr (errors.go): the English texts are the lines as they were.
	tErrLine
	tErrOr
	tErrSeeHelp
	tErrUnknownFlag
	tErrNeedsValue
	tErrUnexpectedArg
	tErrEmptyFlag
	tErrWithinNoBudget
	tErrAnswer
	tErrRecord
	tErrUnknownCmd
	tErrNote
	tErrUnknownLang
	tErrUnknownFormat
	tErrUnknownCurrency
	tErrFlagValue
	tFlagEmpty
	tFlagFullWidth
	tFlagDecimalComma
	tFlagNotWhole
	tFlagNotNumber
	tFlagOutOfRange
	tFlagNoUnit
	tFlagNotDuration
	tFlagNotBool
	tAccTop
	tAccMaxMB
	tAccHours
	tAccDuration
	tAccBool
	tErrNeedRecord
	tErrCatalogLoad
	tErrTOMLDepth
	tErrTOMLKeys
	tTOMLRecord
	tTOMLRecordTypical
	tTOMLOverlay
	tTOMLOverlayTypical
	tErrListNoGPU
	tErrUnknownProviderKey
	tErrDidYouMean
	tErrExportNoInstance
	tErrExportUnknownInstance
	tErrCatalogWarning
	tErrMissingSub
	tErrUnknownSub
	tErrShowArg
	tErrShowMissing
	tErrNoOffer
	tErrCatalogSee
	tErrSimilar
	tErrListGPU
	tErrListGPUCount
	tErrListVRAM
	tErrListPrice
	tListUnlocated
	tListNoOffers
	tErrImportDir
	tErrImportDirOf
	tErrImportTwoDirs
	tErrUnknownSource
	tErrUpdateRanOut
	tErrRefreshRanOut
	tErrWrite
	tErrStdout
	tImported
	tUpdated
	tImportSkipped

	// The command tree (commands.go, cobraflags.go): a flag cobra
	// refused, each command's one-line help, and the headers of the help.
	tErrFlagBadValue
	tErrFlagSyntax
	tCmdWizard
	tCmdRecommend
	tCmdCatalog
	tCmdCatalogList
	tCmdCatalogShow
	tCmdCatalogStats
	tCmdCatalogImport
	tCmdCatalogUpdate
	tCmdModels
	tCmdExport
	tCmdPlan
	tCmdVerify
	tCmdVersion
	tCmdMan
	tHelpUsage
	tHelpExamples
	tHelpCommands
	tHelpFlags
	tFlagHelp
	tFlagVersion

	// The long help of each command (its Usage paragraphs, dropped, and
	// an Examples: paragraph, the examples, as setHelp reads them).
	tLongRoot
	tLongRecommend
	tLongCatalog
	tLongModels
	tLongExport
	tLongPlan
	tLongVerify

	// The one-line help of the flags the commands declare (flagHelp); the
	// answers' flags have theirs in the registry (model.AnswerSpec).
	tUseCatalog
	tUseLang
	tUseLangText
	tUseLangMessages
	tUseCurrencyCatalog
	tUseCacheDir
	tUseConfigDir
	tUseFormat
	tUseFormatModels
	tUseSkypilot
	tUseDir
	tUseDate
	tUseSource
	tUseAllowShrinkImport
	tUseAllowShrinkUpdate
	tUseGPU
	tUseMinVRAM
	tUseProviders
	tUseRegions
	tUseMaxPrice
	tUseProviderShow
	tUseBaseURL
	tUseBaseURLFor
	tUseBaseURLElse
	tUseBaseURLSep
	tUseMaxMB
	tUseTimeout
	tUseTo
	tUseHours
	tUseAnswers
	tUseFormatRecommend
	tUseTop
	tUseWithinBudget
	tUseVerbose
	tUseLoad
	tUseAccessible
	tUseFrom
	tUseJSON
	tUseSameAs

	// cobra's own commands (cobraTexts): help and completion, their long
	// help and completion's --no-descriptions; %[1]s is the program.
	tCmdHelp
	tLongHelp
	tCmdCompletion
	tLongCompletion
	tCmdCompletionShell
	tLongCompletionBash
	tLongCompletionZsh
	tLongCompletionFish
	tLongCompletionPowershell
	tUseNoDescriptions

	cliMsgCount
)

// cliTexts holds every message of the CLI in English and Chinese.
var cliTexts = text.Table[cliMsg]{
	// The plan command's texts.
	tPlanNoFit:     {"No offer fits the record's answers on this catalog: nothing to trial.", "在当前目录中没有符合记录答案的报价：没有可试用的候选。"},
	tPlanTitle:     {"Trial plan: %d candidates for %s h each (a record's saved choice always among them), in the order the workload's bound resource per unit of price ranks them (catalog %s, prices as of %s)", "试用计划：%d 个候选（记录中已保存的选择总在其中），每个试用 %s 小时，按工作负载所受限资源的单位价格排序（目录：%s，价格截至 %s）"},
	tPlanHeader:    {"#\tPROVIDER\tINSTANCE\tGPUS\tPRICE MODEL\tPER HOUR\tTRIAL\tEXPECTED (read the measured figure beside it)", "#\t服务商\t实例\tGPU\t计价方式\t每小时\t试用费用\t预期（与实测值对照）"},
	tPlanTotal:     {"Trial total: %s", "试用总费用：%s"},
	tPlanUnknown:   {" (a candidate's price is unknown: not counted)", "（某候选价格未知：未计入）"},
	tPlanExpected:  {"Expected of each (read the measured figure beside it):", "各候选的预期（与实测值对照）："},
	tPlanRule:      {"Decision rule:", "决策规则："},
	tPlanScript:    {"Benchmark script (save as bench.sh, run with bash bench.sh):", "基准测试脚本（保存为 bench.sh，用 bash bench.sh 运行）："},
	tPlanScriptFor: {"Benchmark script for candidate %s (save as bench.sh, run with bash bench.sh):", "候选 %s 的基准测试脚本（保存为 bench.sh，用 bash bench.sh 运行）："},
	tPlanSaved:     {" (saved choice)", "（已保存的选择）"},
	tPlanSavedGone: {" (saved choice, not in today's ranking: the record's prices)", "（已保存的选择，不在当前排名中：使用记录中的价格）"},
	tNodes:         {" ×%d nodes", " ×%d 节点"},
	tUnknown:       {"unknown", "未知"},

	// The recommend command's table output: its headings, column headers and
	// the words of its cells. Figures are formatted the same in both
	// languages.
	tRecNeed:      {"Need:    %s GPU memory (%s) for %s in %s", "需求：    %s GPU 显存（%s），用于%s，精度 %s"},
	tRecRunJob:    {"Run:     a job of %s %s (cost to finish)", "运行：    %s %s 的作业（按完成计费）"},
	tRecRunPeriod: {"Run:     %s at %s h/week = %s instance-hours", "运行：    %s，每周 %s 小时 = %s 实例小时"},
	tRecBudget:    {"Budget:  %s", "预算：    %s"},
	tRecCatalog:   {"Catalog: %s, prices as of %s; %d offers considered, %d fit", "目录：    %s，价格截至 %s；考虑了 %d 个报价，%d 个符合"},
	tRecNoFit:     {"No offer fits.", "没有符合的报价。"},
	tRecOnRequest: {"Price on request (%d offers hold the job; no source publishes their price, so they are not ranked: an unknown price is never counted as free):",
		"价格需咨询（%d 个报价可容纳该任务，但没有来源公布其价格，因此不参与排序：未知价格绝不按免费计算）："},
	tRecOnRequestHeader: {"PROVIDER\tINSTANCE\tGPUS\tVRAM\tREGIONS", "服务商\t实例\tGPU\t显存\t地域"},
	tRecHeader:          {"#\tPROVIDER\tINSTANCE\tGPUS\tVRAM\tPRICE MODEL\tPER HOUR\tTOTAL\tBUDGET\tWARNINGS", "#\t服务商\t实例\tGPU\t显存\t计价方式\t每小时\t总计\t预算\t警告"},
	tRecTokens:          {"tokens", "token"},
	tRecImages:          {"images", "张图"},
	tRecNodes:           {" x%d nodes", " x%d 节点"},
	tRecOK:              {"ok", "内"},
	tRecOver:            {"over", "超"},
	tRecNote:            {"Note: %s", "注：%s"},
	tRecNotesFolded:     {"%d notes (why offers were left out, the prices' date): --verbose shows them", "另有 %d 条说明（哪些报价被排除及原因、价格日期）：加 --verbose 显示"},
	tRecNoteFolded:      {"%d note (why offers were left out, the prices' date): --verbose shows it", "另有 %d 条说明（哪些报价被排除及原因、价格日期）：加 --verbose 显示"},
	tRecWays:            {"Ways back under the budget, each priced by ranking again with the change:", "回到预算内的办法，每个都按改动后重新排序定价："},
	tRecWaysFit:         {"What would make the job fit, each priced by ranking again with the change:", "能让任务装下的改动，每个都按改动后重新排序定价："},
	tRecTry:             {"Try:   %s — %s: %s", "可试：  %s — %s：%s"},
	tRecWarnings:        {"Warnings for #1:", "#1 的警告："},
	tRecHidden:          {"Storage and egress for #1:", "#1 的存储与出网流量："},
	tRecImagesOn:        {"Images on #1: %s s per image on one GPU, %s images an hour, %s per image", "#1 生成图片：单 GPU 每张 %s 秒，每小时 %s 张，每张 %s"},
	tRecEmbedOn:         {"Embedding on #1: %s tokens/s (%s inputs/s of %s tokens), %s per million tokens", "#1 向量嵌入：每秒 %s token（每秒 %s 个 %s token 的输入），每百万 token %s"},
	tRecSizes:           {"Other sizes of #1 (the same instance at other GPU counts):", "#1 的其他规格（同一实例的其他 GPU 数量）："},
	tRecWhy:             {"Why #1:", "为何选 #1："},
	tRecRisk:            {"Risk priced into the order for #1 (+%d%%):", "#1 排序中计入的风险（+%d%%）："},
	tRecConverted:       {"≈ converted at 1 USD = %s %s (%s, %s)", "≈ 按 1 USD = %s %s 换算（%s，%s）"},
	tRecRunFor:          {"Run for #1:", "#1 的运行："},
	tRecRunParts:        {"  job %s + set-up %s (%s: provision %s, image pull %s", "  作业 %s + 准备 %s（%s：开机 %s，拉取镜像 %s"},
	tRecRunWeights:      {", %s GB weights %s, load %s", "，%s GB 权重 %s，加载 %s"},
	tRecRunTotal:        {") = %s on the GPUs", "）= GPU 上共 %s"},
	tRecBilled:          {"  billed %s under %s", "  计费 %s（%s）"},
	tRecPMTitle:         {"Price models for #1:", "#1 的计价方式："},
	tRecPMHeader:        {"  MODEL\tPER HOUR\tTOTAL\tWHERE\tSTATUS\tINTERRUPTION", "  计价方式\t每小时\t总计\t适用地区\t状态\t中断"},
	tRecPMEligible:      {"eligible", "可用"},
	tRecPMChosen:        {"chosen", "已选"},
	tRecPMUpTo:          {"best case, not a price", "最好情况，并非价格"},
	tRecPMNotFor:        {"not for this run", "不适用于本次运行"},
	tRecEst:             {"est.", "估算"},
	tRecUnknownPart:     {"unknown", "未知"},
	tRecStorage:         {"storage", "存储"},
	tRecEgress:          {"egress", "出网流量"},
	tRecNeedWhole:       {"Need:    %s GPU memory for %s in %s", "需求：    %s GPU 显存，用于%s，精度 %s"},

	// The words of values.
	tListSep:          {", ", "，"},
	tClassContainer:   {"container", "容器"},
	tClassHyperscaler: {"hyperscaler-vm", "大型公有云虚拟机"},
	tClassNeocloud:    {"neocloud-vm", "GPU 云厂商虚拟机"},
	tSevInfo:          {string(model.SeverityInfo), "提示"},
	tSevWarn:          {string(model.SeverityWarn), "警告"},
	tSevCritical:      {string(model.SeverityCritical), "严重"},
	tRecWarnLine:      {"  [%s] %s: %s", "  [%s] %s：%s"},
	tRecPMAssume:      {"  %s: %s", "  %s：%s"},
	tRecPMRange:       {" (%s-%s/h)", "（%s-%s/小时）"},
	tRecPMIntrDate:    {" (AWS, %s)", "（AWS，%s）"},

	tModelsHeader: {"NAME\tPARAMS\tACTIVE\tLAYERS\tHIDDEN\tHEADS/KV\tCONTEXT\tHUGGING FACE ID", "名称\t参数量\t激活参数\t层数\t隐藏维度\t注意力头/KV\t上下文\tHugging Face ID"},
	tModelsCount:  {"%d presets; facts and sources: gpupick models --format json", "%d 个预设；参数与来源：gpupick models --format json"},

	// The catalog commands' texts.
	tCatListHeader:         {"GPU\tQTY\tPROVIDER\tINSTANCE\tVRAM\tvCPUs\tRAM\tPRICE/h\tSPOT/h\tREGIONS\tLINK\tvCPU TYPE", "GPU\t数量\t服务商\t实例\t显存\tvCPU\t内存\t每小时\t竞价/小时\t地区\t互联\tvCPU 类型"},
	tCatSlice:              {" (slice)", "（分片）"},
	tCatNoRate:             {"no rate", "无汇率"},
	tCatListCount:          {"%d offers. Prices per hour for the whole instance; %s.", "%d 个报价。价格为整台实例每小时的价格；%s。"},
	tCatSnapshot:           {"catalog %s, snapshot read %s", "目录：%s，快照读取于 %s"},
	tCatPath:               {" (%s)", "（%s）"},
	tCatProvider:           {"provider", "服务商"},
	tCatInstance:           {"instance", "实例"},
	tCatRegions:            {"regions", "地区"},
	tCatGPU:                {"gpu", "GPU"},
	tCatGPUCount:           {"gpu count", "GPU 数量"},
	tCatSliceOf:            {" (a %s slice of one GPU)", "（单个 GPU 的 %s 分片）"},
	tCatVRAM:               {"vram per gpu", "单 GPU 显存"},
	tCatUsable:             {"  usable", "  可用"},
	tCatUsableValue:        {"%s GiB (%s)", "%s GiB（%s）"},
	tCatNotMeasured:        {"not measured: the marketed figure read as decimal GB, the worse case", "未实测：标称值按十进制 GB 读取，取较差情况"},
	tCatMeasured:           {"as the driver reports it: %s", "驱动报告的值：%s"},
	tCatVCPUs:              {"vcpus", "vCPU 数"},
	tCatMemory:             {"memory", "内存"},
	tCatCurrency:           {"currency", "货币"},
	tCatOnDemand:           {"on-demand /h", "按需 /小时"},
	tCatSpot:               {"spot /h", "竞价 /小时"},
	tCatNoneListed:         {"none listed", "未列出"},
	tCatOnDemandFrom:       {"on-demand from", "按需价格所在地区"},
	tCatOnlyZone:           {" (the only zone with a price)", "（唯一有价格的可用区）"},
	tCatLowestOf:           {" (lowest of %d zones)", "（%d 个可用区中最低）"},
	tCatSpotByZone:         {"spot by zone", "各可用区竞价"},
	tCatOnDemandByRegion:   {"on-demand by region", "各地域按需价格"},
	tCatPlanRegions:        {"plan prices in", "包期价格适用地域"},
	tCatNoPriceIn:          {"; no price in %s", "；无价格：%s"},
	tCatSpotInterruption:   {"spot interruption", "竞价中断率"},
	tCatInterruptionSource: {" (AWS Spot Instance Advisor, %s)", "（AWS Spot Instance Advisor 竞价数据，%s）"},
	tCatFirm:               {"%s (firm)", "%s（确定）"},
	tCatFirmValue:          {"%.1f%% off on-demand: %s", "比按需低 %.1f%%：%s"},
	tCatPriceDate:          {"price date", "价格日期"},
	tCatFetched:            {"fetched (live)", "获取时间（实时）"},
	tCatPriceOrigins:       {"price sources", "价格来源"},
	tCatPriceOrigin:        {"%s: %s (%s)", "%s：%s（%s）"},
	tCatKindOnDemand:       {"on demand", "按需"},
	tCatKindSpot:           {"spot", "竞价"},
	tCatKindPlan:           {"plan", "套餐"},
	tCatOriginSep:          {"; ", "；"},
	tCatFetchedFresh:       {"%s, %.1f h ago (live prices are current for %d h)", "%s，已过 %.1f 小时（实时价格有效期 %d 小时）"},
	tCatFetchedStale: {"%s, %.1f h ago: STALE (live prices are current for %d h), taken as a stale price; refresh with gpupick catalog update --source %s",
		"%s，已过 %.1f 小时：已过时（实时价格有效期 %d 小时），按过时价格对待；请运行 gpupick catalog update --source %s 刷新"},
	tCatFetchedUnknown: {"%s, of an age that cannot be told: taken as a stale price; refresh with gpupick catalog update --source %s",
		"%s，无法判断已过多久：按过时价格对待；请运行 gpupick catalog update --source %s 刷新"},
	tCatPriceNote:        {"price note", "价格说明"},
	tCatFormFactor:       {"form factor", "规格形态"},
	tCatInterconnect:     {"interconnect", "GPU 互联"},
	tCatAsStated:         {"  as stated", "  原文"},
	tCatInterNode:        {"inter-node network", "节点间网络"},
	tCatRDMA:             {"gpudirect rdma", "GPUDirect RDMA"},
	tCatVCPUType:         {"vcpu type", "vCPU 类型"},
	tCatHyperthread:      {"vcpu = hyperthread", "vCPU = 超线程"},
	tCatLocalNVMe:        {"local nvme", "本地 NVMe"},
	tCatNVMeWiped:        {"local nvme wiped on stop", "停机时清空本地 NVMe"},
	tCatMarketplace:      {"marketplace", "市场"},
	tCatMarketplaceValue: {"yes: third-party hosts; availability and prices vary by host", "是：第三方主机；可用性和价格因主机而异"},
	tCatRetired:          {"retired", "已下线"},
	tCatRetiredValue:     {"%s (the provider's retirement notice: %s)", "%s（服务商的下线通知：%s）"},
	tCatNotes:            {"notes", "备注"},
	tCatSources:          {"sources:", "来源："},
	tCatGPUFacts:         {"gpu facts (%s):", "GPU 参数（%s）："},
	tCatVendorArch:       {"  vendor / architecture\t%s / %s", "  厂商 / 架构\t%s / %s"},
	tCatGPUMemory:        {"memory", "显存"},
	tCatBandwidth:        {"memory bandwidth", "显存带宽"},
	tCatFP32:             {"fp32", "FP32"},
	tCatBF16:             {"bf16/fp16 tensor (dense)", "BF16/FP16 张量（稠密）"},
	tCatFP8:              {"fp8 tensor (dense)", "FP8 张量（稠密）"},
	tCatINT8:             {"int8 tensor (dense)", "INT8 张量（稠密）"},
	tCatFP8BF16:          {"  fp8 / bf16 support\t%s / %s", "  FP8 / BF16 支持\t%s / %s"},
	tCatNVLink:           {"  nvlink\t%s", "  NVLink\t%s"},
	tCatSource:           {"  source: %s", "  来源：%s"},
	tCatPolicy:           {"provider policy (%s):", "服务商政策（%s）："},
	tCatPolicyLine:       {"  %s: %s — %s", "  %s：%s — %s"},
	tCatOff:              {"%s%% off", "优惠 %s%%"},
	tCatUpTo:             {"up to %s", "最高%s"},
	tCatOfMonthly:        {"%s the monthly list price", "%s（相对包月标价）"},
	tCatCommit1y:         {"commitment, 1 year", "1 年承诺"},
	tCatCommit3y:         {"commitment, 3 years", "3 年承诺"},
	tCatCommitMax:        {"commitment, largest", "最大承诺折扣"},
	tCatCommitMonthly:    {"monthly plan", "包月套餐"},
	tCatSpotNotice:       {"  spot notice: %s s", "  竞价回收通知：%s 秒"},
	tCatPreemptMax:       {"  preemptible max runtime: %s h", "  可抢占实例最长运行：%s 小时"},
	tCatBilling:          {"  billing: %s", "  计费粒度：%s"},
	tCatEgressBeyond:     {"beyond", "超出部分"},
	tCatEgressTo:         {"to %s GB", "%s GB 以内"},
	tCatEgressTier:       {"%s %s/GB", "%s %s/GB"},
	tCatEgressFree:       {" (first %s GB a month free)", "（每月前 %s GB 免费）"},
	tCatEgress:           {"  egress: %s%s", "  出网流量：%s%s"},
	tCatEgressStated:     {"    as stated: %s", "    原文：%s"},
	tCatBlockStorage:     {"  block storage: %s%s per GB-month", "  块存储：每 GB 每月 %s%s"},
	tCatShowConverted:    {"≈ prices converted at 1 %s = %s %s (%s, %s)", "≈ 价格按 1 %s = %s %s 换算（%s，%s）"},
	tCatYes:              {"yes", "是"},
	tCatNo:               {"no", "否"},
	tCatPerSecond:        {"per-second", "按秒"},
	tCatPerMinute:        {"per-minute", "按分钟"},
	tCatHourly:           {"hourly", "按小时"},
	tCatFormOther:        {"other", "其他"},
	tLinkNVSwitch:        {string(model.InterconnectNVSwitch), "NVSwitch"},
	tLinkNVLink:          {string(model.InterconnectNVLink), "NVLink"},
	tLinkPCIe:            {string(model.InterconnectPCIe), "PCIe"},
	tLinkSingle:          {string(model.InterconnectSingle), "单 GPU"},
	tLinkInfinityFabric:  {string(model.InterconnectInfinityFabric), "Infinity Fabric"},
	tVCPUDedicated:       {string(model.VCPUDedicated), "独占"},
	tVCPUShared:          {string(model.VCPUShared), "共享"},
	tVCPUBurstable:       {string(model.VCPUBurstable), "可突发"},
	tVCPUContainer:       {string(model.VCPUContainer), "容器"},
	tVCPUMarketplace:     {string(model.VCPUMarketplace), "市场主机"},
	tVCPUGPUFraction:     {string(model.VCPUGPUFraction), "GPU 分片"},
	tStatsCatalog:        {"catalog: %s, snapshot read %s", "目录：%s，快照读取于 %s"},
	tStatsCounts:         {"providers: %d   offers: %d   instance types: %d   regions: %d   GPU models: %d", "服务商：%d   报价：%d   实例类型：%d   地区：%d   GPU 型号：%d"},
	tStatsHeader:         {"PROVIDER\tOFFERS\tCURRENCY\tNAME", "服务商\t报价数\t货币\t名称"},
	tStatsDates:          {"price dates (offers):", "价格日期（报价数）："},
	tStatsUndated:        {"undated", "无日期"},
	tStatsSourcesTitle: {"price dates by provider and source (offers with a price of the source; where sources were merged, each price's own source and date):",
		"按云厂商与来源的价格日期（含该来源价格的报价数；合并多个来源时按每个价格自己的来源与日期）："},
	tStatsSourcesHeader: {"  provider	offers	price dates	live (stale)	source", "  云厂商	报价数	价格日期	实时（过时）	来源"},
	tStatsSourceUndated: {" (+%d undated)", "（另 %d 个无日期）"},
	tStatsSourceLive:    {"%d (%d stale)", "%d（%d 个过时）"},
	tStatsUndatedNote:   {"undated: %s", "无日期：%s"},
	tStatsUnknownTitle:  {"share of offers with the fact unknown:", "该项未知的报价占比："},
	tStatsKnownTitle:    {"share of offers with the fact known (a hard requirement on a fact passes only offers where it is known):", "该项已知的报价占比（对某项的硬性要求只放行该项已知的报价）："},
	tStatsKnownLine:     {"  %s\t%5.1f%%\t%d of %d offers, %d of them inferred and marked so in the offer's note: %s", "  %s\t%5.1f%%\t%d 个（共 %d 个报价），其中 %d 个为推断，已在报价备注中注明：%s"},
	tStatsFX:            {"exchange rate: 1 %s = %s %s (%s), %s", "汇率：1 %s = %s %s（%s），%s"},
	tStatsCleaning:      {"cleaning (source errors handled):", "数据清洗（已处理的来源错误）："},
	tStatsWarning:       {"warning: %s", "警告：%s"},
	tStatsSpotTitle: {"spot prices outside what the provider states (each zone against on-demand in its region; no recommendation counts a price at or above on-demand as a saving):",
		"超出云厂商公布范围的竞价价格（逐个可用区与其所在地域的按需价比较；等于或高于按需价的竞价不会在推荐中算作节省）："},
	tStatsSpotLine: {"  %s: %d of %d offers with spot outside it (%d of %d zones); %d offers at or above on-demand (%d zones); worst %.0f%% of on-demand (%s, %s); %s",
		"  %s：%d 个（共 %d 个有竞价的报价）超出范围（%d / %d 个可用区）；%d 个报价等于或高于按需价（%d 个可用区）；最高为按需价的 %.0f%%（%s，%s）；%s"},
	tStatsSpotRange:        {"stated %.0f-%.0f%% off on-demand (%s)", "公布的竞价比按需价低 %.0f-%.0f%%（%s）"},
	tStatsSpotNoRange:      {"no range stated: flagged where at or above on-demand, or deeper than the stated greatest discount", "未公布折扣范围：仅标出等于或高于按需价、或超过公布最大折扣的价格"},
	tStatsMeanInterconnect: {"how the GPUs of one offer talk (NVSwitch, NVLink, Infinity Fabric, PCIe, or a single GPU)", "同一报价的 GPU 之间如何通信（NVSwitch、NVLink、Infinity Fabric、PCIe，或单 GPU）"},
	tStatsMeanVCPUType:     {"whether the host CPUs are dedicated, shared, a container or a marketplace host", "主机 CPU 是独占、共享、容器还是市场主机"},
	tFactGPU:               {"gpu", "GPU 型号"},
	tFactGPUCount:          {"gpu_count", "GPU 数量"},
	tFactVRAM:              {"vram_gib", "单 GPU 显存"},
	tFactVCPUs:             {"vcpus", "vCPU 数"},
	tFactMemory:            {"memory_gib", "内存"},
	tFactOnDemand:          {"on_demand_hourly", "按需每小时价格"},
	tFactAnyPrice:          {"any_price", "任一价格"},
	tFactSpot:              {"spot_hourly", "竞价每小时价格"},
	tFactRegions:           {"regions", "地区"},
	tFactFormFactor:        {"form_factor", "规格形态"},
	tFactInterconnect:      {"interconnect", "GPU 互联"},
	tFactRDMA:              {"rdma", "RDMA"},
	tFactVCPUType:          {"vcpu_type", "vCPU 类型"},
	tFactHyperthread:       {"vcpu_hyperthread", "vCPU 超线程"},
	tFactLocalNVMe:         {"local_nvme", "本地 NVMe"},
	tFactNVMeWiped:         {"local_nvme_wiped_on_stop", "停机时清空本地 NVMe"},

	tErrLine:            {"%s: %s", "%s：%s"},
	tErrOr:              {" or ", " 或 "},
	tErrSeeHelp:         {"%s (see gpupick %s --help)", "%s（见 gpupick %s --help）"},
	tErrUnknownFlag:     {"unknown flag --%s", "未知参数 --%s"},
	tErrNeedsValue:      {"flag needs an argument: --%s", "参数 --%s 需要一个值"},
	tErrUnexpectedArg:   {"unexpected argument %q", "多余的参数 %q"},
	tErrWithinNoBudget:  {"--within-budget hides the offers over the budget, but no budget is given: add --budget (e.g. 2/h, 1500/mo, 10000 total), or leave --within-budget out", "--within-budget 会隐藏超出预算的报价，但没有给出预算：请加上 --budget（如 2/h、1500/mo、10000 total），或不使用 --within-budget"},
	tErrEmptyFlag:       {"--%s is given empty: give its value, or leave the flag out", "--%s 的值为空：请给出值，或不使用该选项"},
	tErrAnswer:          {"%s", "回答有误：%s"},
	tErrRecord:          {"--%s: %v", "--%s：无法读取决策记录：%v"},
	tErrUnknownCmd:      {"unknown command %q (use recommend, catalog, models, export, plan, verify, help, or no command for the wizard)", "未知命令 %q（可用 recommend、catalog、models、export、plan、verify、help，或不带命令打开向导）"},
	tErrNote:            {"note: %s", "提示：%s"},
	tErrUnknownLang:     {"--lang %q: unknown language (use en or zh)", "--lang %q：未知语言（可用 en 或 zh）"},
	tErrUnknownFormat:   {"--format %q: unknown format (use %s)", "--format %q：未知格式（可用 %s）"},
	tErrUnknownCurrency: {"--currency %q: unknown currency (use USD or CNY)", "--currency %q：未知货币（可用 USD 或 CNY）"},
	tErrFlagValue:       {"--%s %q: %s (accepted: %s)", "--%s %q：%s（可接受：%s）"},
	tFlagEmpty:          {"no value", "没有值"},
	tFlagFullWidth:      {"full-width characters: type %s", "全角字符：请输入 %s"},
	tFlagDecimalComma:   {"a decimal comma: use a point, %s", "使用了小数逗号：请用小数点，%s"},
	tFlagNotWhole:       {"not a whole number", "不是整数"},
	tFlagNotNumber:      {"not a plain number", "不是普通数字"},
	tFlagOutOfRange:     {"out of range", "超出范围"},
	tFlagNoUnit:         {"a number without a unit: write %ss for seconds or %sm for minutes", "数字缺少单位：秒写 %ss，分钟写 %sm"},
	tFlagNotDuration:    {"not a duration", "不是时长"},
	tFlagNotBool:        {"not true or false", "不是 true 或 false"},
	tAccTop:             {"a whole number from %d to %d, e.g. --top 5", "%d 到 %d 的整数，例如 --top 5"},
	tAccMaxMB:           {"a whole number of MiB from %d to %d, e.g. --max-mb 32 (a file of the cached catalog holds at most 64 MiB)", "%d 到 %d 的整数（单位 MiB），例如 --max-mb 32（缓存目录的单个文件最多 64 MiB）"},
	tAccHours:           {"hours above 0 and at most %s, with a point for decimals, e.g. --hours 1.5", "大于 0 且不超过 %s 的小时数，小数用小数点，例如 --hours 1.5"},
	tAccDuration:        {"a duration above 0 with its unit (s, m or h), e.g. --%s 30s or 2m", "大于 0 且带单位（s、m 或 h）的时长，例如 --%s 30s 或 2m"},
	tAccBool:            {"true or false; --%s alone is true, --%s=false turns it off", "true 或 false；只写 --%s 即为 true，--%s=false 为关闭"},
	tErrNeedRecord:      {"a decision record FILE.toml is needed (see gpupick %s --help)", "需要一个决策记录 FILE.toml（见 gpupick %s --help）"},
	tErrCatalogLoad:     {"%s", "目录出错：%s"},
	tErrTOMLDepth: {"%s:%d: nested deeper than %d levels, the limit of %s (tables, inline tables, arrays and dotted keys each add levels; %s): remove the extra nesting",
		"%s:%d：嵌套超过 %d 层，超出%s的上限（表、内联表、数组和点分键都会增加层数；%s）：请去掉多余的嵌套"},
	tErrTOMLKeys: {"%s:%d: more than %d keys, the limit of %s (%s): remove the keys gpupick does not read",
		"%s:%d：键超过 %d 个，超出%s的上限（%s）：请去掉 gpupick 不读取的键"},
	tTOMLRecord:         {"a decision record", "决策记录"},
	tTOMLRecordTypical:  {"a saved record nests 3 levels and holds about 300 keys", "保存的记录嵌套 3 层、约有 300 个键"},
	tTOMLOverlay:        {"a catalog overlay", "目录叠加文件"},
	tTOMLOverlayTypical: {"an overlay's offers nest 3 levels", "叠加文件中的报价嵌套 3 层"},
	tErrCatalogWarning:  {"%s", "目录警告：%s"},
	tErrMissingSub:      {"missing subcommand (use list, show, stats, import or update; see gpupick catalog --help)", "缺少子命令（可用 list、show、stats、import 或 update；见 gpupick catalog --help）"},
	tErrUnknownSub:      {"unknown subcommand %q (use list, show, stats, import or update)", "未知子命令 %q（可用 list、show、stats、import 或 update）"},
	tErrShowArg:         {"unexpected argument %q (show takes one INSTANCE)", "多余的参数 %q（show 只接受一个 INSTANCE）"},
	tErrShowMissing:     {"missing INSTANCE (e.g. gpupick catalog show p5.48xlarge)", "缺少 INSTANCE（例如 gpupick catalog show p5.48xlarge）"},
	tErrNoOffer:         {"no offer named %q%s (see gpupick catalog list)", "没有名为 %q 的报价%s（见 gpupick catalog list）"},
	tErrCatalogSee:      {"%s (see gpupick catalog --help)", "%s（见 gpupick catalog --help）"},
	tErrSimilar:         {"; similar: %s", "；相近的：%s"},
	tErrListGPU:         {"--gpu %q: no GPU name (use a name such as H100, A6000 or RTX4090, optionally :N for the count)", "--gpu %q：没有 GPU 名称（用 H100、A6000 或 RTX4090 这样的名称，可加 :N 表示数量）"},
	tErrListGPUCount:    {"--gpu %q: %q is not a GPU count (use NAME:N such as H100:8)", "--gpu %q：%q 不是 GPU 数量（用 NAME:N，例如 H100:8）"},
	tErrListVRAM:        {"--min-vram %q: not a memory size (use e.g. 24GB or 80)", "--min-vram %q：不是显存大小（例如 24GB 或 80）"},
	tErrListPrice:       {"--max-price %q: not a price (use a number per hour, e.g. 2.5)", "--max-price %q：不是价格（用每小时的数字，例如 2.5）"},
	tListUnlocated:      {"%d offers left out: the location of their regions is unknown, and --region %s needs it (gpupick catalog show INSTANCE shows an offer's regions)", "%d 个报价未列出：其地域的位置未知，而 --region %s 需要知道位置（gpupick catalog show INSTANCE 可查看报价的地域）"},
	tListNoOffers:       {"--provider %s: no offers in this catalog (the provider is known, but no source of this catalog lists its instances; gpupick catalog stats shows the sources)", "--provider %s：此目录中没有它的报价（服务商已知，但目录的来源都没有列出其实例；gpupick catalog stats 可查看来源）"},
	tErrImportDir:       {"--skypilot DIR is required (a SkyPilot catalog folder such as ~/.sky/catalogs/v8)", "需要 --skypilot DIR（SkyPilot 目录文件夹，例如 ~/.sky/catalogs/v8）"},
	tErrImportDirOf:     {"--dir DIR is required (the %s catalog folder to import)", "需要 --dir DIR（要导入的 %s 目录文件夹）"},
	tErrImportTwoDirs:   {"--skypilot DIR means --source skypilot --dir DIR: give it without --dir or another --source", "--skypilot DIR 即 --source skypilot --dir DIR：不可与 --dir 或其他 --source 同时使用"},
	tErrUnknownSource:   {"--source %q: not a catalog source this command reads (use %s)", "--source %q：不是此命令可读取的目录来源（可用 %s）"},
	tErrUpdateRanOut:    {"%s; --timeout %v ran out (give a longer one, e.g. --timeout 10m)", "%s；--timeout %v 已用完（请给更长的时长，例如 --timeout 10m）"},
	tErrRefreshRanOut:   {"%s; gave up after %v (try again, or run gpupick catalog update --source NAME --timeout 10m)", "%s；%v 后放弃（请重试，或运行 gpupick catalog update --source NAME --timeout 10m）"},
	tErrWrite:           {"%s", "写出失败：%s"},
	tErrStdout:          {"cannot write the output to stdout: %s; the rest was not written (free some disk space, or send the output elsewhere)", "无法把输出写到标准输出：%s；其余输出未写出（请腾出磁盘空间，或把输出改写到别处）"},
	tImported:           {"imported %d offers of %s into %s (snapshot %s)", "已导入 %d 个报价（%s）到 %s（快照 %s）"},
	tUpdated:            {"updated %d offers of %s into %s (snapshot %s)", "已更新 %d 个报价（%s）到 %s（快照 %s）"},
	tImportSkipped:      {"not in the source, kept from the embedded catalog: %s", "来源中没有，保留内置目录中的：%s"},
	tErrFlagBadValue:    {"--%s %q: %s", "--%s %q：%s"},
	tErrFlagSyntax:      {"bad flag syntax %q (write a flag as --name or --name=value)", "参数写法有误 %q（写作 --name 或 --name=value）"},
	tCmdWizard:          {"which cloud GPU to rent, on which price model, for how much", "租哪种云 GPU、用哪种计价方式、总共花多少"},
	tCmdRecommend:       {"the wizard's advice headless: the ranked offers as a table, JSON, a record or a launch config", "无界面运行顾问：排好序的报价（表格、JSON、决策记录或启动配置）"},
	tCmdCatalog:         {"browse, check and refresh the GPU catalog", "浏览、检查和更新 GPU 目录"},
	tCmdCatalogList:     {"list the offers, filtered by GPU, memory, provider, region and price", "列出报价，可按 GPU、显存、服务商、地域和价格筛选"},
	tCmdCatalogShow:     {"every fact of one instance, with its sources", "一个实例的全部信息及其来源"},
	tCmdCatalogStats:    {"how complete the catalog's facts are, by provider", "按服务商统计目录信息的完整程度"},
	tCmdCatalogImport:   {"import a catalog source's folder (e.g. SkyPilot's CSVs) into the cache", "把目录来源的文件夹（例如 SkyPilot 的 CSV）导入缓存"},
	tCmdCatalogUpdate:   {"download a catalog source's published files into the cache", "把目录来源发布的文件下载到缓存"},
	tCmdModels:          {"list the model presets", "列出模型预设"},
	tCmdExport:          {"a launch config (SkyPilot, dstack) for a decision record's choice", "为决策记录中的选择生成启动配置（SkyPilot、dstack）"},
	tCmdPlan:            {"a trial plan: the top 3 candidates, their cost and a benchmark", "试用计划：前 3 个候选、费用和基准测试"},
	tCmdVerify:          {"check the rented machine against the decision record", "对照决策记录检查租到的机器"},
	tCmdVersion:         {"print gpupick's version (also --version)", "显示 gpupick 的版本（也可用 --version）"},
	tCmdMan:             {"print gpupick's man page", "输出 gpupick 的 man 手册页"},
	tHelpUsage:          {"USAGE", "用法"},
	tHelpExamples:       {"EXAMPLES", "示例"},
	tHelpCommands:       {"COMMANDS", "命令"},
	tHelpFlags:          {"FLAGS", "参数"},
	tFlagHelp:           {"help for %s", "显示 %s 的帮助"},
	tFlagVersion:        {"print gpupick's version", "显示 gpupick 的版本"},
	tErrListNoGPU: {"--gpu %q: no offer has this GPU (use a GPU name such as H100, A100-80GB or RTX4090; gpupick catalog list shows them)",
		"--gpu %q：没有报价带这种 GPU（可用 H100、A100-80GB 或 RTX4090 等 GPU 名；gpupick catalog list 列出全部）"},
	tErrUnknownProviderKey: {"%s %q: unknown provider (known: %s)%s", "%s %q：未知服务商（可选：%s）%s"},
	tErrDidYouMean:         {"; did you mean %s?", "；是否想填 %s？"},
	tErrExportNoInstance: {"%s: [choice] instance_type is empty: the record names no offer to launch (give the chosen offer's instance type, or save the record again from gpupick recommend or the wizard)",
		"%s：[choice] instance_type 为空：记录没有指明要启动的报价（请填写所选报价的实例类型，或用 gpupick recommend 或向导重新保存记录）"},
	tErrExportUnknownInstance: {"%[1]s: [choice] %[2]s/%[3]s is not an offer of the catalog (%[4]s), so no config is written%[5]s (pick an instance type from gpupick catalog list --provider %[2]s, or save the record again from gpupick)",
		"%[1]s：[choice] %[2]s/%[3]s 不是目录（%[4]s）中的报价，因此不写配置%[5]s（请从 gpupick catalog list --provider %[2]s 中选一个实例类型，或用 gpupick 重新保存记录）"},
	tLongRoot: {usageText, `gpupick —— 租哪种云 GPU、用哪种计价方式、总共花多少。

不带命令时，gpupick 打开向导（左边是问题，右边是实时报价）；recommend 的回答参数设定向导的初始回答。下面的命令无界面运行同一个顾问，并管理目录和决策记录。

退出码：0 正常，1 运行中出错，2 输入有误（参数、回答文件、叠加文件、URL），3 没有合适的报价，130 用 ctrl+c 离开了向导且未保存。

环境变量：NO_COLOR 关闭颜色；ACCESSIBLE=1 改用纯文本逐行提问；LANG=zh_CN.UTF-8（或 --lang zh）显示中文界面。
`},
	tLongRecommend: {recommendHelp, `无界面运行顾问，输出排好序的报价。每个参数对应向导中的一个问题；--answers FILE 从保存的决策记录开始，再由给出的参数覆盖其中的回答。

退出码：0 找到报价，1 运行中出错，2 输入有误（参数、回答文件或叠加文件；错误信息会指明是哪个），3 没有合适的报价。
`},
	tLongCatalog: {catalogUsage, `gpupick catalog —— 浏览、检查和更新 GPU 目录。

每个子命令都接受 --catalog FILE（含私有报价或协议价的叠加文件）、--cache-dir DIR、--config-dir DIR 和 --lang en|zh。加 --lang zh（或 LANG=zh_CN.UTF-8）时，list、show 和 stats 用中文输出文本，import 和 update 用中文输出摘要；每个子命令的错误都用该语言表述；JSON 保持英文。

除非给出 --allow-shrink，import 和 update 不会用不到原来一半的报价替换某个服务商的报价（只有表头或被截断的 CSV）。退出码：0 成功，1 运行中出错（网络、磁盘），2 输入有误（参数、叠加文件、导入的文件夹或 URL 有误）。
`},
	tLongModels: {modelsHelp, `列出 --model（以及向导的模型一步）接受的模型预设：预设名、Hugging Face 模型 id，或两者中不会混淆的前缀。
`},
	tLongExport: {exportHelp, `把决策记录中所选报价的启动配置写到标准输出：SkyPilot 任务或 dstack 任务（保存为 NAME.dstack.yml）。文件开头的注释给出启动它的命令（sky launch；竞价实例上的训练任务用 sky jobs launch；推理服务用 sky serve up；dstack apply -f），以及要先应用的文件：多节点 dstack 运行所用的集群 fleet（--to dstack-fleet），以及存放其检查点或数据的网络卷（--to dstack-volume）。启动器不认识的服务商或 GPU 会以退出码 2 拒绝，绝不写出坏文件。
`},
	tLongPlan: {planHelp, `用目录重新计算记录中的回答，并制定试用计划：3 个候选（记录中保存的选择，以及排序中最好的其他报价），每个试用 H 小时，按工作负载受限的资源与价格之比排序（解码看显存带宽，训练、预填充和向量化看 TFLOPS）；给出计划对每个候选期望的指标、试用的总费用、每个候选的基准测试脚本（该 GPU 厂商的工具，以及该工作负载本身的度量：vLLM 的解码速度和首 token 时间、池化吞吐、训练步的近似测量），以及把结果变成选择的规则。
`},
	tLongVerify: {verifyHelp, `在租到的机器上运行：探测本机（NVIDIA GPU 上用 nvidia-smi 和 nvidia-smi topo -m，AMD GPU 上用 rocm-smi --showproductname --showmeminfo vram 和 rocm-smi --showtopo；以及 lscpu、nproc、/proc/meminfo、lsblk、df），并与决策记录中所选的报价对照：GPU 型号、数量和显存；GPU 之间的 NVLink/NVSwitch、Infinity Fabric 或 PCIe；可用 vCPU 数和每核线程数；内存；本地 NVMe。--from DIR 改为读取保存的输出（文件 gpus.csv、gpus-list.txt、topo.txt、rocm-smi.txt、rocm-topo.txt、lscpu.txt、nproc.txt、meminfo.txt、lsblk.txt、df.txt；必须有 gpus.csv 或 rocm-smi.txt）。

表格使用 --lang 的语言（英文或中文）；--json 无论 --lang 是什么，都输出固定的键和英文值，供脚本使用。有一方未知（未探测到，或目录中没有）的检查记为跳过，而不是通过。

退出码：0 机器与所选的一致，1 有要紧的不符（报价承诺本地 NVMe 时也包括它），2 输入有误（记录、文件夹）。
`},

	tUseCatalog:         {"overlay `FILE` with private offers or negotiated prices (TOML)", "叠加文件 `FILE`，含私有报价或协议价（TOML）"},
	tUseLang:            {"language: en or zh (default from LANG)", "语言：en 或 zh（默认取自 LANG）"},
	tUseLangText:        {"language of the text output: en or zh (default from LANG; JSON stays English)", "文本输出的语言：en 或 zh（默认取自 LANG；JSON 保持英文）"},
	tUseLangMessages:    {"language of messages: en or zh (default from LANG)", "消息的语言：en 或 zh（默认取自 LANG）"},
	tUseCurrencyCatalog: {"display currency: USD or CNY (list: USD; show: the offer's own)", "显示货币：USD 或 CNY（list 默认 USD；show 默认用报价自己的货币）"},
	tUseCacheDir:        {"folder of imported and updated catalogs (default: the user cache dir)", "存放导入和更新的目录的文件夹（默认：用户缓存目录）"},
	tUseConfigDir:       {"folder of the default overlay catalog.toml (default: the user config dir)", "默认叠加文件 catalog.toml 所在的文件夹（默认：用户配置目录）"},
	tUseFormat:          {"output format: %s", "输出格式：%s"},
	tUseFormatModels:    {"output format: table or json", "输出格式：table 或 json"},
	tUseSkypilot:        {"the SkyPilot catalog `DIR` (e.g. ~/.sky/catalogs/v8, or catalogs/v9 of a skypilot-catalog checkout)", "SkyPilot 目录的文件夹 `DIR`（如 ~/.sky/catalogs/v8，或 skypilot-catalog 检出中的 catalogs/v9）"},
	tUseDir:             {"the source's catalog folder `DIR` (--skypilot DIR is --source skypilot --dir DIR)", "该来源的目录文件夹 `DIR`（--skypilot DIR 即 --source skypilot --dir DIR）"},
	tUseDate: {"the day the catalog was fetched, `YYYY-MM-DD` (required: SkyPilot's CSVs carry no date, and a file's\n" +
		"modification time says when it was copied, not when the prices were read; in a checkout: git log -1 --format=%cs)",
		"获取该目录的日期，`YYYY-MM-DD`（必填：SkyPilot 的 CSV 不带日期，文件的\n" +
			"修改时间只说明它何时被复制，而不是价格何时读取；在检出中可用：git log -1 --format=%cs）"},
	tUseSource:            {"catalog `SOURCE` to read: %s", "要读取的目录来源 `SOURCE`：%s"},
	tUseAllowShrinkImport: {"replace a provider's offers even when the import has fewer than half as many", "即使导入的报价不到原来的一半，也替换该服务商的报价"},
	tUseAllowShrinkUpdate: {"replace a provider's offers even when the download has fewer than half as many", "即使下载的报价不到原来的一半，也替换该服务商的报价"},
	tUseGPU:               {"the GPU `NAME` or NAME:N (e.g. H100, A6000, RTX4090:2)", "GPU 名称 `NAME` 或 NAME:N（如 H100、A6000、RTX4090:2）"},
	tUseMinVRAM:           {"least memory per GPU, e.g. 24GB or 80", "每张 GPU 的最少显存，如 24GB 或 80"},
	tUseProviders:         {"provider keys, comma-separated, e.g. aws,gcp,alibaba", "服务商代号，用逗号分隔，如 aws,gcp,alibaba"},
	tUseRegions:           {"keep offers in `REGIONS`, as recommend --region: a group (europe, us, cn), a country (de) or a region id or its start (us-east), comma-separated", "只保留 `REGIONS` 中的报价，同 recommend --region：地域组（europe、us、cn）、国家代码（de），或地域 id 或其开头（us-east），用逗号分隔"},
	tUseMaxPrice:          {"highest on-demand price per hour in the display currency, e.g. 2.5", "按需价格的每小时上限，以显示货币计，如 2.5"},
	tUseProviderShow:      {"provider `KEY`, when several providers use the instance name", "服务商代号 `KEY`，多个服务商使用同一实例名时指定"},
	tUseBaseURL:           {"the HTTPS `URL` of the source's files (default %s)", "该来源文件所在的 HTTPS 地址 `URL`（默认 %s）"},
	tUseBaseURLFor:        {"for %s %s", "%s：%s"},
	tUseBaseURLElse:       {"$%s, else %s", "$%s，否则 %s"},
	tUseBaseURLSep:        {"; ", "；\n"},
	tUseMaxMB:             {"largest CSV to download, in `MiB`", "下载的单个 CSV 的最大大小，单位 `MiB`"},
	tUseTimeout:           {"give up on the whole update after this `DURATION`, e.g. 2m", "整个更新超过这段时间 `DURATION` 就放弃，如 2m"},
	tUseTo:                {"the launcher: skypilot or dstack, or a dstack run's dstack-fleet or dstack-volume file", "启动器：skypilot 或 dstack，或 dstack 运行所需的 dstack-fleet 或 dstack-volume 文件"},
	tUseHours:             {"the `H` hours each candidate is rented for the trial", "每个候选为试用租用的小时数 `H`"},
	tUseAnswers:           {"start from the answers of a decision record `FILE`; the flags given override them", "从决策记录 `FILE` 中的回答开始；给出的参数会覆盖它们"},
	tUseFormatRecommend:   {"output `FORMAT`: table, json, toml, skypilot, dstack or dstack-fleet (a launch config for the best offer; dstack-fleet the fleet a multi-node dstack task runs on)", "输出格式 `FORMAT`：table、json、toml、skypilot、dstack 或 dstack-fleet（为最佳报价生成启动配置；dstack-fleet 为多节点 dstack 任务运行所在的 fleet）"},
	tUseTop:               {"the `N` best recommendations to print", "输出最好的 `N` 条推荐"},
	tUseWithinBudget:      {"hide the offers over the budget (a note says how many)", "隐藏超出预算的报价（会注明隐藏了多少）"},
	tUseVerbose:           {"print the notes of the table (why offers were left out, the snapshot's date) instead of their count", "输出表格的说明（报价为何被排除、快照日期），而不只是说明的条数"},
	tUseLoad:              {"open the wizard with the answers of a decision record `FILE`", "用决策记录 `FILE` 中的回答打开向导"},
	tUseAccessible:        {"ask the questions as plain line prompts (also ACCESSIBLE=1)", "以纯文本逐行提问（也可用 ACCESSIBLE=1）"},
	tUseFrom:              {"read the probes' saved outputs from `DIR` instead of running them", "从 `DIR` 读取保存的探测输出，而不是运行探测"},
	tUseJSON:              {"print the checks as JSON (English values under every --lang)", "以 JSON 输出各项检查（无论 --lang 是什么，值都是英文）"},
	tUseSameAs:            {"the same as --%s", "同 --%s"},

	tCmdHelp: {"Help about any command", "显示任一命令的帮助"},
	tLongHelp: {"Help provides help for any command in the application.\nSimply type %[1]s help [path to command] for full details.",
		"显示程序中任一命令的帮助。\n输入 %[1]s help [命令路径] 查看完整说明。"},
	tCmdCompletion: {"Generate the autocompletion script for the specified shell", "为指定的 shell 生成自动补全脚本"},
	tLongCompletion: {"Generate the autocompletion script for %[1]s for the specified shell.\nSee each sub-command's help for details on how to use the generated script.\n",
		"为指定的 shell 生成 %[1]s 的自动补全脚本。\n生成的脚本如何使用，见各子命令的帮助。\n"},
	tCmdCompletionShell: {"Generate the autocompletion script for %s", "生成 %s 的自动补全脚本"},
	tLongCompletionBash: {`Generate the autocompletion script for the bash shell.

This script depends on the 'bash-completion' package.
If it is not installed already, you can install it via your OS's package manager.

To load completions in your current shell session:

	source <(%[1]s completion bash)

To load completions for every new session, execute once:

#### Linux:

	%[1]s completion bash > /etc/bash_completion.d/%[1]s

#### macOS:

	%[1]s completion bash > $(brew --prefix)/etc/bash_completion.d/%[1]s

You will need to start a new shell for this setup to take effect.
`, `生成 bash 的自动补全脚本。

该脚本依赖 'bash-completion' 软件包。
如果还没有安装，可以用操作系统的包管理器安装。

在当前 shell 会话中加载补全：

	source <(%[1]s completion bash)

要在以后每个新会话中加载补全，执行一次：

#### Linux：

	%[1]s completion bash > /etc/bash_completion.d/%[1]s

#### macOS：

	%[1]s completion bash > $(brew --prefix)/etc/bash_completion.d/%[1]s

需要新开一个 shell，设置才会生效。
`},
	tLongCompletionZsh: {`Generate the autocompletion script for the zsh shell.

If shell completion is not already enabled in your environment you will need
to enable it.  You can execute the following once:

	echo "autoload -U compinit; compinit" >> ~/.zshrc

To load completions in your current shell session:

	source <(%[1]s completion zsh)

To load completions for every new session, execute once:

#### Linux:

	%[1]s completion zsh > "${fpath[1]}/_%[1]s"

#### macOS:

	%[1]s completion zsh > $(brew --prefix)/share/zsh/site-functions/_%[1]s

You will need to start a new shell for this setup to take effect.
`, `生成 zsh 的自动补全脚本。

如果你的环境还没有启用 shell 补全，需要先启用。
可以执行一次：

	echo "autoload -U compinit; compinit" >> ~/.zshrc

在当前 shell 会话中加载补全：

	source <(%[1]s completion zsh)

要在以后每个新会话中加载补全，执行一次：

#### Linux：

	%[1]s completion zsh > "${fpath[1]}/_%[1]s"

#### macOS：

	%[1]s completion zsh > $(brew --prefix)/share/zsh/site-functions/_%[1]s

需要新开一个 shell，设置才会生效。
`},
	tLongCompletionFish: {`Generate the autocompletion script for the fish shell.

To load completions in your current shell session:

	%[1]s completion fish | source

To load completions for every new session, execute once:

	%[1]s completion fish > ~/.config/fish/completions/%[1]s.fish

You will need to start a new shell for this setup to take effect.
`, `生成 fish 的自动补全脚本。

在当前 shell 会话中加载补全：

	%[1]s completion fish | source

要在以后每个新会话中加载补全，执行一次：

	%[1]s completion fish > ~/.config/fish/completions/%[1]s.fish

需要新开一个 shell，设置才会生效。
`},
	tLongCompletionPowershell: {`Generate the autocompletion script for powershell.

To load completions in your current shell session:

	%[1]s completion powershell | Out-String | Invoke-Expression

To load completions for every new session, add the output of the above command
to your powershell profile.
`, `生成 powershell 的自动补全脚本。

在当前 shell 会话中加载补全：

	%[1]s completion powershell | Out-String | Invoke-Expression

要在以后每个新会话中加载补全，把上面命令的输出
加入你的 powershell 配置文件（profile）。
`},
	tUseNoDescriptions: {"disable completion descriptions", "补全时不显示说明"},
}

// orWord is the " or " of a list of choices in lang.
func orWord(lang string) string { return tErrOr.in(lang) }

// tf formats message m in lang with args.
func tf(m cliMsg, lang string, args ...any) string { return fmt.Sprintf(m.in(lang), args...) }
