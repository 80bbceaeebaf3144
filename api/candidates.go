package api

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"sudoku"
	"sudoku/solver"
)

// POST /api/candidates: what setters explore while a puzzle is under
// construction. For a puzzle of any rules: each cell's true candidates
// (the digits some solution puts there); with "counts", how many
// solutions put each digit in each cell (up to solver.DefaultCountsLimit
// solutions); with "solutions": N, a page of N solutions from "offset"
// (the order one walk of the general engine's tree meets them), and
// whether there are more; with "estimate", an estimate of the number of
// solutions (solver.EstimateSolutions: 1000 probes with a fixed seed, so
// the same puzzle gets the same estimate; counted when its search tree is
// small).

// Bounds of /api/candidates.
const (
	maxSolutionsPage   = 100                       // solutions in one page
	maxSolutionsOffset = solver.DefaultCountsLimit // the last solution a page may reach
)

type candidatesRequest struct {
	Puzzle    string `json:"puzzle"`
	Counts    bool   `json:"counts"`
	Solutions int    `json:"solutions"` // a page of this many solutions; 0 for none
	Offset    int    `json:"offset"`    // the page's first solution, from 0
	Estimate  bool   `json:"estimate"`  // estimate the number of solutions
}

type candidatesResponse struct {
	Size       int     `json:"size"`
	Candidates [][]int `json:"candidates"`       // per cell, row by row, its true candidates
	Counts     [][]int `json:"counts,omitempty"` // with counts: per cell, the solutions with each digit 1..N
	// Found is how many solutions the candidates (or counts) come from;
	// Complete whether they are exact (every solution needed was seen).
	Found    int      `json:"found"`
	Complete bool     `json:"complete"`
	Page     []string `json:"page,omitempty"` // with solutions: N*N digits each
	More     bool     `json:"more"`           // with solutions: some come after the page
	// Estimate is, with estimate, the estimate of the number of
	// solutions, labelled as one (Exact when counted).
	Estimate *estimateJSON `json:"estimate,omitempty"`
}

// estimateJSON is an estimate of the number of solutions: the estimate,
// its 95% interval and the probes it took, or, with exact, the count
// (low and high equal to it, no probes).
type estimateJSON struct {
	Solutions float64 `json:"solutions"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Probes    int     `json:"probes"`
	Exact     bool    `json:"exact"`
}

func (s *Server) handleCandidates(w http.ResponseWriter, r *http.Request) {
	var req candidatesRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	b, err := candidatesBoard(req)
	if err != nil {
		writeError(w, r, err)
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("candidates", time.Now())
	resp := candidatesResponse{Size: b.Size()}
	if req.Counts {
		err = resp.countsOf(solver.CountCandidates(ctx, b, 0))
	} else {
		err = resp.candidatesOf(solver.TrueCandidates(ctx, b, 0))
	}
	if err == nil && req.Solutions > 0 {
		sols, _, serr := solver.Solutions(ctx, b, req.Offset+req.Solutions+1)
		err = resp.page(sols, serr, req)
	}
	if err == nil && req.Estimate {
		rng := rand.New(rand.NewPCG(solver.EstimateSeed, 0))
		err = resp.estimateOf(solver.EstimateSolutions(ctx, b, solver.DefaultEstimateProbes, rng))
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// candidatesBoard reads and checks the request's puzzle and bounds.
func candidatesBoard(req candidatesRequest) (*sudoku.Board, error) {
	switch {
	case req.Solutions < 0 || req.Solutions > maxSolutionsPage:
		return nil, &Error{Code: "bad_request", Message: fmt.Sprintf("solutions %d: a page holds 0 to %d", req.Solutions, maxSolutionsPage)}
	case req.Offset < 0 || req.Offset+req.Solutions > maxSolutionsOffset:
		return nil, &Error{Code: "bad_request", Message: fmt.Sprintf("offset %d: pages reach solution %d at most", req.Offset, maxSolutionsOffset)}
	}
	b, err := parseBoardText("puzzle", req.Puzzle)
	if err != nil {
		return nil, err
	}
	if err := b.Unreadable(); err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return b, nil
}

func (c *candidatesResponse) candidatesOf(tc solver.TrueCands, err error) error {
	if err != nil {
		return err
	}
	for _, d := range tc.Cells {
		c.Candidates = append(c.Candidates, d.Digits())
	}
	c.Found, c.Complete = tc.Solutions, tc.Complete
	return nil
}

func (c *candidatesResponse) countsOf(cc solver.CandidateCounts, err error) error {
	if err != nil {
		return err
	}
	if err := c.candidatesOf(cc.TrueCands(), nil); err != nil {
		return err
	}
	c.Counts = cc.Counts
	return nil
}

func (c *candidatesResponse) estimateOf(e solver.Estimate, err error) error {
	if err != nil {
		return err
	}
	c.Estimate = &estimateJSON{Solutions: e.Solutions, Low: e.Low, High: e.High, Probes: e.Probes, Exact: e.Exact}
	return nil
}

// page keeps the solutions of req's page from sols (listed up to one
// past it, so that More says whether one follows).
func (c *candidatesResponse) page(sols [][]uint8, err error, req candidatesRequest) error {
	if err != nil {
		return err
	}
	for i := req.Offset; i < len(sols) && i < req.Offset+req.Solutions; i++ {
		var digits []byte
		for _, v := range sols[i] {
			digits = append(digits, sudoku.DigitString(int(v))...)
		}
		c.Page = append(c.Page, string(digits))
	}
	c.More = len(sols) > req.Offset+req.Solutions
	return nil
}
