package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
	"sudoku/render"
)

// Error is an API error: a code clients branch on, a message for people,
// and the cell it is about, if any ("r3c5").
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Cell    string `json:"cell,omitempty"`
	// Conflict names a clash (code conflict) for clients that word it
	// themselves: "row 1 has two 1s (r1c1 and r1c2)".
	Conflict *Conflict `json:"conflict,omitempty"`
}

// Conflict is two cells of a house holding the same digit.
type Conflict struct {
	Cells [2]string `json:"cells"`
	Digit int       `json:"digit"`
	House string    `json:"house"` // "row 1", "column 3", "box 5"
}

func (e *Error) Error() string { return e.Message }

// Sentinel errors of the API itself.
var (
	ErrBankEmpty   = errors.New("no puzzle of that level left in the bank")
	ErrNoBank      = errors.New("no puzzle bank")
	ErrNoScanner   = errors.New("no photo reader")
	ErrNoGrid      = errors.New("no Sudoku grid found in the photo")
	ErrBadPhoto    = errors.New("not a photo this server can read")
	ErrTooLarge    = errTooLarge
	errBadRequest  = errors.New("bad request")
	errBodyTimeout = errors.New("request body too slow")
	errOtherRules  = errors.New("of rules or in a form this route does not take (classic 9x9 puzzles in their text forms): send it to /api/board, which reads every rule set and form")
	errCrossOrigin = errors.New("cross-origin request refused: this server takes POSTs from its own pages only")
	errTooLarge    = errors.New("request body too large")
	errUnsupported = errors.New("unsupported media type")
	errFetch       = errors.New("SudokuPad could not be reached")
)

// retryAfter is the Retry-After header (seconds) of the 503 answers.
var retryAfter = map[string]string{"busy": "1", "timeout": "5", "unavailable": "30"}

// statusOf maps error codes to HTTP statuses: the one table.
var statusOf = map[string]int{
	"busy":               http.StatusServiceUnavailable,
	"method_not_allowed": http.StatusMethodNotAllowed,
	"misdirected":        http.StatusMisdirectedRequest,
	"cross_origin":       http.StatusForbidden,
	"bad_request":        http.StatusBadRequest,
	"invalid_puzzle":     http.StatusBadRequest,
	"conflict":           http.StatusUnprocessableEntity,
	"no_solution":        http.StatusUnprocessableEntity,
	"multiple_solutions": http.StatusUnprocessableEntity,
	"entries_wrong":      http.StatusUnprocessableEntity,
	"unread":             http.StatusUnprocessableEntity,
	"short_link":         http.StatusBadRequest,
	"stuck":              http.StatusUnprocessableEntity,
	"not_found_in_tries": http.StatusUnprocessableEntity,
	"no_grid":            http.StatusUnprocessableEntity,
	"bad_photo":          http.StatusBadRequest,
	"too_large":          http.StatusRequestEntityTooLarge,
	"body_timeout":       http.StatusRequestTimeout,
	"unsupported":        http.StatusUnsupportedMediaType,
	"bank_empty":         http.StatusNotFound,
	"not_found":          http.StatusNotFound,
	"unavailable":        http.StatusServiceUnavailable,
	"timeout":            http.StatusServiceUnavailable,
	"canceled":           StatusCanceled,
	"internal":           http.StatusInternalServerError,
}

// StatusCanceled is the status logged and observed for a request whose
// client hung up before the answer (nginx's 499): not a server error.
const StatusCanceled = 499

