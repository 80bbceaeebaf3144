package vision

import (
	"context"
	"fmt"
	"image"
	"io"
	"math"
	"sort"

	"sudoku"
	"sudoku/solver"
)

// WorkSize bounds the longer side of the image the grid is searched in.
const WorkSize = 800

// Result is what Read found.
type Result struct {
	// Grid is the grid read, 0 for empty cells.
	Grid sudoku.Grid
	// Confidence is the model's probability of each cell's reading, empty
	// cells included, 0..1.
	Confidence [81]float32
	// Corners are the grid's outer corners in photo coordinates: top left,
	// top right, bottom right, bottom left.
	Corners [4]Point2
	// Low lists the cells read with confidence under Options.LowConfidence,
	// for a person to check.
	Low []sudoku.Cell
	// Corrected lists the cells changed by the rules: those whose first
	// reading broke them (a conflict, or no unique solution), changed to
	// their next most likely reading or to the digit the rest of the grid
	// gives them so that the grid has exactly one solution, and those read
	// as empty at first whose digit a second, more sensitive look found and
	// the rules confirmed.
	Corrected []sudoku.Cell
	// Suspects lists, when the grid still has a conflict or no unique
	// solution, the cells most likely misread, least confident first.
	Suspects []sudoku.Cell
	// Problem says what is wrong with the grid when Suspects is set.
	Problem string

	probs [81][Classes]float32
	logp  float64 // the sum over the cells of the log probability of their first reading
}

// sureLogp is the least mean log probability of a cell's first reading
// of a grid that readUpright takes the right way up without looking at the
// other turns (when the grid also follows the rules uncorrected). On the
// training photos (N%5 != 0), a grid upright scored -0.015 at worst, and
// 95% of the grids turned the wrong way scored below -0.023.
const sureLogp = -0.02

// sure reports whether the reading needs no second opinion: it follows
// the rules without correction and its cells were read with confidence.
func (res *Result) sure() bool {
	return len(res.Corrected) == 0 && res.logp/81 >= sureLogp && acceptable(res.Grid)
}

// score ranks readings of one grid turned different ways: a reading that
// follows the rules first, then the more probable first readings.
func (res *Result) score() float64 {
	s := res.logp
	if acceptable(res.Grid) {
		s += 1000
	}
	return s
}

// Read decodes a photo and reads the Sudoku grid in it.
func Read(r io.Reader, opts Options) (*Result, error) {
	return ReadContext(context.Background(), r, opts)
}

// ReadContext is Read, stopping with ctx's error when ctx is done. It
// keeps no picture for an overlay (Options.OverlaySize is ignored), so a
// large non-interlaced PNG is read without being held whole.
func ReadContext(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	dec := opts
	dec.OverlaySize = -1
	p, err := DecodePhoto(r, dec)
	if err != nil {
		return nil, err
	}
	return p.Read(ctx, opts)
}

// ReadImage reads the Sudoku grid in a decoded photo, upright.
func ReadImage(img image.Image, opts Options) (*Result, error) {
	b := img.Bounds()
	if b.Dx() < 9 || b.Dy() < 9 {
		return nil, fmt.Errorf("%w: image of %dx%d pixels", ErrNoGrid, b.Dx(), b.Dy())
	}
	k := shrinkFactor(b, WorkSize)
	return readWork(toGray(img, k), k, b.Min, opts)
}

// readWork reads the grid in the work image g, the photo shrunk by k with
// its top left corner at origin.
func readWork(g *gray, k int, origin image.Point, opts Options) (*Result, error) {
	m := opts.Model
	if m == nil {
		var err error
		if m, err = DefaultModel(); err != nil {
			return nil, err
		}
	}
	if g.w < 2 || g.h < 2 {
		return nil, fmt.Errorf("%w: image of %dx%d pixels", ErrNoGrid, g.w*k, g.h*k)
	}
	l, err := findGridIn(g, k, origin, opts)
	if err != nil {
		return nil, err
	}
	res, turn, err := l.readUpright(m, opts)
	if err != nil {
		return nil, err
	}
	if turn != 0 {
		res = l.rereadTurned(res, turn, m, opts)
	}
	return res, opts.stopped()
}

