package data

import (
	"errors"

	"github.com/gpupick/gpupick/model"
)

// ReadModelConfig reads the Hugging Face config.json at path into an
// architecture (model.ParseHFConfig), refusing anything but a regular
// file of at most model.MaxConfigBytes. A file that cannot be read is a
// *model.FieldError of the model-config answer naming the path, as the
// parser's errors are.
func ReadModelConfig(path string) (model.ModelPreset, error) {
	b, err := ReadRegularFile(path, model.MaxConfigBytes)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			// The parser words the limit.
			b = make([]byte, model.MaxConfigBytes+1)
		} else {
			return model.ModelPreset{}, model.ConfigReadError(path, err)
		}
	}
	return model.ParseHFConfig(b, path)
}
