package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"sudoku/api"
	"sudoku/bank"
	"sudoku/metrics"
	"sudoku/postgres"
)

const serveUsage = `usage: sudoku serve [--addr HOST:PORT] [--db FILE] [--seed-bank N] [--bank-low N] [--bank-every DURATION] [--allow-host NAMES] [--heavy N] [--scans N] [--compute DURATION] [--memory SIZE]

Serves the web app and the JSON API (see README). Listens on
127.0.0.1:8080 by default. New puzzles come from the puzzle bank (--db,
by default the one 'sudoku bank' uses); on start, in the background,
each level is topped up to --seed-bank puzzles (fewer for the rarest
levels) so a fresh machine has puzzles at once, and while it serves,
every --bank-every, a level with fewer than --bank-low puzzles left is
filled back to --seed-bank: one worker, at most 200 puzzles tried a
pass, and of several servers sharing a bank one fills at a time. A bank
that cannot be opened or written (corrupt, read-only) is reported in the
log and the app serves without it: the bank's routes answer 503 and
/readyz says why. Bound to a loopback address, the server answers only
the Host names of --allow-host (default: the listen address, localhost,
127.0.0.1 and ::1), so that pages of other sites cannot reach it by DNS
rebinding. --memory (e.g. 512MiB) is a soft limit of the process's
memory, as GOMEMLIMIT sets it (which applies without the flag; by
default there is none): near it the garbage collector runs more often
and gives freed memory back to the system at once. Whatever the limit,
the memory photo scans free is given back to the system 2 s after the
last scan. Stops gracefully on Ctrl-C or SIGTERM. Exit status: 0 stopped
cleanly, 1 could not serve, 2 usage error.

flags:
`

func cmdServe(e *env, args []string) int {
	fs := newFlags(e, "serve", serveUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dbPath := fs.String("db", "", "puzzle bank file (default "+defaultBankPath()+")")
	seedN := fs.Int("seed-bank", 30, "puzzles of each level to keep in the bank (0: do not fill)")
	low := fs.Int("bank-low", 10, "refill a level to --seed-bank in the background when fewer than this are left")
	every := fs.Duration("bank-every", bank.TopUpEvery, "how often the levels are checked against --bank-low")
	hosts := fs.String("allow-host", "", "comma-separated Host names (spaces around them ignored) served when bound to loopback (default: the listen address, localhost, 127.0.0.1, ::1); * for any")
	heavy := fs.Int("heavy", 0, "heavy requests (hints, explanations, generation, scans) computing at once (default: the cores less one)")
	scans := fs.Int("scans", 0, "photo scans at once (default 1)")
	compute := fs.Duration("compute", 10*time.Second, "time limit of one request's computation")
	logFormat := fs.String("log", "text", "log format: text or json")
	fetch := fs.Bool("fetch", true, "fetch the puzzles of SudokuPad short links (https://sudokupad.app/<id>) pasted into the app from SudokuPad's server (10 s, 4 MiB at most); --fetch=false refuses them with a message")
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
	case *seedN < 0 || *low < 0 || *every <= 0:
		return usageErr(e, "serve", errors.New("--seed-bank and --bank-low must be 0 or more, --bank-every above 0"))
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
	if *fetch {
		s.FetchSudokuPad = e.fetcherFunc()
	}
	live := newServeBank(*dbPath, log)
	m := metrics.New(live.left)
	if *seedN > 0 {
		live.topUp = topUp(*seedN, *low, *every, live, m)
	}
	live.start(ctx)
	defer live.close()
	s.Bank = live
	s.Observer, s.Metrics = m, m.Handler()
	if err := serve(ctx, ln, s, log); err != nil {
		fmt.Fprintf(e.stderr, "sudoku serve: %v\n", err)
		return 1
	}
	return 0
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
