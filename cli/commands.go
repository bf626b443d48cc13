package cli

import (
	"io"
	"slices"
	"strings"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// runFunc is a command's run function: it declares its flags, parses the
// command line (parseFlags) and runs; it returns the exit code.
type runFunc func(args []string, env environ, stdout, stderr io.Writer) int

// tree is gpupick's command tree for one run of Main: cobra's commands,
// each with the flags its run function declares, and what the run needs
// (the environment, the language of the command line, stdin, stdout and
// stderr).
type tree struct {
	root   *cobra.Command
	env    environ
	lang   string
	stdin  io.Reader
	stdout io.Writer // the terminal's stdout, for the wizard
	out    *output   // stdout, checked, for every other command
	stderr io.Writer
	ran    string // the command that ran ("" the wizard, or none)
	wizard bool   // the wizard ran
	code   int    // its exit code

	refused    error // the command line's or the command's error (refuse)
	completing bool  // the run answers a shell's completion (__complete)
	whole      bool  // the run shows or completes every command (wholeTree)

	declarable []*cobra.Command          // the tree's own commands (not cobra's help and completion): own
	declarers  map[*cobra.Command]func() // how each not yet declared declares its flags and help
	args       []string                  // the command line as cobra reads it (longDashes)
}

// newTree builds the command tree: the root opens the wizard, and one
// command per headless command; completion (cobra's), help and --version.
func newTree(args []string, env environ, lang string, stdin io.Reader, stdout, stderr io.Writer) *tree {
	t := &tree{env: env, lang: lang, stdin: stdin, stdout: stdout, out: &output{w: stdout}, stderr: stderr,
		declarers: map[*cobra.Command]func(){}}
	wizard := func(a []string, env environ, _, stderr io.Writer) int {
		return runWizard(a, env, t.stdin, t.stdout, stderr)
	}
	t.root = t.command("gpupick", tCmdWizard, wizard)
	// --version is the root's own flag, read here rather than by cobra
	// (root.Version): cobra prints a version through a template (text/
	// template), and a reachable template keeps every exported method of
	// every type in the binary (the linker cannot tell which a template
	// calls): 5 MB more text, slower to start. Cobra would print it at the
	// same point: after --help, before the command line's arguments are
	// looked at (the root takes any).
	run := t.root.RunE
	t.root.RunE = func(c *cobra.Command, a []string) error {
		if v, _ := c.Flags().GetBool("version"); v {
			_, err := io.WriteString(c.OutOrStdout(), "gpupick "+toolVersion.Get()+"\n")
			return err
		}
		if len(a) > 0 && len(args) > 0 && a[0] == args[0] {
			// gpupick recomend: not a command (the wizard takes no argument).
			return &usageError{msg: tf(tErrUnknownCmd, lang, echo(a[0]))}
		}
		t.wizard = true
		return run(c, a)
	}
	catalog := &cobra.Command{
		Use:   "catalog",
		Short: tCmdCatalog.in(lang),
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, a []string) error {
			if len(a) == 1 && a[0] == "help" {
				return c.Help()
			}
			t.ran = "catalog"
			t.code = runCatalog(a, t.env, t.out, t.stderr)
			return nil
		},
	}
	setHelp(catalog, tLongCatalog, lang)
	langFlagOnly(catalog, lang)
	catalog.AddCommand(
		t.command("list", tCmdCatalogList, catalogList),
		t.command("show INSTANCE", tCmdCatalogShow, catalogShow),
		t.command("stats", tCmdCatalogStats, catalogStats),
		t.command("import", tCmdCatalogImport, catalogImport),
		t.command("update", tCmdCatalogUpdate, catalogUpdate),
	)
	t.root.AddCommand(
		t.command("recommend", tCmdRecommend, runRecommend),
		catalog,
		t.command("models", tCmdModels, runModels),
		t.command("export FILE.toml", tCmdExport, runExport),
		t.command("plan FILE.toml", tCmdPlan, runPlan),
		t.command("verify FILE.toml", tCmdVerify, runVerify),
		t.versionCommand(),
		t.manCommand(),
	)
	t.root.Flags().BoolP("version", "v", false, tFlagVersion.in(lang))
	t.own(t.root)
	flagErr := flagError(lang)
	t.root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return t.refuse(flagErr(c, err)) })
	t.refuseErrors(t.root)
	t.root.SilenceUsage, t.root.SilenceErrors = true, true // Main reports an error
	t.root.SetHelpFunc(t.help)
	t.root.SetOut(t.out)
	t.root.SetErr(stderr)
	t.root.SetIn(stdin)
	if t.declareFor(args) {
		t.cobraCommands() // after SetOut: completion writes its scripts where cobra's out was
	} else {
		// Neither is on the way to the command that runs, nor listed by
		// a help: cobra adds its help command as it runs (in English,
		// never shown), and no completion command (issue 26).
		t.root.CompletionOptions.DisableDefaultCmd = true
	}
	t.root.SetArgs(t.args)
	return t
}

