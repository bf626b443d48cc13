package advisor

import (
	"github.com/gpupick/gpupick/internal/lazy"
	"github.com/gpupick/gpupick/model"
)

// The names of values in the advisor's texts. English writes each value as
// the flags and the JSON spell it; Chinese writes its Chinese name (model's,
// model/names.go, where model names it), so that a Chinese note carries no
// English word.

// latency is a latency class's name: its id in English, its model name
// in Chinese.
func (l lang) latency(c model.Latency) string {
	if l == langZH {
		return c.Name().ZH
	}
	return string(c)
}

// budget is a budget as model.Budget.String writes it ("$3000/mo"), its
// period in l.
func (l lang) budget(b model.Budget) string { return b.Text(l == langZH) }

// bucket is an AWS interruption bucket as AWS prints it ("<5%"), or the
// word for unknown when there is none.
func (l lang) bucket(b int8) string {
	if b < 0 || int(b) >= len(model.InterruptionBuckets) {
		return l.f(kBucketUnknown)
	}
	return bucketName(b)
}

// riskNames are the short names of the risks a penalty prices, for the
// line that compares the top offer's penalties with the runner-up's.
// Made on first use, not at start-up (issue 26).
var riskNames = lazy.Value[map[string]textKey]{New: func() map[string]textKey {
	return map[string]textKey{
		model.WarnMarketplaceHost: kRiskNameMarketplace,
		model.WarnSharedVCPU:      kRiskNameSharedVCPU,
		riskCodeTPLink:            kRiskNameTPLink,
		riskCodeTPHost:            kRiskNameTPHost,
		model.WarnLegacyGPU:       kRiskNameLegacy,
		model.WarnROCmStack:       kRiskNameStackGap,
		model.WarnStalePrice:      kRiskNameStale,
		riskCodeEstimate:          kRiskNameEstimate,
		riskCodeGPUs:              kRiskNameGPUs,
		riskCodeNodes:             kRiskNameNodes,
		riskCodeFewCores:          kRiskNameFewCores,
		riskCodeSpotOnly:          kRiskNameSpotOnly,
	}
}}

// riskName is a risk's short name: its code in English, a phrase in
// Chinese; a code without a name is written as it is.
func (l lang) riskName(code string) string {
	if k, ok := riskNames.Get()[code]; ok {
		return l.f(k)
	}
	return code
}
