package cli

import "github.com/gpupick/gpupick/model"

// money formats an amount in the display currency as the wizard's
// tables do (model.MoneyCell: "$2.49", "$1,234", "$10.5k"), so an amount
// reads the same in the CLI and the wizard; 0 is "unknown", a converted
// amount is marked "≈". The JSON keeps the exact numbers.
func money(v float64, cur model.Currency, converted bool) string {
	return moneyAs(v, cur, converted, model.MoneyCell)
}

// moneyAs formats an amount in a style; 0 is "unknown", a converted
// amount is marked "≈".
func moneyAs(v float64, cur model.Currency, converted bool, style model.MoneyStyle) string {
	s := model.FormatMoney(v, cur, style)
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
func perImageMoney(v float64, cur model.Currency, converted bool) string {
	return moneyAs(v, cur, converted, model.MoneyFine)
}
