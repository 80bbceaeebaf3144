package api

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"sudoku"
	"sudoku/generate"
	"sudoku/logic"
	"sudoku/solver"
	"sudoku/sudokupad"
)

// Puzzles of any rules for the web app: /api/board reads one in any form
// and answers what the app needs to draw and play it; /api/generate with
// a variant or size makes one; /api/hint gives hints on one.

// unitJSON is a unit of a board: kind ("row", "region", "cage", …), its
// cells (0-based, row-major) and a cage's sum.
type unitJSON struct {
	Kind  string `json:"kind"`
	Cells []int  `json:"cells"`
	Sum   int    `json:"sum,omitempty"`
}

// boardResponse is a puzzle of any rules, ready to play.
type boardResponse struct {
	Size     int                 `json:"size"`
	Rules    string              `json:"rules"` // "9x9 killer"
	Line     string              `json:"line"`  // the puzzle as one line (boardText): share links, Enter
	Cells    []int               `json:"cells"` // the givens, N*N, 0 empty
	Solution []int               `json:"solution,omitempty"`
	Several  bool                `json:"several,omitempty"` // more than one solution
	Units    []unitJSON          `json:"units"`
	Houses   int                 `json:"houses"`            // units[:houses] hold every digit
	Region   []int               `json:"region"`            // each cell's box or region, for drawing
	NoBoxes  bool                `json:"noBoxes,omitempty"` // rows and columns only (region all 0: nothing to draw)
	Knight   bool                `json:"antiKnight,omitempty"`
	King     bool                `json:"antiKing,omitempty"`
	Rating   *logic.PuzzleRating `json:"rating,omitempty"`
	// Constraints are the puzzle's constraints (thermometers, dots, ...,
	// and drawings) with what each draws; RuleWords its rules beyond the
	// classic ones, in words for players.
	Constraints []constraintJSON `json:"constraints,omitempty"`
	RuleWords   []string         `json:"ruleWords,omitempty"`
	// What the setter says of the puzzle (sudoku.Meta): shown as they
	// wrote it, above RuleWords.
	Title       string `json:"title,omitempty"`
	Author      string `json:"author,omitempty"`
	SetterRules string `json:"setterRules,omitempty"`
	// Unread names the puzzle's elements that were drawn but not read
	// as rules: the puzzle is not solved here, and Solution, when
	// given, is the setter's (SolutionBy "setter"), for checking play.
	Unread     []string `json:"unread,omitempty"`
	SolutionBy string   `json:"solutionBy,omitempty"`
	// GivenMarks are the candidates the setter gives the empty cells of
	// a pencil-mark puzzle, as bit masks (bit d-1 for digit d), 0 for a
	// cell given none; the app starts the game with them as centre marks.
	GivenMarks []int `json:"givenMarks,omitempty"`
}

// constraintJSON is one constraint of a board: its kind, its name for
// people ("thermometer r1c1-r1c3"), whether it only draws, and its shapes
// in grid units (sudoku.Shape: (0, 0) is the grid's top left corner, a
// cell is 1 by 1, clues outside the grid at row or column -1 or N).
type constraintJSON struct {
	Kind     string         `json:"kind"`
	Name     string         `json:"name"`
	Cosmetic bool           `json:"cosmetic,omitempty"`
	Shapes   []sudoku.Shape `json:"shapes"`
}

// constraintsJSON describes the constraints of r, leaving out shapes
// with numbers JSON cannot hold.
func constraintsJSON(r *sudoku.Rules) []constraintJSON {
	var out []constraintJSON
	for _, c := range r.Constraints {
		j := constraintJSON{Kind: c.Kind(), Name: c.String(), Cosmetic: sudoku.IsCosmetic(c), Shapes: []sudoku.Shape{}}
		for _, s := range c.Shapes() {
			if finiteShape(s) {
				j.Shapes = append(j.Shapes, s)
			}
		}
		out = append(out, j)
	}
	return append(out, parityJSON(r)...)
}

