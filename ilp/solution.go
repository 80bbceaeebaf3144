package ilp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"sudoku"
)

// Grid reads a grid off values, one per variable of m: for the 0-1 model
// the digit d of each cell whose x_r_c_d is 1, for the sums model the
// values themselves. It fails when the values do not make a grid: a
// variable out of its bounds, a cell with no digit or two. The grid itself
// need not be a Sudoku (the sums model's answers are not).
func (m *Model) Grid(values []int) (sudoku.Grid, error) {
	var g sudoku.Grid
	if len(values) != len(m.Vars) {
		return g, fmt.Errorf("ilp: %d values for %d variables", len(values), len(m.Vars))
	}
	for i, v := range values {
		if v < m.Vars[i].Lower || v > m.Vars[i].Upper {
			return g, fmt.Errorf("ilp: %s = %d, outside its bounds %d..%d", m.Vars[i].Name, v, m.Vars[i].Lower, m.Vars[i].Upper)
		}
	}
	if m.Formulation == Sums {
		for c, v := range values {
			g[c] = uint8(v)
		}
		return g, nil
	}
	for i, v := range values {
		if v == 0 {
			continue
		}
		r, c, d := VarAt(i)
		cl := sudoku.CellAt(r, c)
		if g[cl] != 0 {
			return g, fmt.Errorf("ilp: the solution puts both %d and %d in %v: is it a solution of this puzzle's model?", g[cl], d, cl)
		}
		g[cl] = uint8(d)
	}
	for c, v := range g {
		if v == 0 {
			return g, fmt.Errorf("ilp: the solution puts no digit in %v (no x_r%d_c%d_dD is 1): is it a solution of this puzzle's model?", sudoku.Cell(c), c/9+1, c%9+1)
		}
	}
	return g, nil
}

// CBCSolution is a solution file written by CBC's "solu" command.
type CBCSolution struct {
	Status    string  // the first line up to " - objective value", e.g. "Optimal"
	Objective float64 // the objective value CBC reports
	Values    []int   // one per variable of the model, rounded; unlisted ones are 0
}

// ReadCBCSolution reads the solution file CBC writes with
// "cbc model.lp solve solu FILE": a status line such as "Optimal -
// objective value 29565.00000000", then one line per nonzero variable,
// "index name value reduced-cost" (index 0-based; the line starts with
// "**" when the value breaks a bound). Variables are matched to m's by
// name. A status other than Optimal, an unknown name or a value that is
// not an integer is an error naming the line.
func ReadCBCSolution(r io.Reader, m *Model) (*CBCSolution, error) {
	byName := make(map[string]int, len(m.Vars))
	for i, v := range m.Vars {
		byName[v.Name] = i
	}
	sc := bufio.NewScanner(r)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, err
		}
		return nil, &sudoku.ParseError{Line: 1, Msg: "empty CBC solution file"}
	}
	head := strings.TrimSpace(sc.Text())
	s := &CBCSolution{Values: make([]int, len(m.Vars))}
	status, obj, ok := strings.Cut(head, " - objective value ")
	if !ok {
		return nil, &sudoku.ParseError{Line: 1, Msg: fmt.Sprintf("not a CBC solution file: its first line should read like \"Optimal - objective value 29565\", got %q", shorten(head))}
	}
	s.Status = strings.TrimSpace(status)
	var err error
	if s.Objective, err = strconv.ParseFloat(strings.TrimSpace(obj), 64); err != nil {
		return nil, &sudoku.ParseError{Line: 1, Msg: fmt.Sprintf("objective value %q: not a number", obj)}
	}
	if s.Status != "Optimal" {
		return s, fmt.Errorf("ilp: CBC found no solution: %s", head)
	}
	for n := 2; sc.Scan(); n++ {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "**"))
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, &sudoku.ParseError{Line: n, Msg: fmt.Sprintf("a variable's line reads \"index name value reduced-cost\", got %q", shorten(sc.Text()))}
		}
		i, ok := byName[f[1]]
		if !ok {
			return nil, &sudoku.ParseError{Line: n, Msg: fmt.Sprintf("unknown variable %q: the file is not a solution of this puzzle's model", shorten(f[1]))}
		}
		v, err := strconv.ParseFloat(f[2], 64)
		if err != nil || math.Abs(v-math.Round(v)) > 1e-6 {
			return nil, &sudoku.ParseError{Line: n, Msg: fmt.Sprintf("%s = %s: not an integer", f[1], f[2])}
		}
		s.Values[i] = int(math.Round(v))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &sudoku.ParseError{Msg: "a line is too long for a CBC solution file"}
		}
		return nil, err
	}
	return s, nil
}

// shorten cuts text quoted in a message to 60 characters.
func shorten(t string) string {
	if r := []rune(t); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return t
}
