//go:build gpupick_noprebuilt

package advisor

// prebuilt is nil in a build with the tag gpupick_noprebuilt, which leaves
// out the generated prebuilt_index.go (prebuilt.go): every engine builds
// its index.
var prebuilt *PrebuiltIndex
