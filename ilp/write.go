package ilp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Formats lists the file formats Write knows.
var Formats = []string{"lp", "mps", "opb"}

// Write writes m to w in the named format: "lp" (CPLEX LP), "mps" (free
// MPS) or "opb" (the pseudo-boolean competition format, 0-1 models only).
func Write(w io.Writer, m *Model, format string) error {
	if err := m.check(); err != nil {
		return err
	}
	switch format {
	case "lp":
		return WriteLP(w, m)
	case "mps":
		return WriteMPS(w, m)
	case "opb":
		return WriteOPB(w, m)
	}
	return fmt.Errorf("unknown format %q (want lp, mps or opb)", format)
}

// Describe returns the comment lines every writer puts first: what the
// model is, its dimensions, the puzzle and the objective.
func (m *Model) Describe() []string {
	if m.Board != nil {
		return m.describeBoard()
	}
	var d []string
	rules, clues := len(m.Rows), 0
	for _, r := range m.Rows {
		if strings.HasPrefix(r.Name, "clue_") {
			clues++
		}
	}
	rules -= clues
	switch m.Formulation {
	case ZeroOne:
		d = append(d, "Sudoku as a 0-1 integer program (the seed articles' intlinprog model)",
			"x_rR_cC_dD = 1 when row R, column C holds digit D; rows: one digit per cell,",
			"each digit once per row, once per column, once per 3x3 box (cell_, row_, col_, box_)")
	case Sums:
		d = append(d, "Sudoku's insufficient sums model (the Chinese article's first attempt): a lesson",
			"x_rR_cC in 1..9 is the digit in row R, column C; every row, column and box sums to 45;",
			"nothing forbids repeats, so the optimum need not be a Sudoku")
	}
	d = append(d, "puzzle: "+m.Puzzle.Line('.'))
	dims := fmt.Sprintf("%d variables, %d rows", len(m.Vars), len(m.Rows))
	if clues > 0 {
		dims += fmt.Sprintf(" (%d rules + %d clue rows)", rules, clues)
	}
	dims += fmt.Sprintf(", %d nonzeros", m.Nonzeros())
	if n := m.Puzzle.Clues(); m.Options.Clues == ClueBounds {
		dims += fmt.Sprintf("; %d clues fixed by bounds", n)
	}
	d = append(d, dims)
	switch {
	case m.Formulation == ZeroOne && m.Options.Objective == ObjIndex:
		d = append(d, "objective f = 1..729 in MATLAB's x(:) order: constant, 29565 for every solution")
	case m.Formulation == ZeroOne && m.Options.Objective == ObjOnes:
		d = append(d, "objective f = ones: constant, 81 for every solution")
	case m.Formulation == Sums && m.Options.Objective != ObjNone:
		d = append(d, "objective f = ones: constant, 405 for every feasible point")
	default:
		d = append(d, "no objective: a feasibility problem")
	}
	return d
}

// WriteLP writes m in CPLEX LP format, which HiGHS, CBC, GLPK (glpsol
// --lp), Gurobi, CPLEX and SCIP read. Variables with bounds 0..1 go in the
// Binaries section; others get a Bounds line and go in Generals.
func WriteLP(w io.Writer, m *Model) error {
	if err := m.check(); err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	for _, line := range m.Describe() {
		fmt.Fprintf(b, "\\ %s\n", line)
	}
	b.WriteString("Minimize\n obj:")
	lw := &lineWrap{w: b, n: 5}
	any := false
	for i, f := range m.Objective {
		if f != 0 {
			lw.term(f, m.Vars[i].Name, !any)
			any = true
		}
	}
	if !any && len(m.Vars) > 0 {
		lw.term(0, m.Vars[0].Name, true) // an empty objective some readers refuse
	}
	b.WriteString("\nSubject To\n")
	for _, r := range m.Rows {
		fmt.Fprintf(b, " %s:", r.Name)
		lw := &lineWrap{w: b, n: len(r.Name) + 2}
		for j, t := range r.Terms {
			lw.term(t.Coef, m.Vars[t.Var].Name, j == 0)
		}
		fmt.Fprintf(b, " %s %d\n", r.Sense.op(), r.RHS)
	}
	var bins, gens []string
	b.WriteString("Bounds\n")
	for _, v := range m.Vars {
		switch {
		case v.Lower == 0 && v.Upper == 1:
			bins = append(bins, v.Name)
			continue
		case v.Lower == v.Upper:
			fmt.Fprintf(b, " %s = %d\n", v.Name, v.Lower)
		default:
			fmt.Fprintf(b, " %d <= %s <= %d\n", v.Lower, v.Name, v.Upper)
		}
		gens = append(gens, v.Name)
	}
	writeNames(b, "Binaries", bins)
	writeNames(b, "Generals", gens)
	b.WriteString("End\n")
	return b.Flush()
}

