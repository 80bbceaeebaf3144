package generate

import (
	"context"
	"errors"
	"testing"
	"time"

	"sudoku/logic"
)

func TestGenerateContextStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, err := Generate(ctx, Options{}, Source(1, 0))
	if !errors.Is(err, context.Canceled) || p.Tries != 0 {
		t.Errorf("done context: got %d tries, %v; want 0 tries, context.Canceled", p.Tries, err)
	}
	// A search that cannot end soon (diabolical, dihedral, minimal: hours
	// per puzzle) stops at its deadline.
	lo, hi := logic.Diabolical.Range()
	o := Options{Symmetry: Dihedral, Minimal: true, MinER: lo, MaxER: hi}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Generate(ctx, o, Source(1, 0))
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("got %v, want context.DeadlineExceeded", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("GenerateContext went on 30 s past a 50 ms deadline")
	}
}

func TestGenerateContextSamePuzzles(t *testing.T) {
	a, err := genClassic(Options{Symmetry: Rot180}, 7, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(context.Background(), Options{Symmetry: Rot180}, Source(7, 3))
	if err != nil || a.Grid() != b.Grid() || a.Rating != b.Rating {
		t.Errorf("GenerateContext made %v (%v), Generate %v", b.Grid(), err, a.Grid())
	}
}
