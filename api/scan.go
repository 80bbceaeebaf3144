package api

import (
	"encoding/base64"
	"net/http"
	"time"

	"sudoku"
)

type scanResponse struct {
	Grid       string        `json:"grid"`
	Confidence []float32     `json:"confidence"`
	Corners    [4][2]float64 `json:"corners"`
	Low        []string      `json:"low,omitempty"`
	Solution   string        `json:"solution,omitempty"`
	Overlay    string        `json:"overlay,omitempty"` // data:image/png;base64,...
	Width      int           `json:"width"`
	Height     int           `json:"height"`
}

// handleScan reads a photo uploaded as multipart field "photo"; field
// "overlay" = "1" asks for the solution drawn on it. The upload is in
// memory already (heavy reads it before the gate).
func (s *Server) handleScan(w http.ResponseWriter, r *http.Request) {
	if s.Scanner == nil {
		writeError(w, r, ErrNoScanner)
		return
	}
	if err := s.readBody(w, r, s.Limits.Upload); err != nil {
		writeError(w, r, err)
		return
	}
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		writeError(w, r, &Error{Code: "bad_request", Message: "want a multipart form with a photo field: " + err.Error()})
		return
	}
	defer r.MultipartForm.RemoveAll()
	f, _, err := r.FormFile("photo")
	if err != nil {
		writeError(w, r, &Error{Code: "bad_request", Message: "photo field: " + err.Error()})
		return
	}
	defer f.Close()
	ctx, cancel := s.compute(r)
	defer cancel()
	start := time.Now()
	res, err := s.Scanner.Scan(ctx, f, r.FormValue("overlay") == "1")
	s.work("scan", start)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := scanResponse{Grid: res.Grid.Line('.'), Confidence: res.Confidence[:], Corners: res.Corners, Low: sudoku.Names(res.Low), Width: res.Width, Height: res.Height}
	if res.Solution != nil {
		out.Solution = res.Solution.Line('0')
	}
	if len(res.Overlay) > 0 {
		out.Overlay = "data:image/png;base64," + base64.StdEncoding.EncodeToString(res.Overlay)
	}
	writeJSON(w, http.StatusOK, out)
}
