package cli

import (
	"errors"
	"flag"
	"reflect"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A command's flags are registered once, in its std flag.FlagSet, by its
// run function (runRecommend, catalogList, ...), up to its call of
// parseFlags; cobra parses them. commandFlags is what parseFlags shares
// with cobra for one command (environ.flags):
//
//   - declaring: the command tree is being built; the run function is
//     called with no arguments, and parseFlags hands its flag set to
//     cobra (attachFlags) and stops the run function before it does
//     anything.
//   - running: cobra has parsed the command line into the declared
//     flags' values, recording each value it set, in order; the run
//     function is called again with cobra's positional arguments, and
//     parseFlags sets the same values on the new flag set, so the run
//     function reads its options exactly as std flag's parsing left them.
type commandFlags struct {
	declaring bool
	fs        *flag.FlagSet // the flag set declared
	help      cliMsg        // the command's help text, as the run function gives it
	sets      []flagSetting // the values cobra set, in order
}

// flagSetting is one value cobra set on a flag: --name value.
type flagSetting struct{ name, value string }

// recordedValue is a declared flag's value as cobra sees it: Set parses
// the value as the std flag would and records it for the run; Type is the
// name pflag gives a std flag's value (pflagType).
type recordedValue struct {
	flag.Value
	name string
	into *commandFlags
}

// Type is the value's type as pflag names it, worked out when asked:
// pflag and cobra ask only for a flag's usage text or a shell's
// completion, never as they parse, so a run declares its tens of flags
// without reading their types' names (issue 26).
func (v *recordedValue) Type() string { return pflagType(v.Value) }

// pflagType is the type pflag's adapter of a std flag (PFlagFromGoFlag)
// gives its value: the value's own when it is a pflag.Value, else the
// name of its type without "Value" (stringValue: string).
func pflagType(v flag.Value) string {
	if pv, ok := v.(pflag.Value); ok {
		return pv.Type()
	}
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Interface || t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.TrimSuffix(t.Name(), "Value")
}

// Set sets the value, and records it once it is accepted.
func (v *recordedValue) Set(s string) error {
	if err := v.Value.Set(s); err != nil {
		return err
	}
	v.into.sets = append(v.into.sets, flagSetting{v.name, s})
	return nil
}

// attachFlags adds the flags of fs to cmd (as pflag's adapter of a std
// flag, PFlagFromGoFlag, makes them, its value recording what cobra sets
// into cf: one value rather than the adapter's wrapped in a recorder,
// issue 26), their help in lang (flagHelpIn).
func attachFlags(cmd *cobra.Command, fs *flag.FlagSet, cf *commandFlags, lang string) {
	// The flags and their values, each kind in one allocation: a command
	// declares tens of flags, the root about sixty (issue 26).
	var flags []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
	pfs, vals := make([]pflag.Flag, len(flags)), make([]recordedValue, len(flags))
	for i, f := range flags {
		vals[i] = recordedValue{Value: f.Value, name: f.Name, into: cf}
		pf := &pfs[i]
		*pf = pflag.Flag{
			Name:     f.Name,                                                 // every flag is long, without a shorthand: -x is not --x
			Usage:    strings.ReplaceAll(flagHelpIn(f.Usage, lang), "`", ""), // std flag's `NAME` marks: the help shows the word
			Value:    &vals[i],
			DefValue: f.Value.String(), // the value's text, as PFlagFromGoFlag (not f.DefValue)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			pf.NoOptDefVal = "true"
		}
		cmd.Flags().AddFlag(pf)
	}
}

// replay sets on fs, in order, the values cobra set on the declared flags,
// and gives fs the positional arguments args.
func (cf *commandFlags) replay(fs *flag.FlagSet, args []string) error {
	for _, s := range cf.sets {
		if err := fs.Set(s.name, s.value); err != nil {
			return err // the same parser accepted it as cobra parsed: not reached
		}
	}
	return fs.Parse(append([]string{"--"}, args...))
}

// usageError is a command line cobra refused (a flag or an argument): the
// one error line of cmd ("" the wizard's), in the language of the command
// line; the exit code is 2.
type usageError struct {
	cmd, msg string
}

func (e *usageError) Error() string { return e.msg }

// commandName is cmd's path without the program's name ("catalog list";
// "" for the root, the wizard).
func commandName(cmd *cobra.Command) string {
	name := cmd.CommandPath()
	if i := strings.IndexByte(name, ' '); i >= 0 {
		return name[i+1:]
	}
	return ""
}

// seeHelp is msg followed by where the help of cmd is, in lang.
func seeHelp(lang, cmd, msg string) string {
	s := tf(tErrSeeHelp, lang, msg, cmd)
	return strings.Replace(s, "gpupick  --help", "gpupick --help", 1)
}

// flagError is cobra's (pflag's) error on a command line in lang, as the
// project words it: an unknown flag, a flag without its value, a value the
// flag does not read, a flag spelled wrong, each naming the flag as --name.
func flagError(lang string) func(*cobra.Command, error) error {
	return func(cmd *cobra.Command, err error) error {
		name := commandName(cmd)
		return &usageError{cmd: name, msg: seeHelp(lang, name, pflagErrorText(err, lang))}
	}
}

// pflagErrorText words a pflag error in lang.
func pflagErrorText(err error, lang string) string {
	var (
		notExist *pflag.NotExistError
		noValue  *pflag.ValueRequiredError
		badValue *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		name := notExist.GetSpecifiedName()
		if name == "" {
			name = notExist.GetSpecifiedShortnames()
		}
		return tf(tErrUnknownFlag, lang, echo(name))
	case errors.As(err, &noValue):
		return tf(tErrNeedsValue, lang, noValue.GetFlag().Name)
	case errors.As(err, &badValue):
		f := badValue.GetFlag()
		var refused *flagRefusal
		if errors.As(err, &refused) {
			return refused.text(lang)
		}
		why := ""
		if cause := errors.Unwrap(badValue); cause != nil {
			why = cause.Error() // the value's own refusal
		}
		return tf(tErrFlagBadValue, lang, f.Name, echo(badValue.GetValue()), why)
	case errors.As(err, &syntax):
		return tf(tErrFlagSyntax, lang, echo(syntax.GetSpecifiedFlag()))
	}
	return echo(err.Error())
}

// longDashes spells the single-dash long flags of args (-top 5, -json, as
// std flag read them and the README once showed) with two dashes, which is
// how pflag reads a long flag: -x for a flag of the command args run is
// --x. Values and what follows -- are kept as typed.
func longDashes(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil {
		return args
	}
	lookup := func(name string) *pflag.Flag {
		if name == "help" || name == "version" && cmd == root {
			return &pflag.Flag{Name: name, NoOptDefVal: "true"}
		}
		return cmd.Flags().Lookup(name)
	}
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if strings.HasPrefix(a, "-") && len(a) > 2 {
			long := strings.HasPrefix(a, "--")
			name, _, hasValue := strings.Cut(strings.TrimPrefix(a, "-"), "=")
			if long {
				name = name[1:]
			}
			if f := lookup(name); f != nil {
				if !long {
					a = "-" + a
				}
				if !hasValue && f.NoOptDefVal == "" && i+1 < len(args) {
					out = append(out, a)
					i++
					a = args[i] // the flag's value, as typed
				}
			}
		}
		out = append(out, a)
	}
	return out
}
