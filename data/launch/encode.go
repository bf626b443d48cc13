package launch

import (
	"bytes"
	"fmt"
	"io"

	yaml "go.yaml.in/yaml/v3"
)

// Export writes the launch config of a job for a tool as YAML, after a
// header comment saying what it runs and how to launch it. Nothing is
// written when the tool cannot run it (an *UnsupportedError).
func Export(w io.Writer, t Tool, j Job) error {
	var v any
	var err error
	switch t {
	case SkyPilot:
		v, err = NewSkyTask(j)
	case DStack:
		v, err = NewDStackTask(j)
	case DStackFleetTool:
		v, err = NewDStackFleet(j)
	case DStackVolumeTool:
		v, err = NewDStackVolume(j)
	default:
		_, err = ParseTool(string(t))
	}
	if err != nil {
		return err
	}
	b, err := Marshal(v)
	if err != nil {
		return err
	}
	head := header(t, j, NewRun(j), "<this file>")
	switch t {
	case DStackFleetTool:
		head = fleetHeader(j.Rec)
	case DStackVolumeTool:
		head = volumeHeader(j)
	}
	_, err = io.WriteString(w, head+overlayHeader(t, j.Rec)+string(b))
	return err
}

// Marshal encodes a config with two-space indents.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode launch config: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encode launch config: %w", err)
	}
	return buf.Bytes(), nil
}
