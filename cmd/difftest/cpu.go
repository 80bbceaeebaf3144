package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Time limits are CPU time, not wall time: the machine is shared, and a
// side's share of it changes from one moment to the next. Our engines
// run one at a time in this process, so its CPU time is theirs; each
// process of the other sides is watched through /proc.

// cpuContext returns a context that ends once this process has used
// limit of CPU time from now, or after wall of wall time.
func cpuContext(limit, wall time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.Background(), wall)
	start := cpuTime()
	go func() {
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if cpuTime()-start > limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, cancel
}

// groupCPU returns the CPU time used so far by the processes of process
// group pgid (a driver and the node it starts), from /proc.
func groupCPU(pgid int) time.Duration {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var ticks int64
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')') // the name may hold spaces
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
		if len(f) < 13 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + st
	}
	return time.Duration(ticks) * 10 * time.Millisecond // USER_HZ is 100 on Linux
}
