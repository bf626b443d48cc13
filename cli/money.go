package cli

import (
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// money formats an amount in the display currency as the wizard's
// tables do (model.MoneyCell: "$2.49", "$1,234", "$10.5k"; in ten
// thousands in Chinese, lang zh), so an amount reads the same in the CLI
// and the wizard; 0 is "unknown", a converted amount is marked "≈". The
// JSON keeps the exact numbers.
func money(v float64, cur model.Currency, converted bool, lang string) string {
	return moneyAs(v, cur, converted, model.MoneyCell, lang)
}

// moneyAs formats an amount in a style; 0 is "unknown", a converted
// amount is marked "≈".
func moneyAs(v float64, cur model.Currency, converted bool, style model.MoneyStyle, lang string) string {
	s := model.FormatMoneyIn(v, cur, style, text.LangOf(lang) == text.ZH)
	if s == "" {
		return "unknown"
	}
	if converted {
		s = "≈" + s
	}
	return s
}

// perImageMoney formats the cost of one image: money's form from a
// tenth of the currency up, four decimals below it (images cost
// fractions of a cent; model.MoneyFine).
func perImageMoney(v float64, cur model.Currency, converted bool, lang string) string {
	return moneyAs(v, cur, converted, model.MoneyFine, lang)
}
