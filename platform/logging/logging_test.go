package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/trace"
)

func TestNew(t *testing.T) {
	t.Parallel()
	tests := []struct {
		level, format string
		wantDebug     bool
		wantInfo      bool
		wantJSON      bool
	}{
		{"", "", false, true, true},
		{"debug", "json", true, true, true},
		{"INFO", "text", false, true, false},
		{"warn", "", false, false, true},
		{"error", "Text", false, false, false},
		{"loud", "yaml", false, true, true}, // unknown values fall back to the defaults
	}
	for _, tt := range tests {
		t.Run(tt.level+"/"+tt.format, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			l := newLogger(&buf, tt.level, tt.format)
			l.Debug("dbg")
			l.Info("inf")
			out := buf.String()
			if got := strings.Contains(out, "dbg"); got != tt.wantDebug {
				t.Errorf("debug logged = %v, want %v: %s", got, tt.wantDebug, out)
			}
			if got := strings.Contains(out, "inf"); got != tt.wantInfo {
				t.Errorf("info logged = %v, want %v: %s", got, tt.wantInfo, out)
			}
			if out != "" {
				first, _, _ := strings.Cut(out, "\n")
				if got := json.Valid([]byte(first)); got != tt.wantJSON {
					t.Errorf("JSON = %v, want %v: %s", got, tt.wantJSON, out)
				}
			}
		})
	}
}

func TestNew_lineLoggedInASpan_carriesTraceAndSpanID(t *testing.T) {
	t.Parallel()
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{
		TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled,
	}))
	var buf bytes.Buffer
	l := newLogger(&buf, "info", "json").With("service", "renting")
	l.InfoContext(ctx, "traced", "n", 1)
	l.InfoContext(context.Background(), "untraced")
	l.Info("no context")

	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines: %s", len(lines), buf.String())
	}
	var traced map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &traced); err != nil {
		t.Fatal(err)
	}
	if traced["trace_id"] != traceID.String() || traced["span_id"] != spanID.String() || traced["service"] != "renting" {
		t.Errorf("traced line: %s", lines[0])
	}
	for _, l := range lines[1:] {
		if strings.Contains(l, "trace_id") {
			t.Errorf("a line without a span names a trace: %s", l)
		}
	}
}
