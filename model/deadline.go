package model

import (
	"math"

	"github.com/gpupick/gpupick/model/text"
)

// FormsDeadline lists the forms a deadline is written in.
const FormsDeadline = "a duration with h, d, w, mo or y, e.g. 12h, 30d, 2w, 3mo"

// Deadline bounds: a run cannot finish in less than an hour (getting a VM
// and pulling the image alone take a quarter of that), and a deadline
// beyond five years no longer decides anything.
const (
	MinDeadlineHours = 1.0
	MaxDeadlineHours = HoursPerMonth * 12 * 5
)

var specDeadline = numSpec{"deadline", "a duration", FormsDeadline, func() text.Pair { return tx("1h to 5y") }}

// ParseDeadline reads the calendar time a job must finish within ("12h",
// "30d", "2w", "3mo", "1y", "1,5w") and returns hours, from one hour to
// five years. Zero, a sign, or a length outside that range is refused with
// an error naming the deadline; a bare "m" is refused as in ParseDuration.
func ParseDeadline(s string) (float64, error) {
	return specDeadline.duration(s, MinDeadlineHours, MaxDeadlineHours)
}

// FormatDeadline writes a deadline in hours the way ParseDeadline reads it
// ("30d", "2w", "36h"), to a hundredth of an hour, so that what is written
// reads back to the same text.
func FormatDeadline(h float64) string {
	if h <= 0 || math.IsNaN(h) || math.IsInf(h, 0) {
		return ""
	}
	return FormatDuration(math.Round(h*100) / 100)
}
