package solver

import (
	"context"
	"testing"
	"time"
)

func TestZZAgreeTime(t *testing.T) {
	t0 := time.Now()
	cases := genBitsCases(t, 3, 1)
	t.Logf("gen %v", time.Since(t0))
	for _, tc := range cases {
		t1 := time.Now()
		w, _ := searchCompiled(context.Background(), tc.b, 10, 0)
		t2 := time.Now()
		g, _ := Bitboard.SearchBoard(context.Background(), tc.b, 10)
		t3 := time.Now()
		d, _ := DLXBoard.SearchBoard(context.Background(), tc.b, 10)
		t4 := time.Now()
		if t4.Sub(t1) > 50*time.Millisecond {
			t.Logf("%-40s general %8v (%d, %d nodes) bitboard %8v (%d nodes) dlx %v (%d)", tc.name, t2.Sub(t1), w.Count, w.Nodes, t3.Sub(t2), g.Nodes, t4.Sub(t3), d.Count)
		}
	}
}
