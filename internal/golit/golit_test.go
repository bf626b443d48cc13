package golit

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
)

type inner struct{ n int }

type outer struct {
	Name   string
	vals   [3]float64
	list   []inner
	ptr    *inner
	pairs  [][2]inner
	hidden map[string]int
}

type fnHolder struct{ F func() }

// The writer spells the types as the package it writes in names them (its
// own bare, those it may name qualified), writes arrays, pointers as
// &T{…} and unexported fields of its own package's types; what has no
// static literal, or may not be named, is an error naming where it is.
func TestWriter(t *testing.T) {
	own := reflect.TypeFor[outer]().PkgPath()
	cases := []struct {
		name    string
		pkg     string
		named   []string
		v       any
		want    string
		wantErr string
	}{
		{"own package, unexported fields", own, nil,
			&outer{Name: "a", vals: [3]float64{0, 1.5, 0}, list: []inner{{n: 1}, {}}, ptr: &inner{n: 2}, pairs: [][2]inner{{{n: 1}, {n: 2}}}},
			`&outer{Name: "a", vals: [3]float64{0,1.5,0,}, list: []inner{{n: 1},{},}, ptr: &inner{n: 2}, pairs: [][2]inner{{{n: 1},{n: 2},},}}`, ""},
		{"nil and empty lists kept apart", own, nil, outer{list: []inner{}}, `outer{list: []inner{}}`, ""},
		{"another package's unexported field", "example.com/other", []string{own}, outer{vals: [3]float64{1}}, "", "vals: unexported field"},
		{"a type of a package it may not name", "example.com/other", nil, []outer{{Name: "x"}}, "", "may not be named here"},
		{"a map", own, nil, outer{hidden: map[string]int{"a": 1}}, "", "hidden: a map"},
		{"a function", own, nil, fnHolder{F: func() {}}, "", "F: a func"},
		{"infinity", own, nil, outer{vals: [3]float64{math.Inf(1)}}, "", "vals.0: +Inf"},
		{"negative zero", own, nil, outer{vals: [3]float64{math.Copysign(0, -1)}}, "", "vals.0: -0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			w := &Writer{B: &b, Pkg: c.pkg, Named: c.named}
			w.Value(reflect.ValueOf(c.v))
			if c.wantErr != "" {
				if w.Err() == nil || !strings.Contains(w.Err().Error(), c.wantErr) {
					t.Fatalf("error %v, want one with %q", w.Err(), c.wantErr)
				}
				return
			}
			if w.Err() != nil {
				t.Fatal(w.Err())
			}
			if b.String() != c.want {
				t.Errorf("got  %s\nwant %s", b.String(), c.want)
			}
		})
	}
}
