package model

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model/text"
)

// The Chinese of the answer errors. A *FieldError is built in English at
// its construction site; its Chinese message and fix (MsgZH, FixZH) come
// from zhText, keyed by the English text (or its format), as text.Pairs,
// so every error is defined once, in both languages. Flag names, units
// (GiB, h, min), values and the accepted spellings stay as typed.

// tx is the fixed English text en with its Chinese from zhText.
func tx(en string) text.Pair { return text.Pair{en, zhText.Get()[en]} }

// txf formats the English format en and its Chinese from zhText with args
// (values, quoted names: not translated).
func txf(en string, args ...any) text.Pair {
	return text.Pair{fmt.Sprintf(en, args...), fmt.Sprintf(zhText.Get()[en], args...)}
}

// use is the fix "use FORMS" in both languages: its own Chinese when the
// table has one (a fix worded as a sentence), else "可填写：" and the
// forms' Chinese (none when the forms have none).
func use(forms string) text.Pair {
	en := "use " + forms
	if zh, ok := zhText.Get()[en]; ok {
		return text.Pair{en, zh}
	}
	if zh := zhText.Get()[forms]; zh != "" {
		return text.Pair{en, "可填写：" + zh}
	}
	return text.Pair{en, ""}
}

// zhArg is s as an argument right after Chinese text: with a space before
// it where it starts with a Latin letter, a digit or a dash ("不适用于" +
// " --tokens 的任务").
func zhArg(s string) string {
	if s != "" && s[0] < 0x80 && s[0] != ' ' {
		return " " + s
	}
	return s
}

// newErr builds a *FieldError with its message and fix in both languages.
func newErr(field, value string, r Reason, msg, fix text.Pair) *FieldError {
	return &FieldError{Field: field, Value: value, Reason: r, Msg: msg[text.EN], MsgZH: msg[text.ZH], Fix: fix[text.EN], FixZH: fix[text.ZH]}
}

// Text formats the error as Error does, in Chinese when zh is set (the
// field, the value and the names it could have meant as they are; the
// message and the fix in Chinese, or in English where a caller outside
// model gave none).
func (e *FieldError) Text(zh bool) string {
	p := &enPunct
	if zh {
		p = &zhPunct
	}
	var b strings.Builder
	b.WriteString(e.Field)
	if e.Value != "" {
		fmt.Fprintf(&b, " %q", e.Value)
	}
	b.WriteString(p.colon)
	b.WriteString(e.Message(zh))
	if len(e.Candidates) > 0 && e.Reason != ReasonAmbiguous {
		b.WriteString(p.mean)
		for i, c := range e.Candidates {
			if i > 0 {
				b.WriteString(p.sep)
			}
			fmt.Fprintf(&b, "%q", c)
		}
		b.WriteString(p.ask)
	}
	if f := e.FixText(zh); f != "" {
		b.WriteString(p.open)
		b.WriteString(f)
		b.WriteString(p.close)
	}
	return b.String()
}

// errPunct is the punctuation of an answer error in one language: after
// the field and value, before and between the names it could have meant
// and after them, and around the fix.
type errPunct struct{ colon, mean, sep, ask, open, close string }

var (
	enPunct = errPunct{": ", "; did you mean ", ", ", "?", " (", ")"}
	zhPunct = errPunct{"：", "；是否想填 ", "、", "？", "（", "）"}
)

// Detail is the message and the fix without the field and the value:
// "msg (fix)", in Chinese "msg（fix）" when zh is set.
func (e *FieldError) Detail(zh bool) string {
	m, f := e.Message(zh), e.FixText(zh)
	switch {
	case f == "":
		return m
	case zh:
		return m + "（" + f + "）"
	}
	return m + " (" + f + ")"
}

// Message is what was wrong, in Chinese when zh is set and the error has
// a Chinese message.
func (e *FieldError) Message(zh bool) string {
	if zh && e.MsgZH != "" {
		return e.MsgZH
	}
	return e.Msg
}

