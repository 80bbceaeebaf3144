package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sudoku/bank"
	"sudoku/postgres"
	"syscall"
	"time"

	"sudoku/internal/safefile"
	"sudoku/logic"
	"sudoku/sqlite"
)

const bankUsage = `usage: sudoku bank <command> [--db FILE] [flags]

The puzzle bank: rated puzzles in an SQLite database, by default
$XDG_DATA_HOME/sudoku/bank.db (~/.local/share/sudoku/bank.db when it is
unset; the user's configuration directory on macOS and Windows).

commands:
  fill     generate puzzles of a level until the bank holds N left
  import   add puzzles from files or stdin (validated, rated, deduplicated)
  pick     hand out a puzzle of a level, once
  stats    puzzles per level: total, handed out, daily, left
  export   every puzzle, one per line (or JSON)
  book     a PDF puzzle book: sections of rule sets and levels, answers at the back

Run 'sudoku bank <command> -h' for a command's flags.
`

// exitInterrupted is the exit status of a fill stopped by a signal
// (128 + SIGINT, as shells report it).
const exitInterrupted = 130

var bankCommands = map[string]func(e *env, args []string) int{
	"fill":   cmdBankFill,
	"import": cmdBankImport,
	"pick":   cmdBankPick,
	"stats":  cmdBankStats,
	"export": cmdBankExport,
	"book":   cmdBankBook,
}

func cmdBank(e *env, args []string) int {
	usage := func(w io.Writer) { fmt.Fprint(w, bankUsage) }
	return dispatch(e, "sudoku bank", args, usage, func(name string) (func(*env, []string) int, bool) {
		c, ok := bankCommands[name]
		return c, ok
	})
}

// bankFlags returns the flag set of a bank command with its --db flag.
func bankFlags(e *env, name, usage string) (*flag.FlagSet, *string) {
	fs := newFlags(e, "bank "+name, usage)
	db := fs.String("db", "", "the bank's database file (default "+defaultBankPath()+")")
	return fs, db
}

func defaultBankPath() string {
	p, err := sqlite.DefaultPath()
	if err != nil {
		return "unknown: " + err.Error()
	}
	return p
}

// bankMode says how a command opens the bank.
type bankMode int

const (
	bankCreate   bankMode = iota // fill, import: create the bank if needed
	bankExisting                 // pick: it must exist, and is written
	bankRead                     // stats, export: it must exist, opened read-only
)

// openBank opens the bank at path (the default when empty). Commands that
// only read or hand out refuse a bank that does not exist yet rather than
// create an empty one; the commands that only read open it read-only, so
// they work on a bank they cannot write (a read-only file or directory).
func openBank(ctx context.Context, e *env, cmd, path string, mode bankMode) (bank.Store, bool) {
	path, err := bankPath(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank %s: %v\n", cmd, err)
		return nil, false
	}
	if mode != bankCreate && !postgres.IsURL(path) {
		if _, err := os.Stat(path); err != nil {
			fmt.Fprintf(e.stderr, "sudoku bank %s: no bank at %s: fill or import one first\n", cmd, path)
			return nil, false
		}
	}
	db, err := openStore(ctx, path, mode == bankRead)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank %s: %v\n", cmd, err)
		return nil, false
	}
	return db, true
}

// openStore opens the bank at path: a PostgreSQL database when it is a
// postgres:// URL, else an SQLite file (read-only when readOnly).
func openStore(ctx context.Context, path string, readOnly bool) (bank.Store, error) {
	if postgres.IsURL(path) {
		ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		return postgres.Open(ctx, path)
	}
	if readOnly {
		return sqlite.OpenReadOnly(ctx, path)
	}
	return sqlite.Open(ctx, path)
}

// checkDB refuses --db given as an empty string: the default bank is had
// by leaving --db out.
// A --db left out takes SUDOKU_DB from the environment, if set.
func checkDB(e *env, fs *flag.FlagSet, path *string) error {
	if !isSet(fs, "db") {
		*path = e.getenv("SUDOKU_DB")
	}
	if isSet(fs, "db") && strings.TrimSpace(*path) == "" {
		return errors.New("--db '': give the bank's file (or leave --db out for the default bank)")
	}
	return nil
}

// bankPath returns path, or the default bank's path when it is empty.
func bankPath(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	p, err := sqlite.DefaultPath()
	if err != nil {
		return "", fmt.Errorf("%v (give --db)", err)
	}
	return p, nil
}

