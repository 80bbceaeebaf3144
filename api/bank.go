package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sudoku/logic"
)

// bankLevel reads the level of a bank request: body (the level a pick's
// JSON names) or the query parameter level; neither is Medium. A query
// that does not parse (?level=%zz) is an error, not the default, and so
// are two different levels.
func bankLevel(r *http.Request, body string) (logic.Level, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return 0, &Error{Code: "bad_request", Message: "query: " + err.Error()}
	}
	name, given := q.Get("level"), q.Has("level")
	if body != "" && given && !strings.EqualFold(body, name) {
		return 0, &Error{Code: "bad_request", Message: fmt.Sprintf("level %q in the body and %q in the query: give one", body, name)}
	}
	if body != "" {
		name, given = body, true
	}
	if !given {
		return logic.Medium, nil
	}
	l, err := logic.ParseLevel(name)
	if err != nil {
		return 0, &Error{Code: "bad_request", Message: err.Error()}
	}
	return l, nil
}

// pickRequest is the body of /api/bank/pick: {} or {"level": "hard"}.
type pickRequest struct {
	Level string `json:"level"`
}

// handleBankPick hands out a puzzle not handed out before; a request
// refused (no bank, not JSON, a bad level) hands out none.
func (s *Server) handleBankPick(w http.ResponseWriter, r *http.Request) {
	var req pickRequest
	err := ErrNoBank
	if s.Bank != nil {
		err = s.decode(w, r, &req)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.bankPuzzle(w, r, req.Level, func(l logic.Level) (BankPuzzle, error) {
		p, err := s.Bank.Pick(r.Context(), l)
		if s.Observer != nil && (err == nil || errors.Is(err, ErrBankEmpty)) {
			s.Observer.Pick(l.String(), err == nil)
		}
		return p, err
	})
}

func (s *Server) handleBankDaily(w http.ResponseWriter, r *http.Request) {
	day := s.Now().UTC().Truncate(24 * time.Hour)
	s.bankPuzzle(w, r, "", func(l logic.Level) (BankPuzzle, error) { return s.Bank.Daily(r.Context(), day, l) })
}

// bankPuzzle answers the bank's puzzle of the level asked (bankLevel).
func (s *Server) bankPuzzle(w http.ResponseWriter, r *http.Request, level string, get func(logic.Level) (BankPuzzle, error)) {
	if s.Bank == nil {
		writeError(w, r, ErrNoBank)
		return
	}
	l, err := bankLevel(r, level)
	if err != nil {
		writeError(w, r, err)
		return
	}
	p, err := get(l)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, puzzleResponse{Puzzle: p.Puzzle.Line('.'), Solution: p.Solution.Line('0'), Rating: p.Rating})
}

// handleHealth answers 200 while the process serves.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReady answers 200 when the bank is there and reachable, 503
// unavailable with the cause otherwise.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	if s.Bank == nil {
		writeError(w, r, ErrNoBank)
		return
	}
	if p, ok := s.Bank.(Pinger); ok {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := p.Ping(ctx); err != nil {
			writeError(w, r, &Error{Code: "unavailable", Message: "the puzzle bank cannot be reached: " + err.Error()})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}
