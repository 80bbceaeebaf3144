// Command secompare compares our ratings of variant puzzles with Sukaku
// Explainer's (issue 27, §2). It reads a file of lines
//
//	RULES PUZZLE ER/EP/ED
//
// (RULES one of x, windoku, disjoint, antiknight, antiking, classic; the
// puzzle 81 characters; ER/EP/ED as serate rated it with the rule set's
// flag: logic/testdata/se-variants-dev.txt and se-variants-heldout.txt,
// made by scripts/se-variants.sh), rates each puzzle with logic.RateBoard
// on a board of those rules, and prints how often the ERs agree (the same
// ER, within 0.1) per rule set and per band of Sukaku Explainer's ER (<2,
// 2-4, 4-6, 6-8, 8+), how many puzzles our engine leaves stuck, and the
// worst disagreements:
//
//	go run ./cmd/secompare logic/testdata/se-variants-dev.txt
//
// A stuck puzzle counts as a disagreement; its ER so far is shown.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"sudoku"
	_ "sudoku/constraint" // the kinds of constraint the parsers read
	"sudoku/logic"
)

// ruleNames maps the RULES field to the variant name of the plain line
// ("" for classic), in the order tables list them.
var ruleNames = []struct{ rules, variant string }{
	{"x", "x"}, {"windoku", "windoku"}, {"disjoint", "disjoint"},
	{"antiknight", "anti-knight"}, {"antiking", "anti-king"}, {"classic", ""},
}

// rating is an ER/EP/ED triple in tenths.
type rating struct{ er, ep, ed logic.Rating }

func (r rating) String() string { return fmt.Sprintf("%v/%v/%v", r.er, r.ep, r.ed) }

// entry is one line of the file and our rating of it.
type entry struct {
	rules, puzzle string
	se, ours      rating
	stuck         bool // our engine found no technique before the end
	timedOut      bool
	err           error // the board could not be read or rated
}

func main() {
	timeout := flag.Duration("timeout", 10*time.Second, "time allowed to rate one puzzle")
	worst := flag.Int("worst", 15, "disagreements to list, the largest first")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: secompare [-timeout D] [-worst N] FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(os.Stdout, flag.Arg(0), *timeout, *worst); err != nil {
		fmt.Fprintln(os.Stderr, "secompare:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, path string, timeout time.Duration, worst int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	es, err := readEntries(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, e := range es {
		rateEntry(e, timeout)
	}
	report(w, es, worst)
	return nil
}

// readEntries reads the lines of r, skipping blank ones and comments.
func readEntries(r io.Reader) ([]*entry, error) {
	var es []*entry
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		es = append(es, e)
	}
	return es, sc.Err()
}

// parseEntry reads "RULES PUZZLE ER/EP/ED".
func parseEntry(line string) (*entry, error) {
	fs := strings.Fields(line)
	if len(fs) != 3 {
		return nil, fmt.Errorf("want RULES PUZZLE ER/EP/ED, got %d fields", len(fs))
	}
	if _, ok := variantOf(fs[0]); !ok {
		return nil, fmt.Errorf("rules %q: want x, windoku, disjoint, antiknight, antiking or classic", fs[0])
	}
	if len(fs[1]) != 81 {
		return nil, fmt.Errorf("puzzle of %d characters, want 81", len(fs[1]))
	}
	se, err := parseRating(fs[2])
	if err != nil {
		return nil, err
	}
	return &entry{rules: fs[0], puzzle: fs[1], se: se}, nil
}

func variantOf(rules string) (string, bool) {
	for _, rn := range ruleNames {
		if rn.rules == rules {
			return rn.variant, true
		}
	}
	return "", false
}

// parseRating reads "9.2/1.2/1.2".
func parseRating(s string) (rating, error) {
	parts := strings.Split(s, "/")
	if len(parts) != 3 {
		return rating{}, fmt.Errorf("rating %q: want ER/EP/ED", s)
	}
	var rs [3]logic.Rating
	for i, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if err != nil || v < 0 {
			return rating{}, fmt.Errorf("rating %q: %q is not a rating", s, p)
		}
		rs[i] = logic.Rating(v*10 + 0.5)
	}
	return rating{rs[0], rs[1], rs[2]}, nil
}

// board builds the puzzle of e under its rules.
func board(e *entry) (*sudoku.Board, error) {
	line := e.puzzle
	if v, _ := variantOf(e.rules); v != "" {
		line += " rules=" + v
	}
	b, _, err := sudoku.ParsePlain(line)
	return b, err
}

// rateEntry rates e with our engine within timeout.
func rateEntry(e *entry, timeout time.Duration) {
	b, err := board(e)
	if err != nil {
		e.err = err
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	r, err := logic.RateBoard(ctx, b)
	e.ours = rating{r.ER, r.EP, r.ED}
	switch {
	case errors.Is(err, logic.ErrStuck):
		e.stuck = true
	case errors.Is(err, context.DeadlineExceeded):
		e.timedOut = true
	case err != nil:
		e.err = err
	}
}
