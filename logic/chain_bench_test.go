package logic

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"sudoku"
	"sudoku/internal/dataset"
)

// chainStages are the chaining stages, in solving order.
var chainStages = []string{
	"ChainsAndCycles", "Nishio", "MultipleForcingChains", "DynamicForcingChains",
	"DynamicForcingChainsPlus", "NestedForcingChains",
}

// chainBoards returns the boards met on the solving paths of a sample of
// se-rated-dev puzzles just before a step of a chaining stage or of a
// later stage (the boards where the chaining stages are tried).
func chainBoards(tb testing.TB, max int) []Board {
	tb.Helper()
	ps := seRated(tb, 65)
	step := 1
	if max > 0 && len(ps) > max {
		step = (len(ps) + max - 1) / max
	}
	var gs []sudoku.Grid
	for i := 0; i < len(ps); i += step {
		gs = append(gs, ps[i].grid)
	}
	return boardsBeforeChains(gs)
}

// boardsBeforeChains returns the boards met on the solving paths of gs
// just before a step of a chaining stage or of a later stage.
func boardsBeforeChains(gs []sudoku.Grid) []Board {
	first := -1
	for i, st := range solvingOrder() {
		if st.name == "ChainsAndCycles" {
			first = i
		}
	}
	var out []Board
	for _, g := range gs {
		b := NewBoard(g)
		for !b.Solved() && b.Contradiction() == "" {
			st := solvingOrder()
			var s Step
			found := -1
			for k := range st {
				var ok bool
				if s, ok = st[k].find(&b); ok {
					found = k
					break
				}
			}
			if found < 0 {
				break
			}
			if found >= first {
				out = append(out, b)
			}
			b.Apply(&s)
		}
	}
	return out
}

// chainFixture reads testdata/chain-puzzles.txt: puzzles of our generator
// rated 6.6 to 9.0 when they were made, two per band of half a point,
// whose paths need chains and forcing chains.
func chainFixture(tb testing.TB) []ratedPuzzle { return fixture(tb, "chain-puzzles.txt") }

// fixtureChainBoards returns every other board where the chaining stages
// are tried along the paths of the chain fixture (74 of 147: the stages
// cost about 10 ms a board).
func fixtureChainBoards(tb testing.TB) []Board {
	gs := gridsOf(chainFixture(tb))
	return cached("chain boards", func() []Board {
		var out []Board
		for i, b := range boardsBeforeChains(gs) {
			if i%2 == 0 {
				out = append(out, b)
			}
		}
		return out
	})
}

// fixtureStageStep returns the step the chaining stage name finds on
// fixture chain board i, computed once for the tests that share it.
func fixtureStageStep(tb testing.TB, i int, name string) (Step, bool) {
	type found struct {
		s  Step
		ok bool
	}
	f := cached(fmt.Sprint("chain stage ", i, name), func() found {
		b := fixtureChainBoards(tb)[i]
		s, ok := finders[name](&b)
		return found{s, ok}
	})
	return f.s, f.ok
}

// stepSig writes everything a step holds, its chains included.
func stepSig(s *Step) string {
	return fmt.Sprintf("%s P%v E%v C%v H%v D%v L%s", s.String(), s.Placements, s.Eliminations, s.Cells, s.Houses, s.Digits, linksSig(s.Links))
}

// TestChainSignatures guards the chaining engine more closely than
// TestPathsUnchanged. On the fixture, it compares with the golden file
// testdata/chain-signatures.txt (-update records it) the steps that each
// chaining stage but the nested one finds on every other board where the
// chain fixture's paths try chains, and the full paths of its two puzzles
// rated 9.0: each step as its rating and a hash of everything it holds
// (chains included). With ../shared, see chainSignaturesShared.
func TestChainSignatures(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		var lines, full []string
		for i := range fixtureChainBoards(t) {
			line := fmt.Sprintf("board %d:", i)
			var sigs []string
			for _, name := range chainStages[:5] {
				s, ok := fixtureStageStep(t, i, name)
				line += " " + stepSummary(&s, ok)
				sigs = append(sigs, name+": "+stepSig(&s))
			}
			lines, full = append(lines, line), append(full, strings.Join(sigs, "\n"))
		}
		for k, p := range chainFixture(t) {
			if p.er < 90 {
				continue
			}
			path, err := fixturePath(p.grid)
			for j := range path {
				lines = append(lines, fmt.Sprintf("puzzle %d step %d: %s", k, j, stepSummary(&path[j], true)))
				full = append(full, stepSig(&path[j]))
			}
			lines, full = append(lines, fmt.Sprintf("puzzle %d err=%v", k, err)), append(full, "")
		}
		golden(t, "chain-signatures.txt", lines, full)
	})
	withShared(t, chainSignaturesShared)
}

