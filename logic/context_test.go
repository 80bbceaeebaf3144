package logic

import (
	"context"
	"errors"
	"testing"

	"sudoku"
)

func TestContextStops(t *testing.T) {
	g, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := NewBoard(g)
	if _, err := NextContext(ctx, &b); !errors.Is(err, context.Canceled) {
		t.Errorf("NextContext: got %v, want context.Canceled", err)
	}
	if _, err := NextHintContext(ctx, g, g, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("NextHintContext: got %v, want context.Canceled", err)
	}
	if _, err := RateWithinContext(ctx, g, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("RateWithinContext: got %v, want context.Canceled", err)
	}
	if _, err := NextHintContext(context.Background(), g, g, 1); err != nil {
		t.Errorf("NextHintContext with time: %v", err)
	}
}
