package server

import (
	"os"
	"runtime/debug"
)

// DefaultGCPercent is the garbage collector's heap goal in the gateway and every service unless GOGC
// sets another. Nearly all of their garbage belongs to one request (JSON, uploads, decoded pictures)
// and dies young, so a larger goal cuts the collector's CPU share for some MiB more memory; GOMEMLIMIT,
// the container's limit, still bounds the heap. Measured in docs/benchmarks.md: +30 % requests/s for
// the gateway, a tenth less CPU per booking in the document service.
const DefaultGCPercent = 400

// TuneGC applies DefaultGCPercent unless the GOGC environment variable is set.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(DefaultGCPercent)
	}
}
