package ilp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"sudoku"
	"sudoku/solver"
)

// needTool returns the path of an external program the test needs. When
// it is missing the test skips, or fails when SUDOKU_REQUIRE_TOOLS=1 (CI
// sets it: .ci/run installs the tools).
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("SUDOKU_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s not found and SUDOKU_REQUIRE_TOOLS=1: install Debian's %s", name, pkg)
	}
	t.Skipf("skipping: %s not found (apt-get install %s; SUDOKU_REQUIRE_TOOLS=1 makes this a failure)", name, pkg)
	return ""
}

// runCBC writes m in format to a temporary file, solves it with CBC and
// reads CBC's solution file back. It also returns the solution file.
func runCBC(t *testing.T, cbc string, m *Model, format string) (*CBCSolution, []byte, error) {
	t.Helper()
	return runCBCWithin(t, cbc, m, format, 2*time.Minute)
}

// errCBCTime is the error of runCBCWithin when CBC stops at its limit.
var errCBCTime = errors.New("CBC stopped at its time limit")

// runCBCWithin is runCBC with CBC's own time limit (its "sec" option).
func runCBCWithin(t *testing.T, cbc string, m *Model, format string, limit time.Duration) (*CBCSolution, []byte, error) {
	t.Helper()
	dir := t.TempDir()
	model := filepath.Join(dir, "model."+format)
	solu := filepath.Join(dir, "solution.txt")
	var b bytes.Buffer
	if err := Write(&b, m, format); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(model, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit+time.Minute)
	defer cancel()
	sec := fmt.Sprint(int(limit.Seconds()))
	out, err := exec.CommandContext(ctx, cbc, model, "sec", sec, "solve", "solu", solu).CombinedOutput()
	if err != nil {
		t.Fatalf("cbc %s: %v\n%s", model, err, out)
	}
	if bytes.Contains(out, []byte("Stopped on time")) {
		return nil, nil, errCBCTime
	}
	data, err := os.ReadFile(solu)
	if err != nil {
		t.Fatalf("cbc wrote no solution file: %v\n%s", err, out)
	}
	s, err := ReadCBCSolution(bytes.NewReader(data), m)
	return s, data, err
}

// CBC, a real MILP solver, solves the LP and MPS files of puzzles from the
// benchmark sets, in both clue styles and with both articles' objectives;
// its answers must equal the fast engine's, at the objective value the
// package comment derives. (CBC needs seconds for some of the forum's
// hardest puzzles, hence only a few of those.)
func TestCBCCrossCheck(t *testing.T) {
	cbc := needTool(t, "cbc", "coinor-cbc")
	for _, set := range []struct {
		file string
		n    int
	}{{"magictour-top1465.txt", 100}, {"17-clue.txt", 100}, {"forum-hardest-1106.txt", 6}} {
		puzzles := loadPuzzles(t, set.file)[:set.n]
		start := time.Now()
		var mu sync.Mutex
		var wg sync.WaitGroup
		jobs := make(chan int)
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range jobs {
					if msg := crossCheck(t, cbc, i, puzzles[i]); msg != "" {
						mu.Lock()
						t.Errorf("%s, puzzle %d %v: %s", set.file, i+1, puzzles[i], msg)
						mu.Unlock()
					}
				}
			}()
		}
		for i := range puzzles {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		t.Logf("%s: CBC solved the first %d puzzles (LP and MPS, both clue styles, both objectives; 2 at a time) in %v, every answer equal to Fast's",
			set.file, len(puzzles), time.Since(start).Round(time.Millisecond))
	}
}