// stepSummary writes a step found (ok) as its rating and a hash of its
// signature, "-" if none was found.
func stepSummary(s *Step, ok bool) string {
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%v#%s", s.Rating, shortHash(stepSig(s)))
}

// chainSignaturesShared, with SUDOKU_CHAINSIG=file, writes (if absent) or
// compares (if present) the full steps (chains included) that each
// chaining stage but the nested one finds on every board where chains are
// tried along the paths of se-rated-dev puzzles, and the full paths of the
// first SUDOKU_CHAINSIG_HARD (default 10) puzzles of the forum's hardest
// list.
func chainSignaturesShared(t *testing.T) {
	file := os.Getenv("SUDOKU_CHAINSIG")
	if file == "" {
		t.Skip("set SUDOKU_CHAINSIG=file to record or compare chaining steps")
	}
	var lines []string
	for i, b := range chainBoards(t, 200) {
		for _, name := range chainStages[:5] {
			s, ok := finders[name](&b)
			if ok {
				lines = append(lines, fmt.Sprintf("board %d %s: %s", i, name, stepSig(&s)))
			} else {
				lines = append(lines, fmt.Sprintf("board %d %s: none", i, name))
			}
		}
	}
	nh := 10
	if v, err := strconv.Atoi(os.Getenv("SUDOKU_CHAINSIG_HARD")); err == nil {
		nh = v
	}
	gs := dataset.Puzzles(t, "forum-hardest-1905-11plus.txt")
	for i := 0; i < nh && i < len(gs); i++ {
		path, err := Path(gs[i])
		for j := range path {
			lines = append(lines, fmt.Sprintf("hardest %d step %d: %s", i, j, stepSig(&path[j])))
		}
		lines = append(lines, fmt.Sprintf("hardest %d err=%v", i, err))
	}
	f, err := os.Open(file)
	if os.IsNotExist(err) {
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d lines to %s", len(lines), file)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	i, bad := 0, 0
	for ; sc.Scan(); i++ {
		if i >= len(lines) {
			t.Fatalf("%s has more lines than computed (%d)", file, len(lines))
		}
		if sc.Text() != lines[i] {
			bad++
			if bad <= 5 {
				t.Errorf("line %d differs:\n got %.600s\nwant %.600s", i, lines[i], sc.Text())
			}
		}
	}
	if i != len(lines) {
		t.Errorf("%s has %d lines, computed %d", file, i, len(lines))
	}
	if bad > 0 {
		t.Errorf("%d of %d lines differ", bad, len(lines))
	}
}

// BenchmarkRateHardest rates the first puzzles of the forum's hardest list
// (SUDOKU_BENCH_HARDEST=n, default 4) one after another.
func BenchmarkRateHardest(b *testing.B) {
	n := 4
	if v, err := strconv.Atoi(os.Getenv("SUDOKU_BENCH_HARDEST")); err == nil && v > 0 {
		n = v
	}
	gs := dataset.Puzzles(b, "forum-hardest-1905-11plus.txt")
	if len(gs) > n {
		gs = gs[:n]
	}
	b.ReportAllocs()
	b.ResetTimer()
	k := 0
	for b.Loop() {
		Rate(gs[k%len(gs)])
		k++
	}
	b.ReportMetric(1000*b.Elapsed().Seconds()/float64(k), "ms/puzzle")
}

// BenchmarkChainStages runs each chaining stage but the nested one on the
// boards where chains are tried along the paths of se-rated-dev puzzles
// (SUDOKU_BENCH_PUZZLES=n of them, default 100), all the boards in each
// iteration.
func BenchmarkChainStages(b *testing.B) {
	n := 100
	if v, err := strconv.Atoi(os.Getenv("SUDOKU_BENCH_PUZZLES")); err == nil && v > 0 {
		n = v
	}
	boards := chainBoards(b, n)
	for _, name := range chainStages[:5] {
		b.Run(name, func(b *testing.B) {
			f := finders[name]
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				for i := range boards {
					bd := boards[i]
					f(&bd)
					k++
				}
			}
			b.ReportMetric(1000*b.Elapsed().Seconds()/float64(k), "ms/call")
		})
	}
}

// linksSig writes links as the signatures recorded them before links had
// a Via: "[{r1c1#2 r1c2#2 false} ...]", a link's Via after its Strong
// when it has one.
func linksSig(ls []Link) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		if l.Via != "" {
			parts[i] = fmt.Sprintf("{%v %v %v %s}", l.From, l.To, l.Strong, l.Via)
		} else {
			parts[i] = fmt.Sprintf("{%v %v %v}", l.From, l.To, l.Strong)
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}
