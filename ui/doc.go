// Package ui is gpupick's terminal wizard: a Bubble Tea program that asks
// about the workload step by step while a live panel beside the questions
// re-ranks the catalog's offers after every keystroke, shows the selected
// offer's price models, hidden costs and warnings, compares offers side by
// side, exports the decision record or a SkyPilot or dstack launch config,
// and shows a trial plan of the top offers. It also runs the same questions
// as plain line prompts for screen readers and non-terminal input.
//
// It is the only package of gpupick that imports Charm libraries. The root
// Model owns routing, focus and layout (layout.go); the form, the offer
// list and the renderers are components it drives; every style has a
// semantic name in styles.go and every string both languages in i18n.go
// (a model/text table).
package ui
