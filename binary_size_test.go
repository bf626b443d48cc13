//go:build linux

package main

import (
	"debug/elf"
	"testing"
)

// TestBinaryKeepsMethodDeadcode: nothing reachable in the binary calls a
// method by name through reflection (reflect.Value.Method/MethodByName, as
// text/template does to run a template). Where one does, the linker keeps
// every exported method of every type in the binary, since it cannot tell
// which the call will need: the binary grew from 10.8 to 15.6 MB of text
// that way (cobra's SetVersionTemplate), and every headless run paid for it
// in page faults and start-up (issue 26).
func TestBinaryKeepsMethodDeadcode(t *testing.T) {
	f, err := elf.Open(buildBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatalf("the binary's symbol table: %v", err)
	}
	var funcs int
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			funcs++
		}
		switch s.Name {
		case "reflect.Value.Method", "reflect.Value.MethodByName":
			t.Errorf("%s is reachable: the linker keeps every exported method (find the caller: go build -ldflags=-dumpdep . 2>&1 | grep ReflectMethod)", s.Name)
		}
	}
	if funcs == 0 {
		t.Fatal("no function symbols in the binary: the check would pass on anything")
	}
}
