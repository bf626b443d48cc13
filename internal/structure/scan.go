package structure

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Limits of the code's shape.
const (
	// maxFuncLines is the longest a function may be, its signature and
	// closing brace included, outside generated files.
	maxFuncLines = 150
	// maxMethods is the most methods a type may have.
	maxMethods = 25
)

// source is one parsed Go file of the module.
type source struct {
	rel  string // slash path from the module root
	pkg  string // its directory from the module root ("" the root)
	test bool
	file *ast.File
}

// parseTree parses every Go file under root, skipping testdata, hidden
// directories and nested modules.
func parseTree(root string) (*token.FileSet, []source, error) {
	fset := token.NewFileSet()
	var out []source
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if p != root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("structure: %w", err)
		}
		dir := path.Dir(rel)
		if dir == "." {
			dir = ""
		}
		out = append(out, source{rel: rel, pkg: dir, test: strings.HasSuffix(name, "_test.go"), file: f})
		return nil
	})
	return fset, out, err
}

// imports lists what files import against the layers: a package missing
// from the table, a production import outside its layer, a test import
// outside what its package may reach, a test helper in production code.
func importFaults(srcs []source) []string {
	var faults []string
	missing := map[string]bool{}
	for _, s := range srcs {
		l, ok := layers[s.pkg]
		if !ok {
			if !missing[s.pkg] {
				missing[s.pkg] = true
				faults = append(faults, fmt.Sprintf("package %q is not in the layers table (internal/structure/layers.go): place it there", s.pkg))
			}
			continue
		}
		for _, im := range s.file.Imports {
			p, err := strconv.Unquote(im.Path.Value)
			if err != nil || (p != module && !strings.HasPrefix(p, module+"/")) {
				continue
			}
			q := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
			if f := importFault(s, l, q); f != "" {
				faults = append(faults, f)
			}
		}
	}
	return faults
}

// importFault says what is wrong with file s importing q, or "".
func importFault(s source, l layer, q string) string {
	name := q
	if name == "" {
		name = "the root package"
	}
	if !s.test {
		if testHelpers[q] {
			return fmt.Sprintf("%s imports %s, a test helper: production code may not", s.rel, name)
		}
		for _, ok := range l.imports {
			if ok == q {
				return ""
			}
		}
		return fmt.Sprintf("%s imports %s: package %q may import only %v", s.rel, name, s.pkg, l.imports)
	}
	if l.top || q == s.pkg || testHelpers[q] || below(s.pkg)[q] {
		return ""
	}
	return fmt.Sprintf("%s imports %s: a test may import what it tests, the packages below it and the test helpers; a test that needs %s belongs above both (internal/systemtest)", s.rel, name, name)
}

// shapeFaults lists the functions longer than maxFuncLines outside
// generated files, and the types with more than maxMethods methods.
func shapeFaults(fset *token.FileSet, srcs []source) []string {
	var faults []string
	methods := map[string]int{}
	for _, s := range srcs {
		gen := ast.IsGenerated(s.file)
		for _, d := range s.file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fd.Name.Name
			if recv := receiver(fd); recv != "" {
				methods[s.pkg+"."+recv]++
				name = recv + "." + name
			}
			if fd.Body == nil || gen {
				continue
			}
			from, to := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
			if n := to - from + 1; n > maxFuncLines {
				faults = append(faults, fmt.Sprintf("%s:%d: %s is %d lines (at most %d outside generated files)", s.rel, from, name, n, maxFuncLines))
			}
		}
	}
	var types []string
	for t, n := range methods {
		if n > maxMethods {
			types = append(types, fmt.Sprintf("type %s has %d methods (at most %d)", strings.TrimPrefix(t, "."), n, maxMethods))
		}
	}
	sort.Strings(types)
	return append(faults, types...)
}

// receiver is the name of a method's receiver type, "" for a function.
func receiver(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}
