package data

import (
	"fmt"
	"io"
	"regexp"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// dateRe accepts YYYY-MM-DD or YYYY-MM (a monthly average).
var dateRe = lazy.Value[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$`) }}

// parseFX reads facts/fx.csv: dated exchange rates, each with its source.
func parseFX(r io.Reader, name string) ([]model.FXRate, error) {
	t, err := readTable(r, name)
	if err != nil {
		return nil, err
	}
	if err := t.require("from", "to", "rate", "date", "source", "note"); err != nil {
		return nil, err
	}
	var out []model.FXRate
	for i := range t.rows {
		at := fmt.Sprintf("%s: line %d", name, t.lines[i])
		rate, _, err := t.num(i, "rate")
		if err != nil {
			return nil, err
		}
		fx := model.FXRate{
			From: model.Currency(t.get(i, "from")), To: model.Currency(t.get(i, "to")), Rate: rate,
			Date: t.get(i, "date"), Source: t.get(i, "source"),
		}
		if note := t.get(i, "note"); note != "" {
			fx.Source += " (" + note + ")"
		}
		if err := checkFX(fx); err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
		out = append(out, fx)
	}
	return out, nil
}

// checkFX rejects a rate without currencies, a positive rate, a date or a
// source.
func checkFX(fx model.FXRate) error {
	switch {
	case fx.From == "" || fx.To == "" || fx.From == fx.To:
		return fmt.Errorf("fx %s->%s: want two different currencies", fx.From, fx.To)
	case !(fx.Rate > 0) || fx.Rate > 1e6:
		return fmt.Errorf("fx %s->%s: rate %v is not a positive exchange rate", fx.From, fx.To, fx.Rate)
	case !dateRe.Get().MatchString(fx.Date):
		return fmt.Errorf("fx %s->%s: date %q: want YYYY-MM-DD (or YYYY-MM for a monthly average)", fx.From, fx.To, fx.Date)
	case fx.Source == "":
		return fmt.Errorf("fx %s->%s: no source (every rate cites where it was published)", fx.From, fx.To)
	}
	return nil
}