// parityJSON draws odd cells as grey circles and even ones as grey
// squares (as f-puzzles and the renderer do), one entry for each kind.
func parityJSON(r *sudoku.Rules) []constraintJSON {
	odd := constraintJSON{Kind: "odd", Name: "odd cells", Shapes: []sudoku.Shape{}}
	even := constraintJSON{Kind: "even", Name: "even cells", Shapes: []sudoku.Shape{}}
	n := r.Size
	for c, p := range r.Parity {
		row, col := float64(c/n), float64(c%n)
		switch p {
		case sudoku.Odd:
			odd.Shapes = append(odd.Shapes, sudoku.Shape{Kind: sudoku.ShapeCircle, Points: []sudoku.Point{{R: row + 0.5, C: col + 0.5}}, Size: 0.4, Fill: parityInk})
		case sudoku.Even:
			even.Shapes = append(even.Shapes, sudoku.Shape{Kind: sudoku.ShapeRect, Points: []sudoku.Point{{R: row + 0.12, C: col + 0.12}, {R: row + 0.88, C: col + 0.88}}, Fill: parityInk})
		}
	}
	var out []constraintJSON
	for _, j := range []constraintJSON{odd, even} {
		if len(j.Shapes) > 0 {
			out = append(out, j)
		}
	}
	return out
}

// parityInk is the grey of odd circles and even squares.
const parityInk = "#d0d0d0"

// finiteShape reports whether every number of s is finite.
func finiteShape(s sudoku.Shape) bool {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	for _, p := range s.Points {
		if !ok(p.R) || !ok(p.C) {
			return false
		}
	}
	return ok(s.Size)
}

// ruledBoard reads text as a puzzle for the endpoints of other rules: a
// board whose rules are not classic, or that draws something (a classic
// puzzle with f-puzzles drawings); ok is false for a plain classic puzzle
// or text that is not a board.
func ruledBoard(text string) (b *sudoku.Board, ok bool) {
	b, _, err := sudoku.ParseBoard(text)
	if err != nil || (b.Rules.IsClassic() && len(b.Rules.Constraints) == 0) {
		return nil, false
	}
	return b, true
}

// maxBoardCells bounds the boards the API takes (25x25).
const maxBoardCells = sudoku.MaxSize * sudoku.MaxSize

// parseBoardText reads a puzzle of any rules in any form.
func parseBoardText(field, text string) (*sudoku.Board, error) {
	if strings.TrimSpace(text) == "" {
		return nil, &Error{Code: "bad_request", Message: field + ": missing"}
	}
	b, _, err := sudoku.ParseBoard(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", field, err)
	}
	return b, nil
}

// boardText is b as one line of text that reads back as b: the plain
// line when it holds b's rules, else an f-puzzles link (constraints and
// drawings, odd and even cells, extra regions, one diagonal, sizes such
// as 10 or 14), else a Solo game ID; "" when no form that reads back
// holds b (no form read gives such a board today). The line and Solo's
// IDs hold no constraints: a board with some is always a link.
func boardText(b *sudoku.Board) string {
	plain := len(b.Rules.Constraints) == 0
	if text, err := sudoku.FormatBoard(b, sudoku.FormLine); err == nil && plain {
		return strings.TrimSpace(text)
	}
	if link, err := sudoku.FormatFPuzzlesLink(b); err == nil {
		return link
	}
	if text, err := sudoku.FormatBoard(b, sudoku.FormSolo); err == nil && plain {
		return strings.TrimSpace(text)
	}
	return ""
}

