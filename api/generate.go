package api

import (
	"fmt"
	"net/http"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
	"sudoku/solver"
)

// solveUnique solves g and insists on one solution.
func solveUnique(g sudoku.Grid) (sudoku.Grid, error) {
	r, err := solver.SolveWith(solver.Fast, g)
	return r.Solution, err
}

type generateRequest struct {
	Level    string  `json:"level"`    // a level name; "" for any
	Symmetry string  `json:"symmetry"` // "" is none
	Minimal  bool    `json:"minimal"`
	Seed     *uint64 `json:"seed"` // nil draws one
	Index    int     `json:"index"`
	// Variant ("killer", "jigsaw,x", …) or Size (4-25) asks for a puzzle
	// of other rules: the answer is then a board (see /api/board).
	Variant string `json:"variant"`
	Size    int    `json:"size"`
}

type puzzleResponse struct {
	Puzzle   string             `json:"puzzle"`
	Solution string             `json:"solution"`
	Rating   logic.PuzzleRating `json:"rating"`
	Symmetry string             `json:"symmetry,omitempty"`
	Seed     *uint64            `json:"seed,omitempty"`
	Index    int                `json:"index,omitempty"`
	Tries    int                `json:"tries,omitempty"`
}

// apiMaxTries bounds the work of one generate request.
const apiMaxTries = 5000

func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request) {
	var req generateRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Variant != "" || req.Size != 0 && req.Size != 9 {
		if req.Index < 0 {
			writeError(w, &Error{Code: "bad_request", Message: fmt.Sprintf("index %d: want 0 or more", req.Index)})
			return
		}
		s.generateBoard(w, r, req)
		return
	}
	o := generate.Options{Minimal: req.Minimal, MaxTries: apiMaxTries}
	var err error
	if req.Symmetry != "" {
		if o.Symmetry, err = generate.ParseSymmetry(req.Symmetry); err != nil {
			writeError(w, &Error{Code: "bad_request", Message: err.Error()})
			return
		}
	}
	if req.Level != "" {
		l, err := logic.ParseLevel(req.Level)
		if err != nil {
			writeError(w, &Error{Code: "bad_request", Message: err.Error()})
			return
		}
		o.MinER, o.MaxER = l.Range()
	}
	if req.Index < 0 {
		writeError(w, &Error{Code: "bad_request", Message: fmt.Sprintf("index %d: want 0 or more", req.Index)})
		return
	}
	seed := uint64(s.Now().UnixNano())
	if req.Seed != nil {
		seed = *req.Seed
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	start := time.Now()
	p, err := generate.GenerateContext(ctx, o, seed, req.Index)
	s.work("generate", start)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, puzzleResponse{
		Puzzle: p.Grid.Line('.'), Solution: p.Solution.Line('0'), Rating: p.Rating,
		Symmetry: o.Symmetry.String(), Seed: &seed, Index: req.Index, Tries: p.Tries,
	})
}
