package cli

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionOf: the version set at build time wins; else a checkout's
// commit (marked modified when the tree had changes); else the version of
// a module installed with go install; else dev.
func TestVersionOf(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "e03a273abcdef0123456789abcdef0123456789a"
	for _, tc := range []struct {
		name, ldflags string
		info          *debug.BuildInfo
		want          string
	}{
		{"ldflags win", "v1.4.0", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}, Settings: vcs(rev, "true")}, "v1.4.0"},
		{"go install", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}}, "v1.3.0"},
		{"clean checkout", "dev", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261202053852-e03a273abcde"}, Settings: vcs(rev, "false")}, "e03a273abcde"},
		{"modified checkout", "dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "true")}, "e03a273abcde-modified"},
		{"no vcs, devel", "dev", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"no build info", "", nil, "dev"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionOf(tc.ldflags, tc.info); got != tc.want {
				t.Errorf("versionOf(%q) = %q, want %q", tc.ldflags, got, tc.want)
			}
		})
	}
}

// TestVersionFlagAndCommand: --version, -version and gpupick version print
// the same line.
func TestVersionFlagAndCommand(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}, {"version", "--lang", "zh"}} {
		var out, errb bytes.Buffer
		if code := Main(args, nil, &out, &errb); code != exitOK || out.String() != "gpupick "+Version+"\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 0 and %q", args, code, out.String(), errb.String(), "gpupick "+Version)
		}
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"version", "x"}, nil, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), `unexpected argument "x"`) {
		t.Errorf("version x: exit %d, stderr %q", code, errb.String())
	}
}
