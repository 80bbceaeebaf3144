package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
)

type generateRequest struct {
	Level    string  `json:"level"`    // a level name; "" for any
	Symmetry string  `json:"symmetry"` // "" is none
	Minimal  bool    `json:"minimal"`
	Seed     *uint64 `json:"seed"` // nil draws one
	Index    int     `json:"index"`
	// Variant ("killer", "jigsaw,x", …) or Size (4-25) asks for a puzzle
	// of other rules: the answer is then a board (see /api/board).
	Variant string `json:"variant"`
	Size    *int   `json:"size"` // nil for 9
	// Needs (a technique as explain names it, or a HoDoKu code) asks for
	// a classic puzzle that needs it; OnlyBefore as generate's flag. The
	// answer then carries the practice position: the puzzle solved by
	// logic up to the technique.
	Needs      string `json:"needs"`
	OnlyBefore string `json:"onlyBefore"`
}

// practiceJSON is the position just before a puzzle's first use of the
// technique asked: the digits placed by then and the candidates left.
type practiceJSON struct {
	Technique string `json:"technique"`
	Summary   string `json:"summary"`
	Position  string `json:"position"` // 81 characters
	Marks     []int  `json:"marks"`    // the candidates of every empty cell
	Step      int    `json:"step"`     // steps of the path before it
	// Example is a step of the technique itself at the position, as a
	// level-3 hint: the worked example (the path's next step may be
	// another technique when the one asked is outside the solving order).
	Example *hintResponse `json:"example,omitempty"`
}

type puzzleResponse struct {
	Puzzle   string             `json:"puzzle"`
	Solution string             `json:"solution"`
	Rating   logic.PuzzleRating `json:"rating"`
	Symmetry string             `json:"symmetry,omitempty"`
	Seed     *uint64            `json:"seed,omitempty"`
	Index    int                `json:"index,omitempty"`
	Tries    int                `json:"tries,omitempty"`
	Practice *practiceJSON      `json:"practice,omitempty"`
	Source   string             `json:"source,omitempty"` // "bank" for a practice puzzle from the bank
}

// genTarget is what every generate request asks: level, symmetry, seed.
type genTarget struct {
	minER, maxER logic.Rating
	symmetry     generate.Symmetry
	seed         uint64
}

// generateTarget reads the level, symmetry, index and seed of a generate
// request (a seed is drawn from the clock when none is given).
func (s *Server) generateTarget(req generateRequest) (genTarget, error) {
	var t genTarget
	bad := func(err error) (genTarget, error) {
		return genTarget{}, &Error{Code: "bad_request", Message: err.Error()}
	}
	if req.Size != nil && *req.Size < 1 {
		return bad(fmt.Errorf("size %d: want a size of 4 to 25 (9 when left out)", *req.Size))
	}
	if req.Symmetry != "" {
		var err error
		if t.symmetry, err = generate.ParseSymmetry(req.Symmetry); err != nil {
			return bad(err)
		}
	}
	if req.Level != "" {
		l, err := logic.ParseLevel(req.Level)
		if err != nil {
			return bad(err)
		}
		t.minER, t.maxER = l.Range()
	}
	if req.Index < 0 {
		return bad(fmt.Errorf("index %d: want 0 or more", req.Index))
	}
	t.seed = uint64(s.Now().UnixNano())
	if req.Seed != nil {
		t.seed = *req.Seed
	}
	return t, nil
}

// size is the size asked, 9 when none is.
func (req generateRequest) size() int {
	if req.Size == nil {
		return 9
	}
	return *req.Size
}

// apiMaxTries bounds the work of one generate request.
const apiMaxTries = 5000

