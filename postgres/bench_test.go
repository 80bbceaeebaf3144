package postgres

import (
	"context"
	"testing"

	"sudoku/bank/banktest"
	"sudoku/internal/pgtest"
)

// BenchmarkPickAtScale: 50 clients picking at once from a bank of
// SUDOKU_BANK_SIZE puzzles (100,000 by default) on a throwaway server:
//
//	SUDOKU_BANK_SIZE=1000000 go test -run XXX -bench PickAtScale -benchtime 20000x ./postgres/
func BenchmarkPickAtScale(b *testing.B) {
	db, err := Open(context.Background(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	banktest.BenchPickAtScale(b, db, banktest.ScaleSize(), 50)
}

// BenchmarkPickNeed picks puzzles that need an X-Wing from a bank of
// SUDOKU_BANK_SIZE puzzles, six needs rows each, the tables analyzed
// after the fill (autovacuum's work on a server; on fresh statistics the
// planner sorts every candidate instead of walking needs_left).
func BenchmarkPickNeed(b *testing.B) {
	db, err := Open(context.Background(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	banktest.BenchPickNeed(b, db, banktest.ScaleSize(), func() {
		if _, err := db.pool.Exec(context.Background(), "ANALYZE puzzles, needs"); err != nil {
			b.Fatal(err)
		}
	})
}
