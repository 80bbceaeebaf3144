package banktest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"sudoku"
	"sudoku/bank"
)

// boardCases are puzzles of other rules made for these tests, with their
// solutions: a 6x6, a 4x4 killer and a 4x4 jigsaw (dug by solver.Fast
// from its solutions; each unique).
var boardCases = []struct{ puzzle, solution string }{
	{"....4.5....6.1.3....4.1.1....2.2....", "362541541236615324234615153462426153"},
	{".........1.3.3.1 aabbccddeeffgghh a=3 b=7 c=7 d=3 e=3 f=7 g=7 h=3", "1234341221434321"},
	{".........1...42. aaababbbcccdcddd", "1234431221433421"},
}

// boardEntry makes the entry of boardCases[i].
func boardEntry(t testing.TB, i int) bank.BoardEntry {
	t.Helper()
	b, _, err := sudoku.ParseBoard(boardCases[i].puzzle)
	if err != nil {
		t.Fatal(err)
	}
	sol := &sudoku.Board{Rules: b.Rules}
	for k := range len(boardCases[i].solution) {
		d, _ := sudoku.ParseDigit(boardCases[i].solution[k])
		sol.Cells = append(sol.Cells, uint8(d))
	}
	if err := sol.Validate(); err != nil || !sol.Full() {
		t.Fatalf("case %d: the solution breaks the rules: %v", i, err)
	}
	e, err := bank.NewBoardEntry(b, sol, "test")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// testBoards stores, picks, counts and exports puzzles of other rules:
// picks select by rule set, never hand a board out twice, and never mix
// with the classic levels.
func testBoards(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.open(t)
	var es []bank.BoardEntry
	for i := range boardCases {
		es = append(es, boardEntry(t, i))
	}
	es = append(es, es[0]) // a duplicate
	// The killer again, its cages listed in another order: a duplicate too.
	kb, _, _ := sudoku.ParseBoard(boardCases[1].puzzle)
	kr := kb.Rules.Clone()
	kr.Cages[0], kr.Cages[1] = kr.Cages[1], kr.Cages[0]
	kb.Rules = kr
	ksol, _, _ := sudoku.ParseBoard(boardCases[1].solution)
	ke, err := bank.NewBoardEntry(kb, &sudoku.Board{Rules: kr, Cells: ksol.Cells}, "reordered")
	if err != nil {
		t.Fatal(err)
	}
	es = append(es, ke)
	added, dupes, err := s.AddBoards(ctx, es)
	if err != nil || added != 3 || dupes != 2 {
		t.Fatalf("AddBoards: %d added, %d duplicates, %v; want 3, 2", added, dupes, err)
	}
	if _, err := s.Pick(ctx, bank.Easy); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a classic pick from a bank of boards: %v, want ErrEmpty", err)
	}
	got, err := s.PickBoard(ctx, "killer 4x4")
	if err != nil || got.Puzzle != es[1].Puzzle || got.Solution != es[1].Solution || got.HandedOut.IsZero() {
		t.Fatalf("PickBoard killer: %+v, %v", got, err)
	}
	if b, err := got.Board(); err != nil || b.Rules.Name() != "killer 4x4" {
		t.Errorf("the board read back: %v, %v", b, err)
	}
	if _, err := s.PickBoard(ctx, "killer 4x4"); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a second killer pick: %v, want ErrEmpty", err)
	}
	stats, err := s.BoardStats(ctx)
	want := []bank.RulesCount{{Rules: "6x6", Total: 1, Left: 1}, {Rules: "jigsaw 4x4", Total: 1, Left: 1}, {Rules: "killer 4x4", Total: 1, HandedOut: 1}}
	if err != nil || len(stats) != len(want) {
		t.Fatalf("BoardStats: %v, %v; want %v", stats, err, want)
	}
	for i := range want {
		if stats[i] != want[i] {
			t.Errorf("BoardStats[%d]: %+v, want %+v", i, stats[i], want[i])
		}
	}
	var exported []string
	if err := s.ExportBoards(ctx, func(e bank.BoardEntry) error { exported = append(exported, e.Rules); return nil }); err != nil || len(exported) != 3 {
		t.Errorf("ExportBoards: %v, %v", exported, err)
	}
	if _, _, err := s.AddBoards(ctx, []bank.BoardEntry{{Rules: "6x6", Puzzle: "nonsense", Solution: "1"}}); !errors.Is(err, bank.ErrInvalidEntry) {
		t.Errorf("a malformed board: %v, want ErrInvalidEntry", err)
	}
}

// testBoardsConcurrent has 8 goroutines pick 6x6 boards from 40: each
// board handed out once.
func testBoardsConcurrent(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.open(t)
	base := boardEntry(t, 0)
	var es []bank.BoardEntry
	for k := range 40 {
		e := base
		e.Puzzle = e.Puzzle + " board " + string(rune('A'+k%26)) + string(rune('a'+k/26))
		es = append(es, e)
	}
	if added, _, err := s.AddBoards(ctx, es); err != nil || added != 40 {
		t.Fatalf("AddBoards: %d, %v", added, err)
	}
	var mu sync.Mutex
	seen := map[int64]bool{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				e, err := s.PickBoard(ctx, "6x6")
				if errors.Is(err, bank.ErrEmpty) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if seen[e.ID] {
					t.Errorf("board %d handed out twice", e.ID)
				}
				seen[e.ID] = true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != 40 {
		t.Errorf("%d boards handed out, want 40", len(seen))
	}
}
