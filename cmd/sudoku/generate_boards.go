package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
)

// This file holds generate for puzzles of other rules: --variant and
// --size.

const generateVariants = "x, windoku, disjoint, anti-knight, anti-king, jigsaw, killer (comma-separated)"

// boardGenFlags are generate's flags for puzzles of other rules.
type boardGenFlags struct {
	variant, format, symmetry, clues, seed string
	size, cageMin, cageMax, n, jobs        int
	givens, minimal, solution, quiet       bool
	symRegions                             bool
	timeout                                time.Duration
	minER, maxER                           logic.Rating
}

// boardGenOutcome is one generated puzzle or why there is none.
type boardGenOutcome struct {
	p   generate.Puzzle
	err error
}

func generateBoardsCmd(e *env, f boardGenFlags, rest []string) int {
	o, seed, err := boardGenOptions(f)
	if err == nil && len(rest) > 0 {
		err = fmt.Errorf("unexpected argument %q", rest[0])
	}
	if err == nil && (f.n < 0 || f.jobs < 1) {
		err = errors.New("-n must not be negative and -j at least 1")
	}
	if err == nil {
		_, err = sudoku.FormatBoard(sudoku.NewBoard(sudoku.Classic()), f.format)
	}
	if err != nil {
		return usageErr(e, "generate", err)
	}
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	prog := newProgress(e.stderr, e.tty)
	sum := newSummary(statusGenerated, statusGaveUp)
	checks, tries := 0, 0
	start := time.Now()
	parallelIndex(f.n, f.jobs, func(i int) boardGenOutcome {
		ctx, cancel := puzzleCtx(f.timeout)
		defer cancel()
		p, err := generate.Generate(ctx, o, generate.Source(seed, i))
		return boardGenOutcome{p, timedOut(err, f.timeout)}
	}, func(i int, r boardGenOutcome) {
		prog.step()
		if r.err != nil {
			sum.add(statusGaveUp)
			fmt.Fprintf(e.stderr, "puzzle %d: %v\n", i+1, r.err)
			return
		}
		checks += r.p.Checks
		tries += r.p.Tries
		sum.add(statusGenerated)
		writeBoardGenerated(out, r.p, f)
	})
	out.Flush()
	prog.finish()
	if !f.quiet {
		per := 0.0
		if f.n > 0 {
			per = float64(checks) / float64(f.n)
		}
		kind := fmt.Sprintf("dug to %d givens", o.MinClues)
		if o.Minimal || o.MinClues == 0 && o.Variant&(sudoku.VariantKropki|sudoku.VariantXV|sudoku.VariantThermo|sudoku.VariantArrow) != 0 {
			kind = "minimal"
		} else if o.MinClues == 0 && (o.MinER > 0 || o.MaxER > 0) {
			kind = "dug within the level" // not to a number of givens (generate.Options.MinClues)
		} else if o.MinClues == 0 {
			kind = fmt.Sprintf("dug to %d givens", generate.DefaultTarget(o.Rules.Cells()))
		}
		if o.Variant&sudoku.VariantKiller != 0 && !o.Givens {
			kind = "cages only"
		}
		if o.MinER > 0 || o.MaxER > 0 {
			kind += fmt.Sprintf(", ER %v-", o.MinER)
			if o.MaxER > 0 {
				kind += o.MaxER.String()
			}
			kind += fmt.Sprintf(", %.1f tries/puzzle", float64(tries)/float64(max(f.n, 1)))
		}
		sum.print(e.stderr, time.Since(start), fmt.Sprintf("%.1f uniqueness checks/puzzle; %s, seed %d, symmetry %v, %s, -j %d", per, ruleName(o), seed, o.Symmetry, kind, f.jobs))
	}
	if sum.by[statusGenerated] != f.n {
		return 1
	}
	return 0
}

// boardGenOptions turns the flags into the generator's options.
func boardGenOptions(f boardGenFlags) (generate.Options, uint64, error) {
	var o generate.Options
	rules, err := sudoku.Sized(f.size)
	if err != nil {
		return o, 0, fmt.Errorf("--size: %w", err)
	}
	var v sudoku.Variant
	if f.variant != "" {
		if v, err = sudoku.ParseVariant(f.variant); err != nil {
			return o, 0, fmt.Errorf("--variant: %w", err)
		}
	}
	if o, err = generate.OptionsFor(rules, v); err != nil {
		return o, 0, fmt.Errorf("--variant: %s", strings.TrimPrefix(err.Error(), "generate: "))
	}
	o.Minimal, o.MinER, o.MaxER = f.minimal, f.minER, f.maxER
	if v&sudoku.VariantKiller != 0 {
		o.Givens, o.MinCage, o.MaxCage = f.givens, f.cageMin, f.cageMax
	}
	if v&sudoku.VariantJigsaw != 0 {
		o.SymmetricRegions = f.symRegions
	}
	if rules.BoxRows == 0 && v&sudoku.VariantJigsaw == 0 {
		return o, 0, fmt.Errorf("--size %d has no boxes: add --variant jigsaw", f.size)
	}
	if o.Symmetry, err = generate.ParseSymmetry(f.symmetry); err != nil {
		return o, 0, err
	}
	lo, hi, err := parseRange(f.clues)
	if err != nil {
		return o, 0, fmt.Errorf("--clues: %w", err)
	}
	if lo != hi && hi != 0 {
		return o, 0, errors.New("--clues: with --variant give one number, the givens digging stops at")
	}
	o.MinClues = lo
	if err := o.Validate(); err != nil {
		return o, 0, errors.New(strings.TrimPrefix(err.Error(), "generate: ")) // the command names itself
	}
	l, err := o.Rules.Layout() // once for the command: every puzzle starts from it
	if err != nil {
		return o, 0, err
	}
	o.Layout = l
	seed, err := parseSeed(f.seed)
	if err != nil {
		return o, 0, fmt.Errorf("--seed: %w", err)
	}
	return o, seed, nil
}

// ruleName names the rules generated, e.g. "9x9 killer".
func ruleName(o generate.Options) string {
	name := o.Rules.Name()
	if o.Variant&sudoku.VariantJigsaw != 0 {
		name += " jigsaw"
	}
	if o.Variant&sudoku.VariantKiller != 0 {
		name += " killer"
	}
	return name
}

// writeBoardGenerated writes one puzzle in the chosen form (the line form
// followed by its rating when one was asked), and its solution after it
// with --solution (same form, on the next line).
func writeBoardGenerated(w *bufio.Writer, p generate.Puzzle, f boardGenFlags) {
	for i, b := range []*sudoku.Board{p.Puzzle, p.Solution} {
		format := f.format
		if format == "line" && b.Rules.HasConstraints() {
			format = "fpuzzles" // the line cannot hold them: not tried, nor its advice worded (two more compiles)
		}
		s, err := sudoku.FormatBoard(b, format)
		if err != nil && format == "line" {
			s, err = sudoku.FormatBoard(b, "fpuzzles") // rules the plain line cannot hold
		}
		if err != nil {
			s = "error: " + err.Error()
		}
		w.WriteString(strings.TrimRight(s, "\n"))
		if i == 0 && f.format == "line" && p.Rating.Version != "" {
			fmt.Fprintf(w, " %v/%v/%v %v", p.Rating.ER, p.Rating.EP, p.Rating.ED, p.Rating.Level)
		}
		w.WriteByte('\n')
		if !f.solution {
			return
		}
	}
}
