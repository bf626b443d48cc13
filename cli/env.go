package cli

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"
)

// environ is what gpupick reads from the environment: read once, in Main,
// and passed down to the commands and the wizard.
type environ struct {
	locale     string // LC_ALL, else LC_MESSAGES, else LANG ("" when none is set)
	noColor    bool   // NO_COLOR is set to anything
	accessible bool   // ACCESSIBLE is set to other than "", "0" or "false"
	// columns is COLUMNS when it is a positive whole number (else 0: a
	// bad COLUMNS is ignored, not an error), terminal the width of the
	// terminal stdout is (0 when stdout is no terminal): width picks.
	columns, terminal int
	// flags is not the environment's: it is what a command's parseFlags
	// shares with cobra (commandFlags), carried to the run function with
	// the environment it already takes; nil outside the command tree.
	flags *commandFlags
	// preload is not the environment's either: the catalog Main started
	// loading for a command line that ranks (nil when none).
	preload *preload
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
	if n, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS"))); err == nil && n > 0 {
		e.columns = n
	}
	return e
}

// width is the display columns the text output fits: COLUMNS when set,
// else the terminal's, else defaultWidth.
func (e environ) width() int {
	switch {
	case e.columns > 0:
		return e.columns
	case e.terminal > 0:
		return e.terminal
	}
	return defaultWidth
}

// terminalWidth is the width of the terminal w writes to, 0 when w is no
// terminal.
func terminalWidth(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return 0
	}
	cols, _, err := term.GetSize(f.Fd())
	if err != nil || cols <= 0 {
		return 0
	}
	return cols
}
