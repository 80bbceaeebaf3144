package api

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sudoku"
	"sudoku/render"
	"sudoku/solver"
)

type renderRequest struct {
	Puzzle   string `json:"puzzle"`
	Format   string `json:"format"`   // png (default), svg or pdf
	Solution bool   `json:"solution"` // draw the solution's digits apart
	Filled   string `json:"filled"`   // or draw these digits apart (a player's entries)
	Cell     int    `json:"cell"`     // pixels per cell (png, svg)
}

var renderTypes = map[string]string{"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}

func (s *Server) handleRender(w http.ResponseWriter, r *http.Request) {
	var req renderRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if req.Format == "" {
		req.Format = "png"
	}
	ctype, ok := renderTypes[req.Format]
	if !ok {
		writeError(w, r, &Error{Code: "bad_request", Message: "format " + req.Format + ": want png, svg or pdf"})
		return
	}
	if pb, ok := ruledBoard(req.Puzzle); ok {
		s.renderBoard(w, r, req, pb, ctype)
		return
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err != nil {
		writeError(w, r, err)
		return
	}
	b := render.Board{Puzzle: g}
	switch {
	case req.Solution:
		sol, err := solver.SolveGrid(g)
		if err != nil {
			writeError(w, r, err)
			return
		}
		b.Filled = &sol
	case req.Filled != "":
		f, err := filledGrid(req.Filled)
		if err != nil {
			writeError(w, r, err)
			return
		}
		b.Filled = &f
	}
	s.writeRender(w, r, req, &b, ctype)
}

// renderBoard draws a puzzle of other rules: its solution or the
// player's entries ("filled": N*N digits, comma-separated) filled in.
func (s *Server) renderBoard(w http.ResponseWriter, r *http.Request, req renderRequest, pb *sudoku.Board, ctype string) {
	b := render.Board{Rules: pb.Rules, Cells: pb.Cells}
	switch {
	case req.Solution:
		ctx, cancel := s.compute(r)
		defer cancel()
		sol, err := boardSolution(ctx, pb)
		if err != nil {
			writeError(w, r, err)
			return
		}
		b.Fill = sol
	case req.Filled != "":
		parts := strings.Split(req.Filled, ",")
		if len(parts) != len(pb.Cells) {
			writeError(w, r, &Error{Code: "bad_request", Message: fmt.Sprintf("filled: %d cells, want %d, comma-separated", len(parts), len(pb.Cells))})
			return
		}
		b.Fill = make([]uint8, len(parts))
		for i, p := range parts {
			v, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || v < 0 || v > pb.Rules.Size {
				writeError(w, r, &Error{Code: "bad_request", Message: fmt.Sprintf("filled: cell %d: %q is not a digit 0-%d", i+1, p, pb.Rules.Size)})
				return
			}
			b.Fill[i] = uint8(v)
		}
	}
	s.writeRender(w, r, req, &b, ctype)
}

// writeRender draws b in the format asked.
func (s *Server) writeRender(w http.ResponseWriter, r *http.Request, req renderRequest, b *render.Board, ctype string) {
	var buf bytes.Buffer
	var err error
	defer s.work("render", time.Now())
	o := render.Options{CellSize: req.Cell}
	switch req.Format {
	case "png":
		err = render.PNG(&buf, b, o)
	case "svg":
		err = render.SVG(&buf, b, o)
	default:
		err = render.PDF(&buf, []render.Board{*b}, render.PDFOptions{})
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `inline; filename="sudoku.`+req.Format+`"`)
	w.Write(buf.Bytes())
}

// filledGrid reads a classic board's "filled": the player's entries as
// 81 cells, a digit 1-9 or 0 or . for an empty one (not the puzzle forms
// parsePuzzle tries, whose errors would talk of other forms).
func filledGrid(text string) (sudoku.Grid, error) {
	t := strings.TrimSpace(text)
	bad := func(format string, a ...any) (sudoku.Grid, error) {
		return sudoku.Grid{}, &Error{Code: "bad_request", Message: "filled: " + fmt.Sprintf(format, a...)}
	}
	if n := utf8.RuneCountInString(t); n != 81 {
		return bad("%d cells, want 81 (a digit 1-9, or 0 or . for an empty cell)", n)
	}
	for i := range len(t) {
		if c := t[i]; c != '.' && (c < '0' || c > '9') {
			return bad("cell %d (%s): %q is not a digit 1-9, or 0 or . for an empty cell", i+1, sudoku.CellName(9, i), c)
		}
	}
	return sudoku.Parse(t)
}
