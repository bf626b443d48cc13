package structure

// module is the module path every internal import starts with.
const module = "github.com/gpupick/gpupick"

// layer is where a package sits: what its production code may import of
// this module. A test file may import what its package may, the packages
// those may in turn (below it), itself, and the test helpers.
type layer struct {
	// imports are the packages (relative to the module, "" the root) its
	// production code may import directly.
	imports []string
	// top marks a package above every other: its tests may import anything
	// (the command line, the system tests).
	top bool
}

// testHelpers are packages made for tests: any test may import them, no
// production code may.
var testHelpers = map[string]bool{
	"internal/testcheck":   true,
	"internal/testenv":     true,
	"internal/advicecheck": true,
}

// layers places every package of the module. The arrows: the root
// (main.go) calls the command line; the command line reaches everything;
// ui → advisor → model; data → model; a package's own subpackages of
// helpers sit beside it.
var layers = map[string]layer{
	"":                     {imports: []string{"cli"}, top: true},
	"cli":                  {imports: []string{"advisor", "data", "data/launch", "internal/lazy", "model", "model/probe", "model/text", "model/verify", "ui"}, top: true},
	"internal/systemtest":  {top: true},
	"internal/structure":   {},
	"cmd/screenshot":       {imports: []string{"data", "model", "ui", "ui/shot"}, top: true},
	"ui":                   {imports: []string{"advisor", "internal/lazy", "model", "model/text"}},
	"ui/shot":              {},
	"advisor":              {imports: []string{"internal/lazy", "model", "model/text"}},
	"data":                 {imports: []string{"internal/lazy", "model", "model/text"}},
	"data/gen":             {imports: []string{"data", "internal/genfile", "internal/golit", "model"}},
	"data/gen/offercols":   {imports: []string{"internal/genfile", "model"}},
	"internal/genfile":     {},
	"internal/golit":       {},
	"internal/lazy":        {},
	"data/launch":          {imports: []string{"internal/lazy", "model", "model/text"}},
	"model":                {imports: []string{"internal/lazy", "model/text"}},
	"model/text":           {imports: []string{"internal/lazy"}},
	"model/probe":          {imports: []string{"internal/lazy"}},
	"model/verify":         {imports: []string{"internal/lazy", "model", "model/probe", "model/text"}},
	"internal/testcheck":   {},
	"internal/testenv":     {},
	"internal/advicecheck": {imports: []string{"model"}},
}

// below is every package pkg's production code may reach, directly or
// through the packages it imports (pkg itself excluded).
func below(pkg string) map[string]bool {
	seen := map[string]bool{}
	var walk func(p string)
	walk = func(p string) {
		for _, q := range layers[p].imports {
			if !seen[q] {
				seen[q] = true
				walk(q)
			}
		}
	}
	walk(pkg)
	return seen
}