// rereadTurned reads the grid again in the work image turned upright, from
// the start (locating it too), and keeps that reading if it follows the
// rules or scores better: the photo then reads exactly as the same photo
// taken upright would (when the work image is the photo itself, turned
// without loss), whatever way it was turned.
func (l *located) rereadTurned(res *Result, turn int, m *Model, opts Options) *Result {
	g := turnGray(l.g, turn)
	l2, err := findGridIn(g, 1, image.Point{}, opts)
	if err != nil {
		return res
	}
	r, err := l2.readShifted(l2.q, m, opts)
	if err != nil || !acceptable(r.Grid) && r.score() < res.score() {
		return res
	}
	for i, c := range r.Corners {
		p := unturn(c, turn, l.g.w, l.g.h)
		r.Corners[i] = Point2{p.X*float64(l.k) + float64(l.origin.X), p.Y*float64(l.k) + float64(l.origin.Y)}
	}
	return r
}

// turnGray turns g so that its corner number turn (clockwise from the top
// left) comes to the top left.
func turnGray(g *gray, turn int) *gray {
	w, h := g.w, g.h
	out := &gray{w: w, h: h, pix: make([]uint8, w*h)}
	if turn%2 == 1 {
		out.w, out.h = h, w
	}
	for y := 0; y < out.h; y++ {
		for x := 0; x < out.w; x++ {
			p := unturn(Point2{float64(x), float64(y)}, turn, w-1, h-1)
			out.pix[y*out.w+x] = g.pix[int(p.Y)*w+int(p.X)]
		}
	}
	return out
}

// unturn maps a point of an image turned by turnGray back to the image of
// size w x h it was turned from (w and h less one for pixel indexes).
func unturn(p Point2, turn int, w, h int) Point2 {
	W, H := float64(w), float64(h)
	switch turn {
	case 1:
		return Point2{W - p.Y, p.X}
	case 2:
		return Point2{W - p.X, H - p.Y}
	case 3:
		return Point2{p.Y, H - p.X}
	}
	return p
}

// readUpright reads the grid found, corrected by the rules and shifted a
// cell when that helps, and returns the reading and the quarter turns it
// took. When the model is not confident of its first readings, or the
// grid needed the rules to correct it, the four turns of the grid are read
// in full, the one the model is most confident of first, until one is
// sure; the best scoring is kept. So a photo taken sideways, or with an
// EXIF orientation that does not match its pixels, reads as an upright one
// does; a photo the right way up costs four classifications more only
// when its reading is in doubt.
func (l *located) readUpright(m *Model, opts Options) (*Result, int, error) {
	first, err := l.readShifted(l.q, m, opts)
	if err != nil || first.sure() {
		return first, 0, err
	}
	logp := [4]float64{first.logp}
	order := []int{0, 1, 2, 3}
	for turn := 1; turn < 4; turn++ {
		if err := opts.stopped(); err != nil {
			return nil, 0, err
		}
		logp[turn] = l.firstLogp(turned(l.q, turn), m)
	}
	sort.SliceStable(order, func(a, b int) bool { return logp[order[a]] > logp[order[b]] })
	var best *Result
	bestTurn := 0
	for _, turn := range order {
		if logp[turn] < logp[order[0]]-81*turnMargin {
			break // the model is far less sure of this turn than of the best
		}
		r := first
		if turn != 0 {
			var err error
			if r, err = l.readShifted(turned(l.q, turn), m, opts); err != nil {
				continue
			}
		}
		if best == nil || r.score() > best.score() {
			best, bestTurn = r, turn
		}
		if r.sure() || opts.stopped() != nil {
			break
		}
	}
	if best == nil {
		return nil, 0, ErrNoGrid
	}
	return best, bestTurn, nil
}

