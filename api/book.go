package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
	"sudoku/render"
)

// /api/book: a puzzle book as a PDF, as 'sudoku bank book' makes one
// (render.Book): sections of a rule set, a level and a count, numbered
// across the book, then the answers at the back. A heavy route, bounded:
// at most maxBookPuzzles puzzles, made within the request's time limit
// (503 timeout past it). Classic puzzles come from the bank when the
// server has one (each handed out, as /api/bank/pick does; picked once
// the rest is made, so a book that runs out of time uses none up), and
// are generated when it holds none of the level; the others are
// generated.

// bookRequest is the body of /api/book.
type bookRequest struct {
	Sections []bookSection `json:"sections"`
	PerPage  *int          `json:"perPage"` // 1, 2, 4 or 6; 4 when left out
	Paper    string        `json:"paper"`   // "A4" (default) or "Letter"
	Title    string        `json:"title"`   // at the top of every page; "Sudoku" when left out
	Answers  *bool         `json:"answers"` // the answers at the back; true when left out
	Seed     *uint64       `json:"seed"`    // of the puzzles generated; nil draws one
}

// bookSection is one section of a book: count puzzles of rules at level.
type bookSection struct {
	Rules string `json:"rules"` // a rule set as /api/levels's offered names it; "9x9" is classic
	Level string `json:"level"` // Easy ... Diabolical; "" is Medium
	Count int    `json:"count"`
}

const (
	maxBookPuzzles = 60 // in a whole book
	maxBookTitle   = 80 // characters
)

// bookPlan is a section checked: what its puzzles are made with.
type bookPlan struct {
	req   generateRequest // as /api/generate would ask for one
	level logic.Level
	count int
	o     generate.Options
	board bool // of other rules (classic puzzles may come from the bank)
}

