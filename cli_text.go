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
