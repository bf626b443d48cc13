package cli

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// urlStartExpr is what urlStart finds, as a regular expression: the
// definition urlStart is held to (it was the code until issue 26 found it
// was most of the help's time).
var urlStartExpr = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/`)

// urlStartByExpr is urlStart worked out with urlStartExpr.
func urlStartByExpr(s string, from int) int {
	m := urlStartExpr.FindStringIndex(s[from:])
	if m == nil {
		return -1
	}
	return from + m[0]
}

// TestURLStartIsTheExpression checks urlStart against the regular
// expression it stands for: the cases a URL's start turns on, then random
// texts over the bytes that matter.
func TestURLStartIsTheExpression(t *testing.T) {
	cases := []string{
		"", "/", "://", "a://", "1a://b", "+a://", "see https://example.com/x.", "(https://a.b/c)",
		"github.com/owner/repo", "a.b/", "a.bc/", "a.b1/", ".ab.cd/", "..ab.cd/", "a..b.cd/", "a..cd/",
		"x-y.z-w.org/p", "-a.io/", "a.io.//", "foo.bar:8080/", "s3://bucket/k", "go.dev", "go.dev/doc",
		"见 https://cloud.tencent.com/document/product", "ab://cd.ef/gh", "a.b.c.de/ and f://", "1.2.3.4/x",
		"…doc.aws.amazon.com/ec2/", "A+b.c-d://", "h:/", "a:/b", "a:x//", "aws.AMAZON.COM/",
	}
	for _, s := range cases {
		for from := 0; from <= len(s); from++ {
			if got, want := urlStart(s, from), urlStartByExpr(s, from); got != want {
				t.Errorf("urlStart(%q, %d) = %d, the expression finds %d", s, from, got, want)
			}
		}
	}
	const alphabet = "ab9-.+:/ Z"
	rng := rand.New(rand.NewPCG(26, 1))
	buf := make([]byte, 0, 24)
	for range 100000 {
		buf = buf[:0]
		for range rng.IntN(24) {
			buf = append(buf, alphabet[rng.IntN(len(alphabet))])
		}
		s := string(buf)
		from := rng.IntN(len(s) + 1)
		if got, want := urlStart(s, from), urlStartByExpr(s, from); got != want {
			t.Fatalf("urlStart(%q, %d) = %d, the expression finds %d", s, from, got, want)
		}
	}
}

// FuzzURLStart holds urlStart to the regular expression on any text.
func FuzzURLStart(f *testing.F) {
	f.Add("see https://example.com/x and github.com/a/b", 0)
	f.Add("a..b.cd/ x.yz/", 3)
	f.Fuzz(func(t *testing.T, s string, from int) {
		if from < 0 || from > len(s) {
			return
		}
		if got, want := urlStart(s, from), urlStartByExpr(s, from); got != want {
			t.Fatalf("urlStart(%q, %d) = %d, the expression finds %d", s, from, got, want)
		}
	})
}
