package logic

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"sudoku"
)

// techStages are the stages whose per-call cost BenchmarkTechStages
// measures and whose every instance TestTechSignatures records.
var techStages = []string{
	"XWing", "Swordfish", "TwoStrongLinks", "XYWing", "UniqueRectangle",
	"Jellyfish", "WXYZWing", "BUG", "VWXYZWing",
	"AlignedPairExclusion", "AlignedTripleExclusion",
}

// stageBoards holds, per set and stage, the boards on which the stage's
// finder is called along the solving paths (all easier stages found
// nothing); at most perStage boards each, spread over the paths.
type stageBoards map[string][]Board

var (
	stageBoardsOnce sync.Once
	stageBoardsSets map[string]stageBoards
)

// collectStageBoards replays the paths of n puzzles of rel, keeping every
// board on which a stage of techStages is called.
func collectStageBoards(tb testing.TB, rel string, n int) stageBoards {
	return stageBoardsOf(gridsOf(loadLines(tb, rel, n)))
}

// stageBoardsOf replays the paths of gs, keeping every board on which a
// stage of techStages is called.
func stageBoardsOf(gs []sudoku.Grid) stageBoards {
	want := map[string]bool{}
	for _, s := range techStages {
		want[s] = true
	}
	out := stageBoards{}
	st := solvingOrder()
	for _, g := range gs {
		if g.Validate() != nil {
			continue
		}
		b := NewBoard(g)
		for steps := 0; !b.Empty.Empty() && steps < 400; steps++ {
			if b.deadCell() {
				break
			}
			found := false
			for i := range st {
				if want[st[i].name] {
					out[st[i].name] = append(out[st[i].name], b)
				}
				if s, ok := st[i].find(&b); ok {
					b.Apply(&s)
					found = true
					break
				}
			}
			if !found {
				break
			}
		}
	}
	return out
}

func benchBoards(tb testing.TB) map[string]stageBoards {
	stageBoardsOnce.Do(func() {
		stageBoardsSets = map[string]stageBoards{
			"se-rated-dev": collectStageBoards(tb, "data/rated/se-rated-dev.txt", 400),
			"17-clue":      collectStageBoards(tb, "data/puzzles/17-clue.txt", 300),
		}
	})
	return stageBoardsSets
}

// BenchmarkTechStages measures one call of each stage's finder on the
// boards where the solving paths call it; ns/op is the cost per call.
func BenchmarkTechStages(b *testing.B) {
	sets := benchBoards(b)
	for _, set := range []string{"se-rated-dev", "17-clue"} {
		for _, name := range techStages {
			boards := sets[set][name]
			if len(boards) == 0 {
				continue
			}
			f := finders[name]
			b.Run(set+"/"+name, func(b *testing.B) {
				work := make([]Board, len(boards))
				copy(work, boards)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				t0 := threadCPU()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					f(&work[i%len(work)])
				}
				b.StopTimer()
				b.ReportMetric(float64(threadCPU()-t0)/float64(b.N), "cpu-ns/call")
				b.ReportMetric(float64(len(boards)), "boards")
			})
		}
	}
}

// threadCPU returns the CPU time of the calling thread in ns: less
// sensitive than wall time to other processes on a shared machine.
func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// techEnumerators lists, for the signature test, every enumeration of the
// techniques of twolinks.go, uniqueness.go, wings.go, exclusion.go and
// fish.go, and the stage finders.
func techEnumerators() []struct {
	name string
	enum func(*Board, func(Step) bool)
} {
	type ne = struct {
		name string
		enum func(*Board, func(Step) bool)
	}
	var out []ne
	for _, name := range techStages {
		f := finders[name]
		out = append(out, ne{"find " + name, func(b *Board, y func(Step) bool) {
			if s, ok := f(b); ok {
				y(s)
			}
		}})
	}
	out = append(out,
		ne{"twoLinkSteps", enumTwoLinks},
		ne{"uniqueLoops", enumUniqueLoops},
		ne{"BUG", enumBUG},
		ne{"XYWing", func(b *Board, y func(Step) bool) { enumXYWing(b, false, y) }},
		ne{"XYZWing", func(b *Board, y func(Step) bool) { enumXYWing(b, true, y) }},
		ne{"WXYZWing", enumWXYZWing},
		ne{"VWXYZWing", enumVWXYZWing},
		ne{"WWing", enumWWing},
		ne{"APE", func(b *Board, y func(Step) bool) { enumAlignedExclusion(b, 2, y) }},
		ne{"ATE", func(b *Board, y func(Step) bool) { enumAlignedExclusion(b, 3, y) }},
	)
	for n := 2; n <= 4; n++ {
		out = append(out,
			ne{fmt.Sprint("fishSE", n), func(b *Board, y func(Step) bool) { fish(b, n, true, y) }},
			ne{fmt.Sprint("fish", n), func(b *Board, y func(Step) bool) { fish(b, n, false, y) }},
			ne{fmt.Sprint("finned", n), func(b *Board, y func(Step) bool) { finnedFish(b, n, false, y) }},
			ne{fmt.Sprint("sashimi", n), func(b *Board, y func(Step) bool) { finnedFish(b, n, true, y) }},
		)
	}
	return out
}

