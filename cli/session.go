package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/data"
	"github.com/gpupick/gpupick/model"
	"github.com/gpupick/gpupick/model/text"
)

// sessionFlags are the flags a session starts from (the wizard's and
// recommend's): --catalog, --lang and every answer's flag.
type sessionFlags struct {
	common  commonFlags
	answers answerFlags
}

// register adds the flags to fs.
func (f *sessionFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	f.answers.register(fs)
}

// session is what a run starts from: the language, the catalog and what
// the user must be told about it, the answers (a record's, then the
// flags'), the notes on what the flags imply, and a loaded record's choice.
type session struct {
	lang    string
	cat     *model.Catalog
	eng     *advisor.Engine  // the catalog's engine, its index built from the moment the catalog loads
	env     *model.AnswerEnv // the catalog's providers, regions and GPUs for the answers' parsers
	notices []string
	answers model.Answers
	notes   []text.Pair
	choice  *model.Recommendation
}

// prepare resolves the language, loads the catalog, starts from a record
// (file, given with the flag flagName) or the defaults (in yuan for the
// Chinese UI), applies the answer flags and validates the answers once, at
// the edge. On error it returns the exit code and the message.
func prepare(common *commonFlags, af answerFlags, flagName, file string) (session, int, string) {
	var s session
	var err error
	if s.lang, err = common.language(); err != nil {
		return s, exitUsage, err.Error()
	}
	// The index is built while the answers are read and checked (and, for
	// the wizard, while the terminal starts); the first ranking waits for it.
	if s.cat, s.eng, s.notices, err = common.loadEngine(); err != nil {
		return s, exitCode(err), catalogError(err, s.lang)
	}
	s.answers = model.DefaultAnswers()
	if s.lang == "zh" {
		s.answers.Currency = model.CNY
	}
	if file != "" {
		rec, err := data.ReadRecord(file)
		if err != nil {
			return s, exitUsage, tf(tErrRecord, s.lang, flagName, answerErrText(err, s.lang))
		}
		s.answers, s.choice = rec.Answers, rec.Choice
	}
	s.env = model.NewAnswerEnv(s.cat, advisor.MatchGPU) // its name sets are built only when an answer names a provider, region or GPU
	s.env.ReadModelConfig = data.ReadModelConfig        // --model-config
	if s.notes, err = af.apply(&s.answers, s.env); err != nil {
		return s, exitUsage, tf(tErrAnswer, s.lang, answerErrText(err, s.lang))
	}
	if err := validateAnswers(&s.answers, s.env, flagName, file, af); err != nil {
		return s, exitUsage, tf(tErrAnswer, s.lang, answerErrText(err, s.lang))
	}
	return s, exitOK, ""
}

// validateAnswers normalises and checks the answers once, at the edge, so
// the advisor receives valid answers. A problem is named by the flag when
// the flag was given, else by the record key of the answers file.
func validateAnswers(a *model.Answers, env *model.AnswerEnv, flagName, file string, af answerFlags) error {
	a.Normalize()
	err := a.ValidateWith(env)
	if err == nil {
		return nil
	}
	var fe *model.FieldError
	if errors.As(err, &fe) && file != "" {
		if s, ok := model.SpecByName(fe.Field); ok {
			given := false
			for _, g := range af.given() {
				given = given || g.Spec.ID == s.ID
			}
			if !given {
				c := *fe
				c.Field = "[answers] " + s.Key
				return fmt.Errorf("--%s %s: %w", flagName, echo(file), &c)
			}
		}
	}
	return flagNamed(err)
}
