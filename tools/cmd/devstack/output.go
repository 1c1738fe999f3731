package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
)

// outMu keeps the lines of all children whole: one line is written at a time.
var outMu sync.Mutex

// prefixWidth aligns the prefixes; it fits the longest service name.
const prefixWidth = 9

var colors = []string{"36", "33", "35", "32", "34", "91", "96", "93"}

// prefixWriter writes every line it gets as "name | line" to out.
type prefixWriter struct {
	out    io.Writer
	prefix []byte
	buf    []byte
}

var colorIndex int

func newPrefixWriter(out io.Writer, name string) *prefixWriter {
	p := fmt.Sprintf("%-*s | ", prefixWidth, name)
	if f, ok := out.(*os.File); ok && isTerminal(f) && os.Getenv("NO_COLOR") == "" {
		outMu.Lock()
		c := colors[colorIndex%len(colors)]
		colorIndex++
		outMu.Unlock()
		p = "\x1b[" + c + "m" + p + "\x1b[0m"
	}
	return &prefixWriter{out: out, prefix: []byte(p)}
}

// Write never fails: when the output is gone (a closed pipe), the children's output is dropped
// but still drained, so that no child blocks on a full pipe.
func (w *prefixWriter) Write(b []byte) (int, error) {
	outMu.Lock()
	defer outMu.Unlock()
	w.buf = append(w.buf, b...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.writeLine(w.buf[:i+1])
		w.buf = w.buf[i+1:]
	}
	// A very long line without a newline is written out in pieces.
	if len(w.buf) > 64<<10 {
		w.writeLine(append(w.buf, '\n'))
		w.buf = w.buf[:0]
	}
	return len(b), nil
}

func (w *prefixWriter) writeLine(line []byte) {
	out := make([]byte, 0, len(w.prefix)+len(line))
	out = append(out, w.prefix...)
	out = append(out, line...)
	_, _ = w.out.Write(out)
}

// Flush writes a last line that has no newline yet.
func (w *prefixWriter) Flush() {
	outMu.Lock()
	defer outMu.Unlock()
	if len(w.buf) > 0 {
		w.writeLine(append(w.buf, '\n'))
		w.buf = w.buf[:0]
	}
}

// printf writes devstack's own unprefixed text (the table of what runs where).
func printf(format string, args ...any) {
	outMu.Lock()
	defer outMu.Unlock()
	fmt.Fprintf(os.Stdout, format, args...)
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
