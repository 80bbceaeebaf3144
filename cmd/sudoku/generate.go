package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/internal/ordered"
	"sudoku/logic"
)

const generateUsage = `usage: sudoku generate [-n N] [--level L | --er MIN-MAX] [--needs TECHNIQUE [--only-before KIND]] [--symmetry S] [--minimal] [--clues MIN-MAX] [--seed S] [-j N] [--solution] [--json]
       sudoku generate --variant V[,V...] [--size N] [--format F] [--givens] [--cage-min K] [--cage-max K] [-n N] [--symmetry S] [--minimal] [--clues N] [--seed S] [-j N] [--solution]

Generates puzzles with a unique solution: one line per puzzle on stdout,
"puzzle ER/EP/ED level" (and the solution with --solution). Clues are
removed in orbits of the symmetry while the solver proves the solution
unique, so no orbit of clues can be removed; --minimal asks that no single
clue can be. --level or --er aim at a difficulty: puzzles are rated as
'sudoku rate' does, and one that is too easy is the start of a search
through its neighbours (an orbit of clues swapped, the rest dug again).
--needs keeps puzzles whose path (as 'sudoku explain' prints it) uses the
technique with nothing harder before it, or with --only-before singles,
intersections or subsets, only those before it: puzzles to practise it.
The same --seed and flags give the same puzzles, whatever -j. A summary
with puzzles/s and tries per puzzle closes the run.

With --variant (x, windoku, disjoint, anti-knight, anti-king, jigsaw,
killer) or --size other than 9, puzzles of those rules are made: jigsaw
regions and killer cages are drawn at random, a killer has no givens
unless --givens, and digging stops at --clues givens (default 30% of the
cells, 45% from 12x12 up) unless --minimal. They are written in --format
(line: the plain line with its maps; solo; fpuzzles; grid; json). --level
and --er rate them as sudoku rate does and make puzzles until one is in
range; each rule set is made at the levels it reaches (docs/cli.md).
Exit status: 0 all generated, 1 some puzzle failed, 2 usage error.

flags:
`

// Outcomes of generate's summary.
const (
	statusGenerated = "generated"
	statusGaveUp    = "gave up"
)

type generateOpts struct {
	gen      generate.Options
	seed     uint64
	solution bool
	json     bool
	timeout  time.Duration // the longest one puzzle may take (0: none)
}

// genOutcome is one generated puzzle, or why there is none.
type genOutcome struct {
	p   generate.Puzzle
	err error
}

