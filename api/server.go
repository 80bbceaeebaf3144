package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"sudoku"
	"sudoku/logic"
)

// Pinger is a Bank that can tell whether it is reachable: /readyz asks it.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Bank is the puzzle bank as the API uses it (StoreBank adapts a
// bank.Store: package sqlite's or postgres's).
type Bank interface {
	// Pick returns a puzzle of the level not handed out before, and marks
	// it handed out; ErrBankEmpty when none is left.
	Pick(ctx context.Context, level logic.Level) (BankPuzzle, error)
	// Daily returns the puzzle of the level for the given day: the same
	// all day, for everyone.
	Daily(ctx context.Context, day time.Time, level logic.Level) (BankPuzzle, error)
}

// NeedPicker is a Bank that can hand out a puzzle that needs a technique
// (bank.Store.PickNeed): Practice takes one from it before generating.
type NeedPicker interface {
	PickNeed(ctx context.Context, need logic.Need) (BankPuzzle, error)
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

// Limits bound what one request may cost, and how many run at once (see
// limit.go).
type Limits struct {
	Body    int64         // bytes of a JSON body; 0 means 64 KiB
	Upload  int64         // bytes of a photo upload; 0 means 12 MiB
	Compute time.Duration // solving, rating, hints, generating, scanning; 0 means 10 s
	// Heavy is how many heavy requests (hint, explain, rate, generate,
	// render, book, scan, the slow engines) compute at once, over all routes;
	// 0 means the cores less one (at least 1).
	Heavy int
	// Scans is how many photo scans run at once; 0 means 1.
	Scans int
	// Queue is how many heavy requests of one route may wait for a turn;
	// 0 means 4. Beyond it, or after QueueWait, the answer is 503 busy.
	Queue int
	// QueueWait is the longest a heavy request waits for a turn; 0 means
	// 2 s.
	QueueWait time.Duration
	// BodyTimeout is the longest a client may take to send its body; 0
	// means 10 s. Bodies are read before any gate (see readBody): a
	// slower one gets 408 body_timeout and holds no heavy slot.
	BodyTimeout time.Duration
	// ReplyTimeout is the longest a client may take to read a heavy
	// route's reply, built before it is written; 0 means 10 s. A client
	// that reads slower loses the connection (logged as such); it never
	// holds a heavy slot meanwhile.
	ReplyTimeout time.Duration
}

func (l Limits) withDefaults() Limits {
	def := func(v *int64, d int64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&l.Body, 64<<10)
	def(&l.Upload, 12<<20)
	def((*int64)(&l.Compute), int64(10*time.Second))
	def((*int64)(&l.QueueWait), int64(2*time.Second))
	def((*int64)(&l.BodyTimeout), int64(10*time.Second))
	def((*int64)(&l.ReplyTimeout), int64(10*time.Second))
	if l.Heavy <= 0 {
		l.Heavy = defaultHeavy()
	}
	if l.Scans <= 0 {
		l.Scans = 1
	}
	if l.Queue <= 0 {
		l.Queue = 4
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
	// Observer, when not nil, receives the server's measurements: every
	// request and the duration of every computation (package metrics
	// exports them to Prometheus).
	Observer Observer
	// Metrics, when not nil, is served at GET /metrics.
	Metrics http.Handler
	// Hosts, when not empty, lists the host names (without port) the
	// server answers; other Host headers get 421. A server bound to
	// loopback should list its own names, so that a page of another site
	// cannot reach it through DNS rebinding.
	Hosts []string
	// FetchSudokuPad, when not nil, fetches the puzzle a SudokuPad short
	// link names (sudokupad.app/psxc3j9q0f; package sudokupad's
	// Fetcher.Fetch) for /api/board; nil refuses short links, saying so.
	FetchSudokuPad func(ctx context.Context, id string) (string, error)

	limits *limiter
}

// Observer receives what the server measures.
type Observer interface {
	// Request counts a request of route (its pattern, such as "POST
	// /api/solve", or "other") with its status and latency.
	Request(route string, status int, d time.Duration)
	// Work records the duration of a computation: solve, generate, hint,
	// explain, rate, scan, render.
	Work(kind string, d time.Duration)
	// Pick counts a bank pick of a level: handed out (ok) or empty.
	Pick(level string, ok bool)
}

// work records the duration of a computation of kind begun at start.
func (s *Server) work(kind string, start time.Time) {
	if s.Observer != nil {
		s.Observer.Work(kind, time.Since(start))
	}
}

// route is one endpoint of the API.
type route struct {
	method, path string
	h            http.HandlerFunc
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
	s.limits = newLimiter(s.Limits)
	routes := []route{
		{"POST", "/api/parse", s.handleParse},
		{"POST", "/api/solve", s.handleSolve},
		{"POST", "/api/hint", s.heavy("hint", s.handleHint)},
		{"POST", "/api/board", s.heavy("board", s.handleBoard)},
		{"POST", "/api/explain", s.heavy("explain", s.handleExplain)},
		{"POST", "/api/candidates", s.heavy("candidates", s.handleCandidates)},
		{"POST", "/api/rate", s.heavy("rate", s.handleRate)},
		{"POST", "/api/generate", s.heavy("generate", s.handleGenerate)},
		{"POST", "/api/render", s.heavy("render", s.handleRender)},
		{"POST", "/api/book", s.heavy("book", s.handleBook)},
		{"POST", "/api/scan", s.heavy("scan", s.handleScan)},
		{"POST", "/api/bank/pick", s.handleBankPick},
		{"GET", "/api/bank/daily", s.handleBankDaily},
		{"GET", "/api/levels", s.handleLevels},
		{"GET", "/healthz", s.handleHealth},
		{"GET", "/readyz", s.handleReady},
	}
	if s.Metrics != nil {
		routes = append(routes, route{"GET", "/metrics", s.Metrics.ServeHTTP})
	}
	s.limits.route["engine"] = newGate(s.Limits.Heavy, s.Limits.Queue, s.Limits.QueueWait)
	mux := http.NewServeMux()
	allow := map[string][]string{}
	for _, rt := range routes {
		mux.HandleFunc(rt.method+" "+rt.path, rt.h)
		allow[rt.path] = append(allow[rt.path], rt.method)
		if rt.method == "GET" {
			allow[rt.path] = append(allow[rt.path], "HEAD")
		}
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if methods, ok := allow[r.URL.Path]; ok {
			w.Header().Set("Allow", strings.Join(methods, ", "))
			writeError(w, r, &Error{Code: "method_not_allowed", Message: fmt.Sprintf("%s %s: want %s", r.Method, r.URL.Path, strings.Join(methods, " or "))})
			return
		}
		writeError(w, r, &Error{Code: "not_found", Message: fmt.Sprintf("no route %s %s", r.Method, r.URL.Path)})
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
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { writeError(w, r, errCrossOrigin) }))
	return s.logged(headers(s.hosts(recovered(s.Log, cop.Handler(mux)))))
}

// hosts answers 421 to a Host header outside s.Hosts (when set).
func (s *Server) hosts(next http.Handler) http.Handler {
	if len(s.Hosts) == 0 {
		return next
	}
	ok := map[string]bool{}
	for _, h := range s.Hosts {
		ok[strings.ToLower(strings.Trim(h, "[]"))] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if !ok[strings.ToLower(strings.Trim(host, "[]"))] {
			writeError(w, r, &Error{Code: "misdirected", Message: fmt.Sprintf("host %q is not served here", r.Host)})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// headers sets the security headers of every response.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if strings.HasPrefix(r.URL.Path, "/api/") {
			h.Set("Cache-Control", "no-store")
		}
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
				log.Error("panic", "id", requestIDOf(r), "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v))
				writeError(w, r, fmt.Errorf("panic: %v", v))
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

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// reqInfo is what a request's log line says beyond the request line and
// status: its id, and the cause of a 5xx or 499 answer (writeError).
type reqInfo struct {
	id     string
	cause  error
	unread error // the reply was not read in time (sendReply)
}

type infoKey struct{}

func infoOf(r *http.Request) *reqInfo {
	info, _ := r.Context().Value(infoKey{}).(*reqInfo)
	return info
}

// requestIDOf is the request's id ("" outside logged).
func requestIDOf(r *http.Request) string {
	if info := infoOf(r); info != nil {
		return info.id
	}
	return ""
}

// noteCause keeps err for the request's log line.
func noteCause(r *http.Request, err error) {
	if info := infoOf(r); info != nil {
		info.cause = err
	}
}

// noteUnread keeps, for the request's log line, why its reply was not
// delivered.
func noteUnread(r *http.Request, err error) {
	if info := infoOf(r); info != nil {
		info.unread = err
	}
}

// causeText is the cause noted for the log line.
func (info *reqInfo) causeText() string {
	if info.cause == nil {
		return "no cause noted"
	}
	return info.cause.Error()
}

// logged logs the request line, status and time: no bodies, no query.
// It gives every request an id (the client's X-Request-Id when it is a
// short token, else a new one), sent back in X-Request-Id and logged, and
// reports the request to the Observer by its route pattern.
func (s *Server) logged(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &reqInfo{id: requestID(r.Header.Get("X-Request-Id"))}
		w.Header().Set("X-Request-Id", info.id)
		r = r.WithContext(context.WithValue(r.Context(), infoKey{}, info))
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		d := time.Since(start)
		s.logRequest(r, info, sw.status, d)
		if s.Observer != nil {
			pattern := r.Pattern
			if pattern == "" || pattern == "/api/" {
				pattern = "other"
			}
			s.Observer.Request(pattern, sw.status, d)
		}
	})
}

// logRequest writes a request's log line: INFO, or for a 5xx the cause
// (WARN for 503, ERROR else), or a cancelled request (499).
func (s *Server) logRequest(r *http.Request, info *reqInfo, status int, d time.Duration) {
	attrs := []any{"id", info.id, "method", r.Method, "path", r.URL.Path, "status", status, "ms", float64(d.Microseconds()) / 1000}
	switch {
	case info.unread != nil:
		s.Log.Warn("request: reply not read", append(attrs, "err", info.unread.Error())...)
	case status == http.StatusServiceUnavailable:
		s.Log.Warn("request", append(attrs, "err", info.causeText())...)
	case status >= 500:
		s.Log.Error("request", append(attrs, "err", info.causeText())...)
	case status == StatusCanceled:
		s.Log.Info("request cancelled: the client hung up", attrs...)
	default:
		s.Log.Info("request", attrs...)
	}
}

// requestID returns the client's request id when it is a token of up to
// 64 letters, digits, '-', '_' or '.', else a new random one.
func requestID(client string) string {
	ok := client != "" && len(client) <= 64
	for _, c := range client {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			ok = false
		}
	}
	if ok {
		return client
	}
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// decode reads a JSON body of at most Limits.Body bytes into v.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) error {
	if err := jsonType(r.Header.Get("Content-Type")); err != nil {
		return err
	}
	if err := s.readBody(w, r, s.Limits.Body); err != nil {
		return err
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); errors.Is(err, io.EOF) {
		return fmt.Errorf("%w: JSON body: empty, want a JSON object", errBadRequest)
	} else if err != nil {
		return fmt.Errorf("%w: JSON body: %v", errBadRequest, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: JSON body: more than one value", errBadRequest)
	}
	return nil
}

// memBody is a request body read into memory by readBody.
type memBody struct{ *bytes.Reader }

func (memBody) Close() error { return nil }

// readBody reads r's body into memory, at most limit bytes within
// Limits.BodyTimeout (a deadline on the connection; none where the writer
// has no connection, as in tests), and leaves it as r.Body for the
// handler. The heavy routes call it before their gate: a slow client then
// holds its connection, not a slot. A body already read is left as is.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, limit int64) error {
	if _, ok := r.Body.(memBody); ok {
		return nil
	}
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(s.Limits.BodyTimeout))
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		return s.bodyErr(r, err)
	}
	rc.SetReadDeadline(time.Time{}) // the body is in: no deadline on the wait for the answer
	r.Body = memBody{bytes.NewReader(b)}
	return nil
}

