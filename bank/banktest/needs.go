package banktest

import (
	"context"
	"errors"
	"testing"
	"time"

	"sudoku/bank"
)

// testPickNeed: PickNeed hands out the oldest puzzle left that needs one
// of the techniques with the kind asked, once; CountNeed counts them.
func testPickNeed(t *testing.T, h Harness) {
	ctx := context.Background()
	db := h.open(t)
	with := func(key int, needs ...bank.Trained) bank.Entry {
		e := entry(t, key, bank.Hard)
		e.Needs = needs
		return e
	}
	xw, xwSingles := bank.Trained{Technique: "X-Wing"}, bank.Trained{Technique: "X-Wing", Before: "singles"}
	ur, ul := bank.Trained{Technique: "Unique rectangle"}, bank.Trained{Technique: "Unique loop"}
	add(t, db, with(1), with(2, xw), with(3, xw, xwSingles), with(4, ul), with(5, ur, xw))
	add(t, db, with(2, xw, xwSingles)) // a duplicate keeps the needs stored first
	need := func(before string, techniques ...string) bank.Need {
		return bank.Need{Techniques: techniques, Before: before}
	}
	for _, tt := range []struct {
		name  string
		need  bank.Need
		count int
		picks []int // the keys handed out, in order, until ErrEmpty
	}{
		{"singles before", need("singles", "X-Wing"), 1, []int{3}},
		{"nothing harder", need("", "X-Wing"), 2, []int{2, 5}},
		{"two techniques", need("", "Unique rectangle", "Unique loop"), 1, []int{4}}, // 5 went as an X-Wing puzzle
		{"none", need("", "Jellyfish"), 0, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if n, err := db.CountNeed(ctx, tt.need); err != nil || n != tt.count {
				t.Errorf("CountNeed = %d, %v, want %d", n, err, tt.count)
			}
			for _, key := range tt.picks {
				e, err := db.PickNeed(ctx, tt.need)
				if err != nil {
					t.Fatalf("PickNeed: %v", err)
				}
				if want := entry(t, key, bank.Hard).Canonical; e.Canonical != want || e.HandedOut.IsZero() || len(e.Needs) == 0 {
					t.Errorf("picked %s (handed out %v, needs %v), want key %d", e.Canonical, e.HandedOut, e.Needs, key)
				}
			}
			if _, err := db.PickNeed(ctx, tt.need); !errors.Is(err, bank.ErrEmpty) {
				t.Errorf("after the picks: got %v, want ErrEmpty", err)
			}
		})
	}
	// A daily puzzle is not left either.
	easy := entry(t, 6, bank.Easy)
	easy.Needs = []bank.Trained{{Technique: "Swordfish"}}
	add(t, db, easy)
	if d, err := db.Daily(ctx, time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), bank.Easy); err != nil || d.Canonical != easy.Canonical {
		t.Fatalf("Daily: %v, %v", d.Canonical, err)
	}
	sf := need("", "Swordfish")
	if n, err := db.CountNeed(ctx, sf); n != 0 || err != nil {
		t.Errorf("CountNeed after the daily puzzle took the Swordfish = %d, %v, want 0", n, err)
	}
	if _, err := db.PickNeed(ctx, sf); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("PickNeed of the daily puzzle's technique: %v, want ErrEmpty", err)
	}
	if _, err := db.PickNeed(ctx, bank.Need{}); err == nil || errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a need with no technique: got %v, want an error", err)
	}
}
