// Package systemtest holds the tests that run the layers together over the
// embedded catalog: the advisor's recommendations judged as an expert would
// judge them, the wizard and the launch exports on real offers, and the
// benchmarks on the real data.
//
// It sits above every other package, as the command line does, so that each
// package's own tests import only what they test and the packages below it
// (the direction internal/structure enforces). It has no production code:
// its files are tests, named for the package whose behaviour they check
// (advisor_*_test.go, ui_*_test.go, launch_*_test.go, data_*_test.go).
package systemtest
