package health_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"semesterhaus/platform/health"
)

func ok(context.Context) error { return nil }

func TestReadyz(t *testing.T) {
	t.Parallel()
	down := func(context.Context) error { return errors.New("connection refused") }
	hangs := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
	ignoresCtx := func(context.Context) error { time.Sleep(time.Hour); return nil }
	tests := []struct {
		name       string
		checks     []health.Check
		wantStatus int
		wantFailed []string
	}{
		{"no checks", nil, http.StatusOK, nil},
		{"all pass", []health.Check{{"postgres", ok}, {"nats", ok}}, http.StatusOK, nil},
		{"one fails", []health.Check{{"postgres", ok}, {"nats", down}}, http.StatusServiceUnavailable, []string{"nats"}},
		{"one hangs", []health.Check{{"postgres", hangs}, {"nats", ok}}, http.StatusServiceUnavailable, []string{"postgres"}},
		{"one ignores the deadline", []health.Check{{"slow", ignoresCtx}}, http.StatusServiceUnavailable, []string{"slow"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mux := http.NewServeMux()
			health.Mux(mux, tt.checks...)
			rec := httptest.NewRecorder()
			start := time.Now()
			mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("took %v", d)
			}
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			var report health.Report
			if err := json.Unmarshal(rec.Body.Bytes(), &report); err != nil {
				t.Fatal(err)
			}
			if len(report.Failed) != len(tt.wantFailed) {
				t.Fatalf("failed = %v, want %v", report.Failed, tt.wantFailed)
			}
			for _, name := range tt.wantFailed {
				if report.Failed[name] == "" {
					t.Errorf("failed = %v, want %s named", report.Failed, name)
				}
			}
		})
	}
}

func TestHealthz_alwaysOK(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	health.Mux(mux, health.Check{Name: "postgres", Func: func(context.Context) error { return errors.New("down") }})
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("status = %d", rec.Code)
	}
}
