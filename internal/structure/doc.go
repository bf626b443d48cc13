// Package structure checks the shape of the code base as a test: imports
// point one way (ui → advisor → model, data → model, the command line →
// all), in production and in test files; no function is longer than 150
// lines outside generated files; no type has more than 25 methods; no
// command-line flag is left to the flag package's own parsing.
//
// The layers are a table (layers.go): a new package is placed in it on
// purpose, or the test fails and says where to add it.
package structure
