package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sudoku/bank"
	"syscall"
	"time"

	"sudoku/api"
	"sudoku/logic"
	"sudoku/sqlite"
)

const serveUsage = `usage: sudoku serve [--addr HOST:PORT] [--db FILE] [--seed-bank N] [--allow-host NAMES] [--heavy N] [--scans N] [--compute DURATION]

Serves the web app and the JSON API (see README). Listens on
127.0.0.1:8080 by default. New puzzles come from the puzzle bank (--db,
by default the one 'sudoku bank' uses); on start, in the background, each
level is topped up to --seed-bank puzzles (fewer for the rarest levels)
so a fresh machine has puzzles at once. A bank that cannot be opened or
written (corrupt, read-only) is reported in the log and the app serves
without it: the bank's routes answer 503 and /readyz says why. Bound to
a loopback address, the server answers only the Host names of
--allow-host (default: the listen address, localhost, 127.0.0.1 and
::1), so that pages of other sites cannot reach it by DNS rebinding.
Stops gracefully on Ctrl-C or SIGTERM. Exit status: 0 stopped cleanly,
1 could not serve, 2 usage error.

flags:
`

func cmdServe(e *env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, serveUsage); fs.PrintDefaults() }
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dbPath := fs.String("db", "", "puzzle bank file (default "+defaultBankPath()+")")
	seedN := fs.Int("seed-bank", 30, "puzzles of each level to keep in the bank (0: do not fill)")
	hosts := fs.String("allow-host", "", "comma-separated Host names served when bound to loopback (default: the listen address, localhost, 127.0.0.1, ::1); * for any")
	heavy := fs.Int("heavy", 0, "heavy requests (hints, explanations, generation, scans) computing at once (default: the cores less one)")
	scans := fs.Int("scans", 0, "photo scans at once (default 1)")
	compute := fs.Duration("compute", 10*time.Second, "time limit of one request's computation")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkDB(fs, *dbPath); err != nil {
		return usageErr(e, "serve", err)
	}
	switch {
	case fs.NArg() > 0:
		return usageErr(e, "serve", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	case *heavy < 0 || *scans < 0 || *compute <= 0:
		return usageErr(e, "serve", errors.New("--heavy and --scans must be 0 or more, --compute above 0"))
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku serve: %v\n", err)
		return 1
	}
	s := &api.Server{Log: log, Scanner: api.PhotoReader{}, Hosts: allowedHosts(ln.Addr(), *hosts),
		Limits: api.Limits{Heavy: *heavy, Scans: *scans, Compute: *compute}}
	if db := serveBank(ctx, *dbPath, log); db != nil {
		defer db.Close()
		s.Bank = apiBank{db}
		if *seedN > 0 {
			go seedBank(ctx, db, *seedN, log)
		}
	}
	if err := serve(ctx, ln, s, log); err != nil {
		fmt.Fprintf(e.stderr, "sudoku serve: %v\n", err)
		return 1
	}
	return 0
}

// serveBank opens the bank for serving, or logs why it cannot and returns
// nil: the app serves without it rather than not at all.
func serveBank(ctx context.Context, path string, log *slog.Logger) bank.Store {
	path, err := bankPath(path)
	if err != nil {
		log.Error("no puzzle bank", "err", err)
		return nil
	}
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		log.Error("no puzzle bank: it cannot be opened; its routes answer 503", "path", path, "err", err)
		return nil
	}
	if err := db.Writable(ctx); err != nil {
		log.Error("no puzzle bank: it is read-only; its routes answer 503", "path", path, "err", err)
		db.Close()
		return nil
	}
	if err := db.IntegrityCheck(ctx); err != nil {
		log.Error("no puzzle bank: it is damaged; its routes answer 503", "path", path, "err", err)
		db.Close()
		return nil
	}
	log.Info("puzzle bank", "path", path)
	return db
}

// allowedHosts returns the Host names a server on addr answers: only when
// it listens on loopback, list (comma-separated) or by default its own
// names; "*" or a non-loopback address answers any.
func allowedHosts(addr net.Addr, list string) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if list == "*" || !ok || !tcp.IP.IsLoopback() {
		return nil
	}
	if list != "" {
		return strings.Split(list, ",")
	}
	return []string{tcp.IP.String(), "localhost", "127.0.0.1", "::1"}
}

// seedBank tops each level up to n puzzles, the easiest first, on one
// core; the rarest levels get fewer, as they take seconds each.
func seedBank(ctx context.Context, db bank.Store, n int, log *slog.Logger) {
	quiet := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	for _, l := range logic.Levels {
		target := n
		if l.Level == logic.Diabolical {
			target = min(n, 3)
		}
		c, err := db.Count(ctx, l.Level)
		if err != nil || c.Left >= target {
			continue
		}
		start := time.Now()
		code := fill(ctx, quiet, db, fillJob{level: l.Level, target: target, batch: 10, jobs: 1, seed: uint64(time.Now().UnixNano()), quiet: true})
		if ctx.Err() != nil {
			return
		}
		if code != 0 {
			log.Warn("bank not seeded: another fill holds the level, or the bank failed", "level", l.Name)
			continue
		}
		log.Info("bank seeded", "level", l.Name, "puzzles", target, "ms", time.Since(start).Milliseconds())
	}
}

// bank is the puzzle bank as the API sees it.
type apiBank struct{ db bank.Store }

func (b apiBank) Pick(ctx context.Context, l logic.Level) (api.BankPuzzle, error) {
	en, err := b.db.Pick(ctx, l)
	return bankPuzzle(en), bankErr(err)
}

func (b apiBank) Daily(ctx context.Context, day time.Time, l logic.Level) (api.BankPuzzle, error) {
	en, err := b.db.Daily(ctx, day, l)
	return bankPuzzle(en), bankErr(err)
}

// Ping checks that the bank answers.
func (b apiBank) Ping(ctx context.Context) error { return b.db.Ping(ctx) }

func bankPuzzle(en bank.Entry) api.BankPuzzle {
	return api.BankPuzzle{Puzzle: en.Puzzle, Solution: en.Solution, Rating: logic.PuzzleRating{
		ER: en.ER, EP: en.EP, ED: en.ED, Level: en.Level, Version: en.RatingVersion}}
}

func bankErr(err error) error {
	if errors.Is(err, bank.ErrEmpty) {
		return fmt.Errorf("%w: %v", api.ErrBankEmpty, err)
	}
	return err
}

// serve serves s on ln until ctx is done, then shuts down gracefully,
// letting requests in flight finish.
func serve(ctx context.Context, ln net.Listener, s *api.Server, log *slog.Logger) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
