// Package sudokupad fetches the puzzles that SudokuPad's short links name
// (https://sudokupad.app/psxc3j9q0f): such a link carries no puzzle, only
// the id of one SudokuPad keeps, and package sudoku's reader returns a
// *sudoku.ShortLinkError for it. Fetch asks SudokuPad's puzzle API for the
// id, and then the older places SudokuPad itself falls back to, with a
// timeout and a limit on the size of the answer; the text it returns (an
// scl or fpuzzles code, or SudokuPad's JSON) is what sudoku.ParseBoard
// reads. ParseBoard does both.
//
// This is the package's one outside dependency: HTTP. Nothing here runs
// unless asked (the command line's --fetch).
package sudokupad

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sudoku"
)

// The places a puzzle is asked for, in order, as SudokuPad asks them:
// its API, then the proxy and the store of the older Cracking the
// Cryptic app. {id} stands for the id, each part of it escaped.
var DefaultEndpoints = []string{
	"https://sudokupad.app/api/puzzle/{id}",
	"https://sudokupad.svencodes.com/ctclegacy/{id}",
	"https://firebasestorage.googleapis.com/v0/b/sudoku-sandbox.appspot.com/o/{id}?alt=media",
}

// Bounds of a fetch.
const (
	DefaultTimeout  = 10 * time.Second // the whole fetch, every place tried
	DefaultMaxBytes = 4 << 20          // an answer larger than this is refused
	maxIDLength     = 256
)

// Errors callers branch on.
var (
	// ErrNotFound means no place knows the id.
	ErrNotFound = errors.New("no such SudokuPad puzzle")
	// ErrTooLarge means an answer was larger than the limit.
	ErrTooLarge = errors.New("SudokuPad's answer is too large")
)

// Fetcher fetches puzzles by id. The zero value uses http.DefaultClient,
// DefaultEndpoints, DefaultTimeout and DefaultMaxBytes.
type Fetcher struct {
	Client    *http.Client
	Endpoints []string // URL templates with {id}
	Timeout   time.Duration
	MaxBytes  int64
}

// Fetch fetches the puzzle SudokuPad keeps under id with client (nil for
// http.DefaultClient), as a zero Fetcher does.
func Fetch(ctx context.Context, client *http.Client, id string) (string, error) {
	return (&Fetcher{Client: client}).Fetch(ctx, id)
}

// Fetch returns the text of the puzzle SudokuPad keeps under id (a short
// link's path: "psxc3j9q0f", "author/title"): the first answer of the
// endpoints tried in order, trimmed. Errors name the id; ErrNotFound
// when no endpoint knows it, ErrTooLarge for an answer over the limit,
// ctx's error when it ends (or the timeout passes) first.
func (f *Fetcher) Fetch(ctx context.Context, id string) (string, error) {
	if err := checkID(id); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout())
	defer cancel()
	var errs []error
	for _, tmpl := range f.endpoints() {
		text, err := f.get(ctx, strings.ReplaceAll(tmpl, "{id}", escapeID(id)))
		if err == nil {
			return text, nil
		}
		if errors.Is(err, ErrTooLarge) || ctx.Err() != nil {
			return "", fmt.Errorf("sudokupad: puzzle %q: %w", id, err)
		}
		errs = append(errs, err)
	}
	if allNotFound(errs) {
		return "", fmt.Errorf("sudokupad: puzzle %q: %w", id, ErrNotFound)
	}
	return "", fmt.Errorf("sudokupad: puzzle %q: %w", id, errors.Join(errs...))
}

func (f *Fetcher) timeout() time.Duration {
	if f.Timeout > 0 {
		return f.Timeout
	}
	return DefaultTimeout
}

func (f *Fetcher) endpoints() []string {
	if len(f.Endpoints) > 0 {
		return f.Endpoints
	}
	return DefaultEndpoints
}

func (f *Fetcher) maxBytes() int64 {
	if f.MaxBytes > 0 {
		return f.MaxBytes
	}
	return DefaultMaxBytes
}

func (f *Fetcher) client() *http.Client {
	if f.Client != nil {
		return f.Client
	}
	return http.DefaultClient
}

// get asks one place: its answer, trimmed, and unwrapped when SudokuPad
// wraps it ({"result": "..."}).
func (f *Fetcher) get(ctx context.Context, u string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", err
	}
	resp, err := f.client().Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", &statusError{url: u, code: resp.StatusCode}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, f.maxBytes()+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("%s: %w", u, err)
	case int64(len(body)) > f.maxBytes():
		return "", fmt.Errorf("%s: more than %d bytes: %w", u, f.maxBytes(), ErrTooLarge)
	}
	text := unwrap(strings.TrimSpace(string(body)))
	if text == "" {
		return "", &statusError{url: u, code: http.StatusNotFound}
	}
	return text, nil
}

// unwrap returns the puzzle of an answer {"result": "..."}, as SudokuPad's
// API gives some; other answers as they are.
func unwrap(text string) string {
	if !strings.HasPrefix(text, "{") || !strings.Contains(text, `"result"`) {
		return text
	}
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &m) != nil || m["cells"] != nil {
		return text
	}
	var s string
	if json.Unmarshal(m["result"], &s) == nil && s != "" {
		return strings.TrimSpace(s)
	}
	return text
}

// statusError is an answer other than 200 OK.
type statusError struct {
	url  string
	code int
}

func (e *statusError) Error() string {
	return fmt.Sprintf("%s: %d %s", e.url, e.code, http.StatusText(e.code))
}

func allNotFound(errs []error) bool {
	for _, err := range errs {
		var se *statusError
		if !errors.As(err, &se) || se.code != http.StatusNotFound && se.code != http.StatusGone {
			return false
		}
	}
	return len(errs) > 0
}

// checkID refuses an id that is no short link's: empty, too long, with
// characters outside letters, digits and -._~, or path parts that are
// empty, . or ...
func checkID(id string) error {
	if id == "" || len(id) > maxIDLength {
		return fmt.Errorf("sudokupad: id %q: want 1 to %d characters", clip(id), maxIDLength)
	}
	for _, part := range strings.Split(id, "/") {
		if part == "" || part == "." || part == ".." {
			return fmt.Errorf("sudokupad: id %q: an empty, . or .. part", clip(id))
		}
		for _, r := range part {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~", r)) {
				return fmt.Errorf("sudokupad: id %q: character %q is not in a short link", clip(id), r)
			}
		}
	}
	return nil
}

// escapeID escapes each part of an id, as SudokuPad does.
func escapeID(id string) string {
	parts := strings.Split(id, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// ParseBoard is sudoku.ParseBoard, fetching the puzzle of a SudokuPad
// short link with f (nil for a zero Fetcher) and reading what SudokuPad
// answers. A short link that names another short link is not followed.
func ParseBoard(ctx context.Context, f *Fetcher, text string) (*sudoku.Board, string, error) {
	b, ann, err := sudoku.ParseBoard(text)
	var sl *sudoku.ShortLinkError
	if !errors.As(err, &sl) {
		return b, ann, err
	}
	if f == nil {
		f = &Fetcher{}
	}
	fetched, err := f.Fetch(ctx, sl.ID)
	if err != nil {
		return nil, "", err
	}
	b, _, err = sudoku.ParseBoard(fetched)
	if err != nil {
		return nil, "", fmt.Errorf("sudokupad: puzzle %q as fetched: %w", sl.ID, err)
	}
	return b, ann, nil
}