// turnMargin is how much lower (per cell) than the best turn's the mean
// log probability of a turn's first reading may be for readUpright to
// still read that turn in full.
const turnMargin = 0.02

// turned returns the corners of grid q listed from another corner: the
// grid read turned by turn quarter turns.
func turned(q [4]Point2, turn int) [4]Point2 {
	var t [4]Point2
	for i := range t {
		t[i] = q[(i+turn)%4]
	}
	return t
}

// readShifted reads the grid at q, and shifted a cell each way when the
// reading breaks the rules.
func (l *located) readShifted(q [4]Point2, m *Model, opts Options) (*Result, error) {
	res, err := l.read(q, m, opts)
	if err != nil {
		return nil, err
	}
	if !opts.NoCorrection && !acceptable(res.Grid) {
		res = l.relocate(q, res, m, opts)
	}
	return res, nil
}

// read reads the grid whose corners in the work image are q.
func (l *located) read(q [4]Point2, m *Model, opts Options) (*Result, error) {
	bd, res, err := l.classify(q, m)
	if err != nil {
		return nil, err
	}
	res.decide(opts, func() { res.secondLook(bd, m) })
	return res, nil
}

// classify cuts the glyphs of the grid at q and gives each cell the
// model's probabilities.
func (l *located) classify(q [4]Point2, m *Model) (*board, *Result, error) {
	bd, res, err := l.board(q)
	if err != nil {
		return nil, nil, err
	}
	var acts, pre [][]float32
	for i, g := range bd.glyphs {
		if g == nil {
			res.probs[i][0] = 1
			continue
		}
		acts, pre = m.Forward(g[:], acts, pre)
		copy(res.probs[i][:], acts[len(acts)-1])
		res.probs[i] = weighEmpty(res.probs[i])
	}
	return bd, res, nil
}

// firstLogp is the sum over the cells of the log probability of their most
// likely reading: how sure the model is of the grid at q, before any rule.
func (l *located) firstLogp(q [4]Point2, m *Model) float64 {
	_, res, err := l.classify(q, m)
	if err != nil {
		return math.Inf(-1)
	}
	s := 0.0
	for i := range res.probs {
		_, p := argmax(res.probs[i])
		s += math.Log(max(float64(p), 1e-9))
	}
	return s
}

// relocate reads the grid again shifted by one cell each way, as found and
// refined, when the grid read breaks the rules even after correction (the
// grid may have been caught a column or a row off, its lines scoring well
// all the same), and returns the first reading that follows them, or res.
func (l *located) relocate(q0 [4]Point2, res *Result, m *Model, opts Options) *Result {
	for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if opts.stopped() != nil {
			return res
		}
		dx, dy := d[0]*CellSize, d[1]*CellSize
		sq := [4]Point2{{dx, dy}, {boardSize + dx, dy}, {boardSize + dx, boardSize + dy}, {dx, boardSize + dy}}
		c := grow(q0, sq)
		for _, q := range [][4]Point2{c, refine(l.g, c)} {
			if !squareEnough(q) {
				continue
			}
			if r, err := l.read(q, m, opts); err == nil && acceptable(r.Grid) {
				return r
			}
		}
	}
	return res
}

// blobEmpty weighs the model's "not a digit" for a cell where a blob was
// found: such a blob has passed the checks for size and place, so it is read
// as a digit unless the model is rather sure it is none (about 0.77 against
// a single digit). Chosen on training photos held out of training (N%5==1):
// it turns faint handwritten 1s read as empty into digits and no empty cell
// into a digit.
const blobEmpty = 0.3

// weighEmpty applies blobEmpty to a blob's probabilities.
func weighEmpty(p [Classes]float32) [Classes]float32 {
	p[0] *= blobEmpty
	var s float32
	for _, v := range p {
		s += v
	}
	for i := range p {
		p[i] /= s
	}
	return p
}

