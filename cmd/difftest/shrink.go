package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"sudoku"
)

// shrink takes givens out of a case one at a time, keeping each removal
// after which side is still wrong by definition: what is left is a
// smaller case of the same fault, to study and to report. The ILP worker
// makes cases from their spec, so it is left out.
func (r *runner) shrink(c *aCase, who string, w io.Writer) (outcomeOf, error) {
	if c.board == nil {
		return outcomeOf{}, fmt.Errorf("%s: no board to shrink", c.spec)
	}
	keep := r.anchors
	r.anchors = slices.DeleteFunc(slices.Clone(r.anchors), func(s *side) bool { return s.name == "ilp" })
	defer func() { r.anchors = keep }()
	o := r.runCase(c)
	if _, ok := o.v.wrong[who]; !ok {
		return o, fmt.Errorf("%s: %s is not wrong on this case", c.spec, who)
	}
	for i, v := range c.board.Cells {
		if v == 0 {
			continue
		}
		c.setGiven(i, 0)
		next := r.runCase(c)
		if _, ok := next.v.wrong[who]; ok {
			o = next
			c.givens--
			continue
		}
		c.setGiven(i, v)
	}
	c.setGiven(0, c.board.Cells[0]) // the forms of what is left
	fmt.Fprintf(w, "shrunk to %d givens: %s\n", c.givens, caseLine(o))
	return o, nil
}

// setGiven sets cell i's given (0: none) and writes the anchors' forms
// again.
func (c *aCase) setGiven(i int, v uint8) {
	c.board.Cells[i] = v
	if c.board.Marks != nil {
		c.board.Marks[i] = sudoku.AllDigits(c.n)
		if v != 0 {
			c.board.Marks[i] = sudoku.DigitOf(int(v))
		}
	}
	c.fp, c.fpErr = sudoku.FormatFPuzzles(c.board)
	c.iss, c.issErr = formatISS(c.board)
}

// writeShrunk writes a shrunk case to dir as <kinds>-<seed>-shrunk.json.
func writeShrunk(dir string, o outcomeOf) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	b, err := json.MarshalIndent(caseJSON(o), "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%d-shrunk.json", o.c.spec.label(), o.c.seed))
	return path, os.WriteFile(path, append(b, '\n'), 0o644)
}
