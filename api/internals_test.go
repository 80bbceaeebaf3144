package api

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"sudoku/logic"
)

// downBank fails as a bank whose database cannot be reached does, its
// error naming the file or the server (as the command's adapter wraps it).
type downBank struct{ cause error }

func (b downBank) Pick(context.Context, logic.Level) (BankPuzzle, error) {
	return BankPuzzle{}, b.cause
}

func (b downBank) Daily(context.Context, time.Time, logic.Level) (BankPuzzle, error) {
	return BankPuzzle{}, b.cause
}

// TestErrorBodiesHoldNoInternals: pick and daily with a bank that is down
// (a SQLite file, a PostgreSQL server) answer 503 with what the client can
// do, never the file's path or the server's user, host and port, which go
// to the log (issue 40.4: the bodies carried them).
func TestErrorBodiesHoldNoInternals(t *testing.T) {
	for _, tt := range []struct{ name, cause, secret string }{
		{"sqlite", "open /var/lib/sudoku/bank.db: permission denied", "/var/lib/sudoku"},
		{"postgres", `failed to connect to user=sudoku database=bank host=10.1.2.3 port=5432: dial error`, "10.1.2.3"},
		{"empty", "bank: no Hard puzzle left in /srv/bank.db", "/srv/bank.db"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var log lockedBuffer
			sentinel := ErrNoBank
			if tt.name == "empty" {
				sentinel = ErrBankEmpty
			}
			s := &Server{Bank: downBank{fmt.Errorf("%w: %s", sentinel, tt.cause)}, Log: slog.New(slog.NewTextHandler(&log, nil))}
			ts := serverWith(t, s)
			for _, path := range []string{"/api/bank/pick", "/api/bank/daily"} {
				method, body := "POST", "{}"
				if path == "/api/bank/daily" {
					method, body = "GET", ""
				}
				resp, m := do(t, method, ts.URL+path, "application/json", body)
				text := fmt.Sprint(m)
				if strings.Contains(text, tt.secret) || resp.StatusCode == 200 {
					t.Errorf("%s: %d %s: the body holds %q", path, resp.StatusCode, text, tt.secret)
				}
			}
			if tt.name != "empty" && !strings.Contains(log.String(), tt.secret) {
				t.Errorf("the log lacks the cause:\n%s", log.String())
			}
		})
	}
}

// TestSmallRefusals: what issue 40 found accepted or misreported: a
// generate request of size 0 made a classic puzzle; a bad "filled" in a
// render was reported as a MATLAB matrix error.
func TestSmallRefusals(t *testing.T) {
	ts := serverWith(t, &Server{})
	for _, tt := range []struct{ name, path, body, want string }{
		{"generate size 0", "/api/generate", `{"size":0}`, "size 0: want a size of 4 to 25"},
		{"render filled junk", "/api/render", `{"puzzle":"` + easy + `","filled":"12x"}`, "filled: 3 cells, want 81"},
		{"render filled letter", "/api/render", `{"puzzle":"` + easy + `","filled":"` + strings.Repeat(".", 40) + "x" + strings.Repeat(".", 40) + `"}`, "filled: cell 41 (r5c5): 'x' is not a digit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, m := do(t, "POST", ts.URL+tt.path, "application/json", tt.body)
			text := fmt.Sprint(m)
			if resp.StatusCode != 400 || !strings.Contains(text, tt.want) || strings.Contains(text, "MATLAB") {
				t.Errorf("got %d %s, want 400 with %q", resp.StatusCode, text, tt.want)
			}
		})
	}
}
