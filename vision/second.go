package vision

import (
	"errors"
	"slices"
	"sort"

	"sudoku"
	"sudoku/solver"
)

// look is one way of thresholding the board again for a cell read as
// empty: threshold's percentage and margin, and whether rows and columns
// that ink crosses from side to side are cleared first.
type look struct {
	pct, diff int
	unline    bool
}

// looks are the thresholds of the second look, each tried: two more
// sensitive than boardInk's (92, 6), and boardInk's with the lines across
// the cell cleared.
var looks = [...]look{{96, 3, false}, {92, 6, true}, {97, 2, false}}

// The second look's rules, chosen on the training photos (read with the
// model trained on them, no noise blob of a printed photo passes them) and
// on those numbered 1 mod 5 and 2 mod 5 read with models trained without
// them.
const (
	// minSNR is the contrast (digit.contrast) a new look's reading needs
	// at least, blobSNR that of a blob the first reading found (ink the
	// first threshold caught: a digit is inked firmly, noise blobs of
	// printed photos stood out by 0.8 to 2.9).
	minSNR, blobSNR = 2.0, 4.0
	// lookConf is the probability a new look's digit needs in a grid with
	// one solution, fillConf in a grid with more than one, where the
	// readings must also pin the solution down.
	lookConf, fillConf = 0.9, 0.75
	// blobTake is the probability a blob read as "not a digit" needs for
	// the solution's digit.
	blobTake = 0.2
	// maxFill bounds the readings added to a grid with more than one
	// solution.
	maxFill = 2
)

// reading is a cell's second reading: the model's probabilities for the
// digit found there, and how far it stands out of the paper
// (digit.contrast).
type reading struct {
	cell sudoku.Cell
	p    [Classes]float32
	snr  float64
	blob bool // the first reading's blob, read as empty
}

// secondLook reads again the cells of a grid read as empty, when the grid
// breaks no rule: a blob read as empty (by the model, or by correct), and a
// cell without a blob with more sensitive thresholds (faint pencil, glare)
// and with a line across it (a crease) cleared. Readings that do not stand
// out of the paper by blobSNR (a blob) or minSNR are dropped. When the grid
// has one solution, a reading is kept only if it gives the solution's
// digit: for a blob, if the model read it as a digit at first or gives the
// solution's digit blobTake; for a new look, if the model's most likely
// digit is the solution's with lookConf. A noise blob seldom passes. When
// the grid has more than one solution (a clue missed), see fillMissing.
func (res *Result) secondLook(bd *board, m *Model) {
	sol, err := solver.SolveGrid(res.Grid)
	switch {
	case err == nil:
		res.takeSolution(bd.rereads(res, m), sol)
	case errors.Is(err, sudoku.ErrMultipleSolutions):
		res.fillMissing(bd.rereads(res, m))
	}
}

// takeSolution keeps the readings that give the solution sol's digit.
func (res *Result) takeSolution(rs []reading, sol sudoku.Grid) {
	for _, r := range rs {
		if res.Grid[r.cell] != 0 {
			continue // taken by an earlier look at the cell
		}
		want := sol[r.cell]
		d, p := argmax(r.p)
		if r.blob && (r.p[want] >= blobTake || d != 0) || !r.blob && d == int(want) && p >= lookConf {
			res.take(r.cell, want, r.p)
		}
	}
}

// fillMissing adds the new looks' readings of fillConf, most confident
// first, while they break no rule, until the grid has one solution; it
// keeps them only if at most maxFill were needed and every such reading
// agrees with that solution.
func (res *Result) fillMissing(rs []reading) {
	conf := confident(rs)
	added, sol, ok := pinDown(res.Grid, conf)
	if !ok {
		return
	}
	for _, r := range conf {
		if d, _ := argmax(r.p); sol[r.cell] != uint8(d) {
			return
		}
	}
	for _, a := range added {
		d, _ := argmax(a.p)
		res.take(a.cell, uint8(d), a.p)
	}
}

