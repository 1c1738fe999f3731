package metrics

import (
	"bufio"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

var (
	httpRequests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "http_requests_total",
		Help: "HTTP requests served, by route (the matched ServeMux pattern; \"unmatched\" when none), method and status code.",
	}, []string{"route", "method", "code"})
	httpDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "http_request_duration_seconds",
		Help:    "Time to serve an HTTP request until the handler returned, by route, method and status code.",
		Buckets: Buckets,
	}, []string{"route", "method", "code"})
)

// HTTP records http_requests_total and http_request_duration_seconds for every request that next
// serves. next should be (or directly wrap) the http.ServeMux: the route label is the pattern the
// mux matched, which it stores in the request that it was given.
func HTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := recorders.Get().(*statusRecorder)
		rec.ResponseWriter, rec.status = w, 0
		returned := false
		defer func() {
			status := rec.status
			rec.ResponseWriter = nil
			recorders.Put(rec)
			switch {
			case !returned && status < 200:
				status = http.StatusInternalServerError // the server answers a panic with 500 or a cut connection
			case status < 200:
				status = http.StatusOK
			}
			observeHTTP(r, status, start)
		}()
		next.ServeHTTP(rec, r)
		returned = true
	})
}

func observeHTTP(r *http.Request, status int, start time.Time) {
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	method, code := methodLabel(r.Method), statusLabel(status)
	httpRequests.WithLabelValues(route, method, code).Inc()
	httpDuration.WithLabelValues(route, method, code).Observe(time.Since(start).Seconds())
}

// methodLabel keeps the method label to the standard methods: anything a client makes up is OTHER.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return m
	}
	return "OTHER"
}

// recorders recycle the status recorders: one per request would be garbage on the hot path.
var recorders = sync.Pool{New: func() any { return new(statusRecorder) }}

// statusRecorder remembers the status code a handler sends. Unwrap lets http.ResponseController
// reach the connection's own writer (deadlines, flushing); Flush and Hijack pass through.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status < 200 { // a 1xx answer is followed by the real one
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status < 200 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Flush() {
	if s.status < 200 {
		s.status = http.StatusOK
	}
	_ = http.NewResponseController(s.ResponseWriter).Flush()
}

func (s *statusRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if h, ok := s.ResponseWriter.(http.Hijacker); ok {
		if s.status == 0 {
			s.status = http.StatusSwitchingProtocols
		}
		return h.Hijack()
	}
	return nil, nil, errors.New("metrics: the response writer cannot be hijacked")
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
