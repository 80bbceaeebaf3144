package banktest

import (
	"context"
	"errors"
	"testing"

	"sudoku/bank"
)

// sixBoards makes n distinct 6x6 board entries.
func sixBoards(t testing.TB, n int) []bank.Entry {
	base := boardEntry(t, 0)
	es := make([]bank.Entry, n)
	for k := range es {
		es[k] = base
		es[k].Plain += " board " + string(rune('A'+k%26)) + string(rune('a'+k/26))
	}
	return es
}

// left counts the Easy puzzles and 6x6 boards left.
func left(t *testing.T, s bank.Store) (easy, six int) {
	t.Helper()
	ctx := context.Background()
	c, err := s.Count(ctx, bank.Easy)
	if err != nil {
		t.Fatal(err)
	}
	st, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range st.Rules {
		if rc.Rules == "6x6" {
			six = rc.Left
		}
	}
	return c.Left, six
}

// testPickAll: PickAll hands out every spec's puzzles, oldest first and
// each once, only when use succeeds; a spec short of puzzles or a failing
// use hands out nothing, and the next picks get the same puzzles.
func testPickAll(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.open(t)
	add(t, s, entry(t, 1, bank.Easy), entry(t, 2, bank.Easy), entry(t, 3, bank.Easy), entry(t, 4, bank.Hard))
	if _, _, err := s.Add(ctx, sixBoards(t, 3)); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	easy := func(n int) bank.PickSpec { return bank.PickSpec{Kind: bank.Kind{Level: bank.Easy}, N: n} }
	six := func(n int) bank.PickSpec { return bank.PickSpec{Kind: bank.Kind{Rules: "6x6"}, N: n} }
	for _, tc := range []struct {
		name   string
		specs  []bank.PickSpec
		useErr error
		want   error
		used   bool // use was called
	}{
		{"use fails", []bank.PickSpec{easy(2), six(1)}, boom, boom, true},
		{"too few boards", []bank.PickSpec{easy(1), six(4)}, nil, bank.ErrEmpty, false},
		{"too few over two specs", []bank.PickSpec{six(2), easy(1), six(2)}, nil, bank.ErrEmpty, false},
		{"unknown rule set", []bank.PickSpec{easy(1), {Kind: bank.Kind{Rules: "nope 9x9"}, N: 1}}, nil, bank.ErrEmpty, false},
		{"empty level", []bank.PickSpec{easy(1), {Kind: bank.Kind{Level: bank.Expert}, N: 1}}, nil, bank.ErrEmpty, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			used := false
			err := s.PickAll(ctx, tc.specs, func([]bank.Picked) error { used = true; return tc.useErr })
			if !errors.Is(err, tc.want) || used != tc.used {
				t.Errorf("got %v, use called %v; want %v, %v", err, used, tc.want, tc.used)
			}
			if e, b := left(t, s); e != 3 || b != 3 {
				t.Errorf("%d Easy and %d 6x6 left, want 3 and 3", e, b)
			}
		})
	}
	testPickAllCommits(t, s)
}

// testPickAllCommits picks from s (3 Easy and 3 6x6 left): what use gets
// is handed out once use returns nil.
func testPickAllCommits(t *testing.T, s bank.Store) {
	ctx := context.Background()
	easy := func(n int) bank.PickSpec { return bank.PickSpec{Kind: bank.Kind{Level: bank.Easy}, N: n} }
	six := func(n int) bank.PickSpec { return bank.PickSpec{Kind: bank.Kind{Rules: "6x6"}, N: n} }
	specs := []bank.PickSpec{easy(2), six(1), easy(1)}
	var got []bank.Picked
	if err := s.PickAll(ctx, specs, func(p []bank.Picked) error { got = p; return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || len(got[0].Entries) != 2 || len(got[1].Entries) != 1 || len(got[2].Entries) != 1 {
		t.Fatalf("got %+v, want 2 Easy, one 6x6, one Easy", got)
	}
	es := append(got[0].Entries, got[2].Entries...)
	seen := map[int64]bool{}
	for i, e := range es {
		if e.Level != bank.Easy || e.HandedOut.IsZero() || seen[e.ID] || i > 0 && i < 2 && e.ID < es[i-1].ID {
			t.Errorf("entry %d: %+v (handed out twice, out of order or not marked)", i, e)
		}
		seen[e.ID] = true
	}
	if b := got[1].Entries[0]; b.Rules != "6x6" || b.HandedOut.IsZero() {
		t.Errorf("board: %+v", b)
	}
	if e, b := left(t, s); e != 0 || b != 2 {
		t.Errorf("%d Easy and %d 6x6 left, want 0 and 2", e, b)
	}
	if _, err := s.Pick(ctx, bank.Kind{Level: bank.Easy}); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a pick after PickAll took every Easy: %v, want ErrEmpty", err)
	}
}
