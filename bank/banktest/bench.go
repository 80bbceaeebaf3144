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
			batch = append(batch, Entry(b, key, bank.Level(key%bank.NumLevels)))
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
				if _, err := db.Pick(ctx, bank.Kind{Level: bank.Level(i % int64(bank.NumLevels))}); err != nil {
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

// benchTechniques are the techniques BenchPickNeed's puzzles need.
var benchTechniques = []string{"Pointing", "Claiming", "Naked pair", "Hidden pair", "X-Wing", "Swordfish",
	"XY-Wing", "XYZ-Wing", "Unique rectangle", "Skyscraper", "2-String kite", "W-Wing"}

// BenchPickNeed fills db with n puzzles each needing three of twelve
// techniques (each with two kinds: six needs rows a puzzle), then picks
// puzzles that need one technique: one op is one PickNeed; picks/s and
// the rows stored are reported. filled, when not nil, runs between the
// two (a server database refreshes its planner's statistics there, as
// its autovacuum does within a minute of a large fill).
func BenchPickNeed(b *testing.B, db bank.Store, n int, filled func()) {
	ctx := context.Background()
	for key := 0; key < n; {
		batch := make([]bank.Entry, 0, 10000)
		for ; len(batch) < cap(batch) && key < n; key++ {
			e := Entry(b, key, bank.Level(key%bank.NumLevels))
			for j := range 3 {
				t := benchTechniques[(key*7+j*5)%len(benchTechniques)]
				e.Needs = append(e.Needs, bank.Trained{Technique: t}, bank.Trained{Technique: t, Before: "subsets"})
			}
			batch = append(batch, e)
		}
		if _, _, err := db.Add(ctx, batch); err != nil {
			b.Fatal(err)
		}
	}
	if filled != nil {
		filled()
	}
	need := bank.Need{Techniques: []string{"X-Wing"}}
	b.ResetTimer()
	for b.Loop() {
		if _, err := db.PickNeed(ctx, need); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "picks/s")
	b.ReportMetric(float64(6*n), "needs-rows")
}
