// Package cli is gpupick's command line: the wizard's start and the
// headless commands (recommend, catalog, models, export, plan, verify),
// their flags, their output and their exit codes. Main is its one entry
// point; main.go at the module's root calls it.
//
// One file per command holds its help, its flags and its run function
// (recommend.go, catalog.go and a file per catalog subcommand, models.go,
// export.go, plan.go, verify.go, wizard.go). A command reads top-down:
// runX declares its flags in a std flag.FlagSet and parses the command
// line into xOptions (parseFlags), then a run function takes the parsed
// options and does the work. The command tree is cobra's (commands.go),
// its help laid out in fang's sections and colours (help.go): cobra parses
// the flags each runX declares (cobraflags.go: the adapter, the flag
// errors in the project's words), completes their values (complete.go),
// and adds help, completion, man and --version (version.go). The helpers the commands share
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
