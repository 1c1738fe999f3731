// Package health serves the liveness and readiness endpoints that orchestrators probe.
//
// /healthz answers 200 as long as the process can serve HTTP at all (restart me if not);
// /readyz answers 200 only when every dependency check passes (send me traffic), else 503 with the
// failing checks, so a service whose database is down is taken out of rotation but not restarted.
package health

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// checkTimeout bounds all readiness checks together: a probe must answer before the prober gives up.
const checkTimeout = 2 * time.Second

// Check is one readiness condition, e.g. Check{"postgres", pool.Ping}.
type Check struct {
	Name string
	Func func(context.Context) error
}

// Report is the JSON body of /readyz.
type Report struct {
	Status string            `json:"status"`           // "ok" or "unavailable"
	Failed map[string]string `json:"failed,omitempty"` // check name → error
}

// Mux registers /healthz and /readyz on mux.
func Mux(mux *http.ServeMux, checks ...Check) {
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, Report{Status: "ok"})
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		report := run(r.Context(), checks)
		status := http.StatusOK
		if len(report.Failed) > 0 {
			status = http.StatusServiceUnavailable
		}
		writeJSON(w, status, report)
	})
}

// run runs the checks in parallel, so one slow dependency does not use up the others' time.
func run(ctx context.Context, checks []Check) Report {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		failed = map[string]string{}
	)
	for _, c := range checks {
		wg.Go(func() {
			done := make(chan error, 1)
			go func() { done <- c.Func(ctx) }() // a check that ignores ctx must not hold up the probe
			var err error
			select {
			case err = <-done:
			case <-ctx.Done():
				err = ctx.Err()
			}
			if err != nil {
				mu.Lock()
				failed[c.Name] = err.Error()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(failed) > 0 {
		return Report{Status: "unavailable", Failed: failed}
	}
	return Report{Status: "ok"}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
