package data

import "testing"

// TestDetailStatPausesAndSamplesAgain: a sample of rows that find too few
// equal details makes the next detailPause samples' rows keep their own
// (no lookup, no entry in the shared table), after which the goroutine
// samples again, so a provider whose offers share details after a
// marketplace's that do not is interned again; a sample that finds enough
// never pauses.
func TestDetailStatPausesAndSamplesAgain(t *testing.T) {
	var st detailStat
	for i := range internSample {
		if st.skip() {
			t.Fatalf("row %d skipped while sampling", i)
		}
		st.see(i%4 == 0) // a quarter find an equal detail: too few
	}
	for i := range internSample * detailPause {
		if !st.skip() {
			t.Fatalf("row %d of the pause looked its detail up", i)
		}
	}
	if st.skip() {
		t.Fatal("still paused after detailPause samples' rows")
	}
	for i := range 3 * internSample {
		if st.skip() {
			t.Fatalf("row %d skipped though its sample found equal details", i)
		}
		st.see(i%2 == 0) // half: enough
	}
}
