package main

import (
	"fmt"
	"slices"
	"time"
)

type result struct {
	latencies []time.Duration
	wall      time.Duration
	emails    []string
}

func (r result) percentile(p float64) time.Duration {
	sorted := slices.Clone(r.latencies)
	slices.Sort(sorted)
	return sorted[int(p*float64(len(sorted)-1))]
}

func (r result) print(title string) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) }
	fmt.Printf("%s: %d requests in %s = %.1f requests/s\n  p50 %s  p90 %s  p99 %s  max %s\n",
		title, len(r.latencies), r.wall.Round(time.Millisecond), float64(len(r.latencies))/r.wall.Seconds(),
		ms(r.percentile(0.5)), ms(r.percentile(0.9)), ms(r.percentile(0.99)), ms(r.percentile(1)))
}
