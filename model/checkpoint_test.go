package model

import "testing"

func TestParseCheckpointInterval(t *testing.T) {
	runCases(t, "ParseCheckpointInterval", "checkpoint-interval", ParseCheckpointInterval, []parseCase{
		ok("30min", 30), ok("30", 30), ok("2h", 120), ok("1,5h", 90), ok("90 minutes", 90), ok("24h", 1440), ok("1min", 1),
		bad("30m", "ambiguous", "min for minutes"), bad("0", "out of range (accepted: 1min to 24h)", ""),
		bad("25h", "out of range", ""), bad("often", "not a time", "30min"), bad("2d", "unknown unit", "30min"),
	})
}

func FuzzParseCheckpointInterval(f *testing.F) {
	numTarget{field: "checkpoint-interval", parse: ParseCheckpointInterval, lo: 1, hi: MaxCheckpointMinutes,
		back: func(v float64) string { return FormatNumber(v) + "min" }, tol: func(v float64) float64 { return 0.005 + 1e-9*v }}.
		fuzz(f, seedsWith("min", "30min", "2h", "45", "1,5h", "24h", "0.5min"))
}
