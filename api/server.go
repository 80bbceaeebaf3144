package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"sudoku"
	"sudoku/logic"
)

// Bank is the puzzle bank as the API uses it (package sqlite provides
// one; cmd/sudoku adapts it).
type Bank interface {
	// Pick returns a puzzle of the level not handed out before, and marks
	// it handed out; ErrBankEmpty when none is left.
	Pick(ctx context.Context, level logic.Level) (BankPuzzle, error)
	// Daily returns the puzzle of the level for the given day: the same
	// all day, for everyone.
	Daily(ctx context.Context, day time.Time, level logic.Level) (BankPuzzle, error)
}

// BankPuzzle is a puzzle from the bank.
type BankPuzzle struct {
	Puzzle, Solution sudoku.Grid
	Rating           logic.PuzzleRating
}

// Scanner reads a photo of a puzzle (package vision provides one).
type Scanner interface {
	Scan(ctx context.Context, photo io.Reader, overlay bool) (ScanResult, error)
}

// ScanResult is what a photo gave.
type ScanResult struct {
	Grid       sudoku.Grid
	Confidence [81]float32
	Corners    [4][2]float64 // top left, top right, bottom right, bottom left, in photo pixels
	Low        []sudoku.Cell // cells read with low confidence
	Solution   *sudoku.Grid  // when the read grid has one solution
	Overlay    []byte        // PNG of the photo with the solution drawn, on request
	Width      int
	Height     int
}

// Limits bound what one request may cost.
type Limits struct {
	Body    int64         // bytes of a JSON body; 0 means 64 KiB
	Upload  int64         // bytes of a photo upload; 0 means 12 MiB
	Compute time.Duration // solving, rating, generating; 0 means 10 s
}

func (l Limits) withDefaults() Limits {
	if l.Body == 0 {
		l.Body = 64 << 10
	}
	if l.Upload == 0 {
		l.Upload = 12 << 20
	}
	if l.Compute == 0 {
		l.Compute = 10 * time.Second
	}
	return l
}

// Server holds what the handlers need. Bank and Scanner may be nil: their
// routes then answer 503.
type Server struct {
	Bank    Bank
	Scanner Scanner
	Log     *slog.Logger
	Now     func() time.Time
	Limits  Limits
	// UI is the web app's files; nil serves the embedded ui/ directory.
	UI fs.FS
}

// Handler returns the server's routes with their middleware.
func (s *Server) Handler() http.Handler {
	if s.Log == nil {
		s.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	s.Limits = s.Limits.withDefaults()
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/parse", s.handleParse)
	mux.HandleFunc("POST /api/solve", s.handleSolve)
	mux.HandleFunc("POST /api/hint", s.handleHint)
	mux.HandleFunc("POST /api/explain", s.handleExplain)
	mux.HandleFunc("POST /api/rate", s.handleRate)
	mux.HandleFunc("POST /api/generate", s.handleGenerate)
	mux.HandleFunc("POST /api/render", s.handleRender)
	mux.HandleFunc("POST /api/scan", s.handleScan)
	mux.HandleFunc("GET /api/bank/pick", s.handleBankPick)
	mux.HandleFunc("GET /api/bank/daily", s.handleBankDaily)
	mux.HandleFunc("GET /api/levels", s.handleLevels)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &Error{Code: "not_found", Message: fmt.Sprintf("no route %s %s", r.Method, r.URL.Path)})
	})
	ui := s.uiHandler()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		ui.ServeHTTP(w, r)
	})
	cop := http.NewCrossOriginProtection()
	return s.logged(headers(recovered(s.Log, cop.Handler(mux))))
}

// headers sets the security headers of every response.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

// recovered turns a panic into a 500 and a log line, never a dropped
// connection.
func recovered(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v))
				writeError(w, errors.New("panic"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// logged logs the request line, status and time: no bodies, no query.
func (s *Server) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		s.Log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "ms", float64(time.Since(start).Microseconds())/1000)
	})
}

// decode reads a JSON body of at most Limits.Body bytes into v.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("%w: Content-Type %q, want application/json", errUnsupported, ct)
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.Limits.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return fmt.Errorf("%w: more than %d bytes", errTooLarge, mbe.Limit)
		}
		return fmt.Errorf("%w: JSON body: %v", errBadRequest, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: JSON body: more than one value", errBadRequest)
	}
	return nil
}

// compute runs f under the compute time limit.
func (s *Server) compute(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), s.Limits.Compute)
}

// parsePuzzle parses a puzzle field: any text form, validated.
func parsePuzzle(field, text string) (sudoku.Grid, error) {
	if strings.TrimSpace(text) == "" {
		return sudoku.Grid{}, &Error{Code: "bad_request", Message: fmt.Sprintf("%s: missing", field)}
	}
	g, err := sudoku.Parse(text)
	if err != nil {
		return g, fmt.Errorf("%s: %w", field, err)
	}
	return g, nil
}