func cmdGenerate(e *env, args []string) int {
	fs := newFlags(e, "generate", generateUsage)
	n := fs.Int("n", 1, "number of puzzles")
	symmetry := fs.String("symmetry", "none", "symmetry of the clues: "+symmetryNames())
	minimal := fs.Bool("minimal", false, "no single clue can be removed (checked clue by clue), symmetry kept")
	clues := fs.String("clues", "", "bounds on the number of clues: MIN-MAX, MIN-, -MAX or N")
	seed := fs.String("seed", "", "seed of the run (default: a random one, printed in the summary)")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles generated in parallel")
	solution := fs.Bool("solution", false, "write each puzzle's solution after it")
	asJSON := fs.Bool("json", false, "one JSON object per line")
	quiet := fs.Bool("q", false, "no summary on stderr")
	level := fs.String("level", "", "difficulty by level: "+levelNames())
	er := fs.String("er", "", "difficulty by ER range: MIN-MAX, MIN- or -MAX (e.g. 7.0-)")
	noRate := fs.Bool("no-rate", false, "do not rate the puzzles (faster; not with --level or --er)")
	needs := fs.String("needs", "", "keep puzzles whose logical path needs this technique (as explain names it, or its HoDoKu code)")
	onlyBefore := fs.String("only-before", "", "with --needs: only singles, intersections or subsets before the technique")
	variant := fs.String("variant", "", "rules of other puzzles: "+generateVariants)
	size := fs.Int("size", 9, "grid size, 4 to 25 (with its usual boxes; prime sizes need --variant jigsaw)")
	format := fs.String("format", "line", "with --variant or --size: line, grid, json, solo or fpuzzles")
	givens := fs.Bool("givens", false, "killer: keep givens too (by default a killer has cages only)")
	cageMax := fs.Int("cage-max", 5, "killer: the largest cage, 2 to 9 cells")
	cageMin := fs.Int("cage-min", 2, "killer: the smallest cage, 2, or 1 to allow cages of one cell (givens in disguise)")
	symRegions := fs.Bool("symmetric-regions", false, "jigsaw: regions symmetric under a half turn")
	timeout := timeoutFlag(fs)
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkTimeout(*timeout); err != nil {
		return usageErr(e, "generate", err)
	}
	board := *variant != "" || *size != 9
	if err := checkGenerateFlags(fs, board, *variant); err != nil {
		return usageErr(e, "generate", err)
	}
	if *asJSON || *format == "json" {
		*asJSON, *format = true, "json" // one spelling of JSON for either kind of puzzle
	}
	if board {
		b := boardGenFlags{variant: *variant, size: *size, format: *format, givens: *givens, cageMax: *cageMax, cageMin: *cageMin, symmetry: *symmetry, minimal: *minimal, symRegions: *symRegions,
			clues: *clues, seed: *seed, n: *n, jobs: *jobs, solution: *solution, quiet: *quiet, timeout: *timeout}
		var err error
		if b.minER, b.maxER, err = parseTarget(*level, *er); err != nil {
			return usageErr(e, "generate", err)
		}
		return generateBoardsCmd(e, b, fs.Args())
	}
	o := generateOpts{solution: *solution, json: *asJSON, timeout: *timeout}
	var err error
	if o.gen.MinER, o.gen.MaxER, err = parseTarget(*level, *er); err != nil {
		return usageErr(e, "generate", err)
	}
	o.gen.NoRating = *noRate
	if *needs != "" {
		if o.gen.Needs, err = logic.ParseNeed(*needs, *onlyBefore); err != nil {
			return usageErr(e, "generate", fmt.Errorf("--needs: %w", err))
		}
	} else if *onlyBefore != "" {
		return usageErr(e, "generate", errors.New("--only-before goes with --needs"))
	}
	if *noRate && (*level != "" || *er != "") {
		return usageErr(e, "generate", errors.New("--no-rate cannot go with --level or --er"))
	}
	if o.gen.Symmetry, err = generate.ParseSymmetry(*symmetry); err != nil {
		return usageErr(e, "generate", err)
	}
	o.gen.Minimal = *minimal
	if o.gen.MinClues, o.gen.MaxClues, err = parseRange(*clues); err != nil {
		return usageErr(e, "generate", fmt.Errorf("--clues: %w", err))
	}
	if err := o.gen.Validate(); err != nil {
		return usageErr(e, "generate", err)
	}
	if o.seed, err = parseSeed(*seed); err != nil {
		return usageErr(e, "generate", fmt.Errorf("--seed: %w", err))
	}
	switch {
	case *n < 0:
		return usageErr(e, "generate", errors.New("-n must not be negative"))
	case *jobs < 1:
		return usageErr(e, "generate", errors.New("-j must be at least 1"))
	case fs.NArg() > 0:
		return usageErr(e, "generate", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	return generateAll(e, *n, o, *jobs, *quiet)
}

// checkGenerateFlags refuses a flag the kind of puzzle asked for would
// leave unread: a user asking for puzzles that need a technique, or for
// cages of 4 cells, must not get puzzles made without it.
func checkGenerateFlags(fs *flag.FlagSet, board bool, variant string) error {
	v, _ := sudoku.ParseVariant(variant) // a bad --variant is reported later
	for _, f := range []struct {
		names []string
		ok    bool
		want  string
	}{
		{[]string{"needs", "only-before"}, !board, "classic 9x9 puzzles (not with --variant or --size)"},
		{[]string{"givens", "cage-max", "cage-min"}, v&sudoku.VariantKiller != 0, "--variant killer"},
		{[]string{"symmetric-regions"}, v&sudoku.VariantJigsaw != 0, "--variant jigsaw"},
	} {
		for _, name := range f.names {
			if isSet(fs, name) && !f.ok {
				return fmt.Errorf("--%s goes with %s", name, f.want)
			}
		}
	}
	if f := fs.Lookup("format").Value.String(); !board && f != "line" && f != "json" {
		return fmt.Errorf("--format %s goes with --variant or --size (classic puzzles are written as lines or --json)", f)
	}
	return nil
}

func levelNames() string {
	var names []string
	for _, l := range logic.Levels {
		names = append(names, strings.ToLower(l.Name))
	}
	return strings.Join(names, ", ")
}

// parseTarget reads --level or --er into rating bounds (0: no bound).
func parseTarget(level, er string) (lo, hi logic.Rating, err error) {
	switch {
	case level != "" && er != "":
		return 0, 0, errors.New("--level and --er: give one")
	case level != "":
		l, err := logic.ParseLevel(level)
		if err != nil {
			return 0, 0, fmt.Errorf("--level: %w", err)
		}
		lo, hi = l.Range()
		return lo, hi, nil
	case er == "":
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(er, "-")
	if !isRange {
		b = a
	}
	for _, f := range []struct {
		s string
		r *logic.Rating
	}{{a, &lo}, {b, &hi}} {
		if f.s == "" {
			continue
		}
		v, err := strconv.ParseFloat(f.s, 64)
		if err != nil || v < 0 || v > 20 {
			return 0, 0, fmt.Errorf("--er %q: want MIN-MAX, MIN- or -MAX with ratings such as 7.0", er)
		}
		*f.r = logic.RatingOf(v)
	}
	return lo, hi, nil
}

func symmetryNames() string {
	var names []string
	for _, s := range generate.Symmetries() {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}

// parseRange reads "MIN-MAX", "MIN-", "-MAX" or "N"; 0 stands for no bound.
func parseRange(s string) (lo, hi int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	if a != "" {
		if lo, err = strconv.Atoi(a); err != nil {
			return 0, 0, fmt.Errorf("%q: want MIN-MAX, MIN-, -MAX or N", s)
		}
	}
	if b != "" {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, fmt.Errorf("%q: want MIN-MAX, MIN-, -MAX or N", s)
		}
	}
	return lo, hi, nil
}

// parseSeed reads the seed, or draws one when none is given.
func parseSeed(s string) (uint64, error) {
	if s == "" {
		return rand.Uint64() % 1e9, nil
	}
	return strconv.ParseUint(s, 10, 64)
}

func generateAll(e *env, n int, o generateOpts, jobs int, quiet bool) int {
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	prog := newProgress(e.stderr, e.tty)
	sum := newSummary(statusGenerated, statusGaveUp)
	tries := 0
	start := time.Now()
	parallelIndex(n, jobs, func(i int) genOutcome {
		ctx, cancel := puzzleCtx(o.timeout)
		defer cancel()
		p, err := generate.Generate(ctx, o.gen, generate.Source(o.seed, i))
		return genOutcome{p: p, err: timedOut(err, o.timeout)}
	}, func(i int, r genOutcome) {
		prog.step()
		tries += r.p.Tries
		if r.err != nil {
			sum.add(statusGaveUp)
			fmt.Fprintf(e.stderr, "puzzle %d: %v (%d tries)\n", i+1, r.err, r.p.Tries)
			return
		}
		sum.add(statusGenerated)
		writeGenerated(out, i, r, o)
	})
	out.Flush()
	prog.finish()
	if !quiet {
		sum.print(e.stderr, time.Since(start), generateTail(o, tries, n, jobs))
	}
	if sum.by[statusGenerated] != n {
		return 1
	}
	return 0
}

func generateTail(o generateOpts, tries, n, jobs int) string {
	kind := "no orbit removable"
	if o.gen.Minimal {
		kind = "minimal"
	}
	perPuzzle := 0.0
	if n > 0 {
		perPuzzle = float64(tries) / float64(n)
	}
	target := ""
	if o.gen.MinER > 0 || o.gen.MaxER > 0 {
		target = fmt.Sprintf(", ER %v-", o.gen.MinER)
		if o.gen.MaxER > 0 {
			target += o.gen.MaxER.String()
		}
	}
	return fmt.Sprintf("%.2f tries/puzzle; seed %d, symmetry %v, %s%s, -j %d", perPuzzle, o.seed, o.gen.Symmetry, kind, target, jobs)
}

// jsonGenerated is one line of --json.
type jsonGenerated struct {
	Index    int    `json:"index"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution,omitempty"`
	Clues    int    `json:"clues"`
	Symmetry string `json:"symmetry"`
	ER       string `json:"er,omitempty"`
	EP       string `json:"ep,omitempty"`
	ED       string `json:"ed,omitempty"`
	Level    string `json:"level,omitempty"`
	Version  string `json:"rating_version,omitempty"`
	Tries    int    `json:"tries"`
}

// writeGenerated writes puzzle number i: the columns of the text line
// follow the fields of the JSON object.
func writeGenerated(w *bufio.Writer, i int, r genOutcome, o generateOpts) {
	g := r.p.Grid()
	j := jsonGenerated{Index: i + 1, Puzzle: g.Line('.'), Clues: g.Clues(), Symmetry: o.gen.Symmetry.String(), Tries: r.p.Tries}
	if o.solution {
		j.Solution = r.p.SolutionGrid().Line('.')
	}
	if rt := r.p.Rating; rt.Version != "" {
		j.ER, j.EP, j.ED, j.Level, j.Version = rt.ER.String(), rt.EP.String(), rt.ED.String(), rt.Level.String(), rt.Version
	}
	if o.json {
		b, _ := json.Marshal(j)
		w.Write(b)
		w.WriteByte('\n')
		return
	}
	cols := []string{j.Puzzle}
	if j.ER != "" {
		cols = append(cols, j.ER+"/"+j.EP+"/"+j.ED, j.Level)
	}
	if o.solution {
		cols = append(cols, j.Solution)
	}
	w.WriteString(strings.Join(cols, " "))
	w.WriteByte('\n')
}

// genBatch is the number of puzzles a worker takes at a time: a puzzle
// costs far more than handing it over.
const genBatch = 4

// parallelIndex runs work for 0..n-1 with the given workers and calls emit
// in index order from one goroutine, through ordered.Map: item i carries
// number i+1 as its line.
func parallelIndex[R any](n, jobs int, work func(int) R, emit func(int, R)) {
	in := make(chan []item, 4)
	go func() {
		defer close(in)
		b := make([]item, 0, genBatch)
		for i := range n {
			b = append(b, item{src: "generate", puzzle: sudoku.Puzzle{Line: i + 1}})
			if len(b) == genBatch || i == n-1 {
				in <- b
				b = make([]item, 0, genBatch)
			}
		}
	}()
	ordered.Map(in, jobs, func(it *item) R { return work(it.puzzle.Line - 1) },
		func(it *item, r R) { emit(it.puzzle.Line-1, r) })
}
