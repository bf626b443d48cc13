package ui

import (
	"sync"
	"testing"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
)

var embedded struct {
	once sync.Once
	cat  *model.Catalog
	err  error
}

// embeddedCatalog returns the catalog the binary embeds (loaded once).
func embeddedCatalog(tb testing.TB) *model.Catalog {
	tb.Helper()
	embedded.once.Do(func() { embedded.cat, embedded.err = data.Embedded() })
	if embedded.err != nil {
		tb.Fatalf("embedded catalog: %v", embedded.err)
	}
	return embedded.cat
}
