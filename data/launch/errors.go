package launch

import (
	"fmt"
	"strings"

	"github.com/gpupick/gpupick/model/text"
)

// Tool names a launcher gpupick exports to.
type Tool string

// The launchers.
const (
	SkyPilot Tool = "skypilot"
	DStack   Tool = "dstack"
	// DStackFleetTool is the dstack fleet a multi-node dstack task runs on
	// (export --to dstack-fleet); not a launcher of its own.
	DStackFleetTool Tool = "dstack-fleet"
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
	case DStackFleetTool:
		return DStackFleetTool, nil
	case DStackVolumeTool:
		return DStackVolumeTool, nil
	}
	return "", fmt.Errorf("%q: unknown launcher (use skypilot, dstack, dstack-fleet or dstack-volume)", s)
}

// What an UnsupportedError is about.
const (
	WhatProvider = "provider"
	WhatGPU      = "gpu"
	WhatChoice   = "choice"
	// WhatInstance: the launcher cannot launch the instance type.
	WhatInstance = "instance_type"
	// WhatRegion: the launcher has no name for the region.
	WhatRegion = "region"
	// WhatNodes: the launcher cannot run the nodes as planned.
	WhatNodes = "nodes"
	// WhatVolume: there is no network volume to export (the run keeps
	// nothing, or its backend has none); Value is the backend.
	WhatVolume = "volume"
)

// UnsupportedError says that a launcher cannot run the recommendation as
// chosen: its provider has no cloud or backend in the tool, its GPU has no
// name there, or there is no choice to export. The CLI exits 2 on it.
type UnsupportedError struct {
	Tool Tool
	// What is WhatProvider, WhatGPU, WhatChoice, WhatInstance, WhatRegion
	// or WhatNodes; Value is the provider, GPU, instance type, region or
	// node count.
	What  string
	Value string
	// Supported lists the providers the tool supports (for WhatProvider).
	Supported []string
	// Reason says why, for WhatInstance, WhatRegion and WhatNodes.
	Reason msg
}

// Error is the message in English.
func (e *UnsupportedError) Error() string { return e.Text("en") }

// Text is the message in English or Chinese ("zh").
func (e *UnsupportedError) Text(lang string) string {
	l := text.LangOf(lang)
	switch e.What {
	case WhatChoice:
		return texts.Text(l, mNoChoice)
	case WhatGPU:
		return texts.Format(l, mNoGPUName, e.Tool, e.Value)
	case WhatVolume:
		return texts.Format(l, e.Reason, e.Value)
	case WhatInstance, WhatRegion, WhatNodes:
		return texts.Format(l, mCannotReach, e.Tool, texts.Format(l, e.Reason, e.Value))
	}
	return texts.Format(l, mNoProvider, e.Tool, e.Value, strings.Join(e.Supported, ", "))
}