// lineWrap writes linear terms, breaking lines before they pass 78
// columns: some LP readers limit the line length.
type lineWrap struct {
	w *bufio.Writer
	n int // column reached
}

func (l *lineWrap) term(coef int, name string, first bool) {
	var s string
	switch {
	case coef == 1 && first:
		s = name
	case coef == 1:
		s = "+ " + name
	case coef == -1:
		s = "- " + name
	case coef < 0:
		s = "- " + strconv.Itoa(-coef) + " " + name
	case first:
		s = strconv.Itoa(coef) + " " + name
	default:
		s = "+ " + strconv.Itoa(coef) + " " + name
	}
	if l.n+1+len(s) > 78 {
		l.w.WriteString("\n  ")
		l.n = 2
	}
	l.w.WriteByte(' ')
	l.w.WriteString(s)
	l.n += 1 + len(s)
}

func writeNames(b *bufio.Writer, section string, names []string) {
	if len(names) == 0 {
		return
	}
	b.WriteString(section + "\n")
	n := 0
	for _, name := range names {
		if n > 0 && n+1+len(name) > 78 {
			b.WriteByte('\n')
			n = 0
		}
		b.WriteByte(' ')
		b.WriteString(name)
		n += 1 + len(name)
	}
	b.WriteByte('\n')
}

// WriteMPS writes m in free MPS format (names longer than fixed MPS's 8
// characters, fields separated by spaces), which CBC, HiGHS, GLPK
// (glpsol --freemps), Gurobi, CPLEX and SCIP read. Every column is
// integer (between MARKER lines); bounds are BV for 0..1, FX for a fixed
// variable, LI and UI otherwise.
func WriteMPS(w io.Writer, m *Model) error {
	if err := m.check(); err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	for _, line := range m.Describe() {
		fmt.Fprintf(b, "* %s\n", line)
	}
	fmt.Fprintf(b, "NAME sudoku_%s\nROWS\n N obj\n", m.Formulation)
	for _, r := range m.Rows {
		fmt.Fprintf(b, " %s %s\n", map[Sense]string{Eq: "E", LE: "L", GE: "G"}[r.Sense], r.Name)
	}
	cols := make([][]Term, len(m.Vars)) // the transpose: per variable, (row, coef)
	for i, r := range m.Rows {
		for _, t := range r.Terms {
			if t.Coef != 0 {
				cols[t.Var] = append(cols[t.Var], Term{Var: i, Coef: t.Coef})
			}
		}
	}
	b.WriteString("COLUMNS\n    MARKER 'MARKER' 'INTORG'\n")
	for i, v := range m.Vars {
		if m.Objective[i] != 0 {
			fmt.Fprintf(b, "    %s obj %d\n", v.Name, m.Objective[i])
		}
		for _, t := range cols[i] {
			fmt.Fprintf(b, "    %s %s %d\n", v.Name, m.Rows[t.Var].Name, t.Coef)
		}
	}
	b.WriteString("    MARKER 'MARKER' 'INTEND'\nRHS\n")
	for _, r := range m.Rows {
		if r.RHS != 0 {
			fmt.Fprintf(b, "    RHS %s %d\n", r.Name, r.RHS)
		}
	}
	b.WriteString("BOUNDS\n")
	for _, v := range m.Vars {
		switch {
		case v.Lower == 0 && v.Upper == 1:
			fmt.Fprintf(b, " BV BND %s\n", v.Name)
		case v.Lower == v.Upper:
			fmt.Fprintf(b, " FX BND %s %d\n", v.Name, v.Lower)
		default:
			fmt.Fprintf(b, " LI BND %s %d\n UI BND %s %d\n", v.Name, v.Lower, v.Name, v.Upper)
		}
	}
	b.WriteString("ENDATA\n")
	return b.Flush()
}

