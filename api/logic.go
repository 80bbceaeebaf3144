package api

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"sudoku"
	"sudoku/logic"
)

type hintRequest struct {
	Puzzle   string `json:"puzzle"`
	Position string `json:"position"` // the givens plus the player's entries; "" for the puzzle
	Level    int    `json:"level"`    // 1, 2 or 3; 0 means 1
}

type hintResponse struct {
	Level     int         `json:"level"`
	Text      string      `json:"text"`
	Technique string      `json:"technique,omitempty"`
	Wrong     []string    `json:"wrong,omitempty"`
	Cells     []string    `json:"cells,omitempty"`
	Houses    []string    `json:"houses,omitempty"`
	Step      *logic.Step `json:"step,omitempty"` // level 3 only
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	var req hintRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	puzzle, err := parsePuzzle("puzzle", req.Puzzle)
	if err != nil {
		writeError(w, err)
		return
	}
	position := puzzle
	if req.Position != "" {
		if position, err = parsePuzzle("position", req.Position); err != nil {
			writeError(w, err)
			return
		}
	}
	if req.Level == 0 {
		req.Level = 1
	}
	if req.Level < 1 || req.Level > 3 {
		writeError(w, &Error{Code: "bad_request", Message: fmt.Sprintf("level %d: want 1, 2 or 3", req.Level)})
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("hint", time.Now())
	h, err := logic.NextHintContext(ctx, puzzle, position, req.Level)
	if err != nil {
		writeError(w, err)
		return
	}
	resp := hintResponse{Level: h.Level, Text: h.Text, Wrong: names(h.Wrong), Cells: names(h.Cells), Houses: names(h.Houses)}
	if h.Step != nil {
		resp.Technique = h.Step.Technique.Name
		if h.Level == 3 {
			resp.Step = h.Step
		}
	}
	writeJSON(w, http.StatusOK, resp)
}

func names[T fmt.Stringer](xs []T) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		out = append(out, x.String())
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

type puzzleRequest struct {
	Puzzle string `json:"puzzle"`
}

// uniquePuzzle reads the request's puzzle and checks it has one solution:
// rating and explaining need it.
func (s *Server) uniquePuzzle(w http.ResponseWriter, r *http.Request) (sudoku.Grid, bool) {
	var req puzzleRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, err)
		return sudoku.Grid{}, false
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err == nil {
		_, err = solveUnique(g)
	}
	if err != nil {
		writeError(w, err)
		return g, false
	}
	return g, true
}

type explainResponse struct {
	Steps  []logic.Step       `json:"steps"`
	Rating logic.PuzzleRating `json:"rating"`
	Stuck  bool               `json:"stuck,omitempty"`
}

func (s *Server) handleExplain(w http.ResponseWriter, r *http.Request) {
	g, ok := s.uniquePuzzle(w, r)
	if !ok {
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("explain", time.Now())
	path, err := logic.PathContext(ctx, g)
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, explainResponse{Steps: path, Rating: logic.RatePath(path), Stuck: err != nil})
}

func (s *Server) handleRate(w http.ResponseWriter, r *http.Request) {
	g, ok := s.uniquePuzzle(w, r)
	if !ok {
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("rate", time.Now())
	rt, err := logic.RateContext(ctx, g)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rt)
}
