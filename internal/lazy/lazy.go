// Package lazy holds values made on their first use whose package
// variables are static data: a variable declared as a Value literal is
// laid out by the linker and runs no code at start-up, where one declared
// with sync.OnceValue calls it in the package's init and allocates its
// closures there, in every run of every command (issue 26).
package lazy

import "sync"

// Value is a value of type T made by New on the first Get, once, however
// many goroutines ask at once. Declare it as a package variable with a
// literal whose New is a function literal (var x = lazy.Value[T]{New:
// func() T { ... }}), so that it is static data; never copy it.
//
// It behaves as sync.OnceValue(New): when New panics, Get panics with the
// same value, then and on every later call.
type Value[T any] struct {
	// New makes the value; it is dropped once it has.
	New func() T

	once  sync.Once
	made  bool // New returned
	value T
	p     any // what New panicked with
}

// Get returns the value, made by New on the first call.
func (v *Value[T]) Get() T {
	v.once.Do(v.make)
	if !v.made {
		panic(v.p)
	}
	return v.value
}

// make runs New, keeping its value or what it panicked with.
func (v *Value[T]) make() {
	defer func() {
		if !v.made {
			v.p = recover()
			panic(v.p)
		}
	}()
	v.value = v.New()
	v.New = nil
	v.made = true
}
