package data

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"sync"
	"unsafe"
)

// A large table (a folder's offers.tsv) is decoded as it is read, block
// by block, so its whole text is never in memory: a reader cuts the file
// into blocks of whole lines, goroutines decode them at once into their
// part of one slice of records, and a block is read into again once its
// lines are decoded (the decoders keep nothing of it: intern.go). The
// records, the first error in line order and the line numbers in errors
// are those decodeTSV gives for the same text.

// tsvBlockBytes is the size of a block of a streamed table (a line
// longer than that gets a larger block); a variable so that tests can cut
// a small table into many blocks.
var tsvBlockBytes = 1 << 20

// tsvStream is a table to decode as it is read: r gives its text, size
// its length in bytes (-1 when not known) and at, when not nil, reads it
// anywhere, to size the records' slice from a sample (estimateRecords).
type tsvStream struct {
	r    io.Reader
	size int64
	at   io.ReaderAt
}

// decodeTSVStream is decodeTSV for a table read from src. onHeader, when
// not nil, is given the header line once it is read, before any row is
// decoded with ctx (offers.tsv's detail interner is made from it).
func decodeTSVStream[T any](name string, src tsvStream, cols []column[T], ctx *tsvCtx, onHeader func(header string)) ([]T, error) {
	rd := &blockReader{r: src.r}
	header, err := rd.headerLine()
	if err != nil {
		return nil, err
	}
	if onHeader != nil {
		onHeader(header)
	}
	order, err := tsvOrder(name, header, cols)
	if err != nil {
		return nil, err
	}
	workers := runtime.GOMAXPROCS(0)
	rows := rowsFor(cols, order)
	// block is one block of lines handed to a decoding goroutine: its
	// buffer (back to the free list when done), its whole lines, the
	// lines of the file before it, its part of out and its number.
	type block struct {
		buf    []byte
		text   string
		lineNo int
		dst    []T
		i      int
	}
	var (
		out   []T
		at    []int // per block: its first record's index in out
		got   []int
		errs  []error
		mu    sync.Mutex
		wg    sync.WaitGroup
		jobs  = make(chan block)
		free  = make(chan []byte, workers+1)
		lines = 1 // lines read so far, the header's included
	)
	for w := 0; w < workers; w++ {
		go func() {
			wctx := ctx.forStream(len(cols))
			for b := range jobs {
				n, err := rows(name, b.text, b.lineNo, wctx, b.dst)
				mu.Lock()
				got[b.i], errs[b.i] = n, err
				mu.Unlock()
				free <- b.buf
				wg.Done()
			}
		}()
	}
	defer close(jobs)
	for i := 0; i < workers+1; i++ {
		free <- nil
	}
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			if e != nil {
				return true
			}
		}
		return false
	}
	for i := 0; ; i++ {
		buf := <-free
		text, buf, err := rd.next(buf)
		if err != nil {
			// The reader's own error (a folder's file names its path).
			wg.Wait()
			return nil, err
		}
		if text == "" {
			free <- buf
			break
		}
		k := bytes.Count(buf[:len(text)], []byte{'\n'})
		if text[len(text)-1] != '\n' {
			k++ // a last line without its newline
		}
		first := len(out)
		if first+k > cap(out) {
			// Too few records allotted: wait for the blocks in flight,
			// which write into out, then move it.
			wg.Wait()
			c := first + k
			if cap(out) == 0 {
				c = max(c, estimateRecords(src, len(header)+1+len(text), k, rd.eof))
			} else {
				c = max(c, cap(out)+cap(out)/4)
			}
			grown := make([]T, len(out), c)
			if size := uintptr(c) * unsafe.Sizeof(grown[:1][0]); size >= hugeBytes {
				adviseHugePages(unsafe.Pointer(unsafe.SliceData(grown)), size)
			}
			copy(grown, out)
			out = grown
		}
		out = out[:first+k]
		mu.Lock()
		at = append(at, first)
		got = append(got, 0)
		errs = append(errs, nil)
		mu.Unlock()
		wg.Add(1)
		jobs <- block{buf: buf, text: text, lineNo: lines, dst: out[first : first+k], i: i}
		lines += k
		if failed() {
			break
		}
	}
	wg.Wait()
	return joinParts(out, at, got, errs)
}

