package data

import (
	"fmt"

	"github.com/BurntSushi/toml"
	"github.com/gpupick/gpupick/model"
)

// checkChoice refuses a record's [choice] that no catalog offer could be
// (b is the record's text, for the line; has tells the keys it gives): a
// provider or instance type given that holds what a reader cannot see (a
// newline would reach a launch file as its own line), and a GPU count per
// node outside 1 to 1024. Call it before the record's strings are cleaned,
// so that such a name is refused rather than changed. A choice that
// leaves a name out is refused where the name is needed (export).
func checkChoice(name string, b []byte, c *model.Recommendation, has func(key string) bool) error {
	if c == nil {
		return nil
	}
	at := func(key string) string {
		return fmt.Sprintf("%s:%d: [choice] %s", name, keyLine(b, toml.Key{"choice", key}), key)
	}
	var pk providerKey
	if err := pk.UnmarshalText([]byte(c.Provider)); has("provider") && c.Provider != "" && err != nil {
		return fmt.Errorf("%s: %v", at("provider"), err)
	}
	var it instanceName
	if err := it.UnmarshalText([]byte(c.InstanceType)); has("instance_type") && c.InstanceType != "" && err != nil {
		return fmt.Errorf("%s: %v", at("instance_type"), err)
	}
	if has("gpu_count") && (c.GPUCount < 1 || c.GPUCount > maxSkyCount) {
		return fmt.Errorf("%s: %d GPUs: want 1 to %d GPUs per node (the chosen offer's count; save the record again from gpupick)", at("gpu_count"), c.GPUCount, maxSkyCount)
	}
	return nil
}