func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request) {
	var req generateRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := s.generateTarget(req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if req.Variant != "" || req.size() != 9 {
		s.generateBoard(w, r, req, t)
		return
	}
	o := generate.Options{Minimal: req.Minimal, MaxTries: apiMaxTries, Symmetry: t.symmetry, MinER: t.minER, MaxER: t.maxER}
	if req.Needs != "" {
		if o.Needs, err = logic.ParseNeed(req.Needs, req.OnlyBefore); err != nil {
			writeError(w, r, &Error{Code: "bad_request", Message: err.Error()})
			return
		}
	}
	seed := t.seed
	ctx, cancel := s.compute(r)
	defer cancel()
	if len(o.Needs.Names) > 0 && req.Seed == nil && req.Level == "" && req.Symmetry == "" && !req.Minimal {
		if resp, ok := s.practiceFromBank(ctx, o.Needs); ok {
			writeJSON(w, http.StatusOK, resp)
			return
		}
	}
	start := time.Now()
	p, err := generate.Generate(ctx, o, generate.Source(seed, req.Index))
	s.work("generate", start)
	if err != nil {
		writeError(w, r, gaveUp(err, req, seed, p.Tries))
		return
	}
	resp := puzzleResponse{
		Puzzle: p.Grid().Line('.'), Solution: p.SolutionGrid().Line('0'), Rating: p.Rating,
		Symmetry: o.Symmetry.String(), Seed: &seed, Index: req.Index, Tries: p.Tries,
	}
	if len(o.Needs.Names) > 0 {
		resp.Practice = practiceOf(ctx, p.Grid(), o.Needs)
	}
	writeJSON(w, http.StatusOK, resp)
}

// gaveUp words generate.ErrTooManyTries (err) with what the request asked,
// the tries and the seed; other errors pass unchanged.
func gaveUp(err error, req generateRequest, seed uint64, tries int) error {
	if !errors.Is(err, generate.ErrTooManyTries) {
		return err
	}
	return fmt.Errorf("%w: %s; %d tries from seed %d: try another seed, or ask for less", err, askedOf(req), tries, seed)
}

// askedOf says what a generate request asked: "killer 9x9, level Hard
// (ER 2.6 to 4.0), symmetry rot180".
func askedOf(req generateRequest) string {
	size := req.size()
	parts := []string{strings.TrimSpace(fmt.Sprintf("%s %dx%d", strings.ReplaceAll(req.Variant, ",", " "), size, size))}
	if l, err := logic.ParseLevel(req.Level); err == nil {
		parts = append(parts, "level "+levelText(l))
	}
	for _, p := range [][2]string{{"symmetry ", req.Symmetry}, {"needs ", req.Needs}, {"only before it: ", req.OnlyBefore}} {
		if p[1] != "" {
			parts = append(parts, p[0]+p[1])
		}
	}
	if req.Minimal {
		parts = append(parts, "minimal")
	}
	return strings.Join(parts, ", ")
}

// levelText is "Hard (ER 2.6 to 4.0)", "Diabolical (ER 9.0 and up)".
func levelText(l logic.Level) string {
	lo, hi := l.Range()
	if hi == 0 {
		return fmt.Sprintf("%s (ER %.1f and up)", l, lo.Float())
	}
	return fmt.Sprintf("%s (ER %.1f to %.1f)", l, lo.Float(), hi.Float())
}

// practiceFromBank hands out a puzzle that needs the technique from the
// bank, when it has one (a request that asks nothing but the technique):
// instant, where generating one may take a second.
func (s *Server) practiceFromBank(ctx context.Context, need logic.Need) (puzzleResponse, bool) {
	nb, ok := s.Bank.(NeedPicker)
	if !ok {
		return puzzleResponse{}, false
	}
	p, err := nb.PickNeed(ctx, need)
	if err != nil {
		return puzzleResponse{}, false // none left, or the bank down: generate one
	}
	pr := practiceOf(ctx, p.Puzzle, need)
	if pr == nil {
		return puzzleResponse{}, false
	}
	return puzzleResponse{Puzzle: p.Puzzle.Line('.'), Solution: p.Solution.Line('0'), Rating: p.Rating, Practice: pr, Source: "bank"}, true
}

// practiceOf is the position of g just before the step that needs the
// technique: the path's steps before it applied.
func practiceOf(ctx context.Context, g sudoku.Grid, need logic.Need) *practiceJSON {
	path, err := logic.PathContext(ctx, g)
	if err != nil {
		return nil
	}
	k, ok := need.MetOn(g, path)
	if !ok {
		return nil
	}
	b := logic.NewBoard(g)
	for i := range path[:k] {
		b.Apply(&path[i])
	}
	ex, ok := need.Example(&b, path, k)
	if !ok {
		return nil // never promise a technique the lesson cannot show
	}
	name := ex.Technique.Name
	pr := &practiceJSON{Position: b.Grid.Line('.'), Marks: make([]int, 81), Step: k, Technique: name, Summary: logic.Summary(name)}
	for c := range 81 {
		pr.Marks[c] = int(b.Cands[c])
	}
	h := logic.StepHint(&ex, 3)
	pr.Example = &hintResponse{Level: 3, Text: logic.Plain(h.Text), Technique: name, Summary: pr.Summary, Cells: sudoku.Names(h.Cells), Houses: sudoku.Names(h.Houses), Step: newStepJSON(&b, h.Step)}
	return pr
}