// stepSignature writes every field of a step.
func stepSignature(s *Step) string {
	return fmt.Sprintf("%s/%s %v P%v E%v C%v H%v D%v L%s", s.Technique.Name, s.Technique.Code, s.Rating,
		s.Placements, s.Eliminations, s.Cells, s.Houses, s.Digits, linksSig(s.Links))
}

// TestTechSignatures guards the speed-ups of the files above more closely
// than TestPathsUnchanged. On the fixture boards (about 10 per stage of
// techStages among the boards where the paths of levels.txt call it, and
// the positions of one case per code of the families above in
// technique-cases.txt and unique-loop-cases.txt), it compares with the
// golden file testdata/tech-signatures.txt (-update records it) every step
// every enumerator yields, in order: a line per enumerator with a hash
// over the boards, and a line per board with a hash over the enumerators,
// so that a difference points at both. With ../shared, see
// techSignaturesShared.
func TestTechSignatures(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		boards := techFixtureBoards(t)
		enums := techEnumerators()
		perEnum := make([]strings.Builder, len(enums))
		var lines []string
		for i := range boards {
			var perBoard strings.Builder
			n := 0
			for k, e := range enums {
				sig := enumSignature(t, &boards[i], e.enum)
				perEnum[k].WriteString(sig + "\n")
				perBoard.WriteString(sig + "\n")
				n += strings.Count(sig, " | ")
			}
			lines = append(lines, fmt.Sprintf("board %d: %d steps #%s", i, n, shortHash(perBoard.String())))
		}
		for k, e := range enums {
			sig := perEnum[k].String()
			lines = append(lines, fmt.Sprintf("%s: %d steps #%s", e.name, strings.Count(sig, " | "), shortHash(sig)))
		}
		golden(t, "tech-signatures.txt", lines, nil)
	})
	withShared(t, techSignaturesShared)
}

// techFixtureBoards returns the boards TestTechSignatures checks on the
// fixtures.
func techFixtureBoards(t *testing.T) []Board {
	sets := stageBoardsOf(gridsOf(fixture(t, "levels.txt")))
	var boards []Board
	for _, name := range techStages {
		bs := sets[name]
		for i := 0; i < len(bs); i += max(1, len(bs)/10) {
			boards = append(boards, bs[i])
		}
	}
	for _, name := range []string{"technique-cases.txt", "unique-loop-cases.txt"} {
		for i, c := range readReglib(t, filepath.Join("testdata", name)) {
			// One case of each code of the families above: fish, two
			// strong links, uniqueness, wings, aligned exclusion.
			if i%2 == 0 && slices.Contains([]string{"03", "04", "06", "08", "10"}, c.code[:2]) {
				boards = append(boards, c.board)
			}
		}
	}
	return boards
}

// enumSignature writes every step enum yields on b, in order, and fails
// the test if enum changes the board.
func enumSignature(t *testing.T, b *Board, enum func(*Board, func(Step) bool)) string {
	work := *b
	var sb strings.Builder
	enum(&work, func(s Step) bool {
		sb.WriteString(" | ")
		sb.WriteString(stepSignature(&s))
		return true
	})
	if work != *b {
		t.Fatalf("an enumerator changed the board %v", b.Grid)
	}
	return sb.String()
}

// techSignaturesShared, with SUDOKU_TECH=file, writes (if absent) or
// compares (if present) every step every enumerator yields, in order, on
// the boards where the solving paths call the stages and on the boards of
// HoDoKu's regression library.
func techSignaturesShared(t *testing.T) {
	file := os.Getenv("SUDOKU_TECH")
	if file == "" {
		t.Skip("set SUDOKU_TECH=file to record or compare technique signatures")
	}
	var boards []Board
	sets := benchBoards(t)
	for _, set := range []string{"se-rated-dev", "17-clue"} {
		for _, name := range techStages {
			bs := sets[set][name]
			step := max(1, len(bs)/600)
			for i := 0; i < len(bs); i += step {
				boards = append(boards, bs[i])
			}
		}
	}
	for _, c := range loadReglib(t) {
		boards = append(boards, c.board)
	}
	enums := techEnumerators()
	var lines []string
	for i := range boards {
		for _, e := range enums {
			b := boards[i]
			var sb strings.Builder
			fmt.Fprintf(&sb, "%d %s:", i, e.name)
			e.enum(&b, func(s Step) bool {
				sb.WriteString(" | ")
				sb.WriteString(stepSignature(&s))
				return true
			})
			if b != boards[i] {
				t.Fatalf("board %d: %s changed the board", i, e.name)
			}
			lines = append(lines, sb.String())
		}
	}
	f, err := os.Open(file)
	if os.IsNotExist(err) {
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d signatures (%d boards) to %s", len(lines), len(boards), file)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
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
