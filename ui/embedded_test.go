package ui

import (
	"testing"

	"github.com/gpupick/gpupick/model"
)

// embeddedCatalog returns the catalog the binary embeds.
// TODO(ui): switch to data.Embedded() once the data package provides it.
func embeddedCatalog(tb testing.TB) *model.Catalog {
	tb.Skip("the embedded catalog is not available yet")
	return nil
}