// Glyphs returns the 81 normalised cell images of the grid in img, nil for
// the cells found empty, and the grid's corners (for training and checks).
func Glyphs(img image.Image) ([81]*Glyph, [4]Point2, error) {
	bd, res, err := locateBoard(img)
	if err != nil {
		return [81]*Glyph{}, [4]Point2{}, err
	}
	return bd.glyphs, res.Corners, nil
}

// located is a grid found in a photo: the work image, the grid's corners
// in it, and the work image's scale and origin in the photo.
type located struct {
	g      *gray
	q      [4]Point2
	k      int
	origin image.Point
}

func locateBoard(img image.Image) (*board, *Result, error) {
	b := img.Bounds()
	if b.Dx() < 9 || b.Dy() < 9 {
		return nil, nil, fmt.Errorf("%w: image of %dx%d pixels", ErrNoGrid, b.Dx(), b.Dy())
	}
	k := shrinkFactor(b, WorkSize)
	l, err := findGridIn(toGray(img, k), k, b.Min, Options{})
	if err != nil {
		return nil, nil, err
	}
	return l.board(l.q)
}

// findGridIn finds the grid in the work image g (the photo shrunk by k,
// its corner at origin).
func findGridIn(g *gray, k int, origin image.Point, opts Options) (*located, error) {
	// The grid's border among the large lattice-like ink components; if
	// none fits well, among those of the strong ink only (a grid joined to
	// shading or a frame around it).
	f := finder{g: g, best: math.Inf(-1), opts: opts}
	f.try(locateAll(g))
	if err := opts.stopped(); err != nil {
		return nil, err
	}
	if f.best < goodGrid {
		r := max(g.w, g.h) / 40
		f.try(gridQuads(g, threshold(g, max(r, 5), 80, 15)))
	}
	if math.IsInf(f.best, -1) {
		return nil, ErrNoGrid
	}
	q, best := f.q, f.best
	for round := 0; round < 3 && best < goodGrid; round++ {
		var moved bool
		if q, best, moved = shifted(g, q, best); !moved {
			break
		}
	}
	if err := opts.stopped(); err != nil {
		return nil, err
	}
	return &located{g, q, k, origin}, nil
}

// board warps the grid whose corners in the work image are q flat and cuts
// its glyphs; the Result has the grid's corners in the photo.
func (l *located) board(q [4]Point2) (*board, *Result, error) {
	sq := [4]Point2{{0, 0}, {boardSize, 0}, {boardSize, boardSize}, {0, boardSize}}
	h, ok := homographyFrom(sq, q)
	if !ok {
		return nil, nil, ErrNoGrid
	}
	res := &Result{}
	for i, p := range q {
		res.Corners[i] = Point2{p.X*float64(l.k) + float64(l.origin.X), p.Y*float64(l.k) + float64(l.origin.Y)}
	}
	return readBoard(warp(l.g, h, boardSize)), res, nil
}

// finder keeps the best grid border found so far.
type finder struct {
	g     *gray
	q     [4]Point2
	best  float64
	tried [][4]Point2
	opts  Options
}

// try scores each candidate border, as found and refined once and twice,
// and the candidates with one corner completed from the others, keeping
// the one that fits a grid's lines best among those not much smaller than
// the largest candidate (a smaller grid beside the puzzle is not it). It
// stops at a good enough fit.
func (f *finder) try(cands [][4]Point2) {
	largest := 0.0
	for _, c := range cands {
		largest = max(largest, polyArea(c[:]))
	}
	cands = append(cands, completions(cands)...)
	for _, q0 := range cands {
		if f.best >= goodGrid || f.opts.stopped() != nil {
			return
		}
		if nearQuad(q0, f.tried) {
			continue
		}
		f.tried = append(f.tried, q0)
		q1, s0 := refineScore(f.g, q0)
		q2, s1 := refineScore(f.g, q1)
		for i, c := range [][4]Point2{q0, q1, q2} {
			if !squareEnough(c) || polyArea(c[:]) < 0.6*largest {
				continue
			}
			s := [3]float64{s0, s1, 0}[i]
			if i == 2 {
				s = gridScore(f.g, c)
			}
			if s > f.best {
				f.q, f.best = c, s
			}
		}
	}
}