// WriteOPB writes a 0-1 model in the OPB format of the pseudo-boolean
// competitions, read by gophersat, RoundingSat, Sat4j, clasp and others.
// OPB names variables x1, x2, ...: x(i+1) is m.Vars[i], and for the 0-1
// model that is MATLAB's x(:) order, written out in a comment. OPB has no
// bounds: a variable with lower bound 1 becomes a row "+1 xN >= 1", one
// with upper bound 0 a row "+1 xN = 0".
func WriteOPB(w io.Writer, m *Model) error {
	if err := m.check(); err != nil {
		return err
	}
	if !m.PseudoBoolean() {
		return fmt.Errorf("ilp: OPB needs 0-1 variables; the %s model has integers (write lp or mps)", m.Formulation)
	}
	var fixed []string
	for i, v := range m.Vars {
		switch {
		case v.Lower == 1 && v.Upper == 1:
			fixed = append(fixed, fmt.Sprintf("+1 x%d >= 1 ;", i+1))
		case v.Upper == 0:
			fixed = append(fixed, fmt.Sprintf("+1 x%d = 0 ;", i+1))
		}
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "* #variable= %d #constraint= %d\n", len(m.Vars), len(m.Rows)+len(fixed))
	for _, line := range m.Describe() {
		fmt.Fprintf(b, "* %s\n", line)
	}
	if m.Formulation == ZeroOne && m.Board == nil {
		b.WriteString("* variables: x1 = x_r1_c1_d1, x2 = x_r2_c1_d1, ..., x9 = x_r9_c1_d1, x10 = x_r1_c2_d1, ...,\n")
		b.WriteString("* x81 = x_r9_c9_d1, x82 = x_r1_c1_d2, ..., x729 = x_r9_c9_d9: x(r,c,d) is x{r + 9(c-1) + 81(d-1)}\n")
	}
	any := false
	for i, f := range m.Objective {
		if f == 0 {
			continue
		}
		if !any {
			b.WriteString("min:")
			any = true
		}
		fmt.Fprintf(b, " %+d x%d", f, i+1)
	}
	if any {
		b.WriteString(" ;\n")
	}
	for i, r := range m.Rows {
		if fam := family(r.Name); i == 0 || fam != family(m.Rows[i-1].Name) {
			j := i
			for j+1 < len(m.Rows) && family(m.Rows[j+1].Name) == fam {
				j++
			}
			fmt.Fprintf(b, "* constraints %d-%d: %s .. %s\n", i+1, j+1, r.Name, m.Rows[j].Name)
		}
		writeOPBRow(b, r)
	}
	if len(fixed) > 0 {
		fmt.Fprintf(b, "* constraints %d-%d: the bounds (OPB has none): lower bound 1 as >= 1, upper bound 0 as = 0\n",
			len(m.Rows)+1, len(m.Rows)+len(fixed))
		for _, f := range fixed {
			b.WriteString(f + "\n")
		}
	}
	return b.Flush()
}

// writeOPBRow writes one row as OPB has it: "=" or ">=" with integer
// coefficients, a <= row negated into a >= one.
func writeOPBRow(b *bufio.Writer, r Row) {
	sign, op := 1, "="
	switch r.Sense {
	case LE:
		sign, op = -1, ">="
	case GE:
		op = ">="
	}
	for _, t := range r.Terms {
		fmt.Fprintf(b, "%+d x%d ", sign*t.Coef, t.Var+1)
	}
	fmt.Fprintf(b, "%s %d ;\n", op, sign*r.RHS)
}

// op is the sense as LP writes it.
func (s Sense) op() string {
	switch s {
	case LE:
		return "<="
	case GE:
		return ">="
	}
	return "="
}

// family returns a row name's prefix up to its first '_': "cell", "row", ...
func family(name string) string {
	f, _, _ := strings.Cut(name, "_")
	return f
}

// check reports what would make a writer fail on a hand-built model: no
// model, an objective of the wrong length, a term naming no variable.
func (m *Model) check() error {
	if m == nil {
		return fmt.Errorf("ilp: no model")
	}
	if len(m.Objective) != len(m.Vars) {
		return fmt.Errorf("ilp: %d objective coefficients for %d variables", len(m.Objective), len(m.Vars))
	}
	for _, r := range m.Rows {
		for _, t := range r.Terms {
			if t.Var < 0 || t.Var >= len(m.Vars) {
				return fmt.Errorf("ilp: row %s names variable %d of %d", r.Name, t.Var, len(m.Vars))
			}
		}
	}
	return nil
}
