package logic

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sudoku"
	"testing"
	"time"
)

// ratingAgreement is how our ER compares with external ratings.
type ratingAgreement struct {
	n, exact, within2, stuck int
	spearman                 float64
	confusion                map[[2]int]int // [their bucket, our bucket] -> count
}

// erBucket is the integer part of an ER, 10 and above together.
func erBucket(r Rating) int { return min(int(r/10), 10) }

func agreement(ours, theirs []Rating, stuck int) ratingAgreement {
	a := ratingAgreement{n: len(ours), stuck: stuck, confusion: map[[2]int]int{}}
	for i := range ours {
		d := ours[i] - theirs[i]
		if d == 0 {
			a.exact++
		}
		if d >= -2 && d <= 2 {
			a.within2++
		}
		a.confusion[[2]int{erBucket(theirs[i]), erBucket(ours[i])}]++
	}
	a.spearman = spearman(ours, theirs)
	return a
}

// ranks returns the ranks of xs, ties sharing their mean rank.
func ranks(xs []Rating) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return xs[idx[i]] < xs[idx[j]] })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		mean := float64(i+j-1)/2 + 1
		for k := i; k < j; k++ {
			r[idx[k]] = mean
		}
		i = j
	}
	return r
}

// spearman is the rank correlation of xs and ys (Pearson's on ranks).
func spearman(xs, ys []Rating) float64 {
	rx, ry := ranks(xs), ranks(ys)
	var mx, my float64
	for i := range rx {
		mx += rx[i]
		my += ry[i]
	}
	n := float64(len(rx))
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

func (a ratingAgreement) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d puzzles (%d stuck, rated by the steps found): exact %.1f%%, within 0.2 %.1f%%, Spearman %.3f\n",
		a.n, a.stuck, pct(a.exact, a.n), pct(a.within2, a.n), a.spearman)
	b.WriteString("confusion (rows: their ER bucket, columns: ours; 10 = 10.0 and above):\n     ")
	for o := 0; o <= 10; o++ {
		fmt.Fprintf(&b, "%5d", o)
	}
	for th := 0; th <= 10; th++ {
		row, total := "", 0
		for o := 0; o <= 10; o++ {
			c := a.confusion[[2]int{th, o}]
			total += c
			row += fmt.Sprintf("%5d", c)
		}
		if total > 0 {
			fmt.Fprintf(&b, "\n%5d%s", th, row)
		}
	}
	return b.String()
}

func pct(k, n int) float64 { return 100 * float64(k) / float64(max(n, 1)) }

func TestSpearman(t *testing.T) {
	tests := []struct {
		name   string
		xs, ys []Rating
		want   float64
	}{
		{"same order", []Rating{1, 2, 3, 4}, []Rating{10, 20, 30, 40}, 1},
		{"reversed", []Rating{1, 2, 3, 4}, []Rating{4, 3, 2, 1}, -1},
		{"ties", []Rating{1, 1, 2, 3}, []Rating{1, 2, 3, 4}, 0.9486832980505138},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := spearman(tt.xs, tt.ys); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRatingAgreement rates puzzles rated by Sukaku Explainer and
// compares with its ER: the fixture testdata/se-rated-agreement.txt (165
// puzzles of se-rated-dev, 3 per rating, none of se-rated-sample.txt) and,
// with ../shared, se-rated-dev.txt itself. The targets are
// Spearman >= 0.95, exact >= 60% and within 0.2 >= 85%. The floors below
// guard against regressions: they are the figures measured when they were
// set, less a small margin.
func TestRatingAgreement(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		checkAgreement(t, "se-rated-agreement", fixture(t, "se-rated-agreement.txt"))
	})
	withShared(t, func(t *testing.T) {
		limit := 1000 // every 5th puzzle; all 5008 with SUDOKU_LONG=1
		switch {
		case testing.Short():
			limit = 500
		case long():
			limit = 0
		}
		checkAgreement(t, "se-rated-dev", loadLines(t, "data/rated/se-rated-dev.txt", limit))
	})
}

