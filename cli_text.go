package main

import "strings"

// cliText is one message of the plan and verify output in English and
// Chinese, with the same fmt verbs in the same order.
type cliText [2]string

// in returns the text in lang ("zh" Chinese, else English).
func (t cliText) in(lang string) string {
	if strings.HasPrefix(lang, "zh") {
		return t[1]
	}
	return t[0]
}

// The plan command's texts.
var (
	tPlanNoFit   = cliText{"No offer fits the record's answers on this catalog: nothing to trial.", "在当前目录中没有符合记录答案的报价：没有可试用的候选。"}
	tPlanTitle   = cliText{"Trial plan: the top %d candidates for %s h each (catalog %s, prices as of %s)", "试用计划：前 %d 个候选，每个试用 %s 小时（目录 %s，价格截至 %s）"}
	tPlanHeader  = cliText{"#\tPROVIDER\tINSTANCE\tGPUS\tPRICE MODEL\tPER HOUR\tTRIAL", "#\t服务商\t实例\tGPU\t计价方式\t每小时\t试用费用"}
	tPlanTotal   = cliText{"Trial total: %s", "试用总费用：%s"}
	tPlanUnknown = cliText{" (a candidate's price is unknown: not counted)", "（某候选价格未知：未计入）"}
	tPlanRule    = cliText{"Decision rule:", "决策规则："}
	tPlanScript  = cliText{"Benchmark script (save as bench.sh, run with bash bench.sh):", "基准测试脚本（保存为 bench.sh，用 bash bench.sh 运行）："}
	tNodes       = cliText{" ×%d nodes", " ×%d 节点"}
	tUnknown     = cliText{"unknown", "未知"}
)

// The verify command's texts.
var (
	tVerifyTitle    = cliText{"Checking the machine against %s %s (%d×%s)", "对照 %s %s（%d×%s）检查本机"}
	tVerifyHeader   = cliText{"CHECK\tEXPECTED\tFOUND\tRESULT", "检查项\t期望\t实际\t结果"}
	tVerifyPass     = cliText{"pass", "通过"}
	tVerifySkipped  = cliText{"skipped", "跳过"}
	tVerifyFail     = cliText{"FAIL", "不符 FAIL"}
	tVerifyDiffers  = cliText{"differs (does not matter)", "不同（无关紧要）"}
	tVerifyMismatch = cliText{"the machine is not the one chosen (see FAIL above)", "本机不是所选的机器（见上面的 FAIL）"}
)

// The recommend command's table output: its headings, column headers and
// the words of its cells. Figures are formatted the same in both
// languages.
var (
	tRecNeed       = cliText{"Need:    %s GPU memory (%s) for %s in %s", "需求：    %s GPU 显存（%s），用于 %s，精度 %s"}
	tRecRunJob     = cliText{"Run:     a job of %s %s (cost to finish)", "运行：    %s %s 的作业（按完成计费）"}
	tRecRunPeriod  = cliText{"Run:     %s at %s h/week = %s GPU hours", "运行：    %s，每周 %s 小时 = %s GPU 小时"}
	tRecBudget     = cliText{"Budget:  %s", "预算：    %s"}
	tRecCatalog    = cliText{"Catalog: %s, prices as of %s; %d offers considered, %d fit", "目录：    %s，价格截至 %s；考虑了 %d 个报价，%d 个符合"}
	tRecNoFit      = cliText{"No offer fits.", "没有符合的报价。"}
	tRecHeader     = cliText{"#\tPROVIDER\tINSTANCE\tGPUS\tVRAM\tPRICE MODEL\tPER HOUR\tTOTAL\tBUDGET\tWARNINGS", "#\t服务商\t实例\tGPU\t显存\t计价方式\t每小时\t总计\t预算\t警告"}
	tRecTokens     = cliText{"tokens", "token"}
	tRecImages     = cliText{"images", "张图"}
	tRecNodes      = cliText{" x%d nodes", " x%d 节点"}
	tRecOK         = cliText{"ok", "内"}
	tRecOver       = cliText{"over", "超"}
	tRecNote       = cliText{"Note: %s", "注：%s"}
	tRecTry        = cliText{"Try:   %s — %s", "可试：  %s — %s"}
	tRecWarnings   = cliText{"Warnings for #1:", "#1 的警告："}
	tRecHidden     = cliText{"Storage and egress for #1:", "#1 的存储与出网流量："}
	tRecImagesOn   = cliText{"Images on #1: %s s per image on one GPU, %s images an hour, %s per image", "#1 生成图片：单 GPU 每张 %s 秒，每小时 %s 张，每张 %s"}
	tRecWhy        = cliText{"Why #1:", "为何选 #1："}
	tRecRisk       = cliText{"Risk priced into the order for #1 (+%d%%):", "#1 排序中计入的风险（+%d%%）："}
	tRecConverted  = cliText{"≈ converted at 1 USD = %s %s (%s, %s)", "≈ 按 1 USD = %s %s 换算（%s，%s）"}
	tRecRunFor     = cliText{"Run for #1:", "#1 的运行："}
	tRecRunParts   = cliText{"  job %s + set-up %s (%s: provision %s, image pull %s", "  作业 %s + 准备 %s（%s：开机 %s，拉取镜像 %s"}
	tRecRunWeights = cliText{", %s GB weights %s, load %s", "，%s GB 权重 %s，加载 %s"}
	tRecRunTotal   = cliText{") = %s on the GPUs", "）= GPU 上共 %s"}
	tRecBilled     = cliText{"  billed %s under %s", "  计费 %s，按 %s"}
	tRecPMTitle    = cliText{"Price models for #1:", "#1 的计价方式："}
	tRecPMHeader   = cliText{"  MODEL\tPER HOUR\tTOTAL\tWHERE\tSTATUS\tINTERRUPTION", "  计价方式\t每小时\t总计\t适用地区\t状态\t中断"}
	tRecPMEligible = cliText{"eligible", "可用"}
	tRecPMChosen   = cliText{"chosen", "已选"}
	tRecPMUpTo     = cliText{"best case, not a price", "最好情况，并非价格"}
	tRecPMNotFor   = cliText{"not for this run", "不适用于本次运行"}
)
