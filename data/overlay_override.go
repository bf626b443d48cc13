package data

import (
	"fmt"
	"slices"

	"github.com/gpupick/gpupick/model"
)

// applyOverlayOverrides applies an overlay's [[override]] tables to cat's
// offers (src is the overlay's source text): each must name a provider
// of providers (the catalog's), a pattern of gpupick's syntax, and match
// an offer; errors name the file (path), the line and the key.
func applyOverlayOverrides(cat *model.Catalog, overrides []overlayOverride, providers []string, path string, lines tomlIndex, src string) error {
	for i, ovr := range overrides {
		at := func(key string) string {
			return fmt.Sprintf("%s:%d: [[override]] #%d", path, lines.line("override", i, key), i+1)
		}
		if ovr.Provider == "" {
			return fmt.Errorf("%s: key \"provider\" is missing", at(""))
		}
		if ovr.Discount == 0 && ovr.OnDemand == 0 && ovr.Spot == 0 && !ovr.anySet() {
			return fmt.Errorf("%s: nothing to override: set discount (0.3 = 30%% off) or a price (on_demand_hourly, spot_hourly, monthly, yearly)", at(""))
		}
		if !slices.Contains(providers, string(ovr.Provider)) {
			return fmt.Errorf("%s: %w", at("provider"), unknownProvider(cat, string(ovr.Provider)))
		}
		if err := checkGlob(ovr.InstanceType); err != nil {
			return fmt.Errorf("%s: %w", at("instance_type"), err)
		}
		n := 0
		for j := range cat.Offers {
			o := &cat.Offers[j]
			if o.Provider != string(ovr.Provider) {
				continue
			}
			if ovr.InstanceType != "" && !globMatch(ovr.InstanceType, o.InstanceType) {
				continue
			}
			if ovr.GPU != "" && !GPUNameMatches(cat, o.GPU, ovr.GPU) {
				continue
			}
			n++
			applyOverride(o, ovr, src)
		}
		if n == 0 {
			return fmt.Errorf("%s: %w", at("instance_type"), noMatch(cat, string(ovr.Provider), ovr.InstanceType, ovr.GPU))
		}
	}
	return nil
}