func writeJSON(w io.Writer, v any) {
	b, _ := json.Marshal(v)
	w.Write(append(b, '\n'))
}

// ratingText is "ER/EP/ED level", as sudoku rate writes it.
func ratingText(en bank.Entry) string {
	return fmt.Sprintf("%v/%v/%v %v", en.ER, en.EP, en.ED, en.Level)
}

// parseLevelFlag reads a required --level.
func parseLevelFlag(s string) (logic.Level, error) {
	if s == "" {
		return 0, errors.New("--level is required: " + levelNames())
	}
	l, err := logic.ParseLevel(s)
	if err != nil {
		return 0, fmt.Errorf("--level: %w", err)
	}
	return l, nil
}

// signalContext is cancelled by the first SIGINT or SIGTERM; a second one
// kills the process as usual.
func signalContext() (context.Context, func()) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

const bankPickUsage = `usage: sudoku bank pick --level L [--db FILE] [--json] [-q]
       sudoku bank pick --needs TECHNIQUE [--only-before KIND] [--db FILE] [--json] [-q]
       sudoku bank pick --rules RULES [--db FILE] [--json]

Hands out the oldest puzzle of the level that is left (not handed out
before, not a daily puzzle) and marks it handed out, atomically: two picks
never get the same puzzle. Writes the puzzle as an 81-character line (with
--json, an object with its solution, rating and the rest); its rating and
the puzzles left go to stderr. Exit status: 0 a puzzle was handed out, 1
none of the level is left (or no bank), 2 usage error.

--needs picks, instead of a level, a puzzle that needs the technique (as
'generate --needs' reads it; --only-before as there): an index lookup
among the puzzles fills and imports stored with their techniques.

flags:
`

func cmdBankPick(e *env, args []string) int {
	fs, dbPath := bankFlags(e, "pick", bankPickUsage)
	level := fs.String("level", "", "level: "+levelNames())
	rules := fs.String("rules", "", `pick a puzzle of this rule set instead, as bank stats names it ("killer 9x9", "6x6")`)
	asJSON := fs.Bool("json", false, "write a JSON object")
	quiet := fs.Bool("q", false, "nothing on stderr but errors")
	needs := fs.String("needs", "", "pick a puzzle that needs this technique instead")
	onlyBefore := fs.String("only-before", "", "with --needs: only singles, intersections or subsets before the technique")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "bank pick", err)
	}
	if *rules != "" {
		return pickBoard(e, *dbPath, *rules, *asJSON)
	}
	if *needs != "" || *onlyBefore != "" {
		return pickNeed(e, fs, *dbPath, *needs, *onlyBefore, *asJSON, *quiet)
	}
	l, err := parseLevelFlag(*level)
	if err != nil {
		return usageErr(e, "bank pick", err)
	}
	if fs.NArg() > 0 {
		return usageErr(e, "bank pick", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	ctx := context.Background()
	db, ok := openBank(ctx, e, "pick", *dbPath, bankExisting)
	if !ok {
		return 1
	}
	defer db.Close()
	en, c, err := db.PickCount(ctx, bank.Level(l))
	if errors.Is(err, bank.ErrEmpty) {
		fmt.Fprintf(e.stderr, "sudoku bank pick: no %v puzzle left in %s (add some: sudoku bank fill --level %s -n N)\n",
			l, db.Path(), strings.ToLower(l.String()))
		return 1
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank pick: %v\n", err)
		return 1
	}
	out := bufio.NewWriter(e.stdout)
	if *asJSON {
		writeJSON(out, en.JSON())
	} else {
		fmt.Fprintln(out, en.Puzzle.Line('.'))
	}
	out.Flush()
	if !*quiet {
		fmt.Fprintf(e.stderr, "%s, %d clues, puzzle %d of the bank; %d %v left\n", ratingText(en), en.Clues, en.ID, c.Left, l)
	}
	return 0
}

// pickBoard hands out a puzzle of another rule set.
func pickBoard(e *env, dbPath, rules string, asJSON bool) int {
	ctx := context.Background()
	db, ok := openBank(ctx, e, "pick", dbPath, bankExisting)
	if !ok {
		return 1
	}
	defer db.Close()
	en, err := db.Pick(ctx, bank.Kind{Rules: rules})
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank pick: %v (sudoku bank stats lists the rule sets stored)\n", err)
		return 1
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if asJSON {
		writeJSON(out, en.JSON())
		return 0
	}
	fmt.Fprintln(out, en.Plain)
	return 0
}

const bankStatsUsage = `usage: sudoku bank stats [--db FILE] [--json]

Counts the puzzles of each level: stored, handed out by pick, chosen as
daily puzzles, and left (what pick can still hand out); the rating
versions; the database file and its size.

flags:
`

func cmdBankStats(e *env, args []string) int {
	fs, dbPath := bankFlags(e, "stats", bankStatsUsage)
	asJSON := fs.Bool("json", false, "write a JSON object")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "bank stats", err)
	}
	if fs.NArg() > 0 {
		return usageErr(e, "bank stats", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	ctx := context.Background()
	db, ok := openBank(ctx, e, "stats", *dbPath, bankRead)
	if !ok {
		return 1
	}
	defer db.Close()
	st, err := db.Stats(ctx)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank stats: %v\n", err)
		return 1
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	if *asJSON {
		writeJSON(out, st.JSON())
		return 0
	}
	fmt.Fprintf(out, "%s: %d puzzles, %s (schema %d)\n", st.Path, st.Total(), byteSize(st.Size), st.Schema)
	fmt.Fprintf(out, "%-11s %8s %11s %6s %8s\n", "level", "total", "handed out", "daily", "left")
	for _, c := range st.Levels {
		fmt.Fprintf(out, "%-11v %8d %11d %6d %8d\n", c.Level, c.Total, c.HandedOut, c.Daily, c.Left)
	}
	for _, v := range st.Versions {
		fmt.Fprintf(out, "rating %s: %d puzzles\n", v.Version, v.Count)
	}
	for _, c := range st.Rules {
		fmt.Fprintf(out, "%s (unrated): %d puzzles, %d handed out, %d left\n", c.Rules, c.Total, c.HandedOut, c.Left)
	}
	return 0
}

// byteSize writes n bytes as "12.3 KiB".
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n)/unit, 0
	for ; f >= unit && i < 3; i++ {
		f /= unit
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGT"[i])
}