// checkAgreement rates ps and checks the agreement with their ER against
// the floors.
func checkAgreement(t *testing.T, name string, ps []ratedPuzzle) {
	var ours, theirs, oursSolved, theirsSolved []Rating
	stuck := 0
	for _, p := range ps {
		r, err := Rate(p.grid)
		if err != nil {
			stuck++
		} else {
			oursSolved = append(oursSolved, r.ER)
			theirsSolved = append(theirsSolved, p.er)
		}
		ours = append(ours, r.ER)
		theirs = append(theirs, p.er)
	}
	a := agreement(ours, theirs, stuck)
	t.Logf("%s, all: %v", name, a)
	solved := agreement(oursSolved, theirsSolved, 0)
	t.Logf("%s, solved by logic only: %v", name, solved)
	// Floors: the figures measured with every technique in (all 5008
	// puzzles: exact 99.28%, within 0.2 99.54%, Spearman 0.999, rating
	// se-1.2-dev; 95.0% and 96.4% before the chains of 3 and 4 strong
	// links), less a margin for the sample. Issue 18's targets are 99.5%
	// and 99.8%.
	const (
		floorExact          = 97.5
		floorWithin2        = 98.0
		floorSpearman       = 0.995
		floorSolvedExact    = 97.5
		floorSolvedSpearman = 0.995
	)
	if got := pct(solved.exact, solved.n); got < floorSolvedExact {
		t.Errorf("exact on solved puzzles: got %.1f%%, want >= %.1f%%", got, floorSolvedExact)
	}
	if solved.spearman < floorSolvedSpearman {
		t.Errorf("Spearman on solved puzzles: got %.3f, want >= %.3f", solved.spearman, floorSolvedSpearman)
	}
	if got := pct(a.exact, a.n); got < floorExact {
		t.Errorf("exact: got %.1f%%, want >= %.1f%%", got, floorExact)
	}
	if got := pct(a.within2, a.n); got < floorWithin2 {
		t.Errorf("within 0.2: got %.1f%%, want >= %.1f%%", got, floorWithin2)
	}
	if a.spearman < floorSpearman {
		t.Errorf("Spearman: got %.3f, want >= %.3f", a.spearman, floorSpearman)
	}
}

// qqwingLevels are QQWing's levels, easiest first.
var qqwingLevels = []string{"simple", "easy", "intermediate", "expert"}

// TestQQWingLevels checks that our mean ER rises with QQWing's level: on
// the fixture testdata/qqwing-levels.txt (25 puzzles a level, made with
// QQWing for the fixture) and, with ../shared, on 1,000 a level.
func TestQQWingLevels(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		byLevel := map[string][]ratedPuzzle{}
		for _, p := range fixture(t, "qqwing-levels.txt") {
			byLevel[p.label] = append(byLevel[p.label], p)
		}
		checkLevelMeans(t, byLevel)
	})
	withShared(t, func(t *testing.T) {
		limit := 0
		if testing.Short() {
			limit = 200
		}
		byLevel := map[string][]ratedPuzzle{}
		for _, level := range qqwingLevels {
			byLevel[level] = loadLines(t, "data/rated/qqwing-"+level+".txt", limit)
		}
		checkLevelMeans(t, byLevel)
	})
}

// checkLevelMeans rates the puzzles of each QQWing level and checks that
// the mean ER rises with the level.
func checkLevelMeans(t *testing.T, byLevel map[string][]ratedPuzzle) {
	var means []float64
	var report []string
	for _, level := range qqwingLevels {
		ps := byLevel[level]
		if len(ps) == 0 {
			t.Fatalf("no puzzles of level %s", level)
		}
		sum, stuck := 0.0, 0
		for _, p := range ps {
			r, err := Rate(p.grid)
			if err != nil {
				stuck++
			}
			sum += r.ER.Float()
		}
		means = append(means, sum/float64(len(ps)))
		report = append(report, fmt.Sprintf("%s %.2f (%d puzzles, %d stuck)", level, means[len(means)-1], len(ps), stuck))
	}
	t.Logf("mean ER by QQWing level: %s", strings.Join(report, "; "))
	for i := 1; i < len(means); i++ {
		if means[i] <= means[i-1] {
			t.Errorf("mean ER of level %d: got %.2f, want more than level %d's %.2f", i+1, means[i], i, means[i-1])
		}
	}
	if !slices.IsSorted(means) {
		t.Errorf("means %v not rising", means)
	}
}

// BenchmarkRate rates puzzles one after another on one core: 17-clue
// puzzles and se-rated-dev.txt (up to 2000 of each, taken evenly), with
// the mean and the median time per puzzle.
func BenchmarkRate(b *testing.B) {
	for _, set := range []struct{ name, rel string }{
		{"17-clue", "data/puzzles/17-clue.txt"},
		{"se-rated-dev", "data/rated/se-rated-dev.txt"},
	} {
		b.Run(set.name, func(b *testing.B) {
			ps := loadLines(b, set.rel, 2000)
			b.ReportAllocs()
			b.ResetTimer()
			i := 0
			var times []time.Duration
			for b.Loop() {
				t0 := time.Now()
				Rate(ps[i%len(ps)].grid)
				times = append(times, time.Since(t0))
				i++
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(i)/sec, "puzzles/s")
			b.ReportMetric(1000*sec/float64(i), "ms/puzzle")
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
		})
	}
}

