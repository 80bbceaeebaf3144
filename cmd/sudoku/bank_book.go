package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"sudoku"
	"sudoku/bank"
	"sudoku/generate"
	"sudoku/internal/safefile"
	"sudoku/logic"
	"sudoku/render"
)

// This file holds the bank's commands for puzzles of other rules (fill
// --variant) and the puzzle book.

// fillBoards tops up the puzzles of one rule set: generated (at the
// level asked, by logic.RateBoard) until the bank holds target of them
// left.
func fillBoards(ctx context.Context, e *env, db bank.Store, o generate.BoardOptions, target int, seed uint64, quiet bool) int {
	name, left, added := "", 0, 0
	for i := 0; name == "" || left+added < target; i++ {
		if ctx.Err() != nil {
			fmt.Fprintf(e.stderr, "sudoku bank fill: interrupted after %d puzzles\n", added)
			return exitInterrupted
		}
		p, err := generate.GenerateBoard(ctx, o, generate.Source(seed, i))
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku bank fill: puzzle %d: %v\n", i+1, err)
			return 1
		}
		entry, err := bank.NewBoardEntry(p.Puzzle, p.Solution, fmt.Sprintf("fill seed %d #%d", seed, i+1))
		if err == nil && name == "" {
			name = entry.Rules
			if left, err = boardsLeft(ctx, db, name); err == nil && left >= target {
				break
			}
		}
		if err == nil {
			var n int
			n, _, err = db.AddBoards(context.WithoutCancel(ctx), []bank.BoardEntry{entry})
			added += n
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
			return 1
		}
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "bank fill %s: %d added, %d left (seed %d)\n", name, added, left+added, seed)
	}
	return 0
}

// boardsLeft counts the puzzles of rule set name not handed out.
func boardsLeft(ctx context.Context, db bank.Store, name string) (int, error) {
	counts, err := db.BoardStats(ctx)
	for _, c := range counts {
		if c.Rules == name {
			return c.Left, err
		}
	}
	return 0, err
}

const bankBookUsage = `usage: sudoku bank book --section RULES[:LEVEL]:N [--section ...] --out FILE [--db FILE] [--title T] [--per-page K] [--paper A4|Letter]

Makes a puzzle book as a PDF: for each --section, N puzzles picked from
the bank (each handed out once, as 'bank pick' does), numbered from 1
across the book, K to a page, then the answers at the back in the same
order. RULES is classic or a rule set as 'bank stats' names it ("killer
9x9", "jigsaw 9x9", "6x6"); LEVEL (classic: required) is easy ... diabolical;
puzzles of other rules are picked by rule set, and their level by logic
is printed under each. The file is replaced only when the book is
complete. Exit status: 0 written, 1 too few puzzles in the bank or an
error, 2 usage error.

flags:
`

// bookSection is one --section: rules, level (classic) and count.
type bookSection struct {
	rules string
	level logic.Level
	n     int
}

// sectionsFlag collects --section flags.
type sectionsFlag []bookSection

func (s *sectionsFlag) String() string { return fmt.Sprint(len(*s)) }

func (s *sectionsFlag) Set(v string) error {
	parts := strings.Split(v, ":")
	n, err := strconv.Atoi(parts[len(parts)-1])
	if err != nil || n < 1 || n > 1000 || len(parts) < 2 || len(parts) > 3 {
		return fmt.Errorf("%q: want RULES[:LEVEL]:N with N from 1 to 1000", v)
	}
	sec := bookSection{rules: parts[0], n: n, level: -1}
	if len(parts) == 3 {
		if sec.level, err = logic.ParseLevel(parts[1]); err != nil {
			return err
		}
	}
	if sec.rules == "classic" && sec.level < 0 {
		return fmt.Errorf("%q: a classic section needs a level (classic:hard:10)", v)
	}
	*s = append(*s, sec)
	return nil
}

func cmdBankBook(e *env, args []string) int {
	fs, dbPath := bankFlags(e, "book", bankBookUsage)
	var sections sectionsFlag
	fs.Var(&sections, "section", "RULES[:LEVEL]:N, repeated: the book's sections in order")
	out := fs.String("out", "", "the PDF file to write")
	title := fs.String("title", "Sudoku", "title at the top of each page")
	perPage := fs.Int("per-page", 4, "puzzles on a page: 1, 2, 4 or 6")
	paper := fs.String("paper", "A4", "paper: A4 or Letter")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	switch {
	case len(sections) == 0:
		return usageErr(e, "bank book", errors.New("give at least one --section"))
	case *out == "":
		return usageErr(e, "bank book", errors.New("--out FILE is required"))
	case fs.NArg() > 0:
		return usageErr(e, "bank book", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "bank book", err)
	}
	ctx := context.Background()
	db, ok := openBank(ctx, e, "book", *dbPath, bankExisting)
	if !ok {
		return 1
	}
	defer db.Close()
	puzzles, answers, err := pickBook(ctx, db, sections)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank book: %v\n", err)
		return 1
	}
	all := append(puzzles, answers...)
	o := render.PDFOptions{PerPage: *perPage, Paper: *paper, Title: *title}
	if err := safefile.Write(*out, e.stdout, func(w io.Writer) error { return render.PDF(w, all, o) }); err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank book: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stderr, "bank book: %d puzzles and their answers written to %s\n", len(puzzles), *out)
	return 0
}

// pickBook picks every section's puzzles, numbered, and their answers.
func pickBook(ctx context.Context, db bank.Store, sections []bookSection) (puzzles, answers []render.Board, err error) {
	num := 0
	for _, sec := range sections {
		for k := 0; k < sec.n; k++ {
			num++
			b, sol, caption, err := pickOne(ctx, db, sec)
			if err != nil {
				return nil, nil, fmt.Errorf("section %s: puzzle %d of %d: %w", sec.rules, k+1, sec.n, err)
			}
			puzzles = append(puzzles, render.BoardOf(b, nil, fmt.Sprintf("%d. %s", num, caption)))
			answers = append(answers, render.BoardOf(b, sol.Cells, fmt.Sprintf("Answer %d", num)))
		}
	}
	return puzzles, answers, nil
}

// pickOne hands out one puzzle of a section: the board, its solution and
// its caption (rules, level and rating).
func pickOne(ctx context.Context, db bank.Store, sec bookSection) (*sudoku.Board, *sudoku.Board, string, error) {
	if sec.rules == "classic" {
		en, err := db.Pick(ctx, sec.level)
		if err != nil {
			return nil, nil, "", err
		}
		return sudoku.BoardOf(en.Puzzle), sudoku.BoardOf(en.Solution), fmt.Sprintf("%v - ER %v", en.Level, en.ER), nil
	}
	en, err := db.PickBoard(ctx, sec.rules)
	if err != nil {
		return nil, nil, "", err
	}
	b, err := en.Board()
	if err != nil {
		return nil, nil, "", err
	}
	sol := b.Clone()
	for i := range sol.Cells {
		if i < len(en.Solution) {
			if d, ok := sudoku.ParseDigit(en.Solution[i]); ok {
				sol.Cells[i] = uint8(d)
			}
		}
	}
	caption := b.Rules.Name()
	if rt, err := logic.RateBoard(ctx, b); err == nil {
		caption += fmt.Sprintf(" - %v - ER %v", rt.Level, rt.ER)
	}
	return b, sol, caption, nil
}
