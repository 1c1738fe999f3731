// Package logging makes the one structured logger a process uses.
//
// Services log JSON (one object per line, for log collectors) unless LOG_FORMAT=text asks for the
// human-readable form during development.
package logging

import (
	"io"
	"log/slog"
	"os"
	"strings"
)

// New returns a logger writing to standard output. level is debug, info, warn or error (unknown or
// empty means info); format is json (the default) or text.
func New(level, format string) *slog.Logger {
	return newLogger(os.Stdout, level, format)
}

func newLogger(w io.Writer, level, format string) *slog.Logger {
	var lvl slog.Level // info
	_ = lvl.UnmarshalText([]byte(strings.TrimSpace(level)))
	opts := &slog.HandlerOptions{Level: lvl}
	if strings.EqualFold(strings.TrimSpace(format), "text") {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}
