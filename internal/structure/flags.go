package structure

import (
	"fmt"
	"go/ast"
	"go/token"
)

// flagPackages are the packages whose flags are the command line's: every
// flag there that is not an answer or a text is a typed value
// (cli/flagvalues.go) whose Set says what the flag accepts.
var flagPackages = map[string]bool{"": true, "cli": true}

// untypedFlagMethods are the flag package's FlagSet methods that declare a
// flag the flag package parses itself: its error is "invalid value …:
// parse error", naming neither the range nor the form.
var untypedFlagMethods = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"Int", "Int64", "Uint", "Uint64", "Float64", "Duration", "Bool", "Func", "BoolFunc", "TextVar"} {
		m[n], m[n+"Var"] = true, true
	}
	return m
}()

// flagFaults lists each flag of the command line's production files
// declared with an untyped FlagSet method: a call of one of those names
// with at least three arguments, the last a string literal (the usage).
func flagFaults(fset *token.FileSet, srcs []source) []string {
	var out []string
	for _, s := range srcs {
		if s.test || !flagPackages[s.pkg] {
			continue
		}
		ast.Inspect(s.file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 3 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if _, usage := call.Args[len(call.Args)-1].(*ast.BasicLit); ok && usage && untypedFlagMethods[sel.Sel.Name] {
				out = append(out, fmt.Sprintf("%s: %s declares a flag the flag package parses: use a typed value of cli/flagvalues.go", fset.Position(call.Pos()), sel.Sel.Name))
			}
			return true
		})
	}
	return out
}
