package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"sudoku"
	"sudoku/internal/safefile"
	"sudoku/logic"
	"sudoku/render"
	"sudoku/solver"
)

const renderUsage = `usage: sudoku render [--format png|svg|pdf] [--out FILE] [--solution] [--rate] [--per-page N] [--title T] [--cell PX] [puzzle | file | - ...]

Draws puzzles for printing: thick box lines, thin cell lines, givens in
bold black and, with --solution, the solved digits in blue. PNG and SVG
draw one puzzle; PDF puts every puzzle read on pages, --per-page 1, 2, 4
or 6 to a page, each captioned with its number (and level and ER with
--rate). The format comes from --format, else from --out's extension.
Output goes to --out, or stdout. Bad puzzles are reported on stderr with
their line and skipped. Exit status: 0 drawn, 1 some puzzle could not be
read or solved, 2 usage error.

flags:
`

type renderOpts struct {
	format   string
	solution bool
	rate     bool
	pdf      render.PDFOptions
	img      render.Options
	limit    time.Duration // --timeout: the longest solving one puzzle may take
}

func cmdRender(e *env, args []string) int {
	fs := newFlags(e, "render", renderUsage)
	fetchFlag(fs, e)
	format := fs.String("format", "", "png, svg or pdf (default: from --out's extension, else pdf)")
	out := fs.String("out", "", "file to write (default stdout)")
	var o renderOpts
	fs.BoolVar(&o.solution, "solution", false, "draw the solution's digits in blue")
	fs.BoolVar(&o.rate, "rate", false, "caption each PDF board with its level and ER")
	fs.IntVar(&o.pdf.PerPage, "per-page", 1, "PDF: boards per page (1, 2, 4 or 6)")
	fs.StringVar(&o.pdf.Title, "title", "", "PDF: title at the top of each page")
	fs.StringVar(&o.pdf.Paper, "paper", "A4", "PDF: A4 or Letter")
	fs.IntVar(&o.img.CellSize, "cell", 40, "PNG, SVG: pixels per cell")
	fs.DurationVar(&o.limit, "timeout", defaultTimeout, "with --solution: the longest solving one puzzle may take (0: no limit)")
	if err := parseFlags(fs, args); err != nil {
		return 2
	}
	var err error
	if o.format, err = renderFormat(*format, *out); err != nil {
		return usageErr(e, "render", err)
	}
	if err := o.validate(); err != nil {
		return usageErr(e, "render", err)
	}
	boards, failed := readBoards(e, fs.Args(), o)
	if len(boards) == 0 {
		fmt.Fprintln(e.stderr, "sudoku render: no puzzle to draw")
		return 1
	}
	if o.format != "pdf" && len(boards) > 1 {
		return usageErr(e, "render", fmt.Errorf("%s draws one puzzle, got %d: use --format pdf for several", o.format, len(boards)))
	}
	if err := writeRendering(e, *out, boards, o); err != nil {
		fmt.Fprintf(e.stderr, "sudoku render: %v\n", err)
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// validate checks the drawing options before anything is read or written.
func (o renderOpts) validate() error {
	if err := checkTimeout(o.limit); err != nil {
		return err
	}
	if o.format == "pdf" {
		if o.pdf.PerPage <= 0 {
			return fmt.Errorf("--per-page %d: want 1, 2, 4 or 6", o.pdf.PerPage)
		}
		return o.pdf.Validate()
	}
	return o.img.Validate()
}

// renderFormat picks the output format from the flag or the file name.
func renderFormat(format, out string) (string, error) {
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
		if format == "" {
			format = "pdf"
		}
	}
	switch format {
	case "png", "svg", "pdf":
		return format, nil
	}
	return "", fmt.Errorf("format %q: want png, svg or pdf", format)
}

// readBoards reads every puzzle named by args into boards, reporting bad
// ones on stderr.
func readBoards(e *env, args []string, o renderOpts) (boards []render.Board, failed bool) {
	in := make(chan []item, 4)
	go readInputs(e, args, in, newProgress(e.stderr, false), true)
	for batch := range in {
		for i := range batch {
			it := &batch[i]
			b, err := boardOf(it, len(boards)+1, o)
			if err != nil {
				fmt.Fprintln(e.stderr, it.describeErr(err))
				failed = true
				continue
			}
			boards = append(boards, b)
		}
	}
	return boards, failed
}

// boardOf makes the board of one puzzle read: solved and rated on request.
func boardOf(it *item, n int, o renderOpts) (render.Board, error) {
	if it.puzzle.Err != nil {
		return render.Board{}, it.puzzle.Err
	}
	if it.puzzle.Board != nil {
		return ruledBoard(it.puzzle.Board, n, o)
	}
	g := it.puzzle.Grid
	b := render.Board{Puzzle: g, Caption: fmt.Sprintf("%d", n)}
	if o.solution {
		sol, err := solver.SolveGrid(g)
		if err != nil {
			return b, err
		}
		b.Filled = &sol
	}
	if o.rate {
		if err := checkUnique(g); err != nil {
			return b, err
		}
		r, err := logic.Rate(g)
		if err != nil && !errors.Is(err, logic.ErrStuck) {
			return b, err
		}
		b.Caption = fmt.Sprintf("%d - %v (ER %v)", n, r.Level, r.ER)
	}
	return b, nil
}

// writeRendering writes the boards to the file named out (replaced only
// once the drawing is complete), or stdout when out is "" or "-".
func writeRendering(e *env, out string, boards []render.Board, o renderOpts) error {
	if out == "" {
		out = safefile.Stdout
	}
	return safefile.Write(out, e.stdout, func(w io.Writer) error {
		switch o.format {
		case "png":
			return render.PNG(w, &boards[0], o.img)
		case "svg":
			return render.SVG(w, &boards[0], o.img)
		}
		return render.PDF(w, boards, o.pdf)
	})
}

// ruledBoard makes the drawing of a puzzle of other rules, solved on
// request; ratings are for classic puzzles only.
func ruledBoard(pb *sudoku.Board, n int, o renderOpts) (render.Board, error) {
	b := render.Board{Rules: pb.Rules, Cells: pb.Cells, Caption: fmt.Sprintf("%d - %s", n, pb.Rules.Name())}
	if o.rate {
		return b, fmt.Errorf("--rate: ratings are for classic 9x9 puzzles only (this is %s)", pb.Rules.Name())
	}
	if o.solution {
		ctx, cancel := puzzleCtx(o.limit)
		defer cancel()
		r, err := solver.Solve(ctx, nil, pb)
		if err != nil {
			return b, timedOut(err, o.limit)
		}
		b.Fill = r.Solution
	}
	return b, nil
}
