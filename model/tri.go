package model

import "fmt"

// Tri is a fact that is true, false, or not known from any source.
type Tri int8

// The three values of Tri. The zero value is Unknown.
const (
	Unknown Tri = iota
	Yes
	No
)

// String returns "yes", "no" or "unknown".
func (t Tri) String() string {
	switch t {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

// MarshalText encodes the Tri as "yes", "no" or "unknown".
func (t Tri) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText accepts "yes", "no", "unknown" and the empty string.
func (t *Tri) UnmarshalText(b []byte) error {
	switch string(b) {
	case "yes", "true":
		*t = Yes
	case "no", "false":
		*t = No
	case "unknown", "":
		*t = Unknown
	default:
		return fmt.Errorf("tri-state value %q: want yes, no or unknown", string(b))
	}
	return nil
}
