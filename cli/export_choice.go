package cli

import (
	"errors"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// checkExportChoice refuses a record's choice that names no offer to
// launch (file is the record's path, for the message): an empty instance
// type, and, when the record was made from the catalog cat (the embedded
// one: an imported or overlaid catalog is not at hand; a record that does
// not say is taken as made from it), a provider or instance type cat does
// not have, with the closest names, in lang.
func checkExportChoice(c *model.Recommendation, recCat model.CatalogInfo, cat *model.Catalog, file, lang string) error {
	if c == nil {
		return nil
	}
	if strings.TrimSpace(c.InstanceType) == "" {
		return errors.New(tf(tErrExportNoInstance, lang, file))
	}
	if recCat.Origin == "" {
		recCat.Origin = cat.Info.Origin
	}
	if cat == nil || recCat.Origin != cat.Info.Origin {
		return nil
	}
	if err := checkProviderKey(cat, file+": [choice] provider", c.Provider, lang); err != nil {
		return err
	}
	var names []string
	for i := range cat.Offers {
		o := &cat.Offers[i]
		if o.Provider != c.Provider {
			continue
		}
		if o.InstanceType == c.InstanceType {
			return nil
		}
		names = append(names, o.InstanceType)
	}
	near := ""
	if cl := model.Closest(c.InstanceType, names, 3); len(cl) > 0 {
		near = tf(tErrSimilar, lang, strings.Join(cl, ", "))
	}
	return errors.New(tf(tErrExportUnknownInstance, lang, file, c.Provider, c.InstanceType, model.OriginName(recCat.Origin).In(isZH(lang)), near))
}
