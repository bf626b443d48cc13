package structure

import (
	"fmt"
	"go/ast"
	"go/token"
)

// onceCalls are the sync package's functions that make a value on first
// use, but are themselves called where they are declared: a package
// variable set to one runs the call, and allocates its closures, in the
// package's init, at every start of every command.
var onceCalls = map[string]bool{"OnceValue": true, "OnceValues": true, "OnceFunc": true}

// startupFaults lists each package variable of a production file set to a
// call of sync.OnceValue, OnceValues or OnceFunc: internal/lazy's Value
// literal makes the value on first use too, and is static data, with no
// work at start-up (issue 26).
func startupFaults(fset *token.FileSet, srcs []source) []string {
	var out []string
	for _, s := range srcs {
		if s.test {
			continue
		}
		for _, d := range s.file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					call, ok := v.(*ast.CallExpr)
					if !ok {
						continue
					}
					fun := call.Fun
					switch ix := fun.(type) { // sync.OnceValue[T](...), sync.OnceValues[T, E](...)
					case *ast.IndexExpr:
						fun = ix.X
					case *ast.IndexListExpr:
						fun = ix.X
					}
					sel, ok := fun.(*ast.SelectorExpr)
					if !ok || !onceCalls[sel.Sel.Name] {
						continue
					}
					if pkg, isIdent := sel.X.(*ast.Ident); isIdent && pkg.Name == "sync" && i < len(vs.Names) {
						out = append(out, fmt.Sprintf("%s: %s calls sync.%s at start-up: declare a lazy.Value literal (internal/lazy), made on first use with no work at start-up",
							fset.Position(v.Pos()), vs.Names[i].Name, sel.Sel.Name))
					}
				}
			}
		}
	}
	return out
}