const bankExportUsage = `usage: sudoku bank export [--db FILE] [--level L] [--json] [--out FILE] [-q]

Writes every puzzle of the bank (or of one level), oldest first, one per
line: "puzzle ER/EP/ED level", as sudoku rate writes it, so the output
imports again; --json writes objects with every field. The puzzles go to
stdout, or to --out FILE, replaced only once the export is complete (an
export that fails keeps the file, where the shell's > empties it first).

flags:
`

func cmdBankExport(e *env, args []string) int {
	fs, dbPath := bankFlags(e, "export", bankExportUsage)
	level := fs.String("level", "", "only this level: "+levelNames())
	asJSON := fs.Bool("json", false, "one JSON object per line")
	out := fs.String("out", safefile.Stdout, "write to this file (- for stdout)")
	quiet := fs.Bool("q", false, "no summary on stderr")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	if err := checkDB(e, fs, dbPath); err != nil {
		return usageErr(e, "bank export", err)
	}
	var levels []bank.Level
	if *level != "" {
		l, err := parseLevelFlag(*level)
		if err != nil {
			return usageErr(e, "bank export", err)
		}
		levels = append(levels, bank.Level(l))
	}
	if fs.NArg() > 0 {
		return usageErr(e, "bank export", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	ctx := context.Background()
	db, ok := openBank(ctx, e, "export", *dbPath, bankRead)
	if !ok {
		return 1
	}
	defer db.Close()
	n := 0
	err := safefile.Write(*out, e.stdout, func(w io.Writer) (err error) {
		n, err = exportTo(ctx, db, w, levels, *asJSON)
		return err
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku bank export: %v\n", err)
		return 1
	}
	if !*quiet {
		fmt.Fprintf(e.stderr, "%d puzzles exported from %s\n", n, db.Path())
	}
	return 0
}

// exportTo writes the puzzles of the levels to w, and those of other
// rules too when no level is given; n counts them.
func exportTo(ctx context.Context, db bank.Store, w io.Writer, levels []bank.Level, asJSON bool) (n int, err error) {
	kinds := make([]bank.Kind, len(levels))
	for i, l := range levels {
		kinds[i] = bank.Kind{Level: l}
	}
	err = db.Export(ctx, func(en bank.Entry) error {
		n++
		switch {
		case asJSON:
			writeJSON(w, en.JSON())
			return nil
		case !en.Classic():
			_, err := fmt.Fprintln(w, en.Plain)
			return err
		}
		_, err := fmt.Fprintf(w, "%s %s\n", en.Puzzle.Line('.'), ratingText(en))
		return err
	}, kinds...)
	return n, err
}
