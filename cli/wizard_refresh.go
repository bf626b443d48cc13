package cli

import (
	"context"
	"errors"
	"time"

	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/ui"
)

// liveSources are the catalog sources whose offers are live marketplace
// asks, stamped with their fetch time and stale model.LiveStaleHours
// later: the sources the wizard's refresh key (ctrl+r) fetches, in this
// order. Each is a source `catalog update --source` downloads.
var liveSources = []string{"vast", "runpod"}

// refreshTimeout bounds the download of one live source from the wizard.
const refreshTimeout = 2 * time.Minute

// wizardRefresh is the wizard's refresh of the live sources: each is
// downloaded into the cache as `catalog update --source NAME` does (same
// checks; a failure keeps the cache as it was), then the catalog is
// loaded again as the wizard loaded it (with --catalog's overlay). The
// wizard calls both off its update loop; nothing is fetched unless the
// key is pressed. Errors are framed in lang.
//
// The shrink guard is off (AllowShrink): it exists for a header-only or
// cut CSV, and a live answer is one JSON document read strictly (a cut
// one does not parse, an empty list yields no offer and fails), while a
// marketplace's number of free offers does change by the hour; the
// wizard has no --allow-shrink to offer.
func wizardRefresh(common *commonFlags, lang string) *ui.Refresh {
	return &ui.Refresh{
		Sources: liveSources,
		Fetch: func(source string) (int, error) {
			ctx, cancel := context.WithTimeout(context.Background(), refreshTimeout)
			defer cancel()
			res, err := data.Update(ctx, data.UpdateOptions{Source: source, Client: updateClient, AllowShrink: true})
			if errors.Is(err, context.DeadlineExceeded) {
				return 0, errors.New(tf(tErrRefreshRanOut, lang, err.Error(), refreshTimeout))
			}
			if err != nil {
				return 0, err
			}
			return res.Offers, nil
		},
		Load: func() (*model.Catalog, error) {
			cat, _, err := common.loadCatalog()
			if err != nil {
				return nil, errors.New(catalogError(err, lang))
			}
			return cat, nil
		},
	}
}
