package data

import (
	"strings"
	"testing"
)

func TestJoinURLSpaces(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://github.com/tencentyun/qcloud-documents/blob/8ec0729/product/计算与网络/GPU 云服务器/购买指导/价格总览.md",
			"https://github.com/tencentyun/qcloud-documents/blob/8ec0729/product/计算与网络/GPU%20云服务器/购买指导/价格总览.md"},
		{"a — https://x.org/a b/c d/e.md ; https://y.org/p", "a — https://x.org/a%20b/c%20d/e.md ; https://y.org/p"},
		{"https://aws.amazon.com/ec2/pricing/ (as quoted in public notes)", "https://aws.amazon.com/ec2/pricing/ (as quoted in public notes)"},
		{"https://x.org/a ; https://y.org/b", "https://x.org/a ; https://y.org/b"},
		{"https://x.org/a https://y.org/b", "https://x.org/a https://y.org/b"},
		{"https://x.org/a and/or more", "https://x.org/a%20and/or more"},
		{"https://developer.aliyun.com/article/1697257 as quoted in a third-party note", "https://developer.aliyun.com/article/1697257 as quoted in a third-party note"},
		{"https://x.org/a ; github.com/czh/autodl changelog", "https://x.org/a ; github.com/czh/autodl changelog"},
		{"no url here / at all", "no url here / at all"},
		{"", ""},
	} {
		if got := joinURLSpaces(tc.in); got != tc.want {
			t.Errorf("joinURLSpaces(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzJoinURLSpaces(f *testing.F) {
	f.Add("https://x.org/a b/c (note)")
	f.Add("see https://x.org/a b/c ; https://y/z")
	f.Fuzz(func(t *testing.T, s string) {
		got := joinURLSpaces(s)
		// Only spaces change, each into %20; nothing else is touched.
		if strings.ReplaceAll(got, "%20", " ") != strings.ReplaceAll(s, "%20", " ") {
			t.Fatalf("joinURLSpaces(%q) = %q changed more than spaces", s, got)
		}
		if again := joinURLSpaces(got); again != got {
			t.Fatalf("not stable: %q then %q", got, again)
		}
	})
}