// own makes cmd and the commands under it the tree's own, declarable: a
// command without a run function (catalog, version, man) declares only
// its -h. Cobra's help and completion commands, added after, are not.
func (t *tree) own(cmd *cobra.Command) {
	if _, ok := t.declarers[cmd]; !ok {
		t.declarable = append(t.declarable, cmd)
		t.declarers[cmd] = func() {}
	}
	for _, sub := range cmd.Commands() {
		t.own(sub)
	}
}

// refuseErrors has cmd and its subcommands keep their errors for Main to
// report (refuse).
func (t *tree) refuseErrors(cmd *cobra.Command) {
	if run := cmd.RunE; run != nil {
		cmd.RunE = func(c *cobra.Command, args []string) error {
			if err := run(c, args); err != nil {
				return t.refuse(err)
			}
			return nil
		}
	}
	for _, sub := range cmd.Commands() {
		t.refuseErrors(sub)
	}
}

// wholeTree reports whether arg is a command that shows or completes
// every command's flags and help: each command's flags are declared when
// one of them is on the command line.
func wholeTree(arg string) bool {
	switch arg {
	case "help", "man", "completion", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
		return true
	}
	return false
}

// declareFor declares the flags and help of the command args run (and
// the root's, which cobra reads to find the command past a flag before
// it, unless args start with a command's name), or of every command when
// args show or complete them all (wholeTree); the flags' value
// completions only for a shell's completion. Declaring a command calls
// its run function once; a run of Main declares only what it needs
// (issue 26: the whole tree cost every run about 3 ms, the wizard's
// flags a headless command about 0.2 ms). The commands cobra passes on
// the way to the one it runs get their -h (helpAlong). It sets t.args,
// the command line as cobra reads it (longDashes), and reports whether
// the run needs cobra's help and completion commands: the whole tree's
// runs, and the root's, whose help lists them.
func (t *tree) declareFor(args []string) bool {
	whole := false
	for _, a := range args {
		if a == "--" {
			break
		}
		whole = whole || wholeTree(a)
		t.completing = t.completing || a == cobra.ShellCompRequestCmd || a == cobra.ShellCompNoDescRequestCmd
	}
	if t.whole = whole; whole {
		t.declareAll()
		t.args = longDashes(t.root, args)
		return true
	}
	if len(args) == 0 || !t.isCommand(args[0]) {
		t.declare(t.root)
	}
	cmd, err := t.helpAlong(args)
	if err == nil {
		t.declare(cmd)
	}
	t.args = longDashes(t.root, args)
	if !slices.Equal(t.args, args) {
		cmd, _ = t.helpAlong(t.args)
	}
	return cmd == t.root
}

// helpAlong gives its -h to each command on the way cobra goes for args:
// cobra finds a command by its words, past the flags before them, which
// it tells from their values by the flags each command on the way
// declares (Command.Find: -h is no flag of a command without it, and
// takes the word after it for its value). Each command given its -h may
// change the way, so it is found again until it stays the same: the way
// every command with its -h gives. It returns Find's answer then.
func (t *tree) helpAlong(args []string) (*cobra.Command, error) {
	for {
		cmd, _, err := t.root.Find(args)
		given := false
		for c := cmd; c != nil; c = c.Parent() {
			given = t.giveHelp(c) || given
		}
		if !given {
			return cmd, err
		}
	}
}

// giveHelp gives cmd, one of the tree's own commands, its -h, --help in
// the tree's language, once (cobra gives a command without one an English
// one as it runs it); it reports whether it did.
func (t *tree) giveHelp(cmd *cobra.Command) bool {
	if !slices.Contains(t.declarable, cmd) || cmd.Flags().Lookup("help") != nil {
		return false
	}
	cmd.Flags().BoolP("help", "h", false, tf(tFlagHelp, t.lang, cmd.Name()))
	return true
}

// isCommand reports whether name is one of the root's commands (or an
// alias of one).
func (t *tree) isCommand(name string) bool {
	for _, c := range t.root.Commands() {
		if c.Name() == name || slices.Contains(c.Aliases, name) {
			return true
		}
	}
	return false
}

// declare declares cmd's flags and help, once, its -h first.
func (t *tree) declare(cmd *cobra.Command) {
	if d, ok := t.declarers[cmd]; ok {
		delete(t.declarers, cmd)
		t.giveHelp(cmd)
		d()
	}
}

// declareAll declares every command's flags and help.
func (t *tree) declareAll() {
	for _, cmd := range t.declarable {
		t.declare(cmd)
	}
	if !t.whole {
		t.whole = true
		t.wordCobraCommands() // the cobra commands added already, worded for one command
	}
}

// command is the cobra command of a run function: its flags are the ones
// run declares (a call while declaring, parseFlags; made when the tree
// declares the command, declareFor), their values filled by cobra and
// handed to run when the command runs.
func (t *tree) command(use string, short cliMsg, run runFunc) *cobra.Command {
	cf := &commandFlags{declaring: true}
	env := t.env
	env.flags = cf
	cmd := &cobra.Command{Use: use, Short: short.in(t.lang), Args: cobra.ArbitraryArgs}
	t.declarable = append(t.declarable, cmd)
	t.declarers[cmd] = func() {
		run(nil, env, io.Discard, io.Discard)
		setHelp(cmd, cf.help, t.lang)
		if cf.fs != nil {
			attachFlags(cmd, cf.fs, cf, t.lang)
			if t.completing {
				registerCompletions(cmd)
			}
		}
	}
	cmd.RunE = func(c *cobra.Command, args []string) error {
		cf.declaring = false
		t.ran = commandName(c)
		t.code = run(args, env, t.out, t.stderr)
		return nil
	}
	return cmd
}

