package vision

import "math"

// refineMargin is the margin, in board pixels, around the board that refine
// looks at.
const refineMargin = CellSize * 3 / 2

// refine improves a grid quadrilateral q in g by fitting the ten evenly
// spaced lines of a Sudoku grid to the ink of the warped board and its
// surroundings, separately near each edge, so that a quadrilateral that
// caught text beside the grid, or missed a border outside the frame, snaps
// to the lines.
func refine(g *gray, q [4]Point2) [4]Point2 {
	out, _ := refineScore(g, q)
	return out
}

// refineScore is refine, also returning q's gridScore.
func refineScore(g *gray, q [4]Point2) ([4]Point2, float64) {
	const m = refineMargin
	size := boardSize + 2*m
	sq := [4]Point2{{-m, -m}, {boardSize + m, -m}, {boardSize + m, boardSize + m}, {-m, boardSize + m}}
	h, ok := homographyFrom([4]Point2{{0, 0}, {float64(size), 0}, {float64(size), float64(size)}, {0, float64(size)}}, grow(q, sq))
	if !ok {
		return q, math.Inf(-1)
	}
	ext := warp(g, h, size)
	ink := threshold(ext, CellSize/3, 90, 8)
	score := inkScore(ink)
	half := size / 2
	// Vertical lines from the top and bottom halves, horizontal lines from
	// the left and right halves.
	xTop, sxTop := lattice(profile(ink, size, 0, half, true))
	xBot, sxBot := lattice(profile(ink, size, half, size, true))
	yLeft, syLeft := lattice(profile(ink, size, 0, half, false))
	yRight, syRight := lattice(profile(ink, size, half, size, false))
	c := [4]Point2{
		{xTop, yLeft}, {xTop + 9*sxTop, yRight},
		{xBot + 9*sxBot, yRight + 9*syRight}, {xBot, yLeft + 9*syLeft},
	}
	var out [4]Point2
	for i, p := range c {
		out[i] = h.apply(p)
	}
	return out, score
}

// grow returns the quadrilateral that q's homography maps the board square
// sq (with margins) to.
func grow(q, sq [4]Point2) [4]Point2 {
	h, ok := homographyFrom([4]Point2{{0, 0}, {boardSize, 0}, {boardSize, boardSize}, {0, boardSize}}, q)
	if !ok {
		return q
	}
	var out [4]Point2
	for i, p := range sq {
		out[i] = h.apply(p)
	}
	return out
}

// inkCounts counts ink per column (vertical) or per row over the band
// [from, to) of the other axis.
func inkCounts(ink []bool, size, from, to int, vertical bool) []float64 {
	p := make([]float64, size)
	for t := from; t < to; t++ {
		for u := 0; u < size; u++ {
			idx := t*size + u
			if !vertical {
				idx = u*size + t
			}
			if ink[idx] {
				p[u]++
			}
		}
	}
	return p
}

// profile returns the strength of a line at each column (vertical) or
// row over the band [from, to) of the other axis.
func profile(ink []bool, size, from, to int, vertical bool) []float64 {
	p := inkCounts(ink, size, from, to, vertical)
	// A line's strength is its column's ink (the best of three, to forgive
	// a slant) above the mean of the columns around it, so that digits and
	// texture count for little and a thick frame no more than a thin line.
	const r = CellSize / 4
	w := make([]float64, size)
	for u := range p {
		peak, sum, n := 0.0, 0.0, 0
		for d := -r; d <= r; d++ {
			if u+d < 0 || u+d >= size {
				continue
			}
			if d >= -1 && d <= 1 {
				peak = max(peak, p[u+d])
			}
			sum += p[u+d]
			n++
		}
		w[u] = max(0, peak-sum/float64(n))
	}
	return w
}

// lattice finds the offset and spacing of the ten evenly spaced lines that
// collect the most of profile p, the box lines counting double. It returns the first line's position and
// the spacing.
func lattice(p []float64) (float64, float64) {
	score := func(o, s float64) float64 {
		sum := 0.0
		for i := 0; i <= 9; i++ {
			v := p[int(o+float64(i)*s+0.5)]
			if i%3 == 0 {
				v *= 2 // the box lines, usually thicker
			}
			sum += v
		}
		return sum
	}
	// The current place, give or take two pixels, is kept unless another
	// fits clearly better.
	bestO, bestS, nominal := float64(refineMargin), float64(CellSize), -1.0
	for o := refineMargin - 2.0; o <= refineMargin+2; o++ {
		for s := CellSize - 0.5; s <= CellSize+0.5; s += 0.25 {
			if v := score(o, s); v > nominal {
				bestO, bestS, nominal = o, s, v
			}
		}
	}
	best := nominal * 1.25
	n := float64(len(p))
	for s := 0.6 * CellSize; s <= 1.2*CellSize; s += 0.25 {
		for o := 0.0; o+9*s+0.5 < n-1; o++ {
			if v := score(o, s); v > best {
				bestO, bestS, best = o, s, v
			}
		}
	}
	return bestO, bestS
}

// gridScore measures how well quadrilateral q fits a Sudoku grid in g: how
// strongly each of the ten vertical and ten horizontal lines stands out on
// the warped board, less the lines found one cell outside it (a grid
// caught shifted by a box, or only part of it, scores lower).
func gridScore(g *gray, q [4]Point2) float64 {
	const m = refineMargin
	size := boardSize + 2*m
	sq := [4]Point2{{-m, -m}, {boardSize + m, -m}, {boardSize + m, boardSize + m}, {-m, boardSize + m}}
	h, ok := homographyFrom([4]Point2{{0, 0}, {float64(size), 0}, {float64(size), float64(size)}, {0, float64(size)}}, grow(q, sq))
	if !ok {
		return math.Inf(-1)
	}
	return inkScore(threshold(warp(g, h, size), CellSize/3, 90, 8))
}

// inkScore is gridScore on the ink of the board warped with margins.
func inkScore(ink []bool) float64 {
	const m = refineMargin
	size := boardSize + 2*m
	score := 0.0
	for _, vertical := range []bool{true, false} {
		p := profile(ink, size, m, m+boardSize, vertical)
		at := func(pos int) float64 {
			v := 0.0
			for d := -1; d <= 1; d++ {
				if pos+d >= 0 && pos+d < size {
					v = max(v, p[pos+d])
				}
			}
			return v / boardSize
		}
		for i := 0; i <= 9; i++ {
			score += min(at(m+i*CellSize), 0.6)
		}
		score -= 0.5 * min(at(m-CellSize), 0.6)
		score -= 0.5 * min(at(m+boardSize+CellSize), 0.6)
		score += boxContrast(ink, vertical)
	}
	return score
}

// boxContrast is how much thicker the box lines (0, 3, 6, 9) are than the
// cell lines on the board warped with margins: the ink's width across each
// line, box lines' mean less cell lines' mean, in pixels, at most 3 either
// way. A grid caught a cell off puts the box lines where cell lines are.
func boxContrast(ink []bool, vertical bool) float64 {
	const m = refineMargin
	size := boardSize + 2*m
	p := inkCounts(ink, size, m, m+boardSize, vertical)
	var box, cell float64
	for i := 0; i <= 9; i++ {
		w := 0.0
		for d := -3; d <= 3; d++ {
			w += p[m+i*CellSize+d] / boardSize
		}
		if i%3 == 0 {
			box += w / 4
		} else {
			cell += w / 6
		}
	}
	return max(-3, min(3, box-cell))
}
