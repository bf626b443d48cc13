// Package golit writes Go values as composite literals of constants, for
// generated tables the linker lays out in the binary: such a table needs
// no decoding and no init work at start-up (issue 14). It is what the
// embedded catalog's tables (data/gen) and the embedded catalog's index
// (advisor's prebuilt index) are written with.
//
// A value is written by reflection, field by field and by name, leaving
// zero fields out; what has no static literal (NaN, an infinity, -0, a
// map, an interface, a function) or may not be named where the literal is
// written (an unexported field of another package's type, a type of a
// package the literal may not name) is an error naming where in the value
// it is.
package golit

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Writer writes composite literals into B.
type Writer struct {
	B *bytes.Buffer
	// Pkg is the path of the package the literal is written in: its
	// named types are written bare and their unexported fields may be set.
	Pkg string
	// Named lists the other packages whose named types the literal may
	// name, qualified by the package's name; a type of any other package
	// is an error.
	Named []string
	// Consts maps a text to the name of a constant that holds it: such a
	// text is written as that name.
	Consts map[string]string
	err    error
	path   []string // where in the value the writer is, for errors
}

// Err is the first error met, or nil.
func (w *Writer) Err() error { return w.err }

// fail records the first error, naming where in the value it is.
func (w *Writer) fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("%s: %s", strings.Join(w.path, "."), fmt.Sprintf(format, args...))
	}
}

// Value writes v as an expression of its own type (a composite literal
// names its type).
func (w *Writer) Value(v reflect.Value) { w.value(v, true) }

// value writes v; typed says whether a composite literal must name its
// type (it need not as an element of a slice or array literal).
func (w *Writer) value(v reflect.Value, typed bool) {
	switch v.Kind() {
	case reflect.Bool:
		w.B.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.B.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.B.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 && math.Signbit(f) {
			w.fail("%v has no Go constant that keeps it", f)
			return
		}
		w.B.WriteString(strconv.FormatFloat(f, 'g', -1, v.Type().Bits()))
	case reflect.String:
		// Non-ASCII text as escapes: the values stay the same and the Go
		// files keep Chinese to the text tables.
		if name, ok := w.Consts[v.String()]; ok {
			w.B.WriteString(name)
			return
		}
		w.B.WriteString(strconv.QuoteToASCII(v.String()))
	case reflect.Slice:
		if v.IsNil() {
			w.B.WriteString("nil")
			return
		}
		w.Slice(v, "")
	case reflect.Array:
		if typed {
			w.typeName(v.Type())
		}
		w.elems(v, "")
	case reflect.Pointer:
		if v.IsNil() {
			w.B.WriteString("nil")
			return
		}
		if v.Elem().Kind() != reflect.Struct {
			w.fail("a pointer to a %s has no composite literal", v.Elem().Kind())
			return
		}
		if typed {
			w.B.WriteString("&")
		}
		w.value(v.Elem(), typed)
	case reflect.Struct:
		w.structLit(v, typed)
	default:
		w.fail("a %s cannot be laid out as static data", v.Kind())
	}
}

// Slice writes a non-nil slice literal, sep after each element.
func (w *Writer) Slice(v reflect.Value, sep string) {
	w.typeName(v.Type())
	w.elems(v, sep)
}

// elems writes the elements of a slice or array in braces, sep after each.
func (w *Writer) elems(v reflect.Value, sep string) {
	w.B.WriteString("{" + sep)
	for i := 0; i < v.Len(); i++ {
		w.path = append(w.path, strconv.Itoa(i))
		w.value(v.Index(i), false)
		w.path = w.path[:len(w.path)-1]
		w.B.WriteString("," + sep)
	}
	w.B.WriteString("}")
}

// structLit writes a struct literal with its non-zero fields by name.
func (w *Writer) structLit(v reflect.Value, typed bool) {
	t := v.Type()
	if typed {
		w.typeName(t)
	}
	w.B.WriteString("{")
	first := true
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), v.Field(i)
		if isZero(fv) {
			continue
		}
		w.path = append(w.path, f.Name)
		if !f.IsExported() && t.PkgPath() != w.Pkg {
			w.fail("unexported field of %s is set: package %s cannot write it as a literal", t, w.Pkg)
		}
		if !first {
			w.B.WriteString(", ")
		}
		first = false
		w.B.WriteString(f.Name + ": ")
		w.value(fv, true)
		w.path = w.path[:len(w.path)-1]
	}
	w.B.WriteString("}")
}

// isZero reports whether v is its type's zero value, bit for bit: a -0
// is not zero (reflect's IsZero takes it for one inside an array), so it is
// written, and refused.
func isZero(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(v.Float()) == 0
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if !isZero(v.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !isZero(v.Field(i)) {
				return false
			}
		}
		return true
	}
	return v.IsZero()
}

// typeName writes a type as the package the literal is written in spells
// it.
func (w *Writer) typeName(t reflect.Type) { w.B.WriteString(w.spell(t)) }

// spell is how package w.Pkg spells t: its own named types bare, those of
// the packages in w.Named qualified by their name, predeclared types bare.
func (w *Writer) spell(t reflect.Type) string {
	if t.Name() != "" {
		switch pkg := t.PkgPath(); {
		case pkg == "" || pkg == w.Pkg:
			return t.Name()
		case slices.Contains(w.Named, pkg):
			return t.String()
		default:
			w.fail("type %s of package %s may not be named here", t, pkg)
			return t.String()
		}
	}
	switch t.Kind() {
	case reflect.Slice:
		return "[]" + w.spell(t.Elem())
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + w.spell(t.Elem())
	case reflect.Pointer:
		return "*" + w.spell(t.Elem())
	}
	w.fail("a %s type cannot be written here", t.Kind())
	return t.String()
}

// SharedTexts names the texts of at least minLen bytes that the values
// hold more than once, for a generated file to write each once, as a
// constant (Writer.Consts): it returns the names by text (prefix and a
// number, in order of first appearance) and the texts in that order.
func SharedTexts(prefix string, minLen int, vs ...reflect.Value) (map[string]string, []string) {
	counts, order := map[string]int{}, []string(nil)
	for _, v := range vs {
		countTexts(v, counts, &order)
	}
	names, shared := map[string]string{}, []string(nil)
	for _, s := range order {
		if counts[s] > 1 && len(s) >= minLen {
			names[s] = prefix + strconv.Itoa(len(shared))
			shared = append(shared, s)
		}
	}
	return names, shared
}

// countTexts counts the strings reachable from v, recording each new one
// in order.
func countTexts(v reflect.Value, counts map[string]int, order *[]string) {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if counts[s] == 0 {
			*order = append(*order, s)
		}
		counts[s]++
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			countTexts(v.Index(i), counts, order)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			countTexts(v.Elem(), counts, order)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			countTexts(v.Field(i), counts, order)
		}
	}
}
