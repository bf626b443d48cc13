package cli

import (
	"errors"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// checkProviderKey refuses a provider key the catalog has no offer of,
// named as given (what: "--provider", "[choice] provider"), with the
// known keys and the closest, in lang.
func checkProviderKey(cat *model.Catalog, what, key, lang string) error {
	known := knownProviders(cat)
	if known[key] {
		return nil
	}
	names := sortedKeys(known)
	near := ""
	if c := model.Closest(key, names, 1); len(c) > 0 {
		near = tf(tErrDidYouMean, lang, c[0])
	}
	return errors.New(tf(tErrUnknownProviderKey, lang, what, key, strings.Join(names, ", "), near))
}
