package banktest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
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
func boardEntry(t testing.TB, i int) bank.Entry {
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
	e, err := bank.NewEntry(b, sol, "test")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// testBoards stores, picks, counts and exports puzzles of other rules
// through the methods of the classic ones: picks select by rule set,
// never hand a board out twice, and never mix with the classic levels.
func testBoards(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.open(t)
	var es []bank.Entry
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
	ke, err := bank.NewEntry(kb, &sudoku.Board{Rules: kr, Cells: ksol.Cells}, "reordered")
	if err != nil {
		t.Fatal(err)
	}
	es = append(es, ke)
	added, dupes, err := s.Add(ctx, es)
	if err != nil || added != 3 || dupes != 2 {
		t.Fatalf("Add: %d added, %d duplicates, %v; want 3, 2", added, dupes, err)
	}
	if _, err := s.Pick(ctx, bank.Kind{Level: bank.Easy}); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a classic pick from a bank of boards: %v, want ErrEmpty", err)
	}
	got, err := s.Pick(ctx, bank.Kind{Rules: "killer 4x4"})
	if err != nil || got.Rules != "killer 4x4" || got.Plain != es[1].Plain || got.SolutionLine != es[1].SolutionLine || got.HandedOut.IsZero() {
		t.Fatalf("Pick killer: %+v, %v", got, err)
	}
	if b, err := got.Board(); err != nil || b.Rules.Name() != "killer 4x4" {
		t.Errorf("the board read back: %v, %v", b, err)
	}
	if sol, err := got.SolutionBoard(); err != nil || sol.Line('.') != boardCases[1].solution || sol.Validate() != nil {
		t.Errorf("the solution read back: %v, %v", sol, err)
	}
	if _, err := s.Pick(ctx, bank.Kind{Rules: "killer 4x4"}); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a second killer pick: %v, want ErrEmpty", err)
	}
	st, err := s.Stats(ctx)
	want := []bank.RulesCount{{Rules: "6x6", Total: 1, Left: 1}, {Rules: "jigsaw 4x4", Total: 1, Left: 1}, {Rules: "killer 4x4", Total: 1, HandedOut: 1}}
	if err != nil || !reflect.DeepEqual(st.Rules, want) || st.Total() != 0 {
		t.Fatalf("Stats: rules %v, %d classic, %v; want %v, 0", st.Rules, st.Total(), err, want)
	}
	var exported []string
	if err := s.Export(ctx, func(e bank.Entry) error { exported = append(exported, e.Rules); return nil }); err != nil || len(exported) != 3 {
		t.Errorf("Export: %v, %v", exported, err)
	}
	if _, _, err := s.Add(ctx, []bank.Entry{{Rules: "6x6", Plain: "nonsense", SolutionLine: "1"}}); !errors.Is(err, bank.ErrInvalidEntry) {
		t.Errorf("a malformed board: %v, want ErrInvalidEntry", err)
	}
	classic := boardEntry(t, 0)
	classic.Rules, classic.Plain = "9x9", testPuzzle
	if _, _, err := s.Add(ctx, []bank.Entry{classic}); !errors.Is(err, bank.ErrInvalidEntry) {
		t.Errorf("a classic puzzle as a plain line: %v, want ErrInvalidEntry", err)
	}
}