// crossCheck runs puzzle i through CBC in one of eight variants and says
// what is wrong, if anything.
func crossCheck(t *testing.T, cbc string, i int, g sudoku.Grid) string {
	format := []string{"lp", "mps"}[i%2]
	opt := Options{Clues: ClueStyle(i / 2 % 2), Objective: Objective(i / 4 % 2)}
	m, err := New(sudoku.BoardOf(g), opt)
	if err != nil {
		return err.Error()
	}
	s, _, err := runCBC(t, cbc, m, format)
	if err != nil {
		return fmt.Sprintf("%s, %v, %v: %v", format, opt.Clues, opt.Objective, err)
	}
	want := map[Objective]float64{ObjIndex: 29565, ObjOnes: 81}[opt.Objective]
	if s.Objective != want {
		return fmt.Sprintf("%s: objective %v, want %v", format, s.Objective, want)
	}
	got, err := m.Grid(s.Values)
	if err != nil {
		return fmt.Sprintf("%s: %v", format, err)
	}
	if r := classicSearch(solver.Fast, g, 2); r.Count != 1 || r.Grid() != got {
		return fmt.Sprintf("%s: CBC %v, Fast %v (%d solutions)", format, got, r.Solution, r.Count)
	}
	return ""
}

// An impossible puzzle without conflicting givens is infeasible for CBC
// too (intlinprog's exitflag <= 0), as for the engine.
func TestCBCInfeasible(t *testing.T) {
	cbc := needTool(t, "cbc", "coinor-cbc")
	g := grid(t, impossible)
	for _, format := range []string{"lp", "mps"} {
		m, err := New(sudoku.BoardOf(g), Options{})
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := runCBC(t, cbc, m, format)
		if err == nil || s == nil || s.Status != "Infeasible" {
			t.Errorf("%s: got %+v, %v, want status Infeasible and an error", format, s, err)
		}
	}
	if r := classicSearch(Engine, g, 2); r.Count != 0 {
		t.Errorf("engine: %d solutions, want 0", r.Count)
	}
}

// The MathWorks model solved by CBC, kept in testdata/ for
// TestReadCBCSolution (which needs no CBC); -update rewrites it.
func TestCBCMathWorks(t *testing.T) {
	cbc := needTool(t, "cbc", "coinor-cbc")
	m, err := New(sudoku.BoardOf(grid(t, mathworks)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, data, err := runCBC(t, cbc, m, "lp")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := m.Grid(s.Values); err != nil || got != grid(t, mathworksSol) || s.Objective != 29565 {
		t.Errorf("got %v (objective %v), %v, want %s at 29565", got, s.Objective, err, mathworksSol)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", "mathworks-rows.cbc.txt"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The lesson of the Chinese article: CBC's optimum of the sums model
// satisfies every sum, keeps the givens, and is no Sudoku. The test says
// where the rule breaks.
func TestCBCSumsLesson(t *testing.T) {
	cbc := needTool(t, "cbc", "coinor-cbc")
	g := grid(t, article)
	for _, st := range []ClueStyle{ClueRows, ClueBounds} {
		for _, format := range []string{"lp", "mps"} {
			m, err := NewSums(g, Options{Clues: st})
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := runCBC(t, cbc, m, format)
			if err != nil {
				t.Fatalf("%v, %s: %v", st, format, err)
			}
			got, err := m.Grid(s.Values)
			if err != nil {
				t.Fatalf("%v, %s: %v", st, format, err)
			}
			check := CheckSums(got)
			var ce *sudoku.ConflictError
			switch {
			case !check.SumsHold():
				t.Errorf("%v, %s: %v", st, format, check)
			case len(check.Repeats) == 0:
				t.Errorf("%v, %s: CBC's answer %v is a Sudoku; the lesson needs a counterexample", st, format, got)
			case !errors.As(got.Validate(), &ce):
				t.Errorf("%v, %s: Validate finds no conflict in %v, CheckSums %v", st, format, got, check)
			}
			for c, v := range g {
				if v != 0 && got[c] != v {
					t.Errorf("%v, %s: %v is %d, the given is %d", st, format, sudoku.Cell(c), got[c], v)
				}
			}
			t.Logf("clues as %v, %s: objective %v; %v\n%s", st, format, s.Objective, check, got.Pretty())
		}
	}
}
