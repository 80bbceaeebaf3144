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
