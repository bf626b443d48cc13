package model

// costAnswers are the registry's entries for the money: the display currency, the budget, and the data stored and sent that the total prices.
var costAnswers = []AnswerSpec{
	{
		ID: AnsCurrency, Name: "currency", Key: "currency", Forms: FormsCurrency, Usage: "display currency: USD or CNY",
		Choices:   []string{string(USD), string(CNY)},
		Questions: []Question{{Key: "currency", Section: SectionScale, Pos: 60, Kind: AskChoice}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Currency, err = ParseCurrency(raw)
			return err
		},
		Format: func(a *Answers) string { return string(a.Currency) },
		check:  func(a *Answers) error { return oneOf(a.Currency, true, []Currency{USD, CNY}, FormsCurrency) },
	},
	{
		ID: AnsBudget, Name: "budget", Key: "budget", Forms: FormsBudget, Blank: BlankNone,
		Usage:     "spending cap, e.g. 2.5/h, 3000/mo, 500 (total), ¥20/h",
		Questions: []Question{{Key: "budget", Section: SectionBudget, Pos: 10, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.Budget, err = ParseBudget(raw, a.Currency)
			return err
		},
		clear:  func(a *Answers) { a.Budget = Budget{} },
		Format: func(a *Answers) string { return a.Budget.String() },
		check: func(a *Answers) error {
			if err := inRange(a.Budget.Amount, 1e-9, 1e12, "give a positive amount such as 2.5/h, 3000/mo or 500"); err != nil {
				return err
			}
			if a.Budget.Amount < 0 {
				return newErr("", echoNumber(a.Budget.Amount), ReasonRange, tx("negative budget"), tx("give a positive amount such as 2.5/h, 3000/mo or 500"))
			}
			if err := oneOf(a.Budget.Period, true, []BudgetPeriod{BudgetHourly, BudgetMonthly, BudgetTotal}, "hour, month or total"); err != nil {
				return err
			}
			return oneOf(a.Budget.Currency, true, []Currency{USD, CNY}, FormsCurrency)
		},
	},
	{
		ID: AnsData, Name: "data", Key: "data_gb", Forms: FormsSize + ", or blank for none", Blank: BlankNone,
		Usage:     "data and checkpoints stored during the run, e.g. 500GB",
		Questions: []Question{{Key: "data", Section: SectionData, Pos: 10, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.DataGB, err = ParseSize("data", raw)
			return err
		},
		clear:  func(a *Answers) { a.DataGB = 0 },
		Format: func(a *Answers) string { return FormatSize(a.DataGB) },
		check:  func(a *Answers) error { return inRange(a.DataGB, 0, 1e9, "give a size from 0 to 1000PB") },
	},
	{
		ID: AnsEgress, Name: "egress", Key: "egress_gb", Forms: FormsSize + ", or blank for none", Blank: BlankNone,
		Usage:     "data sent to the internet over the run, e.g. 2TB",
		Questions: []Question{{Key: "egress", Section: SectionData, Pos: 20, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.EgressGB, err = ParseSize("egress", raw)
			return err
		},
		clear:  func(a *Answers) { a.EgressGB = 0 },
		Format: func(a *Answers) string { return FormatSize(a.EgressGB) },
		check:  func(a *Answers) error { return inRange(a.EgressGB, 0, 1e9, "give a size from 0 to 1000PB") },
	},
	{
		ID: AnsRunCommand, Name: "run-command", Key: "run_command", Forms: FormsRunCommand, Blank: BlankDefault,
		Usage:     "the command the launch export runs instead of the workload's standard one (vllm serve, torchtune, Megatron-LM), e.g. 'python train.py'",
		Questions: []Question{{Key: "run-command", Section: SectionData, Pos: 30, Kind: AskText}},
		parse: func(raw string, a *Answers, _ *AnswerEnv) (err error) {
			a.RunCommand, err = ParseRunCommand(raw)
			return err
		},
		clear:  func(a *Answers) { a.RunCommand = "" },
		Format: func(a *Answers) string { return a.RunCommand },
		check: func(a *Answers) error {
			_, err := ParseRunCommand(a.RunCommand)
			return err
		},
	},
}