// hugeBytes is the size of a records slice from which a streamed decode
// asks for huge pages for it (adviseHugePages).
const hugeBytes = 64 << 20

// estimateRecords is the records to allot for a table whose first read
// bytes held lines lines (all of it when eof): a little more than the
// lines at the rate of a sample of the whole file when it can be read
// anywhere (src.at), else at the first block's rate. Capacity never used
// is never written, so it costs address space, not memory; too little
// costs a copy of the records read so far.
func estimateRecords(src tsvStream, read, lines int, eof bool) int {
	if eof || src.size <= 0 || read <= 0 {
		return lines
	}
	rate := float64(lines) / float64(read)
	if src.at != nil && src.size > 8*estimateSample {
		buf := make([]byte, estimateSample)
		nl, got := 0, 0
		for i := int64(0); i < estimateSamples; i++ {
			n, _ := src.at.ReadAt(buf, (src.size-estimateSample)*i/(estimateSamples-1))
			nl += bytes.Count(buf[:n], []byte{'\n'})
			got += n
		}
		if got > 0 && nl > 0 {
			rate = float64(nl) / float64(got)
		}
	}
	return max(lines, int(float64(src.size)*rate*estimateMargin)+64)
}

// estimateMargin is how much more than the sample's rate estimateRecords
// allots: the lines of a file sorted by provider differ in length from
// one provider's offers to the next, and the samples' rate has been 3%
// off (the scale benchmark's 100k grown offers, whose notes are in
// texts.tsv: 99977 estimated, so the records were copied into a slice a
// quarter larger at the end, twice the memory).
const estimateMargin = 1.06

// estimateSamples pieces of estimateSample bytes, spread over a file, give
// the rate of lines estimateRecords sizes a table by.
const (
	estimateSamples = 32
	estimateSample  = 32 << 10
)

// blockReader reads a table's text in blocks of whole lines, the part of
// a line a block cut kept for the next.
type blockReader struct {
	r     io.Reader
	carry []byte // the start of the next block: a line cut by the last read
	eof   bool
}

// fill reads into buf after its first n bytes until it is full or the
// text ends.
func (br *blockReader) fill(buf []byte, n int) (int, error) {
	for n < len(buf) && !br.eof {
		m, err := br.r.Read(buf[n:])
		n += m
		if errors.Is(err, io.EOF) {
			br.eof = true
			break
		}
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// next reads the next block into buf (allocated when nil or too small)
// and returns its whole lines as a string over buf (valid until buf is
// read into again) and the buffer; "" at the end of the text.
func (br *blockReader) next(buf []byte) (string, []byte, error) {
	if cap(buf) < tsvBlockBytes {
		buf = make([]byte, tsvBlockBytes)
	}
	buf = buf[:cap(buf)]
	for {
		if len(br.carry) > len(buf)/2 {
			// A line as long as the block: a larger one.
			buf = make([]byte, 2*len(br.carry)+tsvBlockBytes)
		}
		n := copy(buf, br.carry)
		n, err := br.fill(buf, n)
		if err != nil {
			return "", buf, err
		}
		cut := n
		if !br.eof {
			cut = bytes.LastIndexByte(buf[:n], '\n') + 1
		}
		if cut == 0 && n > 0 {
			// No line end in a full block: keep it all for a larger one.
			br.carry = append(br.carry[:0], buf[:n]...)
			continue
		}
		br.carry = append(br.carry[:0], buf[cut:n]...)
		if cut == 0 {
			return "", buf, nil
		}
		return unsafe.String(&buf[0], cut), buf, nil
	}
}

// headerLine reads the table's first line (without its line end).
func (br *blockReader) headerLine() (string, error) {
	var line []byte
	buf := make([]byte, 4096)
	for {
		n, err := br.fill(buf, 0)
		if err != nil {
			return "", err
		}
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			line = append(line, buf[:i]...)
			br.carry = append(br.carry[:0], buf[i+1:n]...)
			return string(line), nil
		}
		line = append(line, buf[:n]...)
		if br.eof {
			return string(line), nil
		}
	}
}
