package sqlite

import (
	"context"
	"sudoku/bank"
	"sudoku/bank/banktest"
	"testing"
	"time"
)

// BenchmarkPick hands out puzzles from a bank of 10,000 (each level holds
// 10,000/6), refilled when a level runs dry; one op is one Pick, a
// committed write.
func BenchmarkPick(b *testing.B) {
	ctx := context.Background()
	db := openTest(b)
	const size = 10000
	key := 0
	fill := func() {
		es := make([]bank.Entry, 0, size)
		for range size {
			es = append(es, entry(b, key, bank.Level(key%bank.NumLevels)))
			key++
		}
		add(b, db, es...)
	}
	fill()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		_, err := db.Pick(ctx, bank.Kind{Level: bank.Level(i % bank.NumLevels)})
		if err != nil {
			b.StopTimer()
			fill()
			b.StartTimer()
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/op")
}

// BenchmarkAdd stores puzzles in transactions of 50, as a fill commits.
func BenchmarkAdd(b *testing.B) {
	ctx := context.Background()
	db := openTest(b)
	key := 0
	b.ReportAllocs()
	for b.Loop() {
		es := make([]bank.Entry, 50)
		for i := range es {
			es[i] = entry(b, key, bank.Easy)
			key++
		}
		if _, _, err := db.Add(ctx, es); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*50)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkPickAtScale: 50 clients picking at once from a bank of
// SUDOKU_BANK_SIZE puzzles (100,000 by default):
//
//	SUDOKU_BANK_SIZE=1000000 go test -run XXX -bench PickAtScale -benchtime 20000x ./sqlite/
func BenchmarkPickAtScale(b *testing.B) {
	db := openTest(b)
	db.Now = time.Now
	banktest.BenchPickAtScale(b, db, banktest.ScaleSize(), 50)
}

// BenchmarkPickNeed picks puzzles that need an X-Wing from a bank of
// banktest.ScaleSize() puzzles, six needs rows each.
func BenchmarkPickNeed(b *testing.B) {
	banktest.BenchPickNeed(b, openTest(b), banktest.ScaleSize(), nil)
}
