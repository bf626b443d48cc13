// Package cli is gpupick's command line: the wizard's start and the
// headless commands (recommend, catalog, models, export, plan, verify),
// their flags, their output and their exit codes. Main is its one entry
// point; main.go at the module's root calls it.
//
// One file per command holds its help, its flags and its run function
// (recommend.go, catalog.go and a file per catalog subcommand, models.go,
// export.go, plan.go, verify.go, wizard.go). A command reads top-down:
// runX parses the command line into xOptions, then a run function takes
// the parsed options and does the work. The helpers the commands share
// live in files named for what they hold: flags.go and answerflags.go (the
// flags), session.go (a catalog and answers made ready for the advisor),
// errors.go (the error lines and exit codes), table.go (the one table
// writer), text.go and words.go (every text in English and Chinese).
//
// Exit codes: 0 success, 1 a failure while running, 2 bad input (a flag, an
// answers file, an overlay or a URL; the message names it and the accepted
// forms), 3 nothing fits (recommend), 130 the wizard was left with ctrl+c
// before anything was saved.
package cli
