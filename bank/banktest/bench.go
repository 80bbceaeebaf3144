package banktest

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sudoku/bank"
	"sudoku/logic"
)

// ScaleSize is the number of puzzles BenchPickAtScale stores: the
// SUDOKU_BANK_SIZE environment variable, or 100,000.
func ScaleSize() int {
	if n, err := strconv.Atoi(os.Getenv("SUDOKU_BANK_SIZE")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

// BenchPickAtScale fills db with n puzzles spread over the six levels
// (reporting the store's insert rate, in transactions of 10,000), then
// has clients goroutines pick at once: one op is one Pick, and the p50
// and p99 latency and the picks/s are reported.
func BenchPickAtScale(b *testing.B, db bank.Store, n, clients int) {
	ctx := context.Background()
	start := time.Now()
	for key := 0; key < n; {
		batch := make([]bank.Entry, 0, 10000)
		for ; len(batch) < cap(batch) && key < n; key++ {
			batch = append(batch, Entry(b, key, logic.Level(key%len(logic.Levels))))
		}
		if _, _, err := db.Add(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	fill := time.Since(start)
	if b.N > n {
		b.Fatalf("%d picks from %d puzzles: give -benchtime %dx or less", b.N, n, n)
	}
	var (
		mu   sync.Mutex
		lat  []time.Duration
		next atomic.Int64
		wg   sync.WaitGroup
	)
	b.ResetTimer()
	for range clients {
		wg.Go(func() {
			var mine []time.Duration
			for {
				i := next.Add(1)
				if i > int64(b.N) {
					break
				}
				t0 := time.Now()
				if _, err := db.Pick(ctx, logic.Level(i%int64(len(logic.Levels)))); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	b.StopTimer()
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
	b.ReportMetric(float64(len(lat))/b.Elapsed().Seconds(), "picks/s")
	b.ReportMetric(float64(n)/fill.Seconds(), "inserts/s")
	b.Logf("%d puzzles stored in %v (%s)", n, fill.Round(time.Millisecond), fmt.Sprint(clients, " clients"))
}