// completions returns, for each quadrilateral, the four made by putting
// one corner where the other three say it is (completing the
// parallelogram): the hull of a grid whose border is faint near a corner
// sets that corner wrongly.
func completions(qs [][4]Point2) [][4]Point2 {
	var out [][4]Point2
	for _, q := range qs {
		for i := range q {
			c := q
			a, b, o := q[(i+3)%4], q[(i+1)%4], q[(i+2)%4]
			c[i] = Point2{a.X + b.X - o.X, a.Y + b.Y - o.Y}
			if convexQuad(c[:]) && squareEnough(c) && !nearQuad(c, [][4]Point2{q}) {
				out = append(out, c)
			}
		}
	}
	return out
}

// shifted tries the grid q moved by one cell each way (a faint outer line
// lets a grid be caught a column or a row off), refined, and returns the
// one that fits best, and whether it moved.
func shifted(g *gray, q [4]Point2, score float64) ([4]Point2, float64, bool) {
	best, bestS, moved := q, score, false
	for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		dx, dy := d[0]*CellSize, d[1]*CellSize
		sq := [4]Point2{{dx, dy}, {boardSize + dx, dy}, {boardSize + dx, boardSize + dy}, {dx, boardSize + dy}}
		c := grow(q, sq)
		if !squareEnough(c) {
			continue
		}
		c = refine(g, c)
		if s := gridScore(g, c); s > bestS && squareEnough(c) {
			best, bestS, moved = c, s, true
		}
	}
	return best, bestS, moved
}

// goodGrid is a gridScore (at most 18: 12 for the lines, 6 for box lines
// thicker than cell lines) high enough to look no further.
const goodGrid = 10.0

// nearQuad reports whether q is within a few pixels of one of qs.
func nearQuad(q [4]Point2, qs [][4]Point2) bool {
	for _, o := range qs {
		near := true
		for i := range q {
			if math.Abs(q[i].X-o[i].X) > 4 || math.Abs(q[i].Y-o[i].Y) > 4 {
				near = false
			}
		}
		if near {
			return true
		}
	}
	return false
}

// decide turns the probabilities into the grid: the most likely reading of
// each cell, corrected by the rules when it breaks them (correct, then
// resolve), then given the second look (nil in tests without a board).
func (res *Result) decide(opts Options, secondLook func()) {
	res.logp = 0
	for i := range res.probs {
		d, p := argmax(res.probs[i])
		res.Grid[i], res.Confidence[i] = uint8(d), p
		res.logp += math.Log(max(float64(p), 1e-9))
	}
	if !opts.NoCorrection {
		if !acceptable(res.Grid) {
			res.correct()
		}
		if !acceptable(res.Grid) {
			res.resolve()
		}
		if secondLook != nil {
			secondLook()
		}
	}
	if !acceptable(res.Grid) {
		res.suspect()
	}
	for i, c := range res.Confidence {
		if c < opts.lowConfidence() {
			res.Low = append(res.Low, sudoku.Cell(i))
		}
	}
}

func argmax(p [Classes]float32) (int, float32) {
	best := 0
	for d := range p {
		if p[d] > p[best] {
			best = d
		}
	}
	return best, p[best]
}

// acceptable reports whether g breaks no rule and has one solution.
func acceptable(g sudoku.Grid) bool { return g.Validate() == nil && solver.CountGrid(g, 2) == 1 }

// alternative is another reading of a cell and what it costs in log
// probability.
type alternative struct {
	cell sudoku.Cell
	d    uint8
	cost float64
}

// emptyFloor is the least probability correct gives "not a digit" for a
// cell read as a digit: a noise blob the model takes for a digit with
// confidence is likelier emptied than read as a digit the model all but
// ruled out (printed image202 of the photos 2 mod 5, read with a model
// trained without them, had a blob read as 8 changed to a 5 of p=0.0003).
const emptyFloor = 1e-3

