//go:build !unix

package solver

import "time"

// cpuTime returns 0 where the process's CPU time is not read: benchmarks
// then leave out their cpu-puzzles/s metric.
func cpuTime() time.Duration { return 0 }
