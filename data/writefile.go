package data

// WriteFile writes b to path atomically, as WriteRecord writes a record: a
// temporary file in the same folder renamed into place. When overwrite is
// false and path exists, it returns an error wrapping fs.ErrExist and
// leaves the file alone. The wizard saves launch configs with it.
func WriteFile(path string, b []byte, overwrite bool) error {
	return writeAtomic(path, b, overwrite)
}
