package ilp

import (
	"errors"
	"strings"
	"testing"

	"sudoku"
	"sudoku/solver"
)

// The MathWorks example's puzzle (21 clues, from its clue matrix B), the
// Chinese article's puzzle (30 clues), and small cases.
const (
	mathworks    = ".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2."
	mathworksSol = "925631847618574293374982561749826135852413976163795482287359614491267358536148729"
	article      = "1.5.2....\n...743..5\n3.7.....9\n.2....45.\n.6.4.1.8.\n.74....6.\n2.....3.8\n4..856...\n....3.5.6"
	impossible   = "1234567.." + ".......89" // r1c8, r1c9 need 8 or 9, both taken in their box
	twoSolutions = "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"
)

// grid reads an 81-cell puzzle, '.' empty, ignoring newlines; the rest of
// the grid is empty when s is shorter.
func grid(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	var g sudoku.Grid
	i := 0
	for _, ch := range s {
		switch {
		case ch == '\n':
			continue
		case ch >= '1' && ch <= '9':
			g[i] = uint8(ch - '0')
		case ch != '.':
			t.Fatalf("grid %q: unexpected %q", s, ch)
		}
		i++
	}
	return g
}

func TestDimensions(t *testing.T) {
	g := grid(t, mathworks)
	tests := []struct {
		name                    string
		build                   func(sudoku.Grid, Options) (*Model, error)
		opt                     Options
		vars, rows, nonzeros    int
		fixedByBounds, binaries int
	}{
		{"0-1, clues as rows", newGrid, Options{Clues: ClueRows}, 729, 324 + 21, 2916 + 21, 0, 729},
		{"0-1, clues as bounds", newGrid, Options{Clues: ClueBounds}, 729, 324, 2916, 21, 708},
		{"sums, clues as rows", NewSums, Options{Clues: ClueRows}, 81, 27 + 21, 243 + 21, 0, 0},
		{"sums, clues as bounds", NewSums, Options{Clues: ClueBounds}, 81, 27, 243, 21, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := tt.build(g, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			fixed, bins := 0, 0
			for _, v := range m.Vars {
				if v.Lower == v.Upper {
					fixed++
				}
				if v.Lower == 0 && v.Upper == 1 {
					bins++
				}
			}
			got := []int{len(m.Vars), len(m.Rows), m.Nonzeros(), fixed, bins, len(m.Objective)}
			want := []int{tt.vars, tt.rows, tt.nonzeros, tt.fixedByBounds, tt.binaries, tt.vars}
			if !slicesEqual(got, want) {
				t.Errorf("vars, rows, nonzeros, fixed, binaries, objective: got %v, want %v", got, want)
			}
		})
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestVarNumbering(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < NumVars; i++ {
		r, c, d := VarAt(i)
		if VarIndex(r, c, d) != i {
			t.Fatalf("VarIndex(VarAt(%d)): got %d", i, VarIndex(r, c, d))
		}
		seen[VarName(i)] = true
	}
	if len(seen) != NumVars {
		t.Errorf("distinct names: got %d, want %d", len(seen), NumVars)
	}
	// MATLAB's x(:) order: x(2,1,1) is the second variable, x(1,2,1) the tenth.
	for _, tt := range []struct {
		i    int
		name string
	}{{0, "x_r1_c1_d1"}, {1, "x_r2_c1_d1"}, {9, "x_r1_c2_d1"}, {81, "x_r1_c1_d2"}, {728, "x_r9_c9_d9"}} {
		if got := VarName(tt.i); got != tt.name {
			t.Errorf("VarName(%d): got %s, want %s", tt.i, got, tt.name)
		}
	}
}

// Every variable lies in exactly one row of each family, and the rows
// are the four families in order.
func TestRuleRows(t *testing.T) {
	m, err := New(sudoku.BoardOf(sudoku.Grid{}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Rows) != NumRuleRows {
		t.Fatalf("rows: got %d, want %d", len(m.Rows), NumRuleRows)
	}
	families := []string{"cell_", "row_", "col_", "box_"}
	var count [4][NumVars]int
	for i, r := range m.Rows {
		f := i / 81
		if !strings.HasPrefix(r.Name, families[f]) || len(r.Terms) != 9 || r.RHS != 1 {
			t.Fatalf("row %d: %s with %d terms = %d, want a %s row of 9 terms = 1", i, r.Name, len(r.Terms), r.RHS, families[f])
		}
		for _, tm := range r.Terms {
			count[f][tm.Var]++
		}
	}
	for f := range count {
		for v, n := range count[f] {
			if n != 1 {
				t.Fatalf("%s appears in %d %s rows, want 1", VarName(v), n, families[f])
			}
		}
	}
}

// f'x is the same for every solution: 29565 for f = 1..729, 81 for ones.
func TestObjectiveIsConstant(t *testing.T) {
	for _, p := range []string{mathworks, twoSolutions, ""} {
		g := grid(t, p)
		r := classicSearch(solver.Fast, g, 5)
		if r.Count == 0 {
			t.Fatalf("%s: no solution", p)
		}
		for _, tt := range []struct {
			o    Objective
			want int
		}{{ObjIndex, 29565}, {ObjOnes, 81}, {ObjNone, 0}} {
			m, err := New(sudoku.BoardOf(g), Options{Objective: tt.o})
			if err != nil {
				t.Fatal(err)
			}
			if got := cost(m, r.Grid()); got != tt.want {
				t.Errorf("f = %v, solution %s: f'x got %d, want %d", tt.o, r.Grid(), got, tt.want)
			}
		}
	}
}

// cost returns f'x for the 0-1 point of a filled grid.
func cost(m *Model, g sudoku.Grid) int {
	n := 0
	for c, d := range g {
		cl := sudoku.Cell(c)
		n += m.Objective[VarIndex(cl.Row(), cl.Col(), int(d))]
	}
	return n
}

func TestConflictRejected(t *testing.T) {
	g := grid(t, "5..5")
	for name, build := range map[string]func(sudoku.Grid, Options) (*Model, error){"New": newGrid, "NewSums": NewSums} {
		m, err := build(g, Options{})
		var ce *sudoku.ConflictError
		if m != nil || !errors.As(err, &ce) {
			t.Fatalf("%s: got %v, %v, want a *sudoku.ConflictError", name, m, err)
		}
		if got, want := err.Error(), "r1c1 and r1c4 are both 5 in row 1"; got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	g = sudoku.Grid{10}
	var ve *sudoku.ValueError
	if _, err := New(sudoku.BoardOf(g), Options{}); !errors.As(err, &ve) {
		t.Errorf("value 10: got %v, want a *sudoku.ValueError", err)
	}
}

func TestGrid(t *testing.T) {
	g := grid(t, mathworks)
	sol := grid(t, mathworksSol)
	m, _ := New(sudoku.BoardOf(g), Options{})
	values := make([]int, NumVars)
	for c, d := range sol {
		cl := sudoku.Cell(c)
		values[VarIndex(cl.Row(), cl.Col(), int(d))] = 1
	}
	if got, err := m.Grid(values); err != nil || got != sol {
		t.Errorf("Grid: got %v, %v, want %v", got, err, sol)
	}
	d := int(sol[0]) // r1c1's digit
	other := d%9 + 1
	values[VarIndex(0, 0, other)] = 1
	if _, err := m.Grid(values); err == nil || !strings.Contains(err.Error(), "puts both") {
		t.Errorf("two digits: got %v, want r1c1 holds both", err)
	}
	values[VarIndex(0, 0, other)], values[VarIndex(0, 0, d)] = 0, 0
	if _, err := m.Grid(values); err == nil || !strings.Contains(err.Error(), "no digit in r1c1") {
		t.Errorf("no digit: got %v, want r1c1 holds no digit", err)
	}
	values[0] = 2
	if _, err := m.Grid(values); err == nil || !strings.Contains(err.Error(), "outside its bounds") {
		t.Errorf("value 2: got %v, want outside its bounds", err)
	}
}

// newGrid is New of classic grid g.
func newGrid(g sudoku.Grid, o Options) (*Model, error) { return New(sudoku.BoardOf(g), o) }
