package ilp

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"sudoku"
	"sudoku/solver"
)

func TestEngine(t *testing.T) {
	full := grid(t, mathworksSol)
	tests := []struct {
		name   string
		puzzle sudoku.Grid
		limit  int
		count  int
	}{
		{"mathworks", grid(t, mathworks), 2, 1},
		{"article", grid(t, article), 2, 1},
		{"impossible", grid(t, impossible), 2, 0},
		{"two solutions", grid(t, twoSolutions), 2, 2},
		{"two solutions, limit 10", grid(t, twoSolutions), 10, 2},
		{"two solutions, limit 1", grid(t, twoSolutions), 1, 1},
		{"full grid", full, 2, 1},
		{"empty grid, limit 5", sudoku.Grid{}, 5, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := classicSearch(Engine, tt.puzzle, tt.limit)
			if r.Count != tt.count {
				t.Fatalf("count: got %d, want %d", r.Count, tt.count)
			}
			if r.Count > 0 && !r.Grid().IsSolutionOf(&tt.puzzle) {
				t.Errorf("solution %v does not solve %v", r.Solution, tt.puzzle)
			}
			if f := classicSearch(solver.Fast, tt.puzzle, tt.limit); f.Count != r.Count {
				t.Errorf("count: got %d, Fast finds %d", r.Count, f.Count)
			}
		})
	}
}

// Counting through blocking constraints gives Fast's counts: each new
// solution differs from the ones before it.
func TestEngineCounts(t *testing.T) {
	sol := grid(t, mathworksSol)
	counts := []int{}
	for _, holes := range []int{40, 46, 50, 52, 54, 64} {
		g := sol
		for i := 0; i < holes; i++ {
			g[(i*37)%81] = 0 // a fixed scatter of empty cells
		}
		for _, limit := range []int{1, 7, 300} {
			got := classicSearch(Engine, g, limit).Count
			want := classicSearch(solver.Fast, g, limit).Count
			if got != want {
				t.Errorf("%d holes, limit %d: got %d solutions, Fast %d", holes, limit, got, want)
			}
			counts = append(counts, got)
		}
	}
	t.Logf("counts at limits 1, 7, 300: %v", counts)
}

func TestSolveWithErrors(t *testing.T) {
	tests := []struct {
		name   string
		puzzle sudoku.Grid
		want   error
	}{
		{"impossible", grid(t, impossible), sudoku.ErrNoSolution},
		{"two solutions", grid(t, twoSolutions), sudoku.ErrMultipleSolutions},
		{"unique", grid(t, mathworks), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := solver.Solve(context.Background(), Engine, sudoku.BoardOf(tt.puzzle))
			if !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
	_, err := solver.Solve(context.Background(), Engine, sudoku.BoardOf(grid(t, "5..5")))
	var ce *sudoku.ConflictError
	if !errors.As(err, &ce) || ce.A != 0 || ce.B != 3 {
		t.Errorf("conflict: got %v, want r1c1 and r1c4 are both 5 in row 1", err)
	}
}

// Solve takes both clue styles and agrees with itself.
func TestSolveClueStyles(t *testing.T) {
	want := grid(t, mathworksSol)
	for _, st := range []ClueStyle{ClueRows, ClueBounds} {
		for _, o := range []Objective{ObjIndex, ObjOnes, ObjNone} {
			m, err := New(sudoku.BoardOf(grid(t, mathworks)), Options{Clues: st, Objective: o})
			if err != nil {
				t.Fatal(err)
			}
			r, err := m.Solve(2)
			if err != nil || r.Count != 1 || r.Grid() != want {
				t.Errorf("%v, %v: got %d %v, %v; want 1 %v", st, o, r.Count, r.Solution, err, want)
			}
		}
	}
}

func TestSolveRejectsOtherModels(t *testing.T) {
	m, err := NewSums(grid(t, article), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Solve(1); err == nil {
		t.Error("sums model: got no error")
	}
	m, _ = New(sudoku.BoardOf(sudoku.Grid{}), Options{})
	m.Rows[0].RHS = 2
	if _, err := m.Solve(1); err == nil {
		t.Error("a row = 2: got no error")
	}
}

// Answers equal the fast engine's: every puzzle of magictour-top1465 and
// forum-hardest-1106, the first 2,000 of 17-clue (the benchmark's), and
// every tenth of serg-benchmark (several solutions each).
func TestAgreesWithFast(t *testing.T) {
	sets := []struct {
		file string
		step int
		max  int
	}{
		{"magictour-top1465.txt", 1, 0},
		{"forum-hardest-1106.txt", 1, 0},
		{"17-clue.txt", 1, 2000},
		{"serg-benchmark.txt", 10, 0},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			ps := loadPuzzles(t, s.file)
			if s.max > 0 && len(ps) > s.max {
				ps = ps[:s.max]
			}
			n, agree := 0, 0
			for i := 0; i < len(ps); i += s.step {
				n++
				if msg := compare(ps[i]); msg != "" {
					t.Errorf("puzzle %d %v: %s", i+1, ps[i], msg)
					continue
				}
				agree++
			}
			t.Logf("%s: %d of %d puzzles agree with Fast", s.file, agree, n)
		})
	}
}

// compare solves g with both engines (limit 2) and says how they differ.
func compare(g sudoku.Grid) string {
	want := classicSearch(solver.Fast, g, 2)
	got := classicSearch(Engine, g, 2)
	switch {
	case got.Count != want.Count:
		return fmt.Sprintf("count %d, Fast %d", got.Count, want.Count)
	case !got.Grid().IsSolutionOf(&g):
		return fmt.Sprintf("%v is no solution", got.Solution)
	case want.Count == 1 && got.Grid() != want.Grid():
		return fmt.Sprintf("solution %v, Fast %v", got.Solution, want.Solution)
	}
	return ""
}

// Searches in parallel stay correct (gophersat 1.4.0 shared a buffer
// between solvers: third_party/gophersat gives each its own). Run with -race.
func TestEngineConcurrent(t *testing.T) {
	ps := loadPuzzles(t, "magictour-top1465.txt")[:64]
	var wg sync.WaitGroup
	errs := make(chan string, len(ps))
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(ps); i += 4 {
				if msg := compare(ps[i]); msg != "" {
					errs <- fmt.Sprintf("puzzle %d: %s", i+1, msg)
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// classicSearch searches classic grid g with e for up to limit solutions.
func classicSearch(e solver.Engine, g sudoku.Grid, limit int) solver.Result {
	r, err := e.Search(context.Background(), sudoku.BoardOf(g), limit)
	if err != nil {
		panic(err)
	}
	return r
}
