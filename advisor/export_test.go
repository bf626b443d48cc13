package advisor

// CheckFigure lets the external tests (package advisor_test) hold
// estimates to published figures the same way.
var CheckFigure = checkFigure

// SpotShare is the spot-only penalty's spot-to-on-demand price share,
// for the external test that checks it against the embedded catalog.
const SpotShare = spotShare
