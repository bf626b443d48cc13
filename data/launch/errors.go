package launch

import (
	"fmt"
	"strings"
)

// Tool names a launcher gpupick exports to.
type Tool string

// The launchers.
const (
	SkyPilot Tool = "skypilot"
	DStack   Tool = "dstack"
)

// Tools lists the launchers in help order.
var Tools = []Tool{SkyPilot, DStack}

// ParseTool reads a --to or --format value.
func ParseTool(s string) (Tool, error) {
	switch Tool(strings.ToLower(strings.TrimSpace(s))) {
	case SkyPilot:
		return SkyPilot, nil
	case DStack:
		return DStack, nil
	}
	return "", fmt.Errorf("%q: unknown launcher (use skypilot or dstack)", s)
}

// What an UnsupportedError is about.
const (
	WhatProvider = "provider"
	WhatGPU      = "gpu"
	WhatChoice   = "choice"
)

// UnsupportedError says that a launcher cannot run the recommendation as
// chosen: its provider has no cloud or backend in the tool, its GPU has no
// name there, or there is no choice to export. The CLI exits 2 on it.
type UnsupportedError struct {
	Tool Tool
	// What is WhatProvider, WhatGPU or WhatChoice; Value is the
	// provider or GPU.
	What  string
	Value string
	// Supported lists the providers the tool supports (for WhatProvider).
	Supported []string
}

// Error is the message in English.
func (e *UnsupportedError) Error() string { return e.Text("en") }

// Text is the message in English or Chinese ("zh").
func (e *UnsupportedError) Text(lang string) string {
	zh := strings.HasPrefix(lang, "zh")
	switch e.What {
	case WhatChoice:
		if zh {
			return "记录中没有选定的方案(没有合适的报价),无法导出启动配置;请先用 gpupick recommend 找到合适的报价"
		}
		return "the record has no chosen offer (nothing fitted), so there is nothing to launch; run gpupick recommend to find one that fits"
	case WhatGPU:
		if zh {
			return fmt.Sprintf("%s 不认识 GPU %q(或记录没有写明 GPU 型号),不导出会出错的文件;请在 %s 中手动选择 GPU", e.Tool, e.Value, e.Tool)
		}
		return fmt.Sprintf("%s has no name for the GPU %q (or the record does not name the GPU), so no config is written rather than a broken one; pick the GPU in %s by hand", e.Tool, e.Value, e.Tool)
	}
	list := strings.Join(e.Supported, ", ")
	if zh {
		return fmt.Sprintf("%s 不支持云服务商 %q,不导出会出错的文件;%s 支持的服务商:%s", e.Tool, e.Value, e.Tool, list)
	}
	return fmt.Sprintf("%s does not support the provider %q, so no config is written rather than a broken one; providers %s supports: %s", e.Tool, e.Value, e.Tool, list)
}
