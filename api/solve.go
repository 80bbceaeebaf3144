package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"sudoku"
	"sudoku/generate"
	_ "sudoku/ilp" // registers the 0-1 engine, "ilp"
	"sudoku/logic"
	"sudoku/solver"
)

type solveRequest struct {
	Puzzle string `json:"puzzle"`
	Engine string `json:"engine"` // a registered engine: fast (default), bitboard, dlx, backtrack, ilp
}

type solveResponse struct {
	Solution string `json:"solution"`
	Count    int    `json:"count"` // solutions found, at most 2
	Unique   bool   `json:"unique"`
	Engine   string `json:"engine"`
	Guesses  int64  `json:"guesses"`
	Micros   int64  `json:"micros"`
}

// engineOf returns the engine of the given name ("" is fast).
func engineOf(name string) (solver.Engine, error) {
	if name == "" {
		return solver.Fast, nil
	}
	e, err := solver.Lookup(name)
	if err != nil {
		return nil, &Error{Code: "bad_request", Message: fmt.Sprintf("engine %q: want %s", name, engineNames())}
	}
	return e, nil
}

// engineNames lists the engines a request may name.
func engineNames() string {
	var names []string
	for _, e := range solver.Engines() {
		names = append(names, e.Name())
	}
	return strings.Join(names, ", ")
}

// handleSolve solves with an engine. Several solutions are not an error
// here: the first is returned with unique false, for the UI to say so.
func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	var req solveRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err != nil {
		writeError(w, r, err)
		return
	}
	e, err := engineOf(req.Engine)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if e != solver.Fast && e != solver.DLX {
		free, err := s.enterHeavy(r.Context(), s.limits.route["engine"])
		if err != nil {
			writeError(w, r, err)
			return
		}
		defer free()
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	start := time.Now()
	res, err := solver.Solve(ctx, e, sudoku.BoardOf(g))
	s.work("solve", start)
	if err != nil && !errors.Is(err, sudoku.ErrMultipleSolutions) {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, solveResponse{
		Solution: res.Grid().Line('0'), Count: res.Count, Unique: res.Count == 1,
		Engine: e.Name(), Guesses: res.Guesses, Micros: time.Since(start).Microseconds(),
	})
}

type levelInfo struct {
	Name  string  `json:"name"`
	MinER float64 `json:"min_er"`
	MaxER float64 `json:"max_er,omitempty"`
}

func (s *Server) handleLevels(w http.ResponseWriter, r *http.Request) {
	var out []levelInfo
	for _, l := range logic.Levels {
		lo, hi := l.Level.Range()
		out = append(out, levelInfo{l.Name, lo.Float(), hi.Float()})
	}
	var practice []practiceInfo
	for _, t := range logic.Techniques() {
		if t.Practice {
			practice = append(practice, practiceInfo{Name: strings.TrimSuffix(t.Name, " (trap)"), Needs: strings.ToLower(t.Name), Summary: t.Summary})
		}
	}
	offered := map[string][]string{}
	for _, rs := range generate.RuleSets() {
		for _, l := range generate.Levels(rs) {
			offered[rs] = append(offered[rs], l.String())
		}
	}
	writeJSON(w, http.StatusOK, struct {
		Levels   []levelInfo         `json:"levels"`
		Version  string              `json:"rating_version"`
		Practice []practiceInfo      `json:"practice"`
		Offered  map[string][]string `json:"offered"` // the levels each rule set is made at (generate.Levels)
	}{out, logic.RatingVersion, practice, offered})
}

// practiceInfo is a technique the web app's Practice offers: its name,
// the value of /api/generate's needs for it, and what it is.
type practiceInfo struct {
	Name    string `json:"name"`
	Needs   string `json:"needs"`
	Summary string `json:"summary"`
}

type parseResponse struct {
	Puzzle string `json:"puzzle"` // 81 characters, '.' for empty cells
	Clues  int    `json:"clues"`
}

// handleParse reads a puzzle in any text form and writes it as one line:
// clients need not know every form. It checks the rules, not solvability.
func (s *Server) handleParse(w http.ResponseWriter, r *http.Request) {
	var req puzzleRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, parseResponse{Puzzle: g.Line('.'), Clues: g.Clues()})
}
