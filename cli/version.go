package cli

import (
	"runtime/debug"

	"github.com/gpupick/gpupick/internal/lazy"
)

// toolVersion is the version gpupick reports (--version, gpupick version,
// the records' tool): Version, main's, when the build set one with
// -ldflags "-X main.version=..."; else, from the build info, the commit of
// a checkout it was built in (vcs.revision, "-modified" when the work tree
// had changes); else the module's version when it was installed with go
// install module@version; else "dev". It is worked out on first use: the
// build info is parsed for the runs that show the version, not for every
// run's start (issue 26).
var toolVersion = lazy.Value[string]{New: func() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(Version, info)
}}

// versionOf is toolVersion of v with the build info given (nil: none).
func versionOf(v string, info *debug.BuildInfo) string {
	if v != "" && v != "dev" {
		return v
	}
	if info == nil {
		return "dev"
	}
	var rev string
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	switch {
	case rev != "":
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if modified {
			rev += "-modified"
		}
		return rev
	case info.Main.Version != "" && info.Main.Version != "(devel)":
		return info.Main.Version
	}
	return "dev"
}
