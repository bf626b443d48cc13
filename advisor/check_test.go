package advisor

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestCheckErrorsBothLanguages checks that the answers the advisor itself
// refuses (a figure that is not finite, a size past any real run) come
// with a message and a fix in English and in Chinese, as model's parsers
// give theirs (FieldError.Text).
func TestCheckErrorsBothLanguages(t *testing.T) {
	nan := model.DefaultAnswers()
	nan.ParamsB = math.NaN()
	huge := model.DefaultAnswers()
	huge.DurationHours = 2e6
	for name, a := range map[string]model.Answers{"not finite": nan, "out of range": huge} {
		var fe *model.FieldError
		if err := check(&a); !errors.As(err, &fe) {
			t.Fatalf("%s: %v, want a *model.FieldError", name, err)
		}
		if fe.Msg == "" || fe.Fix == "" || fe.MsgZH == "" || fe.FixZH == "" {
			t.Errorf("%s: message %q / %q, fix %q / %q: want both in both languages", name, fe.Msg, fe.MsgZH, fe.Fix, fe.FixZH)
		}
		if zh := fe.Text(true); !strings.Contains(zh, fe.MsgZH) || !strings.Contains(zh, fe.FixZH) || strings.Contains(zh, fe.Msg) {
			t.Errorf("%s: Chinese text %q", name, zh)
		}
		if fe.Text(false) != fe.Error() {
			t.Errorf("%s: English text %q differs from Error() %q", name, fe.Text(false), fe.Error())
		}
	}
}
