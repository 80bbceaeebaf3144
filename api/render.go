package api

import (
	"bytes"
	"net/http"
	"time"

	"sudoku/render"
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
		writeError(w, err)
		return
	}
	if req.Format == "" {
		req.Format = "png"
	}
	ctype, ok := renderTypes[req.Format]
	if !ok {
		writeError(w, &Error{Code: "bad_request", Message: "format " + req.Format + ": want png, svg or pdf"})
		return
	}
	g, err := parsePuzzle("puzzle", req.Puzzle)
	if err != nil {
		writeError(w, err)
		return
	}
	b := render.Board{Puzzle: g}
	switch {
	case req.Solution:
		sol, err := solveUnique(g)
		if err != nil {
			writeError(w, err)
			return
		}
		b.Filled = &sol
	case req.Filled != "":
		f, err := parsePuzzle("filled", req.Filled)
		if err != nil {
			writeError(w, err)
			return
		}
		b.Filled = &f
	}
	var buf bytes.Buffer
	defer s.work("render", time.Now())
	o := render.Options{CellSize: req.Cell}
	switch req.Format {
	case "png":
		err = render.PNG(&buf, &b, o)
	case "svg":
		err = render.SVG(&buf, &b, o)
	default:
		err = render.PDF(&buf, []render.Board{b}, render.PDFOptions{})
	}
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `inline; filename="sudoku.`+req.Format+`"`)
	w.Write(buf.Bytes())
}
