// Command gpupick tells you which cloud GPU instance to rent for a workload,
// on which price model, what the whole run will cost, and what will bite
// you. Without a subcommand it opens the wizard; `gpupick recommend` runs
// the same advisor headless for scripts. The commands are package cli's.
package main

import (
	"os"

	"github.com/gpupick/gpupick/cli"
)

// version is set at build time with -ldflags "-X main.version=..."; left
// at dev, the build info gives the version (cli.Version).
var version = "dev"

func main() {
	cli.Version = version
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
