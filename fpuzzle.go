package sudoku

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sudoku/internal/words"
)

// FPuzzle is an f-puzzles puzzle as the kinds of constraint read and
// write it: its size and its keys, raw. Its helpers word errors the same
// way for every kind: `thermometer 3: cell "R10C1" outside a 9x9 grid`.
type FPuzzle struct {
	Size int
	Raw  map[string]json.RawMessage
}

// Has reports whether key holds something (not null, false, "" or an
// empty list).
func (f *FPuzzle) Has(key string) bool { return !fpEmpty(f.Raw[key]) }

// fpEmpty reports whether a raw value holds nothing.
func fpEmpty(v json.RawMessage) bool {
	switch strings.TrimSpace(string(v)) {
	case "", "null", "false", "[]", "{}", `""`, "0":
		return true
	}
	return false
}

// Decode reads key into v; a key that is absent leaves v as it is.
func (f *FPuzzle) Decode(key string, v any) error {
	raw, ok := f.Raw[key]
	if !ok || fpEmpty(raw) {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return &ParseError{Msg: fmt.Sprintf("f-puzzles %s: %v", key, err)}
	}
	return nil
}

// Errorf returns a ParseError about entry i (0-based) of key.
func (f *FPuzzle) Errorf(key string, i int, format string, args ...any) error {
	return &ParseError{Msg: fmt.Sprintf("%s %d: %s", key, i+1, fmt.Sprintf(format, args...))}
}

// Cell reads a cell name ("R1C1", 1-based) of entry i of key.
func (f *FPuzzle) Cell(key string, i int, name string) (int, error) {
	c, ok := FPCellIndex(f.Size, name)
	if !ok {
		return 0, f.Errorf(key, i, "cell %q outside %s (want R1C1 to R%dC%d)", name, words.AGrid(f.Size), f.Size, f.Size)
	}
	return c, nil
}

// Cells reads the cell names of entry i of key: at least min of them,
// none twice.
func (f *FPuzzle) Cells(key string, i int, names []string, min int) ([]int, error) {
	cells := make([]int, 0, len(names))
	for _, s := range names {
		c, err := f.Cell(key, i, s)
		if err != nil {
			return nil, err
		}
		if slices.Contains(cells, c) {
			return nil, f.Errorf(key, i, "lists %s twice", CellName(f.Size, c))
		}
		cells = append(cells, c)
	}
	if len(cells) < min {
		return nil, f.Errorf(key, i, "has %s, want at least %d", cellCount(len(cells)), min)
	}
	return cells, nil
}

// Outside reads the place of a clue outside the grid, such as "R0C4"
// above column 4 or "R10C3" below a 9x9: its row and column, 0-based,
// -1 or N on the side it stands.
func (f *FPuzzle) Outside(key string, i int, name string) (row, col int, err error) {
	u := strings.ToUpper(strings.TrimSpace(name))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(u, "R"), "C")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	n := f.Size
	inside := r >= 1 && r <= n && c >= 1 && c <= n
	if !ok || !strings.HasPrefix(u, "R") || err1 != nil || err2 != nil || r < 0 || c < 0 || r > n+1 || c > n+1 || inside {
		return 0, 0, f.Errorf(key, i, "clue place %q is not beside %s (want R0Cc, R%dCc, RrC0 or RrC%d)", name, words.AGrid(n), n+1, n+1)
	}
	return r - 1, c - 1, nil
}

// Number reads a number held as a JSON number or string ("15"); def when
// it is absent or empty.
func (f *FPuzzle) Number(key string, i int, v json.RawMessage, def int) (int, error) {
	s := strings.Trim(strings.TrimSpace(string(v)), `"`)
	if s == "" || s == "null" {
		return def, nil
	}
	x, err := strconv.Atoi(s)
	if err != nil {
		return 0, f.Errorf(key, i, "value %q is not a whole number", s)
	}
	return x, nil
}

// Negative reports whether the puzzle's "negative" list names kind: every
// place that shows no such clue has none ("negative": ["ratio"] means
// every pair of neighbours without a black dot is not in a ratio of 2).
func (f *FPuzzle) Negative(kind string) bool {
	var list []string
	if json.Unmarshal(f.Raw["negative"], &list) != nil {
		return false
	}
	return slices.Contains(list, kind)
}

// Set writes v under key.
func (f *FPuzzle) Set(key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if f.Raw == nil {
		f.Raw = map[string]json.RawMessage{}
	}
	f.Raw[key] = b
	return nil
}

// SetNegative adds kind to the puzzle's "negative" list.
func (f *FPuzzle) SetNegative(kind string) error {
	var list []string
	json.Unmarshal(f.Raw["negative"], &list)
	if slices.Contains(list, kind) {
		return nil
	}
	return f.Set("negative", append(list, kind))
}

// Name returns the f-puzzles name of cell c: "R1C1".
func (f *FPuzzle) Name(c int) string { return fpName(f.Size, c) }

// Names returns the f-puzzles names of cells.
func (f *FPuzzle) Names(cells []int) []string { return fpNames(f.Size, cells) }

// OutsideName returns the f-puzzles name of a place beside the grid, row
// and column 0-based (-1 or N on the side of the clue): "R0C4".
func (f *FPuzzle) OutsideName(row, col int) string { return fmt.Sprintf("R%dC%d", row+1, col+1) }

// FPLines is the entry of the line kinds: {"lines": [["R1C1", ...]]}.
type FPLines struct {
	Lines [][]string      `json:"lines"`
	Value json.RawMessage `json:"value,omitempty"`
}

// FPCells is an entry of cells, with a value for some kinds.
type FPCells struct {
	Cells []string        `json:"cells"`
	Value json.RawMessage `json:"value,omitempty"`
}

// FPClue is an entry of one place (a cell, or a clue beside the grid).
type FPClue struct {
	Cell  string          `json:"cell"`
	Value json.RawMessage `json:"value,omitempty"`
}

// ReadLines reads every line of every entry of key (each line a list of
// at least min cells), calling add with the cells and the entry's raw
// value.
func (f *FPuzzle) ReadLines(key string, min int, add func(cells []int, value []byte) error) error {
	var entries []FPLines
	if err := f.Decode(key, &entries); err != nil {
		return err
	}
	for i, e := range entries {
		if len(e.Lines) == 0 {
			return f.Errorf(key, i, "no line")
		}
		for _, line := range e.Lines {
			cells, err := f.Cells(key, i, line, min)
			if err != nil {
				return err
			}
			if err := add(cells, e.Value); err != nil {
				return f.Errorf(key, i, "%v", err)
			}
		}
	}
	return nil
}

// Regions returns the region of each cell of f's grid: the one its
// entry gives, else its box; -1 for a cell in no region (null) or where
// the size has no boxes. The kinds that read regions (region sum lines,
// the houses of sums) read them so.
func (f *FPuzzle) Regions() []int {
	n := f.Size
	out := make([]int, n*n)
	r, err := Sized(n)
	for c := range out {
		out[c] = -1
		if err == nil {
			out[c] = fpBox(r, c)
		}
	}
	var grid [][]fpCell
	if err != nil || json.Unmarshal(f.Raw["grid"], &grid) != nil {
		return out
	}
	for row, cells := range grid {
		for col, e := range cells {
			if row >= n || col >= n || e.Region == nil {
				continue
			}
			if g, err := fpRegion(r, row*n+col, e.Region); err == nil {
				out[row*n+col] = g
			}
		}
	}
	return out
}
