package model

import (
	"strconv"
	"strings"
)

// loadAnswers are the registry's entries for the load on GPU memory: the context, the batch, how training holds its state and the spare memory kept.
var loadAnswers = []AnswerSpec{
	{
		ID: AnsContext, Name: "context", Key: "context", Forms: FormsContext + ", or blank for the model's default", Blank: BlankDefault,
		Usage:     "context (inference) or sequence length (training) in tokens, e.g. 8k, 128k; blank: 8k for serving (the model's maximum when shorter), 2k for training",
		Applies:   notVRAM,
		Questions: []Question{{Key: "context", Section: SectionLoad, Pos: 10, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Context, err = ParseContext(raw)
			return err
		},
		clear: func(a *Answers) { a.Context = 0 },
		Format: func(a *Answers) string {
			if a.Context <= 0 {
				return ""
			}
			return FormatContext(a.Context)
		},
		check: func(a *Answers) error {
			return inRange(float64(a.Context), 1, 100_000_000, "give a token count such as 8k or 128k")
		},
	},
	{
		ID: AnsBatch, Name: "batch", Aliases: []string{"users"}, Key: "batch", Forms: FormsCount,
		Usage:     "concurrent users (inference) or sequences per GPU (training); also --users",
		Applies:   notVRAM,
		Questions: []Question{{Key: "users", Section: SectionLoad, Pos: 20, Kind: AskText, When: serveOrEmbed}, {Key: "micro-batch", Section: SectionLoad, Pos: 30, Kind: AskText, When: trainOnly}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			n, err := ruleBatch.parse("batch", raw)
			if err == nil {
				a.Batch = n
			}
			return err
		},
		Format: func(a *Answers) string { return strconv.Itoa(max(a.Batch, 1)) },
		check:  func(a *Answers) error { return ruleBatch.check(a.Batch) },
	},
	lengthAnswer(AnsPromptLen, "prompt-len", "input-len", "prompt_tokens", 24,
		"tokens in one request's prompt (vLLM's --input-len), e.g. 1k; blank: half the context for the first-token time",
		func(a *Answers) *int { return &a.PromptTokens }),
	lengthAnswer(AnsOutputLen, "output-len", "", "output_tokens", 26,
		"tokens generated per request (vLLM's --output-len), e.g. 1k; with --prompt-len a job also pays one prompt's prefill per output",
		func(a *Answers) *int { return &a.OutputTokens }),
	{
		ID: AnsGradCheckpointing, Name: "grad-checkpointing", Key: "grad_checkpointing", Forms: "yes or no", Bool: true,
		Usage:   "training recomputes activations to save memory (default yes; --grad-checkpointing=false turns it off)",
		Choices: []string{"yes", "no"}, Applies: trainOnly,
		Questions: []Question{{Key: "grad-checkpointing", Section: SectionLoad, Pos: 50, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.GradCheckpointing, err = ParseYesNo("grad-checkpointing", raw)
			return err
		},
		Format: func(a *Answers) string { return FormatYesNo(a.GradCheckpointing) },
	},
	{
		ID: AnsSharding, Name: "sharding", Key: "sharding", Forms: "auto, none, zero1, zero2, zero3 or fsdp", Blank: BlankDefault,
		Usage:   "how multi-GPU training shards its state: auto (the advisor picks), none, zero1, zero2, zero3 or fsdp",
		Choices: Shardings, Applies: trainOnly,
		Questions: []Question{{Key: "sharding", Section: SectionLoad, Pos: 60, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			s := strings.ToLower(strings.TrimSpace(raw))
			for _, v := range Shardings {
				if s == v {
					if s == "auto" {
						s = ""
					}
					a.Sharding = s
					return nil
				}
			}
			return newErr("", "", ReasonUnknown, tx("unknown sharding strategy"), use("auto, none, zero1, zero2, zero3 or fsdp"))
		},
		clear: func(a *Answers) { a.Sharding = "" },
		Format: func(a *Answers) string {
			if a.Sharding == "" {
				return "auto"
			}
			return a.Sharding
		},
		check: func(a *Answers) error {
			if a.Sharding == "auto" {
				return nil
			}
			return oneOf(a.Sharding, true, Shardings[1:], "auto, none, zero1, zero2, zero3 or fsdp")
		},
	},
	choiceAnswer(AnsSpeculative, "speculative", "speculative", FormsSpeculative, 28,
		"speculative decoding: none (default) or mtp, the model's multi-token-prediction layers drafting tokens the model verifies (presets that ship them: DeepSeek-V3/R1)",
		Speculatives, ParseSpeculative, func(a *Answers) *Speculative { return &a.Speculative }),
	choiceAnswer(AnsKVCache, "kv-cache", "kv_cache", FormsKVCache, 29,
		"the KV cache's format when serving: auto (default: the checkpoint's, as vLLM's --kv-cache-dtype auto; 16 bits unless the checkpoint declares FP8 KV scales), fp8 (half the bytes) or bf16",
		KVCaches, ParseKVCache, func(a *Answers) *KVCache { return &a.KVCache }),
	{
		ID: AnsHeadroom, Name: "headroom", Key: "headroom_pct", Forms: FormsHeadroom, Blank: BlankDefault,
		Usage:     "safety margin of spare GPU memory in percent (default 10%): offers below it are listed only when nothing else fits",
		Questions: []Question{{Key: "headroom", Section: SectionScale, Pos: 70, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.HeadroomPct, err = ruleHeadroom.parse("headroom", strings.TrimSuffix(strings.TrimSpace(raw), "%"))
			return err
		},
		clear: func(a *Answers) { a.HeadroomPct = 0 },
		Format: func(a *Answers) string {
			if a.HeadroomPct <= 0 {
				return ""
			}
			return strconv.Itoa(a.HeadroomPct) + "%"
		},
		check: func(a *Answers) error { return ruleHeadroom.check(a.HeadroomPct) },
	},
}

// Sharding strategies for multi-GPU training ("" is the advisor's choice).
var Shardings = []string{"auto", "none", "zero1", "zero2", "zero3", "fsdp"}

// FormsHeadroom are the accepted forms of the headroom answer.
const FormsHeadroom = "a whole percentage from 1 to 90, e.g. 10%, or blank for 10%"

// lengthAnswer is the entry of a request's prompt or output length: asked
// of inference on the load page after the users, blank when not given,
// and within the context when both and the context are given.
func lengthAnswer(id AnswerID, name, alias, key string, pos int, usage string, field func(*Answers) *int) AnswerSpec {
	s := AnswerSpec{
		ID: id, Name: name, Key: key, Forms: FormsTokenLength + ", or blank", Blank: BlankDefault,
		Usage:     usage,
		Applies:   inferOnly,
		Questions: []Question{{Key: name, Section: SectionLoad, Pos: pos, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			*field(a), err = ParseTokenLength(name, raw)
			return err
		},
		clear: func(a *Answers) { *field(a) = 0 },
		Format: func(a *Answers) string {
			if *field(a) <= 0 {
				return ""
			}
			return FormatContext(*field(a))
		},
		check: func(a *Answers) error {
			v := *field(a)
			if v < 0 || v > 100_000_000 {
				return newErr("", strconv.Itoa(v), ReasonRange, tx("out of range"), tx("give between 1 and 100000000 tokens, or leave blank"))
			}
			if a.Context > 0 && a.PromptTokens+a.OutputTokens > a.Context {
				return newErr("", FormatContext(v), ReasonRange,
					txf("the prompt (%s) and the output (%s) exceed the context of %s tokens", FormatContext(a.PromptTokens), FormatContext(a.OutputTokens), FormatContext(a.Context)),
					tx("raise --context to their sum or more, or shorten them"))
			}
			return nil
		},
	}
	if alias != "" {
		s.Aliases = []string{alias}
	}
	return s
}

// choiceAnswer is the entry of a serving answer picked from choices, the
// first the default: asked of inference on the load page at pos, stored
// blank for the default (as DefaultAnswers holds it) and written back as
// its name.
func choiceAnswer[T ~string](id AnswerID, name, key, forms string, pos int, usage string, choices []T, parse func(string) (T, error), field func(*Answers) *T) AnswerSpec {
	names := make([]string, len(choices))
	for i, c := range choices {
		names[i] = string(c)
	}
	return AnswerSpec{
		ID: id, Name: name, Key: key, Forms: forms, Blank: BlankDefault, Usage: usage,
		Choices: names, Applies: inferOnly,
		Questions: []Question{{Key: name, Section: SectionLoad, Pos: pos, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) error {
			v, err := parse(raw)
			if v == choices[0] {
				v = ""
			}
			*field(a) = v
			return err
		},
		clear: func(a *Answers) { *field(a) = "" },
		Format: func(a *Answers) string {
			if *field(a) == "" {
				return names[0]
			}
			return string(*field(a))
		},
		check: func(a *Answers) error { return oneOf(*field(a), true, choices, forms) },
	}
}
