package lazy

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

var calls atomic.Int32

// counted is declared as every user declares one: a package variable of a
// literal.
var counted = Value[[]string]{New: func() []string {
	calls.Add(1)
	return []string{"made"}
}}

// New runs once, on the first Get, however many goroutines ask at once,
// and each gets the value it made.
func TestValueMadeOnce(t *testing.T) {
	if n := calls.Load(); n != 0 {
		t.Fatalf("New ran %d times before the first Get", n)
	}
	var wg sync.WaitGroup
	got := make([][]string, 8)
	for i := range got {
		wg.Go(func() { got[i] = counted.Get() })
	}
	wg.Wait()
	for i, g := range got {
		if len(g) != 1 || g[0] != "made" || &g[0] != &got[0][0] {
			t.Errorf("goroutine %d got %v, not the one value made", i, g)
		}
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("New ran %d times, want 1", n)
	}
}

// A New that panics makes every Get panic with its value, as
// sync.OnceValue does, and runs once.
func TestValuePanics(t *testing.T) {
	boom := errors.New("boom")
	runs := 0
	v := &Value[int]{New: func() int { runs++; panic(boom) }}
	for i := range 3 {
		func() {
			defer func() {
				if p := recover(); p != boom {
					t.Errorf("call %d: recovered %v, want %v", i, p, boom)
				}
			}()
			v.Get()
			t.Errorf("call %d: Get returned", i)
		}()
	}
	if runs != 1 {
		t.Errorf("New ran %d times, want 1", runs)
	}
}

// Get past the first allocates nothing: values sit on the keystroke's
// path (the parsers' regular expressions, the text tables).
func TestValueGetAllocatesNothing(t *testing.T) {
	v := &Value[[]string]{New: func() []string { return []string{"made"} }}
	v.Get()
	if n := testing.AllocsPerRun(100, func() { v.Get() }); n != 0 {
		t.Errorf("Get allocates %v times a call, want 0", n)
	}
}
