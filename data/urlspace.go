package data

import "strings"

// joinURLSpaces writes as %20 a raw space inside a URL of s: a space
// after a URL (http:// or https://) whose next word holds a '/' and does
// not open a remark or another URL goes on the URL's path, as in Tencent's
// qcloud-documents ".../product/<network>/GPU <servers>/<guide>/<prices>.md"
// (Chinese folder names, one with a space), a path the sources copy from
// a repository's file tree. Left raw, the space splits
// the URL where it is shown or wrapped, and a click opens the wrong page.
// "https://x/y (as quoted)" and "https://x ; https://y" are left as they
// are.
func joinURLSpaces(s string) string {
	if !strings.Contains(s, "://") || !strings.Contains(s, " ") {
		return s
	}
	var b strings.Builder
	inURL := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' && inURL && pathGoesOn(s[i+1:]):
			b.WriteString("%20")
			continue
		case c == ' ':
			inURL = false
		case strings.HasPrefix(s[i:], "http://") || strings.HasPrefix(s[i:], "https://"):
			inURL = true
		}
		b.WriteByte(c)
	}
	return b.String()
}

// pathGoesOn reports whether the word rest starts with continues a URL's
// path: it holds a '/', it is not a remark in brackets, a separator or
// another URL.
func pathGoesOn(rest string) bool {
	word, _, _ := strings.Cut(rest, " ")
	return word != "" && strings.Contains(word, "/") && !strings.ContainsAny(word[:1], "([;—") &&
		!strings.Contains(word, "://") && !strings.HasPrefix(word, "github.com/")
}
