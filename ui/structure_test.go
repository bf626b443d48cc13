package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// parseUI parses the package's non-test sources.
func parseUI(t *testing.T) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, n, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[n] = f
	}
	return fset, files
}

// TestModelStaysSmall keeps the root model to routing, focus, layout and
// the commands: its methods are counted, the components hold the rest.
func TestModelStaysSmall(t *testing.T) {
	const maxMethods = 20
	_, files := parseUI(t)
	var methods []string
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
				continue
			}
			typ := fd.Recv.List[0].Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.Name == "Model" {
				methods = append(methods, fd.Name.Name)
			}
		}
	}
	if len(methods) > maxMethods {
		t.Errorf("Model has %d methods, at most %d: %v", len(methods), maxMethods, methods)
	}
	if len(methods) < 4 {
		t.Fatalf("found only %v: the scan is broken", methods)
	}
}

// TestNoKeyLiteralOutsideKeymap checks that no key is dispatched by its
// name outside keys.go: no x.String() compared with or switched on
// against a string literal, so every key that works is a binding of the
// keymap, which the help shows.
func TestNoKeyLiteralOutsideKeymap(t *testing.T) {
	fset, files := parseUI(t)
	isString := func(e ast.Expr) bool {
		// x.String(), possibly wrapped in a call (strings.ToLower).
		for {
			c, ok := e.(*ast.CallExpr)
			if !ok {
				return false
			}
			if s, ok := c.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "String" && len(c.Args) == 0 {
				return true
			}
			if len(c.Args) != 1 {
				return false
			}
			e = c.Args[0]
		}
	}
	isLit := func(e ast.Expr) bool {
		b, ok := e.(*ast.BasicLit)
		return ok && b.Kind == token.STRING
	}
	found := 0
	for name, f := range files {
		if name == "keys.go" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if (n.Op == token.EQL || n.Op == token.NEQ) && (isString(n.X) && isLit(n.Y) || isString(n.Y) && isLit(n.X)) {
					t.Errorf("%s: a key compared by name; use key.Matches on a keymap binding", fset.Position(n.Pos()))
				}
			case *ast.SwitchStmt:
				if n.Tag != nil && isString(n.Tag) {
					for _, s := range n.Body.List {
						for _, e := range s.(*ast.CaseClause).List {
							if isLit(e) {
								t.Errorf("%s: a switch on a key's name; use key.Matches on a keymap binding", fset.Position(e.Pos()))
							}
						}
					}
				}
			}
			found++
			return true
		})
	}
	if found == 0 {
		t.Fatal("nothing scanned")
	}
}
