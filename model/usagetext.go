package model

import (
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model/text"
)

// The Chinese of the answer flags' one-line help, keyed by answer: the
// registry's Usage is the English, usageZH its Chinese, so each flag's help
// is defined once, in both languages (TestEveryUsageInChinese fails on an
// answer without it). Flag names, units, values and examples stay as typed;
// the accepted forms are zhText's, as the errors give them. Made on
// first use, as zhText is.
var usageZH = lazy.Value[[answerCount]string]{New: func() [answerCount]string {
	return [answerCount]string{
		AnsWorkload:           "GPU 的用途：" + zhText.Get()[FormsWorkload],
		AnsModel:              "模型预设，如 llama-3.1-8b、qwen2.5-72b，或 Hugging Face 模型 id，或 70B 这样的规模（见 gpupick models）",
		AnsParams:             "参数量，代替 --model，如 70B、7.5b、405 billion",
		AnsVRAM:               "已知任务所需显存时直接给出，如 80GB（即 --workload vram）",
		AnsPrecision:          "权重的数值格式：auto（默认：沿用检查点发布时的格式，同 vLLM 的 --dtype auto；目录未记录时为 bf16）、fp32、bf16、fp16、fp8、int8、int4、fp4（NVFP4）或 mxfp4",
		AnsContext:            "上下文长度（推理）或序列长度（训练），单位 token，如 8k、128k；留空：推理为 8k（模型上限更短时取上限），训练为 2k",
		AnsBatch:              "并发用户数（推理）或每张 GPU 的序列数（训练）；也可写 --users",
		AnsLatency:            "响应速度要求：" + zhText.Get()[FormsLatency],
		AnsDurationMode:       "wallclock（按 --duration 租用时长）或 job（按 --tokens 的任务量计价，算到完成）；由 --duration 或 --tokens 设定",
		AnsDuration:           "运行的实际时长，如 8h、2w、3mo（表示租用一段时间，而非一个任务）",
		AnsHoursPerWeek:       "GPU 每周运行的小时数，如 40、8h/d、24/7",
		AnsTokens:             "任务量，单位 token（训练所用的全部轮次 / 生成量），如 2B；按完成任务的费用排序",
		AnsDeadline:           "任务必须完成的日历时间，含准备时间，如 12h、30d、2w、3mo（与 --tokens 一起用）；单节点太慢时扩展到带集群网络的多个节点",
		AnsInterruptible:      "任务会保存检查点，可以被中断（允许竞价/抢占式实例）",
		AnsCurrency:           "显示货币：USD 或 CNY",
		AnsBudget:             "费用上限，如 2.5/h、3000/mo、500（总计）、¥20/h",
		AnsGPU:                "只用这种 GPU，如 H100、A100-80GB、RTX4090",
		AnsGPUs:               "每个节点的 GPU 数",
		AnsNodes:              "最多使用的节点数",
		AnsProviders:          "只用这些云厂商，用逗号分隔，如 aws,gcp,alibaba",
		AnsRegions:            "只用这些地域，用逗号分隔：地域组（europe、us、cn）、国家代码（de），或地域 id 或其开头（us-east）",
		AnsData:               "运行期间存储的数据与检查点，如 500GB",
		AnsEgress:             "运行期间发往互联网的数据（出网流量），如 2TB",
		AnsGradCheckpointing:  "训练时重算激活以节省显存（默认开启；--grad-checkpointing=false 关闭）",
		AnsSharding:           "多卡训练如何分片其状态：auto（由顾问选择）、none、zero1、zero2、zero3 或 fsdp",
		AnsHeadroom:           "预留的空闲显存比例（默认 10%）：低于它的报价只在别无可放时才列出",
		AnsInterconnect:       "实例必须具备的 GPU 间互联：nvlink（NVSwitch 也算）、nvswitch 或 any",
		AnsHosting:            "datacenter（不要市场型或社区主机）或 any",
		AnsVCPU:               "dedicated（主机 CPU 不与其他租户共享）或 any",
		AnsMinVCPUsPerGPU:     "每张 GPU 至少配的主机 vCPU 数",
		AnsExcludeProviders:   "排除这些云厂商，用逗号分隔，如 vast,runpod",
		AnsCheckpointInterval: "可中断任务保存检查点的间隔（默认 30min）：即一次竞价实例中断会丢失的工作量",
		AnsPromptLen:          "单个请求提示词的 token 数（vLLM 的 --input-len），如 1k；留空：按上下文的一半估算首 token 时间",
		AnsOutputLen:          "每个请求生成的 token 数（vLLM 的 --output-len），如 1k；与 --prompt-len 一起用时，任务的每份输出还要付一次提示词的预填充",
		AnsSpeculative:        "投机解码：none（默认）或 mtp，由模型的多 token 预测层起草 token，再由模型验证（自带该层的预设：DeepSeek-V3/R1）",
		AnsKVCache:            "推理时 KV 缓存的格式：auto（默认：沿用检查点，同 vLLM 的 --kv-cache-dtype auto；除非检查点声明 FP8 KV 缩放因子，否则为 16 位）、fp8（字节减半）或 bf16",
		AnsRunCommand:         "导出的启动配置用这条命令代替该工作负载的标准命令（vllm serve、torchtune、Megatron-LM），如 'python train.py'",
		AnsModelConfig:        "用 Hugging Face 的 config.json 给出模型结构，代替 --model（支持的模型类型：llama、mistral、mixtral、qwen2、qwen3、qwen3_moe、gemma、gemma2、gemma3、gemma3_text、phi3）",
	}
}}

// FlagUsageIn is FlagUsage in language l: the Chinese from usageZH, with
// the aliases named the same way.
func (s *AnswerSpec) FlagUsageIn(l text.Lang) string {
	if l != text.ZH {
		return s.FlagUsage()
	}
	u := usageZH.Get()[s.ID]
	if len(s.Aliases) > 0 && !strings.Contains(u, "--"+s.Aliases[0]) {
		u += "；也可写 --" + strings.Join(s.Aliases, "、--")
	}
	return u
}
