package main

import (
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model/text"
)

// TestCLITextsBothLanguages checks the CLI's table with text.Check: every
// message has an English and a Chinese text taking the same arguments, and
// a tab-separated header has as many columns in both.
func TestCLITextsBothLanguages(t *testing.T) {
	for _, p := range text.Check(cliTexts, cliMsgCount) {
		t.Error(p)
	}
	for k := cliMsg(0); k < cliMsgCount && int(k) < len(cliTexts); k++ {
		if p := cliTexts[k]; strings.Count(p[text.EN], "\t") != strings.Count(p[text.ZH], "\t") {
			t.Errorf("%q: the Chinese has other columns", p[text.EN])
		}
	}
}

// TestCheckWords checks every check word is looked up by its English and
// comes out in Chinese for zh.
func TestCheckWords(t *testing.T) {
	if len(checkWords) != int(tCheckNotInCatalog-tCheckGPUModel)+1 {
		t.Errorf("%d check words for %d keys", len(checkWords), tCheckNotInCatalog-tCheckGPUModel+1)
	}
	if got := checkWord("GPU model", "zh_CN.UTF-8"); got != cliTexts[tCheckGPUModel][text.ZH] {
		t.Errorf("checkWord zh = %q", got)
	}
	if got := checkWord("GPU model", "en"); got != "GPU model" {
		t.Errorf("checkWord en = %q", got)
	}
	if got := checkWord("H100", "zh"); got != "H100" {
		t.Errorf("a figure changed: %q", got)
	}
}
