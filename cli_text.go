package main

import (
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// cliMsg names one message of the CLI's text output (plan, recommend;
// verify's texts are advisor's, advisor/verify_text.go). Every cliMsg has an English and a Chinese text in cliTexts,
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
	tPlanTotal
	tPlanUnknown
	tPlanRule
	tPlanScript
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
	tRecTokens
	tRecImages
	tRecNodes
	tRecOK
	tRecOver
	tRecNote
	tRecTry
	tRecWarnings
	tRecHidden
	tRecImagesOn
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

	cliMsgCount
)

// cliTexts holds every message of the CLI in English and Chinese.
var cliTexts = text.Table[cliMsg]{
	// The plan command's texts.
	tPlanNoFit:   {"No offer fits the record's answers on this catalog: nothing to trial.", "在当前目录中没有符合记录答案的报价：没有可试用的候选。"},
	tPlanTitle:   {"Trial plan: the top %d candidates for %s h each (catalog %s, prices as of %s)", "试用计划：前 %d 个候选，每个试用 %s 小时（目录：%s，价格截至 %s）"},
	tPlanHeader:  {"#\tPROVIDER\tINSTANCE\tGPUS\tPRICE MODEL\tPER HOUR\tTRIAL", "#\t服务商\t实例\tGPU\t计价方式\t每小时\t试用费用"},
	tPlanTotal:   {"Trial total: %s", "试用总费用：%s"},
	tPlanUnknown: {" (a candidate's price is unknown: not counted)", "（某候选价格未知：未计入）"},
	tPlanRule:    {"Decision rule:", "决策规则："},
	tPlanScript:  {"Benchmark script (save as bench.sh, run with bash bench.sh):", "基准测试脚本（保存为 bench.sh，用 bash bench.sh 运行）："},
	tNodes:       {" ×%d nodes", " ×%d 节点"},
	tUnknown:     {"unknown", "未知"},

	// The recommend command's table output: its headings, column headers and
	// the words of its cells. Figures are formatted the same in both
	// languages.
	tRecNeed:        {"Need:    %s GPU memory (%s) for %s in %s", "需求：    %s GPU 显存（%s），用于%s，精度 %s"},
	tRecRunJob:      {"Run:     a job of %s %s (cost to finish)", "运行：    %s %s 的作业（按完成计费）"},
	tRecRunPeriod:   {"Run:     %s at %s h/week = %s GPU hours", "运行：    %s，每周 %s 小时 = %s GPU 小时"},
	tRecBudget:      {"Budget:  %s", "预算：    %s"},
	tRecCatalog:     {"Catalog: %s, prices as of %s; %d offers considered, %d fit", "目录：    %s，价格截至 %s；考虑了 %d 个报价，%d 个符合"},
	tRecNoFit:       {"No offer fits.", "没有符合的报价。"},
	tRecHeader:      {"#\tPROVIDER\tINSTANCE\tGPUS\tVRAM\tPRICE MODEL\tPER HOUR\tTOTAL\tBUDGET\tWARNINGS", "#\t服务商\t实例\tGPU\t显存\t计价方式\t每小时\t总计\t预算\t警告"},
	tRecTokens:      {"tokens", "token"},
	tRecImages:      {"images", "张图"},
	tRecNodes:       {" x%d nodes", " x%d 节点"},
	tRecOK:          {"ok", "内"},
	tRecOver:        {"over", "超"},
	tRecNote:        {"Note: %s", "注：%s"},
	tRecTry:         {"Try:   %s — %s", "可试：  %s — %s"},
	tRecWarnings:    {"Warnings for #1:", "#1 的警告："},
	tRecHidden:      {"Storage and egress for #1:", "#1 的存储与出网流量："},
	tRecImagesOn:    {"Images on #1: %s s per image on one GPU, %s images an hour, %s per image", "#1 生成图片：单 GPU 每张 %s 秒，每小时 %s 张，每张 %s"},
	tRecWhy:         {"Why #1:", "为何选 #1："},
	tRecRisk:        {"Risk priced into the order for #1 (+%d%%):", "#1 排序中计入的风险（+%d%%）："},
	tRecConverted:   {"≈ converted at 1 USD = %s %s (%s, %s)", "≈ 按 1 USD = %s %s 换算（%s，%s）"},
	tRecRunFor:      {"Run for #1:", "#1 的运行："},
	tRecRunParts:    {"  job %s + set-up %s (%s: provision %s, image pull %s", "  作业 %s + 准备 %s（%s：开机 %s，拉取镜像 %s"},
	tRecRunWeights:  {", %s GB weights %s, load %s", "，%s GB 权重 %s，加载 %s"},
	tRecRunTotal:    {") = %s on the GPUs", "）= GPU 上共 %s"},
	tRecBilled:      {"  billed %s under %s", "  计费 %s（%s）"},
	tRecPMTitle:     {"Price models for #1:", "#1 的计价方式："},
	tRecPMHeader:    {"  MODEL\tPER HOUR\tTOTAL\tWHERE\tSTATUS\tINTERRUPTION", "  计价方式\t每小时\t总计\t适用地区\t状态\t中断"},
	tRecPMEligible:  {"eligible", "可用"},
	tRecPMChosen:    {"chosen", "已选"},
	tRecPMUpTo:      {"best case, not a price", "最好情况，并非价格"},
	tRecPMNotFor:    {"not for this run", "不适用于本次运行"},
	tRecEst:         {"est.", "估算"},
	tRecUnknownPart: {"unknown", "未知"},
	tRecStorage:     {"storage", "存储"},
	tRecEgress:      {"egress", "出网流量"},
	tRecNeedWhole:   {"Need:    %s GPU memory for %s in %s", "需求：    %s GPU 显存，用于%s，精度 %s"},

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
}
