package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gpupick/gpupick/model"
)

// maxLiveOffers bounds the offers one live answer may hold (Vast's
// bundles search returns at most a few thousand; a million is an answer
// gone wrong, refused before it is turned into offers).
const maxLiveOffers = 1_000_000

// decodeLive reads a live API's JSON answer into v, strictly: one JSON
// value, nothing after it. what names the answer in errors ("Vast's
// bundles search"), want says what it should look like.
func decodeLive(body []byte, what, want string, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return fmt.Errorf("%s: field %s: a JSON %s where %s is wanted (want %s)", what, te.Field, te.Value, te.Type, want)
		}
		return fmt.Errorf("%s: not JSON (%v): want %s", what, err, want)
	}
	if dec.More() {
		return fmt.Errorf("%s: more than one JSON value (want %s)", what, want)
	}
	return nil
}

// liveStamp marks an offer as live: dated the day of the download,
// carrying its fetch time (it goes stale model.LiveStaleHours later) and
// sourced by the API's URL.
func liveStamp(o *model.Offer, in Remote, source string) {
	o.PriceDate = in.Date
	o.Sources = []string{source}
	o.Marketplace = true
	o.VCPUType = model.VCPUMarketplace
	o.EditDetail().FetchedAt = in.Fetched.UTC().Format(time.RFC3339)
}

// checkLiveNum refuses a number out of its plausible range, naming the
// item and field.
func checkLiveNum(at, field string, v, lo, hi float64) error {
	if v < lo || v > hi {
		return fmt.Errorf("%s: field %s: %v is not plausible (want %v to %v)", at, field, v, lo, hi)
	}
	return nil
}
