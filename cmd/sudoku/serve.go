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
	"runtime/debug"
	"strings"
	"sudoku/bank"
	"sudoku/metrics"
	"sudoku/postgres"
	"sync"
	"syscall"
	"time"

	"sudoku/api"
	"sudoku/logic"
)

const serveUsage = `usage: sudoku serve [--addr HOST:PORT] [--db FILE] [--seed-bank N] [--allow-host NAMES] [--heavy N] [--scans N] [--compute DURATION] [--memory SIZE]

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
--memory (e.g. 512MiB) is a soft limit of the process's memory, as
GOMEMLIMIT sets it (which applies without the flag; by default there is
none): near it the garbage collector runs more often and gives freed
memory back to the system at once. Whatever the limit, the memory photo
scans free is given back to the system 2 s after the last scan. Stops
gracefully on Ctrl-C or SIGTERM. Exit status: 0 stopped cleanly, 1
could not serve, 2 usage error.

flags:
`

func cmdServe(e *env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, serveUsage); fs.PrintDefaults() }
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dbPath := fs.String("db", "", "puzzle bank file (default "+defaultBankPath()+")")
	seedN := fs.Int("seed-bank", 30, "puzzles of each level to keep in the bank (0: do not fill)")
	hosts := fs.String("allow-host", "", "comma-separated Host names (spaces around them ignored) served when bound to loopback (default: the listen address, localhost, 127.0.0.1, ::1); * for any")
	heavy := fs.Int("heavy", 0, "heavy requests (hints, explanations, generation, scans) computing at once (default: the cores less one)")
	scans := fs.Int("scans", 0, "photo scans at once (default 1)")
	compute := fs.Duration("compute", 10*time.Second, "time limit of one request's computation")
	logFormat := fs.String("log", "text", "log format: text or json")
	var memory sizeFlag
	fs.Var(&memory, "memory", "soft memory limit, e.g. 512MiB or 1GiB (default: none, or GOMEMLIMIT's)")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := fromEnv(fs, e.getenv); err != nil {
		return usageErr(e, "serve", err)
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "serve", err)
	}
	switch {
	case fs.NArg() > 0:
		return usageErr(e, "serve", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	case *heavy < 0 || *scans < 0 || *compute <= 0:
		return usageErr(e, "serve", errors.New("--heavy and --scans must be 0 or more, --compute above 0"))
	case *logFormat != "text" && *logFormat != "json":
		return usageErr(e, "serve", fmt.Errorf("--log %q: want text or json", *logFormat))
	}
	var log *slog.Logger
	if *logFormat == "json" {
		log = slog.New(slog.NewJSONHandler(e.stderr, nil))
	} else {
		log = slog.New(slog.NewTextHandler(e.stderr, nil))
	}
	if memory > 0 {
		debug.SetMemoryLimit(int64(memory))
		log.Info("memory limit", "bytes", int64(memory))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku serve: %v\n", err)
		return 1
	}
	s := &api.Server{Log: log, Scanner: api.PhotoReader{}, Hosts: allowedHosts(ln.Addr(), *hosts),
		Limits: api.Limits{Heavy: *heavy, Scans: *scans, Compute: *compute}}
	live := &liveBank{path: *dbPath, log: log, seed: *seedN}
	live.open(ctx)
	go live.retry(ctx)
	defer live.close()
	s.Bank = live
	m := metrics.New(live.left)
	s.Observer, s.Metrics = m, m.Handler()
	if err := serve(ctx, ln, s, log); err != nil {
		fmt.Fprintf(e.stderr, "sudoku serve: %v\n", err)
		return 1
	}
	return 0
}

// bankRetry is how often a server without its bank tries to open it.
const bankRetry = 5 * time.Second

// liveBank is the bank a server uses: opened at start or, when it cannot
// be (a database down or unreachable, a corrupt or read-only file), tried
// again every bankRetry until it opens. Until then its routes answer 503
// unavailable with the cause, /readyz says why, and the log says it once.
// Once open, the bank tops its levels up (seedBank) in the background.
type liveBank struct {
	path  string
	log   *slog.Logger
	seed  int
	every time.Duration // between tries; 0 means bankRetry

	mu   sync.Mutex
	db   bank.Store
	err  error  // why there is no bank yet
	said string // the cause last logged
}

// open tries to open the bank once.
func (b *liveBank) open(ctx context.Context) bool {
	db, err := openServeBank(ctx, b.path)
	b.mu.Lock()
	defer b.mu.Unlock()
	if err != nil {
		b.err = err
		if err.Error() != b.said {
			b.said = err.Error()
			b.log.Error("no puzzle bank: its routes answer 503; trying again every "+bankRetry.String(), "path", redactPath(b.path), "err", err)
		}
		return false
	}
	b.db, b.err = db, nil
	b.log.Info("puzzle bank", "path", db.Path())
	if b.seed > 0 {
		go seedBank(ctx, db, b.seed, b.log)
	}
	return true
}