// newBoardResponse describes b, solving it (within ctx) and rating it by
// logic when rate is set.
func newBoardResponse(ctx context.Context, b *sudoku.Board, rate bool) (boardResponse, error) {
	l, err := b.Rules.Layout()
	if err != nil {
		return boardResponse{}, err
	}
	if err := b.ValidateIn(l); err != nil {
		return boardResponse{}, err
	}
	resp := boardResponse{Size: l.N, Rules: b.Rules.Name(), Line: boardText(b), Cells: sudoku.Ints(b.Cells), Houses: l.Houses,
		Region: make([]int, l.NN), Knight: b.Rules.AntiKnight, King: b.Rules.AntiKing,
		Constraints: constraintsJSON(b.Rules), RuleWords: b.Rules.Words(), NoBoxes: b.Rules.NoBoxes()}
	for _, u := range l.Units {
		resp.Units = append(resp.Units, unitJSON{Kind: u.Kind.String(), Cells: u.Cells, Sum: u.Sum})
		if (u.Kind == sudoku.UnitBox || u.Kind == sudoku.UnitRegion) && !resp.NoBoxes {
			for _, c := range u.Cells {
				resp.Region[c] = u.Index
			}
		}
	}
	if b.Meta != nil {
		resp.Title, resp.Author, resp.SetterRules = b.Meta.Title, b.Meta.Author, b.Meta.Rules
	}
	resp.GivenMarks = givenMarks(b)
	if b.Unreadable() != nil {
		resp.setterSolution(b)
		return resp, nil
	}
	sol, err := solver.UniqueSolutionIn(ctx, l, b)
	switch {
	case errors.Is(err, sudoku.ErrMultipleSolutions):
		resp.Several = true
	case err != nil:
		return boardResponse{}, err
	default:
		resp.Solution = sudoku.Ints(sol)
		if rate {
			if rt, err := logic.RateBoard(ctx, b); err == nil {
				resp.Rating = &rt
			}
		}
	}
	return resp, nil
}

// givenMarks returns the candidates given to b's empty cells, nil when it
// gives none.
func givenMarks(b *sudoku.Board) []int {
	if b.Marks == nil {
		return nil
	}
	all := sudoku.AllDigits(b.Rules.Size)
	out := make([]int, len(b.Marks))
	any := false
	for c, m := range b.Marks {
		if b.Cells[c] == 0 && m != all {
			out[c], any = int(m), true
		}
	}
	if !any {
		return nil
	}
	return out
}

// setterSolution fills in, for a board with elements not read as rules,
// what they are and the setter's solution when it is whole and agrees
// with the givens: the app checks play against it; nothing solves it.
func (resp *boardResponse) setterSolution(b *sudoku.Board) {
	n := b.Rules.Size
	for _, u := range b.Meta.Unread {
		w := u.What
		if len(u.Cells) > 0 {
			w += " (" + strings.Join(sudoku.CellNames(n, u.Cells), ", ") + ")"
		}
		resp.Unread = append(resp.Unread, w)
	}
	sol := b.Meta.Solution
	if len(sol) != len(b.Cells) {
		return
	}
	for c, v := range sol {
		if v == 0 || b.Cells[c] != 0 && b.Cells[c] != v {
			return
		}
	}
	resp.Solution, resp.SolutionBy = sudoku.Ints(sol), "setter"
}

// boardSolution returns the one solution of b, or an error wrapping
// sudoku.ErrNoSolution or sudoku.ErrMultipleSolutions (or ctx's).
func boardSolution(ctx context.Context, b *sudoku.Board) ([]uint8, error) {
	return solver.UniqueSolutionIn(ctx, nil, b)
}

type boardRequest struct {
	Puzzle string `json:"puzzle"`
	Rate   bool   `json:"rate"`
}

