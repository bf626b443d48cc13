package launch

import (
	"bytes"
	"fmt"
	"io"

	"github.com/gpupick/gpupick/model"
	yaml "go.yaml.in/yaml/v3"
)

// Export writes the launch config of a recommendation for a tool as YAML,
// after a header comment where a field is left out on purpose
// (overlayHeader). Nothing is written when the tool cannot run it (an
// *UnsupportedError).
func Export(w io.Writer, t Tool, rec *model.Recommendation, a model.Answers) error {
	var v any
	var err error
	switch t {
	case SkyPilot:
		v, err = NewSkyTask(rec, a)
	case DStack:
		v, err = NewDStackTask(rec, a)
	case DStackFleetTool:
		v, err = NewDStackFleet(rec, a)
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
	_, err = io.WriteString(w, overlayHeader(t, rec)+string(b))
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
