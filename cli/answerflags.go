package cli

import (
	"errors"
	"flag"
	"strings"

	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// answerFlag is one answer's flag (or an alias of it): it keeps the text as
// typed, for the registry to parse once every flag is known.
type answerFlag struct {
	spec *model.AnswerSpec
	as   string
	raw  string
	set  bool
	// again is the text of a second occurrence of a single-valued answer's
	// flag, which ApplyGiven refuses as given twice.
	again *string
}

func (f *answerFlag) String() string { return f.raw }

// Set keeps the text; the registry parses it. A list answer given twice
// (--provider aws --provider gcp) joins its values; any other answer given
// twice keeps both, for ApplyGiven to refuse (neither may silently win).
func (f *answerFlag) Set(s string) error {
	switch {
	case !f.set:
		f.raw, f.set = s, true
	case f.spec.List:
		f.raw += "," + s
	case f.again == nil:
		f.again = &s
	}
	return nil
}

// IsBoolFlag lets yes/no answers be given without a value (--interruptible).
func (f *answerFlag) IsBoolFlag() bool { return f.spec.Bool }

// answerFlags are the flags of every answer in the registry.
type answerFlags struct{ flags []*answerFlag }

// register adds a flag for every answer of the registry and its aliases.
func (af *answerFlags) register(fs *flag.FlagSet) {
	for _, s := range model.Registry() {
		s := model.Spec(s.ID)
		for i, name := range append([]string{s.Name}, s.Aliases...) {
			f := &answerFlag{spec: s, as: name}
			usage := ""
			if i == 0 {
				usage = flagHelpLazy(s.FlagUsageIn(text.EN), (*answerUsageZH)(s))
			} else {
				usage = flagHelp(tUseSameAs, s.Name)
			}
			fs.Var(f, name, usage)
			af.flags = append(af.flags, f)
		}
	}
}

// answerUsageZH is an answer's flag help in Chinese, made when it is
// asked for (flagHelpLazy).
type answerUsageZH model.AnswerSpec

func (s *answerUsageZH) String() string { return (*model.AnswerSpec)(s).FlagUsageIn(text.ZH) }

// given lists the answers given on the command line.
func (af *answerFlags) given() []model.Given {
	var out []model.Given
	for _, f := range af.flags {
		if f.set {
			out = append(out, model.Given{Spec: f.spec, As: f.as, Raw: f.raw})
		}
		if f.again != nil {
			out = append(out, model.Given{Spec: f.spec, As: f.as, Raw: *f.again})
		}
	}
	return out
}

// apply applies the answers given as flags onto a, parsed against env (the
// catalog's providers, regions and GPUs); the error names the flag.
func (af *answerFlags) apply(a *model.Answers, env *model.AnswerEnv) ([]text.Pair, error) {
	notes, err := model.ApplyGiven(a, af.given(), env)
	return notes, flagNamed(err)
}

// flagNamed turns an answer's *model.FieldError into one that names the
// flag ("--params").
func flagNamed(err error) error {
	var fe *model.FieldError
	if errors.As(err, &fe) && !strings.HasPrefix(fe.Field, "--") {
		c := *fe
		c.Field = "--" + fe.Field
		return &c
	}
	return err
}
