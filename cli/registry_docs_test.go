package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestEveryAnswerEverywhere: each answer of the registry is a recommend
// flag and a wizard flag listed in --help as --name, and the README's
// flag table and record schema name it, so no answer exists in one place
// and not another.
func TestEveryAnswerEverywhere(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var recHelp, wizHelp strings.Builder
	if code := Main([]string{"recommend", "--help"}, nil, &recHelp, &recHelp); code != exitOK {
		t.Fatalf("recommend --help: exit %d", code)
	}
	if code := Main([]string{"--help"}, nil, &wizHelp, &wizHelp); code != exitOK {
		t.Fatalf("--help: exit %d", code)
	}
	for _, s := range model.Registry() {
		for _, name := range append([]string{s.Name}, s.Aliases...) {
			flag := "--" + name
			if !strings.Contains(recHelp.String(), "  "+flag+" ") && !strings.Contains(recHelp.String(), "  "+flag+"\n") {
				t.Errorf("recommend --help lacks %s", flag)
			}
			if !strings.Contains(wizHelp.String(), "  "+flag) {
				t.Errorf("wizard --help lacks %s", flag)
			}
			if !strings.Contains(string(readme), "`"+flag+"`") {
				t.Errorf("README's flag table lacks `%s`", flag)
			}
		}
		if !strings.Contains(string(readme), "`"+s.Key+"`") && !strings.Contains(string(readme), "[answers."+s.Key+"]") {
			t.Errorf("README's record schema lacks `%s`", s.Key)
		}
	}
	if strings.Contains(recHelp.String(), "\n  -") && !strings.Contains(recHelp.String(), "\n  --") {
		t.Error("help spells flags with one dash")
	}
}