// cobraCommands adds cobra's help and completion commands to the root now
// rather than when the tree runs (cobra then keeps them), with their help
// and completion's --no-descriptions in the tree's language; their -h is
// cobra's, added as one of them runs (the help words it: cobraHelpFlag).
func (t *tree) cobraCommands() {
	t.root.InitDefaultHelpCmd()
	t.root.InitDefaultCompletionCmd()
	t.wordCobraCommands()
}

// wordCobraCommands words cobra's help and completion commands in the
// tree's language: their one-line helps, which the root's help lists, and
// for a run of the whole tree, the only one that shows more of them, their
// long helps and the shells' commands (issue 26).
func (t *tree) wordCobraCommands() {
	name := t.root.Name()
	shells := map[string]cliMsg{"bash": tLongCompletionBash, "zsh": tLongCompletionZsh,
		"fish": tLongCompletionFish, "powershell": tLongCompletionPowershell}
	for _, c := range t.root.Commands() {
		switch c.Name() {
		case "help":
			c.Short = tCmdHelp.in(t.lang)
			if t.whole {
				c.Long = tf(tLongHelp, t.lang, name)
			}
		case "completion":
			c.Short = tCmdCompletion.in(t.lang)
			if !t.whole {
				continue
			}
			c.Long = tf(tLongCompletion, t.lang, name)
			for _, sh := range c.Commands() {
				if long, ok := shells[sh.Name()]; ok {
					sh.Short, sh.Long = tf(tCmdCompletionShell, t.lang, sh.Name()), tf(long, t.lang, name)
				}
				if f := sh.Flags().Lookup("no-descriptions"); f != nil {
					f.Usage = tUseNoDescriptions.in(t.lang)
				}
			}
		}
	}
}

// langFlagOnly gives cmd, which has no flags of its own, the --lang of
// every command (the tree's language already reads it from the command
// line), its help in lang.
func langFlagOnly(cmd *cobra.Command, lang string) {
	cmd.Flags().String("lang", "", tUseLangMessages.in(lang))
}

// versionCommand is `gpupick version`, the same as --version.
func (t *tree) versionCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "version",
		Short: tCmdVersion.in(t.lang),
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return &usageError{cmd: "version", msg: tf(tErrUnexpectedArg, t.lang, echo(args[0]))}
			}
			t.ran = "version"
			_, err := io.WriteString(t.out, "gpupick "+toolVersion.Get()+"\n")
			return err
		},
	}
	langFlagOnly(cmd, t.lang)
	return cmd
}

// manCommand is `gpupick man`: the man page of the whole tree, in roff, on
// stdout (man -l <(gpupick man)).
func (t *tree) manCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: tCmdMan.in(t.lang),
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			unwrapLong(c.Root())
			page, err := mango.NewManPage(1, c.Root())
			if err != nil {
				return err
			}
			t.ran = "man"
			_, err = io.WriteString(t.out, page.Build(roff.NewDocument()))
			return err
		},
	}
}

// unwrapLong joins the lines of each paragraph of the long help of cmd
// and its subcommands, for the man page, which makes a paragraph of each
// line (man fills the lines itself).
func unwrapLong(cmd *cobra.Command) {
	paras := strings.Split(cmd.Long, "\n\n")
	for i, p := range paras {
		paras[i] = strings.ReplaceAll(p, "\n", " ")
	}
	cmd.Long = strings.Join(paras, "\n")
	for _, sub := range cmd.Commands() {
		unwrapLong(sub)
	}
}

// setHelp fills cmd's long help and examples from a command's help text
// (tLongRecommend, tLongCatalog, ...): its paragraphs in lang, without the
// usage lines (cobra writes them from the command and its flags) and the
// trailing "Flags:" heading; the English text's "Examples:" paragraph
// becomes the examples (commands to type: the same in every language).
func setHelp(cmd *cobra.Command, m cliMsg, lang string) {
	for _, p := range strings.Split(strings.TrimSpace(m.in("en")), "\n\n") {
		if first, rest, _ := strings.Cut(p, "\n"); first == "Examples:" {
			cmd.Example = rest
		}
	}
	var long []string
	for _, p := range strings.Split(strings.TrimSpace(m.in(lang)), "\n\n") {
		if first, _, _ := strings.Cut(p, "\n"); strings.HasPrefix(first, "Usage") || first == "Examples:" {
			continue
		}
		if lines := strings.Split(p, "\n"); strings.HasSuffix(lines[len(lines)-1], "lags:") {
			p = strings.Join(lines[:len(lines)-1], "\n")
		}
		if p != "" {
			long = append(long, p)
		}
	}
	cmd.Long = strings.Join(long, "\n\n")
}
