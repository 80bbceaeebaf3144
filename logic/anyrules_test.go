package logic_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"sudoku"
	"sudoku/generate"
	"sudoku/internal/dataset"
	. "sudoku/logic"
)

// replayBoard solves b by logic step by step and checks every step
// against the solution: no placement of a wrong digit, no elimination of
// the solution's digit. It returns whether the techniques finished it
// and the rating.
func replayBoard(t *testing.T, b *sudoku.Board, sol []uint8) (bool, PuzzleRating) {
	t.Helper()
	path, err := PathBoard(context.Background(), b)
	for _, st := range path {
		used[st.Technique]++
		if len(st.Units) > 1 && strings.HasPrefix(st.Technique, "Rule of 45") {
			used["Rule of 45 on a group of houses"]++
		}
		for _, p := range st.Placements {
			if sol[p.Cell] != uint8(p.Digit) {
				t.Fatalf("%s: %s places %d at cell %d, the solution has %d (%s)", b.Rules.Name(), st.Technique, p.Digit, p.Cell, sol[p.Cell], st.Text)
			}
		}
		for _, e := range st.Eliminations {
			if sol[e.Cell] == uint8(e.Digit) {
				t.Fatalf("%s: %s takes the solution's %d out of cell %d (%s)", b.Rules.Name(), st.Technique, e.Digit, e.Cell, st.Text)
			}
		}
		if len(st.Placements)+len(st.Eliminations) == 0 || st.Text == "" || st.Rating == 0 {
			t.Fatalf("%s: empty step %+v", b.Rules.Name(), st)
		}
	}
	if err != nil && !errors.Is(err, ErrStuck) {
		t.Fatalf("%s: %v", b.Rules.Name(), err)
	}
	r, _ := RateBoard(context.Background(), b)
	return err == nil, r
}

// used counts the techniques replayBoard has seen.
var used = map[string]int{}

// TestBoardLogicShared replays the logic on variant puzzles in Solo's
// form: every step agrees with the given solution; how many each
// technique set finishes is logged, and each kind must have one solved.
// The fixture testdata/variants-solo.txt (our generator's 6x6, X, jigsaw,
// killer and 16x16 puzzles, six of each) runs always; with ../shared,
// Solo's own puzzles too.
func TestBoardLogicShared(t *testing.T) {
	kinds, byKind := soloFixture(t, "variants-solo.txt")
	for _, kind := range kinds {
		t.Run("fixture/"+kind, func(t *testing.T) { replayVariants(t, kind, byKind[kind]) })
	}
	withShared(t, func(t *testing.T) {
		for _, file := range []string{"solo-2x3di.txt", "solo-3x3xdi.txt", "solo-9jdi.txt", "solo-3x3kdi.txt", "solo-4x4di.txt"} {
			t.Run(file, func(t *testing.T) { replayVariants(t, file, dataset.Variants(t, file, 60)) })
		}
	})
}

// replayVariants replays the logic on each puzzle of a set.
func replayVariants(t *testing.T, name string, vs []dataset.Variant) {
	solved := 0
	levels := map[Level]int{}
	for _, v := range vs {
		ok, r := replayBoard(t, v.Board, v.Solution)
		if ok {
			solved++
			levels[r.Level]++
		}
	}
	t.Logf("%s: %d of %d solved by logic; levels %v", name, solved, len(vs), levels)
	if solved == 0 {
		t.Error("no puzzle solved by logic")
	}
}

// TestBoardLogicGenerated replays the logic on generated puzzles of every
// rule set (100 each, 6x6 1,000; ten times more with SUDOKU_LONG=1): no
// wrong step, and each puzzle solved or reported stuck.
func TestBoardLogicGenerated(t *testing.T) {
	n := 100
	if os.Getenv("SUDOKU_LONG") != "" {
		n = 1000
	}
	x := sudoku.Classic()
	x.Diagonals = sudoku.BothDiagonals
	knight := sudoku.Classic()
	knight.AntiKnight = true
	king := sudoku.Classic()
	king.AntiKing = true
	win := sudoku.Classic()
	win.Windoku = true
	six, _ := sudoku.Sized(6)
	kinds := []struct {
		name string
		o    generate.Options
	}{
		{"x", generate.Options{Rules: x}},
		{"windoku", generate.Options{Rules: win}},
		{"anti-knight", generate.Options{Rules: knight}},
		{"anti-king", generate.Options{Rules: king}},
		{"jigsaw", generate.Options{Rules: sudoku.Classic(), Variant: sudoku.VariantJigsaw}},
		{"killer", generate.Options{Rules: sudoku.Classic(), Variant: sudoku.VariantKiller}},
		{"6x6", generate.Options{Rules: six}},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			solved, n := 0, n
			if k.name == "6x6" {
				n *= 10 // cheap, and the puzzles here that need XY-chains are 3 in 1,000
			}
			for i := range n {
				p, err := generate.Generate(context.Background(), k.o, generate.Source(99, i))
				if err != nil {
					t.Fatal(err)
				}
				if ok, _ := replayBoard(t, p.Puzzle, p.Solution.Cells); ok {
					solved++
				}
			}
			t.Logf("%s: %d of %d generated puzzles solved by logic, the rest need more", k.name, solved, n)
		})
	}
	t.Logf("techniques used: %v", used)
	for _, tech := range []string{"X-Wing", "Swordfish", "XY-Wing", "Naked pair", "Hidden pair", "Rule of 45 (innie)", "Cage combinations", "Rule of 45 on a group of houses", "XY-chain", "X-chain", "Rule of 45 (outie combinations)"} {
		if used[tech] == 0 {
			t.Errorf("no step by %s in the replays", tech)
		}
	}
}
