package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"sudoku/bank"
	"sudoku/bank/bankgen"
	"sudoku/generate"
	"sudoku/internal/safefile"
	"sudoku/logic"
	"sudoku/render"
)

// This file holds the bank's commands for puzzles of other rules (fill
// --variant) and the puzzle book.

// fillBoards tops up the puzzles of one rule set (bankgen.FillBoards)
// and says what it did.
func fillBoards(ctx context.Context, e *env, db bank.Store, o generate.Options, target int, seed uint64, quiet bool) int {
	rep, err := bankgen.FillBoards(ctx, db, o, target, seed)
	switch {
	case rep.Interrupted:
		fmt.Fprintf(e.stderr, "sudoku bank fill: interrupted after %d puzzles\n", rep.Added)
		return exitInterrupted
	case err != nil && rep.FailedPuzzle > 0:
		fmt.Fprintf(e.stderr, "sudoku bank fill: puzzle %d: %v\n", rep.FailedPuzzle, err)
		return 1
	case err != nil:
		fmt.Fprintf(e.stderr, "sudoku bank fill: %v\n", err)
		return 1
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "bank fill %s: %d added, %d left (seed %d)\n", rep.Rules, rep.Added, rep.Left+rep.Added, seed)
	}
	return 0
}

const bankBookUsage = `usage: sudoku bank book --section RULES[:LEVEL]:N [--section ...] --out FILE [--db FILE] [--title T] [--per-page K] [--paper A4|Letter]

Makes a puzzle book as a PDF: for each --section, N puzzles picked from
the bank (each handed out once, as 'bank pick' does), numbered from 1
across the book, K to a page, then the answers at the back in the same
order. RULES is classic or a rule set as 'bank stats' names it ("killer
9x9", "jigsaw 9x9", "6x6"); LEVEL (classic: required) is easy ... diabolical;
puzzles of other rules are picked by rule set, and their level by logic
is printed under each. --out - writes the PDF to stdout. The bank's
puzzles and the target are checked before anything is picked, and the
puzzles are handed out in the transaction that commits once the book is
written: a book that fails hands nothing out, and leaves the file as it
was. Exit status: 0 written, 1 too few puzzles in the bank or an error,
2 usage error.

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
	out := fs.String("out", "", "the PDF file to write (- for stdout)")
	var o render.PDFOptions
	fs.StringVar(&o.Title, "title", "Sudoku", "title at the top of each page")
	fs.IntVar(&o.PerPage, "per-page", 4, "puzzles on a page: 1, 2, 4 or 6")
	fs.StringVar(&o.Paper, "paper", "A4", "paper: A4 or Letter")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkBookFlags(fs, sections, *out, o); err != nil {
		return usageErr(e, "bank book", err)
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
	n, err := makeBook(ctx, e, db, bookSpecs(sections), *out, o)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank book: %v\n", err)
		return 1
	}
	where := *out
	if where == safefile.Stdout {
		where = "stdout"
	}
	fmt.Fprintf(e.stderr, "bank book: %d puzzles and their answers written to %s\n", n, where)
	return 0
}

// checkBookFlags checks what the flags ask for before the bank is opened.
func checkBookFlags(fs *flag.FlagSet, sections []bookSection, out string, o render.PDFOptions) error {
	switch {
	case len(sections) == 0:
		return errors.New("give at least one --section")
	case out == "":
		return errors.New("--out FILE is required (- for stdout)")
	case fs.NArg() > 0:
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.PerPage <= 0:
		return fmt.Errorf("--per-page %d: want 1, 2, 4 or 6", o.PerPage)
	}
	return o.Validate()
}

// bookSpecs says what the sections pick.
func bookSpecs(sections []bookSection) []bank.PickSpec {
	specs := make([]bank.PickSpec, len(sections))
	for i, sec := range sections {
		specs[i] = bank.PickSpec{Kind: bank.Kind{Level: bank.Level(sec.level)}, N: sec.n}
		if sec.rules != "classic" {
			specs[i] = bank.PickSpec{Kind: bank.Kind{Rules: sec.rules}, N: sec.n}
		}
	}
	return specs
}

// makeBook checks that the bank holds the puzzles of every spec and that
// out can be written, then picks the puzzles and writes the book in one
// transaction of the bank, committed once the book is in place: a book
// that fails hands nothing out. It returns the number of puzzles.
func makeBook(ctx context.Context, e *env, db bank.Store, specs []bank.PickSpec, out string, o render.PDFOptions) (int, error) {
	if err := bank.CheckLeft(ctx, db, specs); err != nil {
		return 0, err
	}
	f, err := safefile.Create(out, e.stdout)
	if err != nil {
		return 0, err
	}
	defer f.Abort()
	n := 0
	err = db.PickAll(ctx, specs, func(picked []bank.Picked) error {
		puzzles, err := bankgen.BookPuzzles(ctx, picked)
		if err != nil {
			return err
		}
		n = len(puzzles)
		if err := render.Book(f, puzzles, true, o); err != nil {
			return err
		}
		return f.Commit()
	})
	return n, err
}