// classify turns any error into an API error.
func classify(err error) *Error {
	var ae *Error
	if errors.As(err, &ae) {
		return ae
	}
	e := &Error{Code: "internal", Message: "internal error"}
	var pe *sudoku.ParseError
	var ce *sudoku.ConflictError
	var cl *sudoku.ClashError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ce):
		e.Code, e.Message, e.Cell = "conflict", err.Error(), ce.B.String()
		e.Conflict = &Conflict{Cells: [2]string{ce.A.String(), ce.B.String()}, Digit: ce.Digit, House: ce.House.String()}
	case errors.As(err, &cl) && cl.B >= 0 && cl.Msg == "":
		// two equal digits on a board of any rules
		n := max(cl.Size, 9)
		a, b := sudoku.CellName(n, cl.A), sudoku.CellName(n, cl.B)
		e.Code, e.Message, e.Cell = "conflict", err.Error(), b
		e.Conflict = &Conflict{Cells: [2]string{a, b}, Digit: cl.Digit, House: cl.Rule}
	case errors.As(err, &pe), errors.Is(err, errOtherRules):
		e.Code, e.Message = "invalid_puzzle", err.Error()
	case errors.Is(err, errFetch):
		e.Code, e.Message = "unavailable", "SudokuPad could not be reached to fetch this short link: try again later, or paste the puzzle's own link"
	case errors.Is(err, sudoku.ErrShortLink):
		e.Code, e.Message = "short_link", err.Error()+"; this server does not fetch puzzles: paste the puzzle's own link (in SudokuPad, share it as a link that holds the puzzle)"
	case errors.Is(err, sudoku.ErrUnread):
		e.Code, e.Message = "unread", err.Error()
	case errors.Is(err, sudoku.ErrNoSolution):
		e.Code, e.Message = "no_solution", err.Error()
	case errors.Is(err, sudoku.ErrMultipleSolutions):
		e.Code, e.Message = "multiple_solutions", err.Error()
	case errors.Is(err, logic.ErrEntriesBreakGivens):
		e.Code, e.Message = "entries_wrong", err.Error()
	case errors.Is(err, logic.ErrStuck):
		e.Code, e.Message = "stuck", err.Error()
	case errors.Is(err, generate.ErrTooManyTries):
		e.Code, e.Message = "not_found_in_tries", err.Error()
	case errors.Is(err, ErrBankEmpty):
		e.Code, e.Message = "bank_empty", ErrBankEmpty.Error() // the bank's own words stay in the log
	case errors.Is(err, ErrNoBank):
		e.Code, e.Message = "unavailable", "the puzzle bank is not available: try again later"
	case errors.Is(err, ErrNoScanner):
		e.Code, e.Message = "unavailable", ErrNoScanner.Error()
	case errors.Is(err, errBusy):
		e.Code, e.Message = "busy", "the server is busy: try again in a moment"
	case errors.Is(err, ErrNoGrid):
		e.Code, e.Message = "no_grid", err.Error()
	case errors.Is(err, ErrBadPhoto):
		e.Code, e.Message = "bad_photo", err.Error()
	case errors.As(err, &mbe), errors.Is(err, errTooLarge):
		e.Code, e.Message = "too_large", err.Error()
	case errors.Is(err, errUnsupported):
		e.Code, e.Message = "unsupported", err.Error()
	case errors.Is(err, errCrossOrigin):
		e.Code, e.Message = "cross_origin", err.Error()
	case errors.Is(err, errBodyTimeout):
		e.Code, e.Message = "body_timeout", err.Error()
	case errors.Is(err, context.Canceled):
		e.Code, e.Message = "canceled", "the client hung up"
	case errors.Is(err, context.DeadlineExceeded):
		e.Code, e.Message = "timeout", "the request took too long"
	case errors.Is(err, errBadRequest), errors.Is(err, render.ErrCellSize), errors.Is(err, render.ErrLayout):
		e.Code, e.Message = "bad_request", err.Error()
	}
	return e
}

// writeError writes err as the API's error object with its status, and
// leaves err with the request's log line (see logged) when the status is
// 5xx or 499: the cause is logged, never sent.
func writeError(w http.ResponseWriter, r *http.Request, err error) int {
	e := classify(err)
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status >= 500 || status == StatusCanceled {
		noteCause(r, err)
		if e.Message == err.Error() && !errors.As(err, new(*Error)) {
			e.Message = "the server cannot answer this now: try again later" // the cause (paths, hosts) is logged, never sent
		}
	}
	if ra, ok := retryAfter[e.Code]; ok {
		w.Header().Set("Retry-After", ra)
	}
	writeJSON(w, status, struct {
		Error *Error `json:"error"`
	}{e})
	return status
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}
