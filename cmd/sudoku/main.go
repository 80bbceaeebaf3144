// Command sudoku solves, rates, generates and reads Sudoku puzzles.
//
// Usage:
//
//	sudoku <command> [flags] [puzzle or file ...]
//
// Run "sudoku help" for the list of commands. Exit codes: 0 success, 1 when
// some puzzle failed (no solution, invalid, ...), 2 on a usage error.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"

	_ "sudoku/constraint" // the kinds of constraint the parsers read
)

// env is what a command reads and writes; tests replace it.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// tty reports whether stderr is a terminal (progress bars go there).
	tty bool
	// env reads the environment; nil means os.Getenv.
	env func(string) string
	// fetchOn is --fetch: SudokuPad short links are fetched, with
	// fetcher (nil for package sudokupad's Fetch).
	fetchOn bool
	fetcher func(ctx context.Context, id string) (string, error)
}

func (e *env) getenv(name string) string {
	if e.env == nil {
		return os.Getenv(name)
	}
	return e.env(name)
}

type command struct {
	summary string
	run     func(e *env, args []string) int
}

// commands maps each subcommand to its implementation, one file each.
var commands = map[string]command{
	"solve":    {"solve puzzles with a chosen engine", cmdSolve},
	"hint":     {"a hint for the next step, in three levels", cmdHint},
	"explain":  {"the whole solving path by human techniques, step by step", cmdExplain},
	"rate":     {"rate puzzles on Sudoku Explainer's scale (ER/EP/ED) and level", cmdRate},
	"model":    {"write the 0-1 integer-programming model (LP, MPS, OPB)", cmdModel},
	"generate": {"generate unique puzzles: symmetric, minimal, within clue bounds", cmdGenerate},
	"canon":    {"the canonical form of puzzles under the Sudoku symmetries", cmdCanon},
	"render":   {"draw puzzles as PNG, SVG or PDF for printing", cmdRender},
	"serve":    {"serve the web app and the JSON API", cmdServe},
	"scan":     {"read a Sudoku from a photo; solve it and draw the solution in", cmdScan},
	"bank":     {"the puzzle bank: fill, import, pick, stats, export (SQLite)", cmdBank},
}

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, tty: isTerminal(os.Stderr)}
	os.Exit(run(e, os.Args[1:]))
}

func run(e *env, args []string) int {
	return dispatch(e, "sudoku", args, usage, func(name string) (func(*env, []string) int, bool) {
		c, ok := commands[name]
		return c.run, ok
	})
}

// dispatch runs the command args[0] of prog, found by find: with no
// arguments or help, it writes the usage (exit status 2 and 0); for an
// unknown command it says so, with the usage (exit status 2).
func dispatch(e *env, prog string, args []string, usage func(io.Writer), find func(string) (func(*env, []string) int, bool)) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(e.stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := find(args[0])
	if !ok {
		fmt.Fprintf(e.stderr, "%s: unknown command %q\n", prog, args[0])
		usage(e.stderr)
		return 2
	}
	return c(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sudoku <command> [flags] [puzzle or file ...]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'sudoku <command> -h' for a command's flags.")
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
