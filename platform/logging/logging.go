// Package logging makes the one structured logger a process uses.
//
// Services log JSON (one object per line, for log collectors) unless LOG_FORMAT=text asks for the
// human-readable form during development. A line logged with a context that carries an OpenTelemetry
// span (the *Context methods: InfoContext, ErrorContext, ...) names its trace_id and span_id, so
// the log lines of one request can be found from its trace and the other way round.
package logging

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"

	"go.opentelemetry.io/otel/trace"
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
		return slog.New(WithTraceIDs(slog.NewTextHandler(w, opts)))
	}
	return slog.New(WithTraceIDs(slog.NewJSONHandler(w, opts)))
}

// WithTraceIDs wraps h so that records logged with a context carrying a valid span get the
// attributes trace_id and span_id (hex, as tracing back ends show them).
func WithTraceIDs(h slog.Handler) slog.Handler { return traceHandler{h} }

type traceHandler struct{ slog.Handler }

func (h traceHandler) Handle(ctx context.Context, r slog.Record) error {
	if ctx != nil {
		if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
			r = r.Clone()
			r.AddAttrs(slog.String("trace_id", sc.TraceID().String()), slog.String("span_id", sc.SpanID().String()))
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h traceHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return traceHandler{h.Handler.WithAttrs(attrs)}
}

func (h traceHandler) WithGroup(name string) slog.Handler {
	return traceHandler{h.Handler.WithGroup(name)}
}
