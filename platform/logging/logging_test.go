package logging

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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