func (s *Server) handleBook(w http.ResponseWriter, r *http.Request) {
	var req bookRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	plans, o, err := checkBook(req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	seed := uint64(s.Now().UnixNano())
	if req.Seed != nil {
		seed = *req.Seed
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	start := time.Now()
	ps, err := s.bookPuzzles(ctx, plans, seed)
	var buf bytes.Buffer
	if err == nil {
		err = render.Book(&buf, ps, req.Answers == nil || *req.Answers, o)
	}
	s.work("book", start)
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="sudoku-book.pdf"`)
	w.Write(buf.Bytes())
}

// badBook is a bad_request error of a book request.
func badBook(format string, a ...any) error {
	return &Error{Code: "bad_request", Message: fmt.Sprintf(format, a...)}
}

// checkBook checks a book request: its sections planned, its page layout.
func checkBook(req bookRequest) ([]bookPlan, render.PDFOptions, error) {
	o := render.PDFOptions{PerPage: 4, Paper: req.Paper, Title: req.Title}
	if req.PerPage != nil {
		o.PerPage = *req.PerPage
	}
	if o.Title == "" {
		o.Title = "Sudoku"
	}
	switch n := utf8.RuneCountInString(o.Title); {
	case n > maxBookTitle:
		return nil, o, badBook("title: %d characters, want at most %d", n, maxBookTitle)
	case o.PerPage < 1:
		return nil, o, badBook("perPage %d: want 1, 2, 4 or 6", o.PerPage)
	}
	if err := o.Validate(); err != nil {
		return nil, o, badBook("%v", err)
	}
	plans, err := planBook(req.Sections)
	return plans, o, err
}

// planBook checks the sections and plans each.
func planBook(sections []bookSection) ([]bookPlan, error) {
	if len(sections) == 0 {
		return nil, badBook("sections: none given, want at least one (rules, level, count)")
	}
	total := 0
	plans := make([]bookPlan, len(sections))
	for i, sec := range sections {
		p, err := planSection(sec)
		if err != nil {
			return nil, badBook("sections[%d].%v", i, err)
		}
		plans[i], total = p, total+p.count
	}
	if total > maxBookPuzzles {
		return nil, badBook("sections: %d puzzles in all, want at most %d", total, maxBookPuzzles)
	}
	return plans, nil
}

// sizeName reads a rule set "NxN" ("6x6").
var sizeName = regexp.MustCompile(`^(\d+)x(\d+)$`)

// planSection checks one section; its errors start with the field.
func planSection(sec bookSection) (bookPlan, error) {
	p := bookPlan{count: sec.Count, level: logic.Medium}
	if sec.Count < 1 || sec.Count > maxBookPuzzles {
		return p, fmt.Errorf("count %d: want 1 to %d", sec.Count, maxBookPuzzles)
	}
	if sec.Level != "" {
		l, err := logic.ParseLevel(sec.Level)
		if err != nil {
			return p, fmt.Errorf("level: %v", err)
		}
		p.level = l
	}
	rules := strings.ToLower(strings.TrimSpace(sec.Rules))
	if rules == "9x9" {
		rules = "classic"
	}
	if !slices.Contains(generate.RuleSets(), rules) {
		return p, fmt.Errorf("rules %q: want one of %s (9x9 is classic)", sec.Rules, strings.Join(generate.RuleSets(), ", "))
	}
	p.req.Level = p.level.String()
	lo, hi := p.level.Range()
	if rules == "classic" {
		p.o = generate.Options{MaxTries: apiMaxTries, MinER: lo, MaxER: hi}
		return p, nil
	}
	if m := sizeName.FindStringSubmatch(rules); m != nil {
		n, _ := strconv.Atoi(m[1])
		p.req.Size = &n
	} else {
		p.req.Variant = rules
	}
	bo, err := boardOptions(p.req, genTarget{minER: lo, maxER: hi})
	if err != nil {
		return p, fmt.Errorf("level: %v", err)
	}
	p.o, p.board = bo, true
	return p, nil
}

// bookPuzzles makes the puzzles of the plans, in their order: those
// generated first, then those from the bank (see above). Puzzle i of the
// book is generated from seed and i.
func (s *Server) bookPuzzles(ctx context.Context, plans []bookPlan, seed uint64) ([]render.BookPuzzle, error) {
	sections := make([][]render.BookPuzzle, len(plans))
	first := 0
	for i, p := range plans {
		if !s.bankHas(p) {
			ps, err := generateSection(ctx, p, seed, first, p.count)
			if err != nil {
				return nil, err
			}
			sections[i] = ps
		}
		first += p.count
	}
	first = 0
	for i, p := range plans {
		if s.bankHas(p) {
			ps, err := s.bankSection(ctx, p, seed, first)
			if err != nil {
				return nil, err
			}
			sections[i] = ps
		}
		first += p.count
	}
	return slices.Concat(sections...), nil
}

// bankHas reports whether the puzzles of p are taken from the bank.
func (s *Server) bankHas(p bookPlan) bool { return !p.board && s.Bank != nil }

// bankSection picks p's puzzles from the bank; when it runs out, or is
// down, the rest are generated.
func (s *Server) bankSection(ctx context.Context, p bookPlan, seed uint64, first int) ([]render.BookPuzzle, error) {
	var ps []render.BookPuzzle
	for len(ps) < p.count {
		bp, err := s.Bank.Pick(ctx, p.level)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			rest, err := generateSection(ctx, p, seed, first+len(ps), p.count-len(ps))
			return append(ps, rest...), err
		}
		ps = append(ps, classicPuzzle(bp.Puzzle, bp.Solution, bp.Rating))
	}
	return ps, nil
}

// generateSection generates n puzzles of p, puzzles first to first+n-1
// of the book.
func generateSection(ctx context.Context, p bookPlan, seed uint64, first, n int) ([]render.BookPuzzle, error) {
	ps := make([]render.BookPuzzle, 0, n)
	for i := first; i < first+n; i++ {
		bp, tries, err := generateOne(ctx, p, seed, i)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			req := p.req
			req.Index = i
			return nil, gaveUp(err, req, seed, tries)
		}
		ps = append(ps, bp)
	}
	return ps, nil
}

// generateOne generates puzzle i of the book, of plan p.
func generateOne(ctx context.Context, p bookPlan, seed uint64, i int) (render.BookPuzzle, int, error) {
	b, err := generate.Generate(ctx, p.o, generate.Source(seed, i))
	if err != nil {
		return render.BookPuzzle{}, b.Tries, err
	}
	if !p.board {
		return classicPuzzle(b.Grid(), b.SolutionGrid(), b.Rating), b.Tries, nil
	}
	if b.Puzzle == nil || b.Solution == nil {
		return render.BookPuzzle{}, b.Tries, errors.New("the generator gave no puzzle")
	}
	bp := render.BookPuzzle{Board: b.Puzzle, Solution: b.Solution, Rules: b.Puzzle.Rules.Name()}
	if b.Rating.Version != "" {
		bp.Level, bp.ER = b.Rating.Level.String(), b.Rating.ER.String()
	}
	return bp, b.Tries, nil
}

// classicPuzzle is a classic puzzle of a book, captioned with its rating.
func classicPuzzle(g, sol sudoku.Grid, rt logic.PuzzleRating) render.BookPuzzle {
	return render.BookPuzzle{Board: sudoku.BoardOf(g), Solution: sudoku.BoardOf(sol), Level: rt.Level.String(), ER: rt.ER.String()}
}
