package data

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// instanceName is an overlay's instance type: not empty, and free of
// what a reader cannot see (a space at either end, a zero-width or other
// format character, a space other than the plain one), since such a name
// looks like another offer's and is not.
type instanceName string

func (n *instanceName) UnmarshalText(b []byte) error {
	s := string(b)
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("must not be empty")
	}
	if msg := invisibleIn(s); msg != "" {
		return fmt.Errorf("%q %s: remove it (an instance type is the provider's name as it lists it, e.g. p5.48xlarge)", s, msg)
	}
	*n = instanceName(s)
	return nil
}

// invisibleIn says what in s a reader cannot see ("ends with a space",
// "holds the invisible character U+200B"), or "" when nothing.
func invisibleIn(s string) string {
	for i, r := range s {
		switch {
		case unicode.IsControl(r):
			return fmt.Sprintf("holds the control character %U", r)
		case r != ' ' && unicode.IsSpace(r), unicode.Is(unicode.Cf, r), r == unicode.ReplacementChar:
			return fmt.Sprintf("holds the invisible character %U", r)
		case r == ' ' && i == 0:
			return "starts with a space"
		case r == ' ' && i == len(s)-1:
			return "ends with a space"
		}
	}
	return ""
}

// offerName is the form offer names compare in: a provider's instance
// types differ by more than case, so P5.48XLARGE names p5.48xlarge.
func offerName(o *model.Offer) string { return strings.ToLower(o.Key()) }

// providerNames are the providers that have offers in cat, sorted.
func providerNames(cat *model.Catalog) []string {
	var out []string
	for i := range cat.Offers {
		if p := cat.Offers[i].Provider; !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// unknownProvider is the error of a provider key the catalog has no offer
// of: the known providers, the closest first.
func unknownProvider(cat *model.Catalog, prov string) error {
	known := providerNames(cat)
	msg := fmt.Sprintf("provider %q has no offer in the catalog (known providers: %s)", prov, strings.Join(known, ", "))
	if near := model.Closest(prov, known, 1); len(near) > 0 {
		msg += fmt.Sprintf("; did you mean %s?", near[0])
	}
	return fmt.Errorf("%s: use a known provider's key, or add %s's offers with [[offer]]", msg, prov)
}

// globSyntax is the pattern syntax an [[override]]'s instance_type takes.
const globSyntax = "a pattern takes * (any run of characters) and ? (one character), e.g. p5.*"

// checkGlob refuses an instance_type pattern with characters of other
// pattern syntaxes ([a-z], {a,b}, \*) that gpupick's patterns would read
// as plain characters, so that it would match nothing.
func checkGlob(pattern string) error {
	if i := strings.IndexAny(pattern, "[]{}\\"); i >= 0 {
		return fmt.Errorf("instance_type %q: %q is not pattern syntax (%s)", pattern, pattern[i], globSyntax)
	}
	return nil
}

// noMatch is the error of an [[override]] of a known provider that
// matches none of its offers: the provider's instance types closest to
// the pattern.
func noMatch(cat *model.Catalog, prov, pattern, gpu string) error {
	var names []string
	for i := range cat.Offers {
		if o := &cat.Offers[i]; o.Provider == prov {
			names = append(names, o.InstanceType)
		}
	}
	what := fmt.Sprintf("instance_type %q", pattern)
	if gpu != "" {
		what += fmt.Sprintf(" with gpu %q", gpu)
	}
	msg := fmt.Sprintf("%s matches no offer of provider %q", what, prov)
	if near := model.Closest(strings.Trim(pattern, "*?"), names, 3); len(near) > 0 {
		msg += fmt.Sprintf(" (closest instance types: %s; %s)", strings.Join(near, ", "), globSyntax)
	} else {
		msg += fmt.Sprintf(" (see gpupick catalog list --provider %s; %s)", prov, globSyntax)
	}
	return fmt.Errorf("%s", msg)
}

// tableLike says what a file that is not TOML looks like when its first
// line is a header of tab- or comma-separated columns ("the file looks
// like TSV (tab-separated columns), not TOML"), or "" when it does not.
func tableLike(b []byte) string {
	first, _, _ := strings.Cut(string(b), "\n")
	if strings.ContainsAny(first, "=[") {
		return ""
	}
	switch {
	case strings.Count(first, "\t") >= 1:
		return "the file looks like TSV (tab-separated columns), not TOML"
	case strings.Count(first, ",") >= 1:
		return "the file looks like CSV (comma-separated columns), not TOML"
	}
	return ""
}

// arrayExamples show an array for the overlay keys that hold one.
// Made on first use, not at start-up (issue 26).
var arrayExamples = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"regions": `["us-east-1"]`,
		"sources": `["https://example.com/pricing"]`,
		"aliases": `["Frankfurt am Main"]`,
	}
}}

// typeHint words the decoder's type error msg for the key (a dotted path)
// as what the key takes: an array key given one value is "must be an
// array, e.g. regions = ["us-east-1"]".
func typeHint(key, msg string) string {
	name := key[strings.LastIndex(key, ".")+1:]
	if strings.HasSuffix(msg, "destination has type slice") {
		ex := arrayExamples.Get()[name]
		if ex == "" {
			ex = `["…"]`
		}
		return fmt.Sprintf("must be an array, e.g. %s = %s (%s)", name, ex, msg)
	}
	return msg
}