// bodyErr says why a body could not be read: too large, too slow, the
// client gone, or cut short.
func (s *Server) bodyErr(r *http.Request, err error) error {
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return fmt.Errorf("%w: more than %d bytes", errTooLarge, mbe.Limit)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Errorf("%w: not all of it within %v", errBodyTimeout, s.Limits.BodyTimeout)
	case r.Context().Err() != nil:
		return fmt.Errorf("%w: the client hung up while sending the body (%v)", context.Canceled, err)
	}
	return fmt.Errorf("%w: body: %v", errBadRequest, err)
}

// jsonType checks a request's Content-Type: application/json, in any case,
// without a charset or with charset utf-8 (any case): JSON is UTF-8.
func jsonType(ct string) error {
	if ct == "" {
		return fmt.Errorf("%w: no Content-Type, want application/json", errUnsupported)
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return fmt.Errorf("%w: Content-Type %q: %v", errUnsupported, ct, err)
	}
	if mt != "application/json" {
		return fmt.Errorf("%w: Content-Type %q, want application/json", errUnsupported, ct)
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return fmt.Errorf("%w: Content-Type %q: charset %q, want UTF-8 (or no charset)", errUnsupported, ct, cs)
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
		return otherRules(field, text, g, err)
	}
	return g, nil
}

// otherRules is what parsePuzzle answers for text the classic parser
// refused with err (g is what it read, which a caller may still use, as
// with a clash): the grid when text reads as a classic board in a form
// only ParseBoard reads (a Solo game ID), errOtherRules naming the rules
// when it reads as a board of other rules (those go to /api/board), else
// err.
func otherRules(field, text string, g sudoku.Grid, err error) (sudoku.Grid, error) {
	b, _, berr := sudoku.ParseBoard(text)
	if berr != nil {
		return g, fmt.Errorf("%s: %w", field, err)
	}
	if bg, ok := b.Grid(); ok && errors.As(err, new(*sudoku.ParseError)) {
		return bg, nil
	}
	if _, ok := b.Grid(); ok {
		return g, fmt.Errorf("%s: %w", field, err) // a classic puzzle: err says what is wrong
	}
	return g, fmt.Errorf("%s: a %s puzzle, %w", field, b.Rules.Name(), errOtherRules)
}