// confident returns the new looks' readings of a digit with probability
// fillConf, most confident first.
func confident(rs []reading) []reading {
	var conf []reading
	for _, r := range rs {
		if d, p := argmax(r.p); !r.blob && d != 0 && p >= fillConf {
			conf = append(conf, r)
		}
	}
	sort.SliceStable(conf, func(i, j int) bool {
		_, pi := argmax(conf[i].p)
		_, pj := argmax(conf[j].p)
		return pi > pj
	})
	return conf
}

// pinDown adds the readings' digits to g in turn, skipping those that
// break a rule or leave no solution, until g has exactly one solution. It
// returns the readings added and the solution, or false when none pins g
// down within maxFill readings.
func pinDown(g sudoku.Grid, rs []reading) ([]reading, sudoku.Grid, bool) {
	var added []reading
	for _, r := range rs {
		d, _ := argmax(r.p)
		if g[r.cell] != 0 || len(added) == maxFill {
			continue
		}
		g[r.cell] = uint8(d)
		sol, err := solver.SolveGrid(g)
		if err != nil && !errors.Is(err, sudoku.ErrMultipleSolutions) {
			g[r.cell] = 0 // a conflict, or no solution
			continue
		}
		added = append(added, r)
		if err == nil {
			return added, sol, true
		}
	}
	return nil, g, false
}

// rereads returns the second readings of the cells read as empty that
// stand out of the paper by blobSNR (a blob) or minSNR at least.
func (bd *board) rereads(res *Result, m *Model) []reading {
	var rs []reading
	var inks [len(looks)][]bool
	for i := range res.Grid {
		if res.Grid[i] != 0 {
			continue
		}
		bx := bd.boxes[i]
		if bd.glyphs[i] == nil {
			rs = bd.looksAt(sudoku.Cell(i), &inks, m, rs)
		} else if dg, ok := cellDigit(bd.ink, bd.img.w, bx[0], bx[1], bx[2], bx[3]); ok {
			if c := dg.contrast(bd.img); c >= blobSNR {
				rs = append(rs, reading{sudoku.Cell(i), res.probs[i], c, true})
			}
		}
	}
	return rs
}

// looksAt appends to rs the readings of cell c with each of the looks
// (thresholding the board on first use into inks).
func (bd *board) looksAt(c sudoku.Cell, inks *[len(looks)][]bool, m *Model, rs []reading) []reading {
	bx := bd.boxes[c]
	w, h := bx[2]-bx[0], bx[3]-bx[1]
	for li, lk := range looks {
		if inks[li] == nil {
			inks[li] = threshold(bd.img, CellSize/2, lk.pct, lk.diff)
		}
		sub := cellInk(inks[li], bd.img.w, bx[0], bx[1], bx[2], bx[3])
		if lk.unline {
			unline(sub, w, h)
		}
		dg, ok := digitIn(sub, bx[0], bx[1], w, h)
		if !ok {
			continue
		}
		if snr := dg.contrast(bd.img); snr >= minSNR {
			rs = append(rs, reading{c, weighEmpty(m.Predict(dg.glyph(bd.img))), snr, false})
		}
	}
	return rs
}

// unline clears the rows and columns of a cell's ink (w x h) that ink
// crosses almost from side to side: a crease or a line across a digit.
func unline(ink []bool, w, h int) {
	var rows, cols []int
	for y := 0; y < h; y++ {
		if crossed(ink, y*w, 1, w) {
			rows = append(rows, y)
		}
	}
	for x := 0; x < w; x++ {
		if crossed(ink, x, w, h) {
			cols = append(cols, x)
		}
	}
	for _, y := range rows {
		clear(ink[y*w : (y+1)*w])
	}
	for _, x := range cols {
		for y := 0; y < h; y++ {
			ink[y*w+x] = false
		}
	}
}

// crossed reports whether ink holds at least 80% of the n pixels from
// start on, step apart (a row or a column).
func crossed(ink []bool, start, step, n int) bool {
	k := 0
	for i := range n {
		if ink[start+i*step] {
			k++
		}
	}
	return k*10 >= n*8
}

// take sets cell c to digit d, read with probabilities p.
func (res *Result) take(c sudoku.Cell, d uint8, p [Classes]float32) {
	res.probs[c] = p
	res.Grid[c], res.Confidence[c] = d, p[d]
	if !slices.Contains(res.Corrected, c) {
		res.Corrected = append(res.Corrected, c)
	}
}