func (s *Server) handleBoard(w http.ResponseWriter, r *http.Request) {
	var req boardRequest
	if err := s.decode(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	ctx, cancel := s.compute(r)
	defer cancel()
	b, text, err := s.readBoard(ctx, req.Puzzle)
	if err != nil {
		writeError(w, r, err)
		return
	}
	defer s.work("board", time.Now())
	resp, err := newBoardResponse(ctx, b, req.Rate)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if resp.Unread != nil || resp.Line == "" {
		// No other form keeps what was not read, nor a kind f-puzzles
		// has no key for (SudokuPad's parity lines): the line is the
		// text sent, so that hints and shares read the same puzzle.
		resp.Line = strings.TrimSpace(text)
	}
	writeJSON(w, http.StatusOK, resp)
}

// readBoard reads the puzzle of /api/board, and the text it read: for a
// SudokuPad short link, when the server fetches (FetchSudokuPad), the
// puzzle it names as SudokuPad answers it.
func (s *Server) readBoard(ctx context.Context, text string) (*sudoku.Board, string, error) {
	b, err := parseBoardText("puzzle", text)
	var sl *sudoku.ShortLinkError
	if s.FetchSudokuPad == nil || !errors.As(err, &sl) {
		return b, text, err
	}
	got, err := s.FetchSudokuPad(ctx, sl.ID)
	switch {
	case errors.Is(err, sudokupad.ErrNotFound):
		return nil, "", &Error{Code: "not_found", Message: fmt.Sprintf("SudokuPad has no puzzle %q", sl.ID)}
	case err != nil:
		return nil, "", fmt.Errorf("%w: fetching SudokuPad puzzle %q: %w", errFetch, sl.ID, err)
	}
	b, err = parseBoardText("puzzle (as SudokuPad answered the short link)", got)
	return b, got, err
}

// generateBoard answers /api/generate for a variant or a size other than
// 9: a puzzle of those rules at the level asked.
func (s *Server) generateBoard(w http.ResponseWriter, r *http.Request, req generateRequest, t genTarget) {
	o, err := boardOptions(req, t)
	if err != nil {
		writeError(w, r, err)
		return
	}
	seed := t.seed
	ctx, cancel := s.compute(r)
	defer cancel()
	start := time.Now()
	p, err := generate.Generate(ctx, o, generate.Source(seed, req.Index))
	s.work("generate", start)
	if err != nil {
		writeError(w, r, gaveUp(err, req, seed, p.Tries))
		return
	}
	resp, err := newBoardResponse(ctx, p.Puzzle, o.MinER == 0 && o.MaxER == 0)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if p.Rating.Version != "" {
		resp.Rating = &p.Rating
	}
	writeJSON(w, http.StatusOK, resp)
}

// boardOptions are the generator's options for a request of a variant or
// a size other than 9 (a bad_request *Error for rules it cannot make).
func boardOptions(req generateRequest, t genTarget) (generate.Options, error) {
	size := req.size()
	rules, err := sudoku.Sized(size)
	if err == nil && rules.BoxRows == 0 {
		err = fmt.Errorf("size %d has no boxes: ask for a jigsaw", size)
	}
	var v sudoku.Variant
	if err == nil && req.Variant != "" {
		v, err = sudoku.ParseVariant(req.Variant)
	}
	var o generate.Options
	if err == nil {
		o, err = generate.OptionsFor(rules, v)
	}
	if err != nil {
		return generate.Options{}, &Error{Code: "bad_request", Message: strings.TrimPrefix(err.Error(), "generate: ")}
	}
	// Small grids dug to their default givens are rarely above Medium:
	// they are dug to minimal. Tries are bounded by the request's time.
	o.Minimal, o.MaxTries = req.Minimal || size < 9, 2000
	o.MinER, o.MaxER, o.Symmetry = t.minER, t.maxER, t.symmetry
	if err := o.Validate(); err != nil {
		return generate.Options{}, &Error{Code: "bad_request", Message: err.Error()}
	}
	return o, nil
}

// boardHint is /api/hint for a board of other rules: the entries and
// marks decoded, the hint from logic.NextBoardHint, cells named r1c2 in
// its fields and "row 1, column 2" in its words.
func boardHint(ctx context.Context, b *sudoku.Board, req hintRequest) (hintResponse, error) {
	entries, marks, err := boardPosition(b, req)
	if err != nil {
		return hintResponse{}, err
	}
	h, err := logic.NextBoardHint(ctx, b, entries, marks, req.Level)
	if err != nil {
		return hintResponse{}, err
	}
	n := b.Rules.Size
	// Plain words, as on classic boards ("row 1, column 1 is 3, not 4");
	// the steps of constraints have their own words, their cells named
	// the same way (boardWords).
	text := boardWords(h.Text, h.Step == nil || !b.Rules.HasConstraints())
	resp := hintResponse{Level: h.Level, Text: text, Summary: h.Summary, Wrong: sudoku.CellNames(n, h.Wrong), WrongMarks: sudoku.CellNames(n, h.WrongMarks), Cells: sudoku.CellNames(n, h.Cells)}
	if h.Step == nil {
		return resp, nil
	}
	resp.Technique = h.Step.Technique
	if h.Level == 2 {
		resp.Houses = h.Where // logic named the units: the rules are not compiled again
	}
	if h.Level == 3 {
		resp.BoardStep = newBoardStepJSON(n, h.Step)
	}
	return resp, nil
}

// boardPosition decodes a hint request's entries and marks on b (nil
// when absent), naming what is wrong.
func boardPosition(b *sudoku.Board, req hintRequest) ([]uint8, []sudoku.Digits, error) {
	n, nn := b.Rules.Size, len(b.Cells)
	var entries []uint8
	if len(req.Entries) > 0 {
		if len(req.Entries) != nn {
			return nil, nil, &Error{Code: "bad_request", Message: fmt.Sprintf("entries: %d numbers, want %d (one per cell)", len(req.Entries), nn)}
		}
		entries = make([]uint8, nn)
		for c, v := range req.Entries {
			if v < 0 || v > n {
				return nil, nil, &Error{Code: "bad_request", Message: fmt.Sprintf("entries: %s holds %d, want 0 to %d", sudoku.CellName(n, c), v, n), Cell: sudoku.CellName(n, c)}
			}
			entries[c] = uint8(v)
		}
	}
	if len(req.Marks) == 0 {
		return entries, nil, nil
	}
	if len(req.Marks) != nn {
		return nil, nil, &Error{Code: "bad_request", Message: fmt.Sprintf("marks: %d masks, want %d (one per cell)", len(req.Marks), nn)}
	}
	marks := make([]sudoku.Digits, nn)
	for c, m := range req.Marks {
		if m < 0 || m >= 1<<n {
			return nil, nil, &Error{Code: "bad_request", Message: fmt.Sprintf("marks: %s: mask %d out of range", sudoku.CellName(n, c), m), Cell: sudoku.CellName(n, c)}
		}
		marks[c] = sudoku.Digits(m)
	}
	return entries, marks, nil
}

// newBoardStepJSON is st with cells named.
func newBoardStepJSON(n int, st *logic.BoardStep) *boardStepJSON {
	bs := &boardStepJSON{Technique: st.Technique, Rating: st.Rating.Float()}
	for _, p := range st.Placements {
		bs.Placements = append(bs.Placements, candJSON{sudoku.CellName(n, p.Cell), p.Digit})
	}
	for _, e := range st.Eliminations {
		bs.Eliminations = append(bs.Eliminations, candJSON{sudoku.CellName(n, e.Cell), e.Digit})
	}
	for _, p := range st.Pattern {
		bs.Pattern = append(bs.Pattern, candJSON{sudoku.CellName(n, p.Cell), p.Digit})
	}
	for _, l := range st.Links {
		bs.Links = append(bs.Links, linkJSON{candJSON{sudoku.CellName(n, l.From.Cell), l.From.Digit}, candJSON{sudoku.CellName(n, l.To.Cell), l.To.Digit}, l.Strong, l.Via})
	}
	return bs
}

// linkJSON is a link of a step's chain, as the classic steps write theirs.
type linkJSON struct {
	From   candJSON `json:"from"`
	To     candJSON `json:"to"`
	Strong bool     `json:"strong"`
	Via    string   `json:"via,omitempty"`
}

// boardStepJSON is a step on a board of other rules, cells named r1c2.
type boardStepJSON struct {
	Technique    string     `json:"technique"`
	Rating       float64    `json:"rating"`
	Placements   []candJSON `json:"placements,omitempty"`
	Eliminations []candJSON `json:"eliminations,omitempty"`
	// Pattern are the candidates to colour (logic's BoardStep.Pattern),
	// in hints; Links a chain's links.
	Pattern []candJSON `json:"pattern,omitempty"`
	Links   []linkJSON `json:"links,omitempty"`
}

type candJSON struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// unitText names unit u for a hint: "row 3", "region 2", "the cage at r1c1".
func unitText(l *sudoku.Layout, u, n int) string {
	un := &l.Units[u]
	if un.Kind == sudoku.UnitCage {
		return "the cage at " + sudoku.CellName(n, un.Cells[0])
	}
	return un.String()
}

// explainStepJSON is a step of a board of other rules in /api/explain.
type explainStepJSON struct {
	boardStepJSON
	Words   string   `json:"words"`
	Summary string   `json:"summary,omitempty"`
	Cells   []string `json:"cells,omitempty"`
}

// explainBoard is /api/explain for a puzzle of other rules: the path of
// the techniques for any rules from the puzzle, or from the player's
// entries ("position": N*N digits, comma-separated).
func (s *Server) explainBoard(w http.ResponseWriter, r *http.Request, b *sudoku.Board, req puzzleRequest) {
	ctx, cancel := s.compute(r)
	defer cancel()
	defer s.work("explain", time.Now())
	l, err := b.Rules.Layout() // once, for the search and the walk
	if err != nil {
		writeError(w, r, err)
		return
	}
	sol, err := solver.UniqueSolutionIn(ctx, l, b)
	if err != nil {
		writeError(w, r, err)
		return
	}
	pos := b.Clone()
	if req.Position != "" {
		parts := strings.Split(req.Position, ",")
		for c, p := range parts {
			if c >= len(pos.Cells) {
				break
			}
			var v int
			if _, err := fmt.Sscan(strings.TrimSpace(p), &v); err == nil && v > 0 && v <= b.Rules.Size && b.Cells[c] == 0 {
				if uint8(v) != sol[c] {
					writeError(w, r, &Error{Code: "entries_wrong", Message: fmt.Sprintf("%s is not right", sudoku.CellName(b.Rules.Size, c)), Cell: sudoku.CellName(b.Rules.Size, c)})
					return
				}
				pos.Cells[c] = uint8(v)
			}
		}
	}
	path, rt, err := logic.ExplainBoard(ctx, pos, l) // one walk: the steps and their rating
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		writeError(w, r, err)
		return
	}
	out := struct {
		Steps  []explainStepJSON  `json:"steps"`
		Rating logic.PuzzleRating `json:"rating"`
		Stuck  bool               `json:"stuck,omitempty"`
	}{Steps: []explainStepJSON{}, Rating: rt, Stuck: err != nil} // [] when stuck at once: the app counts the steps
	n := b.Rules.Size
	for _, st := range path {
		j := explainStepJSON{boardStepJSON: boardStepJSON{Technique: st.Technique, Rating: st.Rating.Float()}, Words: boardWords(st.Text, !b.Rules.HasConstraints()), Summary: logic.BoardSummary(b.Rules, st.Technique)}
		for _, c := range st.Cells {
			j.Cells = append(j.Cells, sudoku.CellName(n, c))
		}
		for _, p := range st.Placements {
			j.Placements = append(j.Placements, candJSON{sudoku.CellName(n, p.Cell), p.Digit})
		}
		for _, e := range st.Eliminations {
			j.Eliminations = append(j.Eliminations, candJSON{sudoku.CellName(n, e.Cell), e.Digit})
		}
		out.Steps = append(out.Steps, j)
	}
	writeJSON(w, http.StatusOK, out)
}