// TestRateMatchesPath checks that Rate, which finds singles without
// building steps, rates as RatePath rates the full path: on the fixtures
// levels.txt, qqwing-levels.txt and chain-puzzles.txt and, with ../shared,
// on samples of 17-clue, se-rated-dev and qqwing-easy.
func TestRateMatchesPath(t *testing.T) {
	t.Run("fixture", func(t *testing.T) {
		for _, name := range []string{"levels.txt", "qqwing-levels.txt", "chain-puzzles.txt"} {
			checkRateMatchesPath(t, name, fixture(t, name), fixturePath)
		}
	})
	withShared(t, func(t *testing.T) {
		for _, rel := range []string{"data/puzzles/17-clue.txt", "data/rated/se-rated-dev.txt", "data/rated/qqwing-easy.txt"} {
			checkRateMatchesPath(t, rel, loadLines(t, rel, 150), Path)
		}
	})
}

// checkRateMatchesPath compares Rate with RatePath of the path.
func checkRateMatchesPath(t *testing.T, name string, ps []ratedPuzzle, path func(sudoku.Grid) ([]Step, error)) {
	for _, p := range ps {
		got, gerr := Rate(p.grid)
		steps, werr := path(p.grid)
		if want := RatePath(steps); got != want || (gerr == nil) != (werr == nil) {
			t.Errorf("%s line %d: Rate = %+v, %v; RatePath(Path) = %+v, %v", name, p.line, got, gerr, want, werr)
		}
	}
}

// TestRateWithin checks RateWithin against Rate: the same rating when the
// puzzle is within the limit, ErrTooHard when it is above. On the fixture
// levels.txt (every level) and, with ../shared, 200 se-rated-dev puzzles.
func TestRateWithin(t *testing.T) {
	t.Run("fixture", func(t *testing.T) { checkRateWithin(t, fixture(t, "levels.txt")) })
	withShared(t, func(t *testing.T) { checkRateWithin(t, loadLines(t, "data/rated/se-rated-dev.txt", 200)) })
}

// checkRateWithin checks RateWithin on each puzzle at every limit.
func checkRateWithin(t *testing.T, ps []ratedPuzzle) {
	limits := []Rating{15, 25, 40, 59, 70, 89}
	for _, p := range ps {
		want, err := Rate(p.grid)
		if err != nil {
			t.Fatalf("line %d: %v", p.line, err)
		}
		for _, lim := range limits {
			got, err := RateWithin(p.grid, lim)
			switch {
			case want.ER > lim && !errors.Is(err, ErrTooHard):
				t.Errorf("line %d (ER %v), limit %v: got %v, %v; want ErrTooHard", p.line, want.ER, lim, got.ER, err)
			case want.ER <= lim && (err != nil || got != want):
				t.Errorf("line %d, limit %v: got %+v, %v; want %+v", p.line, lim, got, err, want)
			}
		}
	}
}

func TestParseLevelAndRange(t *testing.T) {
	tests := []struct {
		name   string
		level  Level
		lo, hi Rating
	}{
		{"easy", Easy, 10, 15}, {"Medium", Medium, 16, 25}, {"HARD", Hard, 26, 40},
		{"expert", Expert, 41, 59}, {"extreme", Extreme, 60, 89}, {"diabolical", Diabolical, 90, 0},
	}
	for _, tt := range tests {
		l, err := ParseLevel(tt.name)
		if err != nil || l != tt.level {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", tt.name, l, err, tt.level)
		}
		if lo, hi := l.Range(); lo != tt.lo || hi != tt.hi {
			t.Errorf("%v.Range() = %v, %v; want %v, %v", l, lo, hi, tt.lo, tt.hi)
		}
	}
	if _, err := ParseLevel("tricky"); err == nil {
		t.Error(`ParseLevel("tricky"): got no error`)
	}
}

func TestRateContextCancelled(t *testing.T) {
	g, err := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RateContext(ctx, g); !errors.Is(err, context.Canceled) {
		t.Errorf("RateContext: got %v, want context.Canceled", err)
	}
	if _, err := PathContext(ctx, g); !errors.Is(err, context.Canceled) {
		t.Errorf("PathContext: got %v, want context.Canceled", err)
	}
}
