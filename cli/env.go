package cli

import "strings"

// environ is what gpupick reads from the environment: read once, in Main,
// and passed down to the commands and the wizard.
type environ struct {
	locale     string // LC_ALL, else LC_MESSAGES, else LANG ("" when none is set)
	noColor    bool   // NO_COLOR is set to anything
	accessible bool   // ACCESSIBLE is set to other than "", "0" or "false"
	// flags is not the environment's: it is what a command's parseFlags
	// shares with cobra (commandFlags), carried to the run function with
	// the environment it already takes; nil outside the command tree.
	flags *commandFlags
}

// readEnviron reads the environment through getenv.
func readEnviron(getenv func(string) string) environ {
	var e environ
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := getenv(v); s != "" {
			e.locale = s
			break
		}
	}
	e.noColor = getenv("NO_COLOR") != ""
	v := strings.ToLower(strings.TrimSpace(getenv("ACCESSIBLE")))
	e.accessible = v != "" && v != "0" && v != "false"
	return e
}