// testMixed stores classic puzzles and puzzles of other rules in one Add,
// all or nothing, and picks, counts and exports them apart by kind.
func testMixed(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.open(t)
	// A classic entry from boards: the grids and clues, rated by the caller.
	c, err := bank.NewEntry(sudoku.BoardOf(mustGrid(t, testPuzzle)), sudoku.BoardOf(mustGrid(t, testSolution)), "classic board")
	if err != nil || !c.Classic() || c.Rules != "" || c.Plain != "" || c.Clues != 30 || c.Puzzle != mustGrid(t, testPuzzle) {
		t.Fatalf("NewEntry of a classic board: %+v, %v", c, err)
	}
	if err := c.Check(); !errors.Is(err, bank.ErrInvalidEntry) {
		t.Errorf("a classic entry with no rating: %v, want ErrInvalidEntry", err)
	}
	rated := entry(t, 1, bank.Hard)
	c.ER, c.EP, c.ED, c.Level, c.RatingVersion, c.Symmetry, c.Canonical = rated.ER, rated.EP, rated.ED, rated.Level, rated.RatingVersion, rated.Symmetry, rated.Canonical
	bad := entry(t, 2, bank.Easy)
	bad.Canonical = "short"
	six := sixBoards(t, 2)
	if added, _, err := s.Add(ctx, []bank.Entry{six[0], c, bad}); !errors.Is(err, bank.ErrInvalidEntry) || added != 0 {
		t.Fatalf("a mixed Add with a bad entry: %d added, %v; want 0, ErrInvalidEntry", added, err)
	}
	if st, err := s.Stats(ctx); err != nil || st.Total() != 0 || len(st.Rules) != 0 {
		t.Fatalf("after a failed Add: %d classic, rules %v, %v; want nothing stored", st.Total(), st.Rules, err)
	}
	added, dupes, err := s.Add(ctx, []bank.Entry{six[0], c, entry(t, 3, bank.Easy), six[1], six[0], entry(t, 1, bank.Easy)})
	if err != nil || added != 4 || dupes != 2 {
		t.Fatalf("a mixed Add: %d added, %d duplicates, %v; want 4, 2", added, dupes, err)
	}
	for _, tc := range []struct {
		kinds []bank.Kind
		want  string
	}{
		{nil, "[classic board test 3 6x6 6x6]"},
		{[]bank.Kind{{Rules: "6x6"}}, "[6x6 6x6]"},
		{[]bank.Kind{{Rules: "6x6"}, {Level: bank.Hard}}, "[classic board 6x6 6x6]"},
		{[]bank.Kind{{Level: bank.Easy}, {Rules: "jigsaw 4x4"}}, "[test 3]"},
	} {
		var got []string
		err := s.Export(ctx, func(e bank.Entry) error {
			if e.Classic() {
				got = append(got, e.Source)
			} else {
				got = append(got, e.Rules)
			}
			return nil
		}, tc.kinds...)
		if err != nil || fmt.Sprint(got) != tc.want {
			t.Errorf("Export %v: %v, %v; want %s", tc.kinds, got, err, tc.want)
		}
	}
	e, err := s.Pick(ctx, bank.Kind{Level: bank.Hard})
	if err != nil || e.Source != "classic board" || !e.Classic() || e.Kind() != (bank.Kind{Level: bank.Hard}) {
		t.Fatalf("Pick Hard: %+v, %v", e, err)
	}
	if b, err := e.Board(); err != nil || !b.Rules.IsClassic() || b.Line('.') != mustGrid(t, testPuzzle).Line('.') {
		t.Errorf("the classic board read back: %v, %v", b, err)
	}
	if sol, err := e.SolutionBoard(); err != nil || sol.Line('.') != testSolution {
		t.Errorf("the classic solution read back: %v, %v", sol, err)
	}
	b, err := s.Pick(ctx, bank.Kind{Rules: "6x6"})
	if err != nil || b.Rules != "6x6" || b.Kind() != (bank.Kind{Rules: "6x6"}) || b.Check() != nil {
		t.Fatalf("Pick 6x6: %+v, %v", b, err)
	}
	if _, err := s.Pick(ctx, bank.Kind{Rules: "9x9"}); !errors.Is(err, bank.ErrEmpty) {
		t.Errorf("a pick of rule set 9x9 (classic puzzles are picked by level): %v, want ErrEmpty", err)
	}
	st, err := s.Stats(ctx)
	if want := []bank.RulesCount{{Rules: "6x6", Total: 2, HandedOut: 1, Left: 1}}; err != nil || st.Total() != 2 || !reflect.DeepEqual(st.Rules, want) {
		t.Errorf("Stats: %d classic, rules %v, %v; want 2, %v", st.Total(), st.Rules, err, want)
	}
	if err := bank.CheckLeft(ctx, s, []bank.PickSpec{{Kind: bank.Kind{Rules: "6x6"}, N: 1}, {Kind: bank.Kind{Level: bank.Easy}, N: 1}}); err != nil {
		t.Errorf("CheckLeft of what is left: %v", err)
	}
	var short *bank.ShortError
	if err := bank.CheckLeft(ctx, s, []bank.PickSpec{{Kind: bank.Kind{Rules: "6x6"}, N: 1}, {Kind: bank.Kind{Rules: "6x6"}, N: 1}}); !errors.As(err, &short) || short.Left != 1 {
		t.Errorf("CheckLeft of two 6x6 with one left: %v, want a ShortError with 1 left", err)
	}
	if err := bank.CheckLeft(ctx, s, []bank.PickSpec{{Kind: bank.Kind{Rules: "killer 9x9"}, N: 1}}); err == nil || err.Error() != `no "killer 9x9" puzzles in the bank (it holds 6x6)` {
		t.Errorf("CheckLeft of a rule set not stored: %v", err)
	}
}

// testBoardsConcurrent has 8 goroutines pick 6x6 boards from 40: each
// board handed out once.
func testBoardsConcurrent(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.open(t)
	base := boardEntry(t, 0)
	var es []bank.Entry
	for k := range 40 {
		e := base
		e.Plain = e.Plain + " board " + string(rune('A'+k%26)) + string(rune('a'+k/26))
		es = append(es, e)
	}
	if added, _, err := s.Add(ctx, es); err != nil || added != 40 {
		t.Fatalf("Add: %d, %v", added, err)
	}
	var mu sync.Mutex
	seen := map[int64]bool{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				e, err := s.Pick(ctx, bank.Kind{Rules: "6x6"})
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
