package advisor_test

import (
	"slices"
	"testing"

	"github.com/gpupick/gpupick/advisor"
)

// TestSizesOfEmbeddedProducts checks the sizes rule on the catalog's real
// names: the instance names that differ only by the GPU count (and the
// host figures that grow with it) are one product; names that do not
// state the count, hosts of another size per GPU, another GPU or another
// spelling are not.
func TestSizesOfEmbeddedProducts(t *testing.T) {
	groups := advisor.SizeGroups(embedded(t))
	product := map[string]int{}
	for g, names := range groups {
		for _, n := range names {
			product[n] = g
		}
	}
	same := func(a, b string) bool {
		ga, oka := product[a]
		gb, okb := product[b]
		return oka && okb && ga == gb
	}
	for _, c := range [][]string{
		{"runpod 1x_MI300X_SECURE", "runpod 2x_MI300X_SECURE", "runpod 8x_MI300X_SECURE"},
		{"runpod 1x_A40_SECURE", "runpod 10x_A40_SECURE"},
		{"lambda gpu_1x_h100_sxm5", "lambda gpu_2x_h100_sxm5", "lambda gpu_8x_h100_sxm5"},
		{"vast 1x-H100_SXM-32-65536", "vast 8x-H100_SXM-32-65536"},
		{"gcp a2-highgpu-1g", "gcp a2-highgpu-8g"},
		{"hyperstack n3-A100x1", "hyperstack n3-A100x8"},
		{"verda 1A100.22V", "verda 4A100.88V"},
		{"verda 1B200.30V", "verda 8B200.240V"},
		{"cudo sapphire-rapids-h100_1x12v24gb", "cudo sapphire-rapids-h100_2x24v48gb"},
		{"nebius gpu-h100-sxm_1gpu-16vcpu-200gb", "nebius gpu-h100-sxm_8gpu-128vcpu-1600gb"},
		{"oci VM.GPU.A10.1", "oci VM.GPU.A10.2"},
	} {
		for _, n := range c[1:] {
			if !same(c[0], n) {
				t.Errorf("%s and %s are not one product", c[0], n)
			}
		}
	}
	for _, c := range [][2]string{
		{"aws g6e.24xlarge", "aws g6e.48xlarge"}, // the name does not state the count
		{"aws g5.12xlarge", "aws g5.48xlarge"},   // 12 against 24 vCPUs a GPU
		{"azure Standard_NC24ads_A100_v4", "azure Standard_NC48ads_A100_v4"},
		{"alibaba ecs.gn7i-c32g1.8xlarge", "alibaba ecs.gn7i-c32g1.16xlarge"},
		{"hyperstack n3-A100x1", "hyperstack n3-A100x8-NVLink"},                      // another spelling
		{"cudo sapphire-rapids-h100_1x4v8gb", "cudo sapphire-rapids-h100_2x16v32gb"}, // 4 against 8 vCPUs a GPU
		{"lambda gpu_1x_a100", "lambda gpu_8x_a100"},                                 // another GPU
		{"lambda gpu_8x_v100", "lambda gpu_8x_v100_n"},
	} {
		if same(c[0], c[1]) {
			t.Errorf("%s and %s are one product", c[0], c[1])
		}
	}
	for _, names := range groups {
		if len(names) < 2 {
			t.Errorf("a product of one size: %v", names)
		}
		if slices.ContainsFunc(names, func(n string) bool { return n[:4] == "aws " }) {
			t.Errorf("AWS sizes taken as one product: %v", names)
		}
	}
}
