package ilp

import (
	"fmt"

	"sudoku"
)

// This file lets the constraints of modern variants (thermometers, kropki
// dots, XV, arrows, ...) write their own rows: *Model is a sudoku.Model.
// New hands the model to each constraint of the board in turn
// (Constraint.Rows), with no knowledge of the kinds, then names what each
// one wrote so that LP, MPS and OPB readers can tell them apart.

var _ sudoku.Model = (*Model)(nil)

// Cell returns the variable x(c, d): cell c (row-major) holds digit d.
// A cell or digit off the grid gives -1, which check reports by row.
func (m *Model) Cell(c, d int) sudoku.Var {
	n := 9
	if m.Board != nil {
		n = m.Board.Size()
	}
	switch {
	case c < 0 || c >= n*n || d < 1 || d > n || m.Formulation != ZeroOne:
		return -1
	case m.Board != nil:
		return sudoku.Var(boardVar(n, c, d))
	}
	return sudoku.Var(VarIndex(c/9, c%9, d))
}

// Binary adds a 0-1 variable named name (an auxiliary one, at no cost in
// the objective) and returns it.
func (m *Model) Binary(name string) sudoku.Var {
	m.Vars = append(m.Vars, Var{Name: lpName(name), Upper: 1})
	m.Objective = append(m.Objective, 0)
	return sudoku.Var(len(m.Vars) - 1)
}

// Row adds the row sum(terms) sense rhs, named name. Terms on one
// variable are merged and zero coefficients dropped (OPB and gophersat
// want each variable once in a row). A row left with no term is dropped
// when 0 keeps it; otherwise it keeps one zero term, and makes the model
// infeasible, as it should.
func (m *Model) Row(name string, terms []sudoku.Term, sense sudoku.Sense, rhs int) {
	r := Row{Name: lpName(name), Terms: mergeTerms(terms), RHS: rhs, Sense: senseOf(sense)}
	if len(r.Terms) == 0 {
		if r.Sense.holds(0, rhs) {
			return
		}
		r.Terms = []Term{{Var: 0, Coef: 0}}
	}
	m.Rows = append(m.Rows, r)
}

// senseOf maps a constraint's sense to a row's.
func senseOf(s sudoku.Sense) Sense {
	switch s {
	case sudoku.AtMost:
		return LE
	case sudoku.AtLeast:
		return GE
	}
	return Eq
}

// mergeTerms adds up the coefficients of each variable, in the order the
// variables first appear, and leaves out those that come to 0.
func mergeTerms(terms []sudoku.Term) []Term {
	at := make(map[sudoku.Var]int, len(terms))
	out := make([]Term, 0, len(terms))
	for _, t := range terms {
		if i, ok := at[t.Var]; ok {
			out[i].Coef += t.Coef
			continue
		}
		at[t.Var] = len(out)
		out = append(out, Term{Var: int(t.Var), Coef: t.Coef})
	}
	kept := out[:0]
	for _, t := range out {
		if t.Coef != 0 {
			kept = append(kept, t)
		}
	}
	return kept
}

// lpName makes a name every format reads: letters, digits and '_' (any
// other character becomes '_'), starting with a letter.
func lpName(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || !(b[0] >= 'a' && b[0] <= 'z' || b[0] >= 'A' && b[0] <= 'Z') {
		return "c" + string(b)
	}
	return string(b)
}

// boardConstraints has every constraint of the board write its rows and
// binaries into m (cosmetic ones write none), then names them: those of
// the k-th constraint of a kind are kind_k when the constraint named them
// after its kind, kind_k_name otherwise, with _j (1, 2, ...) after when
// it wrote several of one name: "thermometer_3_2" is the second row of
// the third thermometer. Names stay unique.
func (m *Model) boardConstraints(cs []sudoku.Constraint) {
	count := map[string]int{}
	firstVar := len(m.Vars)
	rowNames := make(map[string]bool, len(m.Rows))
	for _, r := range m.Rows {
		rowNames[r.Name] = true
	}
	for _, c := range cs {
		kind := lpName(c.Kind())
		count[kind]++
		rows, vars := len(m.Rows), len(m.Vars)
		c.Rows(m)
		prefix := fmt.Sprintf("%s_%d", kind, count[kind])
		nameAll(rowNamesOf(m.Rows[rows:]), kind, prefix, rowNames)
		nameAll(varNamesOf(m.Vars[vars:]), kind, prefix, nil)
		m.tally(kind, len(m.Rows)-rows, len(m.Vars)-vars)
	}
	varNames := make(map[string]bool, len(m.Vars))
	for _, v := range m.Vars[:firstVar] {
		varNames[v.Name] = true
	}
	for i := firstVar; i < len(m.Vars); i++ {
		m.Vars[i].Name = unique(m.Vars[i].Name, varNames)
	}
}

// tally counts rows and binaries a constraint of kind wrote.
func (m *Model) tally(kind string, rows, bins int) {
	if rows+bins == 0 {
		return
	}
	for i := range m.written {
		if m.written[i].kind == kind {
			m.written[i].rows += rows
			m.written[i].bins += bins
			return
		}
	}
	m.written = append(m.written, kindRows{kind, rows, bins})
}

// describeWritten words what the constraints wrote, in lines for
// Describe: "constraints' own rows: thermometer_ 12, difference_ 40
// (+ 4 binaries)".
func (m *Model) describeWritten() []string {
	if len(m.written) == 0 {
		return nil
	}
	var parts []string
	for _, k := range m.written {
		p := fmt.Sprintf("%s_ %d", k.kind, k.rows)
		if k.bins > 0 {
			p += fmt.Sprintf(" (+ %d binaries)", k.bins)
		}
		parts = append(parts, p)
	}
	return wrapWords("constraints' own rows (kind_K is the K-th of its kind): ", parts, 76)
}

// wrapWords joins parts with ", " after head, in lines of at most width
// characters where it can.
func wrapWords(head string, parts []string, width int) []string {
	var lines []string
	line := head
	for i, p := range parts {
		if i < len(parts)-1 {
			p += ","
		}
		if len(line)+len(p)+1 > width && line != head {
			lines = append(lines, line)
			line = ""
		}
		if line != "" && line != head {
			line += " "
		}
		line += p
	}
	return append(lines, line)
}

func rowNamesOf(rows []Row) []*string {
	out := make([]*string, len(rows))
	for i := range rows {
		out[i] = &rows[i].Name
	}
	return out
}

func varNamesOf(vars []Var) []*string {
	out := make([]*string, len(vars))
	for i := range vars {
		out[i] = &vars[i].Name
	}
	return out
}

// nameAll names what one constraint wrote (see boardConstraints), each
// name made unique among taken when taken is not nil.
func nameAll(names []*string, kind, prefix string, taken map[string]bool) {
	total := map[string]int{}
	for _, p := range names {
		total[*p]++
	}
	seen := map[string]int{}
	for _, p := range names {
		given := *p
		seen[given]++
		name := prefix
		if given != kind {
			name += "_" + given
		}
		if total[given] > 1 {
			name += fmt.Sprintf("_%d", seen[given])
		}
		if taken != nil {
			name = unique(name, taken)
		}
		*p = name
	}
}

// unique returns name, or name_dup2, name_dup3, ... when taken holds
// it, and marks the result taken.
func unique(name string, taken map[string]bool) string {
	out := name
	for i := 2; taken[out]; i++ {
		out = fmt.Sprintf("%s_dup%d", name, i)
	}
	taken[out] = true
	return out
}