// correct tries the cheapest changes of one or two cells to another
// reading with some probability, keeping the first (cheapest) that makes
// the grid acceptable.
func (res *Result) correct() {
	var alts []alternative
	for i, p := range res.probs {
		top := float64(p[res.Grid[i]])
		for d := 0; d < Classes; d++ {
			pd := float64(p[d])
			if d == 0 && res.Grid[i] != 0 {
				pd = max(pd, emptyFloor)
			}
			if uint8(d) != res.Grid[i] && pd > 1e-4 {
				alts = append(alts, alternative{sudoku.Cell(i), uint8(d), math.Log(top) - math.Log(pd)})
			}
		}
	}
	sort.Slice(alts, func(i, j int) bool { return alts[i].cost < alts[j].cost })
	if len(alts) > 24 {
		alts = alts[:24]
	}
	// Singles and pairs first, cheapest first; then, if none makes the
	// grid acceptable, triples of the cheapest 16 alternatives.
	var tries []change
	for i := range alts {
		tries = append(tries, change{[3]int{i, -1, -1}, alts[i].cost})
		for j := i + 1; j < len(alts); j++ {
			if alts[j].cell != alts[i].cell {
				tries = append(tries, change{[3]int{i, j, -1}, alts[i].cost + alts[j].cost})
			}
		}
	}
	if res.tryChanges(alts, tries) {
		return
	}
	tries = tries[:0]
	n := min(len(alts), 16)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				a, b, c := alts[i].cell, alts[j].cell, alts[k].cell
				if a != b && a != c && b != c {
					tries = append(tries, change{[3]int{i, j, k}, alts[i].cost + alts[j].cost + alts[k].cost})
				}
			}
		}
	}
	res.tryChanges(alts, tries)
}

// change is a set of up to three alternatives (indices, -1 for none).
type change struct {
	alts [3]int
	cost float64
}

// tryChanges applies the cheapest of tries that makes the grid acceptable,
// reporting whether one did.
func (res *Result) tryChanges(alts []alternative, tries []change) bool {
	sort.SliceStable(tries, func(i, j int) bool { return tries[i].cost < tries[j].cost })
	for _, t := range tries {
		g := res.Grid
		for _, k := range t.alts {
			if k >= 0 {
				g[alts[k].cell] = alts[k].d
			}
		}
		if !acceptable(g) {
			continue
		}
		for _, k := range t.alts {
			if k >= 0 {
				c := alts[k].cell
				res.Grid[c] = alts[k].d
				res.Confidence[c] = res.probs[c][alts[k].d]
				res.Corrected = append(res.Corrected, c)
			}
		}
		return true
	}
	return false
}

// suspect says what is wrong with the grid and lists the cells most
// likely misread.
func (res *Result) suspect() {
	g := res.Grid
	if err := g.Validate(); err != nil {
		res.Problem = err.Error()
	} else if n := solver.CountGrid(g, 2); n == 0 {
		res.Problem = "no solution"
	} else {
		res.Problem = "more than one solution"
	}
	res.Suspects = res.mostLikelyMisread(5)
}

// mostLikelyMisread returns the filled cells in conflicts, then the other
// filled cells, each least confident first, stopping at n unless cells in
// conflicts remain.
func (res *Result) mostLikelyMisread(n int) []sudoku.Cell {
	g := res.Grid
	var conflicts, others []sudoku.Cell
	for c := sudoku.Cell(0); c < 81; c++ {
		if g[c] == 0 {
			continue
		}
		inConflict := false
		for _, p := range c.Peers() {
			inConflict = inConflict || g[p] == g[c]
		}
		if inConflict {
			conflicts = append(conflicts, c)
		} else {
			others = append(others, c)
		}
	}
	byConf := func(s []sudoku.Cell) {
		sort.SliceStable(s, func(i, j int) bool { return res.Confidence[s[i]] < res.Confidence[s[j]] })
	}
	byConf(conflicts)
	byConf(others)
	return append(conflicts, others[:max(0, min(len(others), n-len(conflicts)))]...)
}
