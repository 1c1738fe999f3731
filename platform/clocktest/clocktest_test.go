package clocktest_test

import (
	"testing"
	"time"

	"semesterhaus/platform/clocktest"
)

func TestClock_standsUntilSetOrMoved(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	c := clocktest.New(start)
	if !c.Now().Equal(start) {
		t.Errorf("Now() = %v, want %v", c.Now(), start)
	}
	c.Add(25 * time.Hour)
	if want := start.Add(25 * time.Hour); !c.Now().Equal(want) {
		t.Errorf("after Add: %v, want %v", c.Now(), want)
	}
	c.Set(start)
	if !c.Now().Equal(start) {
		t.Errorf("after Set: %v, want %v", c.Now(), start)
	}
}

func TestRunning_runsWithTheRealTimeAndIsMovedOn(t *testing.T) {
	t.Parallel()
	c := clocktest.Running()
	first := c.Now()
	time.Sleep(2 * time.Millisecond)
	if !c.Now().After(first) {
		t.Error("a running clock stood still")
	}
	c.Add(25 * time.Hour)
	if ahead := c.Now().Sub(time.Now()); ahead < 25*time.Hour-time.Second || ahead > 25*time.Hour+time.Second {
		t.Errorf("after Add(25h) the clock is %s ahead, want 25h", ahead)
	}
}
