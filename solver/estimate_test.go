package solver

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"sudoku"
)

// estimateCase is a board whose number of solutions is known.
type estimateCase struct {
	name  string
	text  string  // any text form; "" for the empty classic grid
	count float64 // its solutions, checked against CountBoard below 1e6
}

// Boards of the estimate tests: counted ones of a few thousand
// solutions (a 6x6, a jigsaw, a killer), the empty 4x4 and 9x9, a unique
// puzzle and one without solution that propagation does not refute at
// the givens.
var estimateCases = []estimateCase{
	{"empty 4x4", "................", 288},
	{"6x6 four givens", "12.........3..........4...5.........", 2274},
	{"jigsaw 6x6 two givens", "1.....2............................. aaabbbaaccbbacccbdecffddeeffddeeeffd", 3072},
	{"killer 9x9 18 cages", "................................................................................. .hhll......ee...mmqq..kk.bbii..cc....rr..oo........dd...pp.nn.......ff....jjggaa. a=13 b=9 c=11 d=5 e=11 f=5 g=9 h=12 i=10 j=5 k=14 l=9 m=6 n=11 o=11 p=12 q=9 r=11", 2557},
	{"empty classic 9x9", "", 6670903752021072936960},
	{"unique 17-clue", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 1},
	{"no solution", "4.....8.583..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 0},
}

func (c estimateCase) board(t testing.TB) *sudoku.Board {
	t.Helper()
	if c.text == "" {
		return sudoku.BoardOf(sudoku.Grid{})
	}
	b, _, err := sudoku.ParseBoard(c.text)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return b
}

// TestEstimateCounts checks the cases' counts with the exact counter.
func TestEstimateCounts(t *testing.T) {
	for _, c := range estimateCases {
		if c.count > 1e6 {
			continue
		}
		n, err := Count(context.Background(), c.board(t), 1e6)
		if err != nil || float64(n) != c.count {
			t.Errorf("%s: CountBoard %d (%v), want %.0f", c.name, n, err, c.count)
		}
	}
}

// TestEstimateSolutions runs the estimator itself (no exact count) with
// 1000 probes and the seed the command and the API use: the true count
// lies in each 95% interval (as it does for 93 to 98 seeds of 100, but
// 75 on the killer), a unique puzzle's estimate is 1 and an unsolvable one's 0,
// with no spread.
func TestEstimateSolutions(t *testing.T) {
	for _, c := range estimateCases {
		t.Run(c.name, func(t *testing.T) {
			e, err := estimate(context.Background(), c.board(t), 1000, rand.New(rand.NewPCG(EstimateSeed, 0)), 0)
			if err != nil || e.Exact || e.Probes != 1000 {
				t.Fatalf("%+v, %v: want 1000 probes, not exact", e, err)
			}
			if c.count < e.Low || c.count > e.High || e.Low > e.Solutions || e.Solutions > e.High {
				t.Errorf("%+v: want %.4g in [Low, High] around Solutions", e, c.count)
			}
			if c.count <= 1 && (e.Solutions != c.count || e.Low != c.count || e.High != c.count || e.StdErr != 0) {
				t.Errorf("%+v: want exactly %.0f", e, c.count)
			}
			t.Logf("%.4g: %.4g ± %.2g, [%.4g, %.4g]", c.count, e.Solutions, e.StdErr, e.Low, e.High)
		})
	}
}

// TestEstimateAccuracy runs 1000 probes with 20 seeds on each counted
// board of a few hundred to a few thousand solutions: the mean relative
// error stays under a bound about twice the one measured, enough of the
// 20 intervals hold the count, and the mean of the 20 estimates is within
// four of its standard errors of the count (unbiased; measured: within
// 0.7). The killer's scores are heavy-tailed (rare probes of large
// weight): its error is large and its intervals too narrow (75 of 100
// seeds hold the count; the others 93 to 98).
func TestEstimateAccuracy(t *testing.T) {
	const seeds = 20
	for _, c := range []struct {
		c       estimateCase
		relErr  float64 // bound of the mean relative error (measured: half)
		covered int     // intervals holding the count, at least
	}{
		{estimateCases[0], 0.02, 17},
		{estimateCases[1], 0.06, 16},
		{estimateCases[2], 0.06, 17},
		{estimateCases[3], 1.0, 10},
	} {
		t.Run(c.c.name, func(t *testing.T) {
			b, count := c.c.board(t), c.c.count
			var relErr, sum, sumSq float64
			covered := 0
			for seed := range uint64(seeds) {
				e, err := estimate(context.Background(), b, 1000, rand.New(rand.NewPCG(seed, 38)), 0)
				if err != nil {
					t.Fatal(err)
				}
				relErr += math.Abs(e.Solutions-count) / count / seeds
				sum, sumSq = sum+e.Solutions, sumSq+e.Solutions*e.Solutions
				if e.Low <= count && count <= e.High {
					covered++
				}
			}
			mean := sum / seeds
			z := math.Abs(mean-count) / math.Sqrt((sumSq/seeds-mean*mean)/(seeds-1))
			t.Logf("mean relative error %.3f, %d of %d intervals hold %.0f, mean %.1f (z %.2f)", relErr, covered, seeds, count, mean, z)
			if relErr > c.relErr || covered < c.covered || z > 4 {
				t.Errorf("mean relative error %.3f (want < %.2f), %d of %d intervals hold the count (want %d), mean %.1f of %.0f is %.1f standard errors off (want < 4)", relErr, c.relErr, covered, seeds, c.covered, mean, count, z)
			}
		})
	}
}

// TestEstimateUnbiased: with many probes the mean closes in on the
// count, within four standard errors, of 0.15% on the empty 4x4 and 1%
// on the jigsaw (where propagation refutes more branches).
func TestEstimateUnbiased(t *testing.T) {
	for _, c := range []struct {
		c      estimateCase
		probes int
		se     float64 // relative standard error, at most
	}{
		{estimateCases[0], 100000, 0.0015},
		{estimateCases[2], 30000, 0.01},
	} {
		e, err := estimate(context.Background(), c.c.board(t), c.probes, rand.New(rand.NewPCG(7, 7)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(e.Solutions-c.c.count) > 4*e.StdErr || e.StdErr > c.se*c.c.count {
			t.Errorf("%s: %+v: want %.0f within 4 standard errors, of %.2f%% at most", c.c.name, e, c.c.count, 100*c.se)
		}
	}
}

// TestEstimateExact: a small tree is counted, and the estimate says so;
// a large one is estimated with the probes asked for (1000 for 0).
func TestEstimateExact(t *testing.T) {
	for _, c := range []struct {
		name   string
		c      estimateCase
		probes int
		want   int // probes done; 0 for an exact count
	}{
		{"empty 4x4", estimateCases[0], 0, 0},
		{"unique", estimateCases[5], 10, 0},
		{"no solution", estimateCases[6], 10, 0},
		{"empty 9x9, default probes", estimateCases[4], 0, DefaultEstimateProbes},
		{"empty 9x9, 10 probes", estimateCases[4], 10, 10},
	} {
		e, err := EstimateSolutions(context.Background(), c.c.board(t), c.probes, nil)
		want := Estimate{Solutions: c.c.count, Low: c.c.count, High: c.c.count, Exact: true}
		switch {
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == 0 && e != want:
			t.Errorf("%s: %+v, want %+v", c.name, e, want)
		case c.want > 0 && (e.Exact || e.Probes != c.want || e.Low < 1):
			t.Errorf("%s: %+v, want an estimate of %d probes", c.name, e, c.want)
		}
	}
}

// TestEstimateErrors: an invalid board is refused; a context done stops
// the probes, giving those done.
func TestEstimateErrors(t *testing.T) {
	bad := sudoku.BoardOf(sudoku.Grid{0: 5, 1: 5})
	if _, err := EstimateSolutions(context.Background(), bad, 10, nil); err == nil {
		t.Error("clashing givens: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if e, err := EstimateSolutions(ctx, estimateCases[4].board(t), 10, nil); !errors.Is(err, context.Canceled) || e.Probes != 0 {
		t.Errorf("cancelled: %+v, %v", e, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	e, err := EstimateSolutions(ctx, estimateCases[4].board(t), MaxEstimateProbes*2, nil)
	if !errors.Is(err, context.DeadlineExceeded) || e.Probes == 0 || e.Probes >= MaxEstimateProbes || e.Solutions <= 0 {
		t.Errorf("deadline: %+v, %v: want some probes and the deadline", e, err)
	}
}

// TestEstimateAllocs: probes allocate nothing beyond the solutions they
// remember; a thousand probes of the 6x6 (each a new solution, nearly)
// allocate what ten do but for that map's growth.
func TestEstimateAllocs(t *testing.T) {
	b := estimateCases[1].board(t)
	r := rand.New(rand.NewPCG(1, 1))
	allocs := func(probes int) float64 {
		return testing.AllocsPerRun(5, func() { estimate(context.Background(), b, probes, r, 0) })
	}
	few, many := allocs(10), allocs(1000)
	t.Logf("10 probes: %.0f allocations, 1000: %.0f", few, many)
	if many > few+40 {
		t.Errorf("10 probes: %.0f allocations, 1000: %.0f", few, many)
	}
}

// BenchmarkEstimate times 1000 probes of the estimator (no exact count)
// on the boards of the tests (the 6x6s, the killer, the empty 9x9) and
// the empty 6x6, with their rate.
func BenchmarkEstimate(b *testing.B) {
	for _, c := range []estimateCase{estimateCases[1], estimateCases[2], estimateCases[3], estimateCases[4], {"empty 6x6", "....................................", 28200960}} {
		b.Run(c.name, func(b *testing.B) {
			board := c.board(b)
			r := rand.New(rand.NewPCG(1, 1))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := estimate(context.Background(), board, 1000, r, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)*1000/b.Elapsed().Seconds(), "probes/s")
		})
	}
}
