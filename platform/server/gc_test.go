package server_test

import (
	"runtime/debug"
	"testing"

	"semesterhaus/platform/server"
)

func TestTuneGC_defaultUnlessGOGCIsSet(t *testing.T) {
	previous := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(previous) })

	t.Setenv("GOGC", "")
	server.TuneGC()
	if got := debug.SetGCPercent(100); got != server.DefaultGCPercent {
		t.Errorf("without GOGC the heap goal is %d %%, want %d %%", got, server.DefaultGCPercent)
	}

	t.Setenv("GOGC", "150")
	server.TuneGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set TuneGC changed the heap goal to %d %%", got)
	}
}