// FixText is how to fix it, in Chinese when zh is set and the error has a
// Chinese fix.
func (e *FieldError) FixText(zh bool) string {
	if zh && e.FixZH != "" {
		return e.FixZH
	}
	return e.Fix
}

// zhText maps the English of the answer errors (messages, fixes, accepted
// forms, ranges, and formats with %s, %d and %q) to their Chinese: made on
// the first message, not at start-up (issue 26: hashing its long keys was
// most of the package's start-up).
var zhText = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		// Accepted forms (the Forms constants and the registry's own).
		FormsParams:          "带 B、M 或 T 的数量，如 70B、7.5b、405 billion、500M",
		FormsTokens:          "带 k、M、B 或 T 的数量，如 2B、500M、1.5T",
		FormsContext:         "token 数，如 8k、32k、128k 或 4096",
		FormsSize:            "带 MB、GB 或 TB 的大小，如 80GB、500 GB、2TB",
		FormsDuration:        "带 min、h、d、w、mo、y 或 分钟、小时、天、周、个月、年 的时长，如 8h、10天、2周、3个月、1y",
		FormsPerWeek:         "每周小时数，如 40、40h/w、8h/d 或 24/7",
		FormsBudget:          "每小时、每月或总计的金额，如 2.5/h、$3000/mo、3k/mo、¥500",
		FormsCurrency:        "USD 或 CNY",
		FormsPrecision:       "auto（沿用检查点）、fp32、bf16、fp16、fp8、int8、int4、fp4（NVFP4）或 mxfp4",
		FormsWorkload:        "inference、finetune、lora、qlora、pretrain、vram 或 embed",
		FormsLatency:         "realtime、interactive 或 batch",
		FormsSpeculative:     "none 或 mtp（以检查点自带的多 token 预测层作草稿）",
		FormsKVCache:         "auto（沿用检查点）、fp8 或 bf16",
		FormsRunCommand:      "一行 shell 命令（多步用 && 或 ; 连接），最多 2000 个字符；留空则使用该工作负载的标准命令",
		FormsCount:           "整数，如 1、8",
		"use " + FormsNumber: "小数写作 2.5，千位分隔写作 1,000",
		FormsModelConfig:     "Hugging Face config.json 文件的路径，如 ./Qwen3-8B/config.json",
		FormsDeadline:        "带 h、d、w、mo、y 或 小时、天、周、个月、年 的时长，如 12h、30天、2周、3个月",
		FormsCheckpoint: "1min 到 24h 之间的时间，如 30min、2h 或 45（分钟），" +
			"留空为 30min",
		FormsHeadroom:     "1 到 90 的整数百分比，如 10%，留空为 10%",
		FormsInterconnect: "nvlink、nvswitch 或 any",
		FormsHosting:      "datacenter 或 any",
		FormsVCPU:         "dedicated 或 any",
		FormsGPU:          "GPU 名称，如 H100、A100-80GB 或 RTX4090，留空为不限",
		"a preset name (see gpupick models) or a size such as 70B":  "预设模型名（见 gpupick models），或大小，如 70B",
		FormsContext + ", or blank for the model's default":         "token 数，如 8k、32k、128k 或 4096，留空为模型的默认值",
		FormsSize + ", or blank for none":                           "带 MB、GB 或 TB 的大小，如 80GB、500 GB、2TB，留空为无",
		"wallclock or job":                                          "wallclock 或 job",
		"yes or no":                                                 "yes 或 no",
		"auto, none, zero1, zero2, zero3 or fsdp":                   "auto、none、zero1、zero2、zero3 或 fsdp",
		"a whole number from 1 to 1024, or blank for any":           "1 到 1024 的整数，留空为不限",
		"a whole number from 1 to 4096, or blank for any":           "1 到 4096 的整数，留空为不限",
		"a whole number from 1 to 256, or blank for any":            "1 到 256 的整数，留空为不限",
		"provider keys separated by commas, e.g. aws, gcp, alibaba": "用逗号分隔的云厂商标识，如 aws, gcp, alibaba",
		"provider keys separated by commas, e.g. vast, runpod":      "用逗号分隔的云厂商标识，如 vast, runpod",
		FormsRegion:            "用逗号分隔的地域组、国家代码或地域 ID 及其开头，如 europe、de、us-east",
		"hour, month or total": "hour、month 或 total",

		// What a number is, and its accepted range.
		"a parameter count":            "参数量",
		"a token count":                "token 数",
		"a duration":                   "时长",
		"a number of hours":            "小时数",
		"a time":                       "时间",
		"an amount":                    "金额",
		"a whole number":               "整数",
		"a size":                       "大小",
		"0.001B to 100000B":            "0.001B 到 100000B",
		"1 to 10000T tokens":           "1 到 10000T 个 token",
		"1 to 100000000 tokens":        "1 到 100000000 个 token",
		"1min to 10y":                  "1 分钟到 10 年",
		"0.01 to 168 hours a week":     "每周 0.01 到 168 小时",
		"1min to 24h":                  "1 分钟到 24 小时",
		"0.01 to 1000000M":             "0.01 到 1000000M",
		"%s to %s":                     "%s 到 %s",
		"%s to %s, or blank for any":   "%s 到 %s，或留空表示不限",
		"%s to %s, or blank for %s":    "%s 到 %s，或留空表示 %s",
		"a whole percentage, e.g. 10%": "整数百分比，如 10%",
		"0, or 1MB to 1000PB":          "0，或 1MB 到 1000PB",
		"1h to 5y":                     "1 小时到 5 年",

		// Reading a number.
		"too long (at most %d characters)":                  "太长（最多 %d 个字符）",
		"negative (accepted: %s)":                           "不能为负数（可接受：%s）",
		"not a finite number (accepted: %s)":                "不是有限数值（可接受：%s）",
		"out of range (accepted: %s)":                       "超出范围（可接受：%s）",
		"exponent notation is not accepted":                 "不接受科学计数法",
		"not a decimal number":                              "不是十进制数",
		"a space inside the number":                         "数字中间有空格",
		"more than one decimal point":                       "小数点不止一个",
		"ambiguous comma":                                   "逗号有歧义",
		"misplaced _":                                       "_ 的位置不对",
		"use 1000 or 1,000 for thousands":                   "千位写作 1000 或 1,000",
		"use 1_000 or 1000 for thousands":                   "千位写作 1_000 或 1000",
		"not %s":                                            "不是%s",
		"not a whole number":                                "不是整数",
		"unknown unit %q":                                   "未知单位 %q",
		"unexpected %q":                                     "多余的 %q",
		"no unit":                                           "缺少单位",
		`"m" is ambiguous`:                                  `"m" 有歧义`,
		"use min for minutes or mo for months":              "分钟写 min，月写 mo",
		"%q alone is a month of the year":                   "单独的 %q 指一年中的某个月份，不是时长",
		"use 个月 for months (3个月), or mo (3mo)":              "几个月请写 个月（3个月）或 mo（3mo）",
		"use min for minutes or h for hours":                "分钟写 min，小时写 h",
		"use M or million for millions, /mo for a month":    "百万写 M 或 million，每月写 /mo",
		"unknown period %q":                                 "未知周期 %q",
		"two periods":                                       "写了两个周期",
		"two currencies":                                    "写了两种货币",
		"use one of $ or ¥":                                 "$ 与 ¥ 只写一个",
		"unknown currency":                                  "未知货币",
		"unknown workload":                                  "未知工作负载",
		"unknown precision":                                 "未知精度",
		"unknown latency class":                             "未知延迟等级",
		"unknown speculative-decoding method":               "未知的投机解码方式",
		"unknown KV-cache format":                           "未知的 KV 缓存格式",
		"the command has a line break or control character": "命令含有换行或控制字符",
		"the command is too long":                           "命令过长",
		"not yes or no":                                     "不是 yes 或 no",

		// The registry's checks of stored answers.
		"an answer is needed":               "需要填写",
		"not a finite number":               "不是有限数值",
		"give a plain number":               "请填写普通数字",
		"out of range":                      "超出范围",
		"not a known value":                 "不是可选的值",
		"not a model name":                  "不是模型名",
		"run 'gpupick models' for the list": "运行 gpupick models 查看列表",
		"must be more than 0":               "必须大于 0",
		"unknown duration mode":             "未知计时方式",
		"negative budget":                   "预算不能为负数",
		"give a positive amount such as 2.5/h, 3000/mo or 500":                                "请填写正数金额，如 2.5/h、3000/mo 或 500",
		"no offer has a GPU matching it":                                                      "没有报价的 GPU 与之匹配",
		"use a GPU name such as H100, A100-80GB or RTX4090 (gpupick catalog list shows them)": "请填写 GPU 名称，如 H100、A100-80GB 或 RTX4090；gpupick catalog list 可列出全部",
		"not a GPU name":   "不是 GPU 名称",
		"unknown provider": "未知云厂商",
		"use one of %s":    "可选：%s",
		"names no region, group or country of the catalog":                                                           "不是目录中的地域、地域组或国家",
		"use a group such as europe, us, cn, a country code such as de, or the start of a region id such as us-east": "请填写地域组，如 europe、us、cn；国家代码，如 de；或地域 ID 的开头，如 us-east",
		"unknown sharding strategy":                                           "未知分片策略",
		"give between 1min and 24h, or leave blank for 30min":                 "请填写 1min 到 24h，或留空表示 30min",
		"give between 1 and 100000000 tokens, or leave blank":                 "请填写 1 到 100000000 个 token，或留空",
		"the prompt (%s) and the output (%s) exceed the context of %s tokens": "提示词（%s）与输出（%s）之和超过了 %s token 的上下文",
		"raise --context to their sum or more, or shorten them":               "请把 --context 提高到二者之和或以上，或缩短它们",
		FormsTokenLength:                                             "token 数，如 512、1k 或 32k（k = 1024）",
		FormsTokenLength + ", or blank":                              "token 数，如 512、1k 或 32k（k = 1024），或留空",
		"not a name":                                                 "不是名称",
		"use plain names separated by commas":                        "请填写用逗号分隔的普通名称",
		"give between 0.001B and 100000B":                            "请填写 0.001B 到 100000B",
		"give a memory size such as 80GB":                            "请填写显存大小，如 80GB",
		"give a token count such as 8k or 128k":                      "请填写 token 数，如 8k 或 128k",
		"give a duration from 1min to 10y":                           "请填写 1min 到 10y 的时长",
		"give more than 0 and at most 168 hours":                     "请填写大于 0、至多 168 的小时数",
		"give between 1 and 10P tokens":                              "请填写 1 到 10P 个 token",
		"give a deadline from 1h to 5y, e.g. 30d, or leave it blank": "请填写 1h 到 5y 的期限，如 30d，或留空",
		"give a size from 0 to 1000PB":                               "请填写 0 到 1000PB 的大小",

		// Answers as a whole.
		"no memory size given":                     "没有填写显存大小",
		"give the memory the job needs, e.g. 80GB": "请填写任务需要的显存，如 80GB",
		"no model or size given":                   "没有填写模型或参数量",
		"name a model with --model or give a parameter count such as --params 8B": "用 --model 指定模型，或用 --params 给出参数量，如 --params 8B",
		"a job needs a size":                           "按任务量计时需要任务规模",
		"give the tokens to process, e.g. --tokens 2B": "请填写要处理的 token 数，如 --tokens 2B",

		// Presets.
		"no model named":          "没有填写模型名",
		"no preset has that name": "没有这个名字的预设",
		"run 'gpupick models' for the list, or give a size such as 8B": "运行 gpupick models 查看列表，或填写参数量，如 8B",
		"matches %d presets: %s":                      "匹配到 %d 个预设：%s",
		"type more of the name, or pick one with ↑/↓": "多输入几个字符，或用 ↑/↓ 选择",

		// A Hugging Face config.json (ParseHFConfig).
		"larger than %d bytes": "超过 %d 字节",
		"give the model's config.json, not its weights or tokenizer": "请给出模型的 config.json，而不是权重或分词器文件",
		"give the model's config.json as Hugging Face publishes it":  "请给出 Hugging Face 发布的模型 config.json",
		"no model_type":                                                           "缺少 model_type",
		"give a config.json of one of: %s":                                        "请给出以下类型之一的 config.json：%s",
		"model_type %q is not one whose attention gpupick knows":                  "gpupick 不认识 model_type %q 的注意力结构",
		"give a config.json of one of: %s; or --model with a preset, or --params": "请给出以下类型之一的 config.json：%s；或用 --model 指定预设，或用 --params 给出参数量",
		"nested deeper than %d levels":                                            "嵌套超过 %d 层",
		"not valid JSON":                                                          "不是有效的 JSON",
		"not a JSON object":                                                       "不是 JSON 对象",
		"%s: a %s where the config needs a %s":                                    "%s：此处是 %s，配置需要%s",
		"JSON number":                                                             "数字",
		"JSON string":                                                             "字符串",
		"true or false":                                                           "true 或 false",
		"JSON object":                                                             "对象",
		"%s: %d is outside 1 to %d":                                               "%s：%d 超出 1 到 %d 的范围",
		"%s: not given, and the architecture needs it":                            "%s：未给出，而架构需要它",
		"head_dim: not given, and hidden_size %d is not a multiple of num_attention_heads %d":                             "head_dim：未给出，且 hidden_size %d 不是 num_attention_heads %d 的整数倍",
		"num_key_value_heads: %d does not divide num_attention_heads %d":                                                  "num_key_value_heads：%d 不能整除 num_attention_heads %d",
		"num_experts: not given, and a mixture of experts needs it":                                                       "num_experts：未给出，而混合专家模型需要它",
		"num_experts_per_tok: not given or more than the experts":                                                         "num_experts_per_tok：未给出，或多于专家数",
		"a shared expert or dense layers among the experts: gpupick counts only every layer sparse":                       "含共享专家或夹有稠密层：gpupick 只能计算每层都是稀疏专家的模型",
		"layer_types: %q is not sliding_attention or full_attention":                                                      "layer_types：%q 不是 sliding_attention 或 full_attention",
		"the parameter count cannot be computed from these dimensions":                                                    "无法由这些维度算出参数量",
		"%s: %d is outside 0 to %d":                                                                                       "%s：%d 超出 0 到 %d 的范围",
		"model_type kimi_k2 whose architectures are not DeepseekV3ForCausalLM":                                            "model_type 为 kimi_k2，但 architectures 不是 DeepseekV3ForCausalLM",
		"give a Kimi K2 config.json with architectures [\"DeepseekV3ForCausalLM\"], or --params":                          "请给出 architectures 为 [\"DeepseekV3ForCausalLM\"] 的 Kimi K2 config.json，或用 --params 给出参数量",
		"%s: not given, and MLA needs it":                                                                                 "%s：未给出，而 MLA 需要它",
		"give %s as the model's config.json does (DeepSeek-V3: %s)":                                                       "请按模型的 config.json 给出 %s（DeepSeek-V3 为 %s）",
		"%s: not given, and DeepSeek's mixture of experts needs it":                                                       "%s：未给出，而 DeepSeek 的混合专家结构需要它",
		"num_experts_per_tok: %d is more than n_routed_experts %d":                                                        "num_experts_per_tok：%d 多于 n_routed_experts %d",
		"first_k_dense_replace %d and moe_layer_freq %d leave no layer of experts among num_hidden_layers %d":             "first_k_dense_replace %d 与 moe_layer_freq %d 使 num_hidden_layers %d 层中没有专家层",
		"q_lora_rank: not given, and MLA needs it":                                                                        "q_lora_rank：未给出，而 MLA 需要它",
		"give q_lora_rank: null for a plain query projection (DeepSeek-V2-Lite) or its rank (1536 in DeepSeek-V2 and V3)": "请给出 q_lora_rank：不压缩查询时填 null（DeepSeek-V2-Lite），否则填其秩（DeepSeek-V2 与 V3 为 1536）",
		"q_lora_rank: %s is not null or a whole number":                                                                   "q_lora_rank：%s 不是 null 或整数",
		"a config.json is read only from the command line":                                                                "config.json 只能在命令行中读取",
		"give the model with --model or its size with --params":                                                           "请用 --model 指定模型，或用 --params 给出参数量",
		"the stored architecture is not one a config.json gives":                                                          "保存的架构不是 config.json 能给出的",
		"give the model with --model-config again":                                                                        "请重新用 --model-config 给出模型",
		"given with model %s, which says %s":                                                                              "与模型 %s 同时给出，该模型表示 %s",
		"give precision %s, or name the model without its quantisation suffix":                                            "请改为精度 %s，或写不带量化后缀的模型名",
		"cannot be read: %s":                                                         "无法读取：%s",
		"give the path of the model's config.json":                                   "请给出模型 config.json 的路径",
		"a config.json already gives the architecture; give %s or %s, not both":      "config.json 已给出架构；%s 和 %s 只能给一个",
		"%s names two different precisions":                                          "%s 给出了两种不同的精度",
		"name the model with one quantisation suffix, or give --precision":           "模型名只带一个量化后缀，或改用 --precision 指定精度",
		"%s is read as preset %s (%s): the same architecture, another release of it": "%s 按预设 %s（%s）估算：架构相同，是它的另一个发布版本",
		"; its %s suffix sets the precision to %s":                                   "；其 %s 后缀把精度设为 %s",
		"given with --%s %s, whose %s suffix says %s":                                "与 --%s %s 同时给出，其 %s 后缀表示 %s",
		"give --%s %s, or leave --%s out, or name the model without its %s suffix":   "改为 --%s %s，或去掉 --%s，或写不带 %s 后缀的模型名",
		"the budget %s stays in %s; prices are shown in %s":                          "预算 %s 仍按 %s 计；价格以 %s 显示",

		// Answers given together.
		"given twice (also as --%s)": "重复给出（也以 --%s 给出）",
		"give it once":               "只给一次",
		"given with %s":              "与 %s 同时给出",
		"does not apply to %s":       "不适用于%s",
		"leave it out, or change the answer it depends on":                                                   "去掉它，或修改它所依赖的回答",
		"a preset already sets its size; give %s or %s, not both":                                            "预设已确定模型大小；%s 与 %s 只给一个",
		"a job of %s lasts as long as the hardware needs; give %s (a job) or %s (a rented period), not both": "%s 的任务按硬件所需时长计；%s（按任务）与 %s（按租期）只给一个",
		"with a known memory size the model is not used; give %s or %s, not both":                            "已知显存时不使用模型；%s 与 %s 只给一个",
		"a job of %s (it lasts as long as the hardware needs)":                                               "%s 给定的任务——其时长由硬件决定",
		"a rented period (%s); use %s job for a job":                                                         "租期（%s）；按任务计请用 %s job",
		"a rented period (%s), whose length is given; a deadline applies to a job of %s":                     "租期（%s），其时长已定；期限只适用于 %s 的任务",
		"workload %s": "工作负载 %s",
		"a run that is not interruptible: it applies only to interruptible (spot) runs": "不可中断的运行：它只适用于可中断（竞价）的运行",
		"add %s, or leave it out":    "加上 %s，或去掉它",
		"leave it out, or change %s": "去掉它，或修改 %s",
		"%s wallclock rents for a period and would drop the job of %s; give %s job, or leave %s out": "%s wallclock 按租期计，会丢掉 %s 给定的任务；请用 %s job，或去掉 %s",
		"%s is both asked for with %s and excluded with %s; leave it out of one of them":             "%s 既由 %s 指定又被 %s 排除；只在其中一处给出",
	}
}}