// retry opens the bank every bankRetry until it is open or ctx is done.
func (b *liveBank) retry(ctx context.Context) {
	for {
		b.mu.Lock()
		open := b.db != nil
		b.mu.Unlock()
		if open {
			return
		}
		every := b.every
		if every == 0 {
			every = bankRetry
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
		b.open(ctx)
	}
}

func (b *liveBank) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.db != nil {
		b.db.Close()
	}
}

// store returns the open bank, or api.ErrNoBank with the cause.
func (b *liveBank) store() (bank.Store, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.db == nil {
		return nil, fmt.Errorf("%w: %v", api.ErrNoBank, b.err)
	}
	return b.db, nil
}

func (b *liveBank) Pick(ctx context.Context, l logic.Level) (api.BankPuzzle, error) {
	db, err := b.store()
	if err != nil {
		return api.BankPuzzle{}, err
	}
	return apiBank{db}.Pick(ctx, l)
}

func (b *liveBank) Daily(ctx context.Context, day time.Time, l logic.Level) (api.BankPuzzle, error) {
	db, err := b.store()
	if err != nil {
		return api.BankPuzzle{}, err
	}
	return apiBank{db}.Daily(ctx, day, l)
}

func (b *liveBank) PickNeed(ctx context.Context, need logic.Need) (api.BankPuzzle, error) {
	db, err := b.store()
	if err != nil {
		return api.BankPuzzle{}, err
	}
	return apiBank{db}.PickNeed(ctx, need)
}

// left counts the puzzles left per level, for the metrics.
func (b *liveBank) left(ctx context.Context) (map[string]int, error) {
	db, err := b.store()
	if err != nil {
		return nil, err
	}
	st, err := db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, c := range st.Levels {
		out[c.Level.String()] = c.Left
	}
	return out, nil
}

// Ping reports whether the bank is open and answers.
func (b *liveBank) Ping(ctx context.Context) error {
	db, err := b.store()
	if err != nil {
		return err
	}
	return db.Ping(ctx)
}

// openServeBank opens the bank for serving: it must open, be writable and
// pass its integrity check.
func openServeBank(ctx context.Context, path string) (bank.Store, error) {
	path, err := bankPath(path)
	if err != nil {
		return nil, err
	}
	db, err := openStore(ctx, path, false)
	if err != nil {
		return nil, fmt.Errorf("it cannot be opened: %w", err)
	}
	if err := db.Writable(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("it is read-only: %w", err)
	}
	if err := db.IntegrityCheck(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("it is damaged: %w", err)
	}
	return db, nil
}

// redactPath is path for the log: a database URL without its password.
func redactPath(path string) string {
	if postgres.IsURL(path) {
		return postgres.Redact(path)
	}
	return path
}

// allowedHosts returns the Host names a server on addr answers: only when
// it listens on loopback, list (comma-separated, spaces around names
// ignored) or, when it names none, its own names; "*" or a non-loopback
// address answers any.
func allowedHosts(addr net.Addr, list string) []string {
	tcp, ok := addr.(*net.TCPAddr)
	if strings.TrimSpace(list) == "*" || !ok || !tcp.IP.IsLoopback() {
		return nil
	}
	var names []string
	for name := range strings.SplitSeq(list, ",") {
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	if len(names) > 0 {
		return names
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
		c, err := db.Count(ctx, bank.Level(l.Level))
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
	en, err := b.db.Pick(ctx, bank.Level(l))
	return bankPuzzle(en), bankErr(err)
}

func (b apiBank) Daily(ctx context.Context, day time.Time, l logic.Level) (api.BankPuzzle, error) {
	en, err := b.db.Daily(ctx, day, bank.Level(l))
	return bankPuzzle(en), bankErr(err)
}

func (b apiBank) PickNeed(ctx context.Context, need logic.Need) (api.BankPuzzle, error) {
	en, err := b.db.PickNeed(ctx, bankNeed(need))
	return bankPuzzle(en), bankErr(err)
}

// Ping checks that the bank answers.
func (b apiBank) Ping(ctx context.Context) error { return b.db.Ping(ctx) }

func bankPuzzle(en bank.Entry) api.BankPuzzle {
	return api.BankPuzzle{Puzzle: en.Puzzle, Solution: en.Solution, Rating: ratingOf(en)}
}

// bankErr maps the bank's errors to the API's: none left is bank_empty;
// any other failure of the bank (its server down, a damaged file) is the
// bank unavailable for now (503 with Retry-After), not a server error.
func bankErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bank.ErrEmpty):
		return fmt.Errorf("%w: %v", api.ErrBankEmpty, err)
	}
	return fmt.Errorf("%w: %v", api.ErrNoBank, err)
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
