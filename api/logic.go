package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"sudoku"
	"sudoku/logic"
	"sudoku/solver"
)

type hintRequest struct {
	Puzzle   string `json:"puzzle"`
	Position string `json:"position"` // the givens plus the player's entries; "" for the puzzle
	Level    int    `json:"level"`    // 1, 2 or 3; 0 means 1
	// Marks are the player's pencil marks, 81 masks (bit d-1 for digit
	// d, 0 for a cell without marks): candidates they leave out count as
	// eliminated, so the hint is the next step from the player's notes.
	Marks []int `json:"marks,omitempty"`
	// Entries are the player's digits on a board of other rules (N*N
	// numbers, 0 empty), whose position is not an 81-character line.
	Entries []int `json:"entries,omitempty"`
	// Practice is the technique being practised ("X-chain", as
	// /api/levels's practice names it): where it applies, the hint is its
	// step, not the solving order's next one.
	Practice string `json:"practice,omitempty"`
}

type hintResponse struct {
	Level     int      `json:"level"`
	Text      string   `json:"text"`
	Technique string   `json:"technique,omitempty"`
	Summary   string   `json:"summary,omitempty"` // what the technique is (levels 2 and 3)
	Wrong     []string `json:"wrong,omitempty"`
	// WrongMarks are cells whose pencil marks leave out the right digit.
	WrongMarks []string  `json:"wrongMarks,omitempty"`
	Cells      []string  `json:"cells,omitempty"`
	Houses     []string  `json:"houses,omitempty"`
	Step       *stepJSON `json:"step,omitempty"` // level 3 only, with its pattern
	// BoardStep is Step on a board of other rules (written as "step").
	BoardStep *boardStepJSON `json:"-"`
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	var req hintRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Level == 0 {
		req.Level = 1
	}
	if req.Level < 1 || req.Level > 3 {
		writeError(w, r, &Error{Code: "bad_request", Message: fmt.Sprintf("level %d: want 1, 2 or 3", req.Level)})
		return
	}
	if b, ok := ruledBoard(req.Puzzle); ok {
		ctx, cancel := s.compute(r)
		defer cancel()
		defer s.work("hint", time.Now())
		h, err := boardHint(ctx, b, req)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if h.BoardStep != nil {
			writeJSON(w, http.StatusOK, struct {
				hintResponse
				Step *boardStepJSON `json:"step"`
			}{h, h.BoardStep})
			return
		}
		writeJSON(w, http.StatusOK, h)
		return
	}
	puzzle, err := parsePuzzle("puzzle", req.Puzzle)
	if err != nil {
		writeError(w, r, err)
		return
	}
	position, err := parsePosition(puzzle, req.Position)
	if err != nil {
		writeError(w, r, err)
		return
	}
	marks, err := parseMarks(req.Marks)
	if err != nil {
		writeError(w, r, err)
		return
	}
	need, err := practiceNeed(req.Practice)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("hint", time.Now())
	h, err := classicHint(ctx, puzzle, position, marks, req.Level, need)
	if err != nil {
		writeError(w, r, err)
		return
	}
	resp := hintResponse{Level: h.Level, Text: logic.Plain(h.Text), Wrong: sudoku.Names(h.Wrong), WrongMarks: sudoku.Names(h.WrongMarks), Cells: sudoku.Names(h.Cells), Houses: sudoku.Names(h.Houses)}
	if h.Step != nil {
		resp.Technique = h.Step.Technique.Name
		if h.Level > 1 {
			resp.Summary = logic.Summary(resp.Technique)
		}
		if h.Level == 3 {
			resp.Step = &stepJSON{Step: h.Step, Pattern: candsJSON(h.Pattern)} // logic drew it: no second board
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

// practiceNeed reads a hint request's practice: nil for none.
func practiceNeed(name string) (*logic.Need, error) {
	if name == "" {
		return nil, nil
	}
	n, err := logic.ParseNeed(name, "")
	if err != nil {
		return nil, &Error{Code: "bad_request", Message: "practice: " + err.Error()}
	}
	return &n, nil
}

// classicHint is the hint at a classic position: of the technique
// practised when need is set and it applies there.
func classicHint(ctx context.Context, puzzle, position sudoku.Grid, marks *logic.Marks, level int, need *logic.Need) (logic.Hint, error) {
	if need != nil {
		return logic.PracticeHint(ctx, puzzle, position, marks, level, *need)
	}
	return logic.NextHintMarks(ctx, puzzle, position, marks, level)
}

// parsePosition reads a player's position (the puzzle when text is
// empty). Entries that clash are not an error here: the hint names the
// player's wrong cell, where the parser would blame whichever of the two
// cells it met second, a given perhaps.
func parsePosition(puzzle sudoku.Grid, text string) (sudoku.Grid, error) {
	if text == "" {
		return puzzle, nil
	}
	g, err := parsePuzzle("position", text)
	var ce *sudoku.ConflictError
	if err != nil && errors.As(err, &ce) {
		return g, nil
	}
	return g, err
}

// parseMarks reads 81 pencil-mark masks; nil for none.
func parseMarks(ms []int) (*logic.Marks, error) {
	if len(ms) == 0 {
		return nil, nil
	}
	if len(ms) != 81 {
		return nil, &Error{Code: "bad_request", Message: fmt.Sprintf("marks: %d masks, want 81 (one per cell)", len(ms))}
	}
	var out logic.Marks
	for c, m := range ms {
		if m < 0 || m > 511 {
			return nil, &Error{Code: "bad_request", Message: fmt.Sprintf("marks: %v: mask %d, want 0 to 511", sudoku.Cell(c), m), Cell: sudoku.Cell(c).String()}
		}
		out[c] = sudoku.Candidates(m)
	}
	return &out, nil
}

type puzzleRequest struct {
	Puzzle string `json:"puzzle"`
	// Position and Marks (explain only) start the path from the player's
	// position and pencil marks, as in hintRequest.
	Position string `json:"position,omitempty"`
	Marks    []int  `json:"marks,omitempty"`
}

// uniquePuzzle reads the request's puzzle and checks it has one solution:
// rating and explaining need it.
func (s *Server) uniquePuzzle(w http.ResponseWriter, r *http.Request) (sudoku.Grid, puzzleRequest, bool) {
	var req puzzleRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return sudoku.Grid{}, req, false
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err == nil {
		_, err = solver.SolveGrid(g)
	}
	if err != nil {
		writeError(w, r, err)
		return g, req, false
	}
	return g, req, true
}

type explainResponse struct {
	Steps  []logic.Step       `json:"steps"`
	Rating logic.PuzzleRating `json:"rating"`
	Stuck  bool               `json:"stuck,omitempty"`
}

func (s *Server) handleExplain(w http.ResponseWriter, r *http.Request) {
	var req puzzleRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if b, ok := ruledBoard(req.Puzzle); ok {
		s.explainBoard(w, r, b, req)
		return
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err == nil {
		_, err = solver.SolveGrid(g)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("explain", time.Now())
	var path []logic.Step
	if req.Position == "" && len(req.Marks) == 0 {
		path, err = logic.PathContext(ctx, g)
	} else {
		path, err = explainFrom(ctx, g, req)
	}
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, explainResponse{Steps: path, Rating: logic.RatePath(path), Stuck: err != nil})
}

// explainFrom is the rest of the solving path from the player's position
// and marks; wrong entries or marks are an entries_wrong error saying
// where.
func explainFrom(ctx context.Context, g sudoku.Grid, req puzzleRequest) ([]logic.Step, error) {
	position, err := parsePosition(g, req.Position)
	if err != nil {
		return nil, err
	}
	marks, err := parseMarks(req.Marks)
	if err != nil {
		return nil, err
	}
	h, err := logic.NextHintMarks(ctx, g, position, marks, 2)
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		return nil, err
	}
	if len(h.Wrong)+len(h.WrongMarks) > 0 {
		cells := append(h.Wrong, h.WrongMarks...)
		return nil, &Error{Code: "entries_wrong", Message: logic.Plain(h.Text), Cell: cells[0].String()}
	}
	b := logic.BoardWithMarks(g, position, marks)
	return logic.PathFromContext(ctx, &b)
}

func (s *Server) handleRate(w http.ResponseWriter, r *http.Request) {
	g, _, ok := s.uniquePuzzle(w, r)
	if !ok {
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("rate", time.Now())
	rt, err := logic.RateContext(ctx, g)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rt)
}
