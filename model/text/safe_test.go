package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSafe(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "p5.48xlarge", "p5.48xlarge"},
		{"other scripts kept", "GPU 云服务器 ≈ ¥7.2 – Ünïcode", "GPU 云服务器 ≈ ¥7.2 – Ünïcode"},
		{"colour", "\x1b[31mred\x1b[0m", "red"},
		{"bell", "ring\x07", "ring"},
		{"cursor and clear", "\x1b[2J\x1b[1;1Hx", "x"},
		{"private-mode CSI", "\x1b[?1049hx", "x"},
		{"OSC title ended by BEL", "\x1b]0;pwned\x07x", "x"},
		{"OSC hyperlink ended by ST", "\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"unterminated OSC", "x\x1b]0;title", "x"},
		{"unterminated CSI", "x\x1b[31", "x"},
		{"lone ESC", "x\x1b", "x"},
		{"two-byte escape", "\x1bcx", "x"},
		{"ESC before non-ASCII", "\x1b中", "中"},
		{"tab newline return", "a\tb\nc\rd", "a b c d"},
		{"NUL and DEL", "a\x00b\x7fc", "abc"},
		{"C1 CSI", "\u009b31mx", "x"},
		{"C1 OSC", "\u009d0;t\u009cx", "x"},
		{"C1 NEL", "a\u0085b", "ab"},
		{"raw 0x9b byte", "a\x9b31mb", "a\uFFFD31mb"},
		{"invalid UTF-8 (a run is one U+FFFD)", "\xff\xfe", "\uFFFD"},
		{"bidi override", "\u202egnp.exe", "gnp.exe"},
		{"bidi embeddings", "\u202aa\u202bb\u202cc\u202dd", "abcd"},
		{"bidi isolates", "\u2066x\u2067y\u2068z\u2069", "xyz"},
		{"directional marks", "a\u200eb\u200fc\u061cd", "abcd"},
		{"OSC 52 clipboard write (BEL)", "H100\x1b]52;c;SGVsbG8=\x07 80GB", "H100 80GB"},
		{"OSC 52 clipboard write (ST)", "H100\x1b]52;c;SGVsbG8=\x1b\\", "H100"},
		{"CSI 2J clear screen", "\x1b[2JNVIDIA H100\x1b[H", "NVIDIA H100"},
		{"BEL alone", "\x07\x07A100\x07", "A100"},
		{"C1 OSC 52 ended by C1 ST", "\u009d52;c;SGVsbG8=\u009cA100", "A100"},
		{"C1 CSI 2J", "\u009b2JA100", "A100"},
		{"C1 DCS", "\u0090q#0\u009cA100", "A100"},
		{"C1 IND and RI", "A\u0084\u008d100", "A100"},
		{"Chinese kept intact", "英伟达 H100 80GB 显卡（华北二）", "英伟达 H100 80GB 显卡（华北二）"},
		{"Chinese around an escape", "阿里云\x1b[2J\x1b]52;c;eA==\x07 华东", "阿里云 华东"},
		{"full-width and emoji kept", "Ａ１００ 🚀", "Ａ１００ 🚀"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Safe(tc.in)
			if got != tc.want {
				t.Errorf("Safe(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if again := Safe(got); again != got {
				t.Errorf("not idempotent: %q -> %q", got, again)
			}
		})
	}
	if n := testing.AllocsPerRun(100, func() { Safe("H100 SXM5 ≈ 中文") }); n != 0 {
		t.Errorf("clean text allocates %v times", n)
	}
}

// FuzzSafe checks that Safe leaves nothing a terminal acts on:
// valid UTF-8, no control or bidi rune, and the same result when run again.
func FuzzSafe(f *testing.F) {
	for _, s := range []string{"\x1b[31mred", "\x1b]8;;u\x1b\\l", "\u009b2J\u009d0;t\u009c", "\xff\x9b", "a\u202eb", "中文 ≈", "\x1b", "\x1b[", "\x1b]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Safe(s)
		if !utf8.ValidString(out) {
			t.Fatalf("%q -> %q: invalid UTF-8", s, out)
		}
		for _, r := range out {
			if unsafeRune(r) {
				t.Fatalf("%q -> %q keeps %U", s, out, r)
			}
		}
		if again := Safe(out); again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, out, again)
		}
	})
}

// SafeLines keeps a probe table's lines and tab-separated cells and cleans
// each cell as Safe does.
func TestSafeLines(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"clean table untouched", "GPU0\tX\tNV18\nGPU1\tNV18\tX\n", "GPU0\tX\tNV18\nGPU1\tNV18\tX\n"},
		{"CRLF read as LF", "name, memory.total\r\nH100, 81559 MiB\r\n", "name, memory.total\nH100, 81559 MiB\n"},
		{"escape in a cell", "NVIDIA\x1b]52;c;SGVsbG8=\x07 H100\x1b[2J, 81559 MiB\n", "NVIDIA H100, 81559 MiB\n"},
		{"C1 and BEL in cells, tabs kept", "GPU0\t\u009b2JX\x07\tNV18", "GPU0\tX\tNV18"},
		{"an OSC does not swallow the next line", "a\x1b]0;t\nb", "a\nb"},
		{"Chinese kept", "型号\t英伟达 H100\n", "型号\t英伟达 H100\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SafeLines(tc.in); got != tc.want {
				t.Errorf("SafeLines(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzSafeLines checks that SafeLines keeps the line and cell layout and
// leaves no control but the tabs and newlines between cells.
func FuzzSafeLines(f *testing.F) {
	for _, s := range []string{"a\tb\nc", "x\x1b]52;c;SGVsbG8=\x07\ty\r\n", "\u009b2J\n中文\t\x07"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := SafeLines(s)
		if !utf8.ValidString(out) {
			t.Fatalf("%q -> %q: invalid UTF-8", s, out)
		}
		for _, r := range out {
			if r != '\t' && r != '\n' && unsafeRune(r) {
				t.Fatalf("%q -> %q keeps %U", s, out, r)
			}
		}
		if got, want := strings.Count(out, "\n"), strings.Count(s, "\n"); got != want {
			t.Fatalf("%q -> %q: %d lines, want %d", s, out, got, want)
		}
		if again := SafeLines(out); again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, out, again)
		}
	})
}
