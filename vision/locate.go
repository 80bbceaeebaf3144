package vision

import (
	"math"
	"sort"
)

// Point2 is a point in image coordinates (pixels, x right, y down).
type Point2 struct{ X, Y float64 }

// blob is a connected component of ink.
type blob struct {
	label                  int32
	n                      int // pixels
	minX, minY, maxX, maxY int
}

func (b blob) bboxArea() int { return (b.maxX - b.minX + 1) * (b.maxY - b.minY + 1) }

// components labels the 8-connected components of ink; labels[i] is the
// component's index in the returned slice plus one, 0 for background.
func components(ink []bool, w, h int) ([]int32, []blob) {
	labels := make([]int32, w*h)
	var blobs []blob
	stack := make([]int32, 0, 1024)
	for i, v := range ink {
		if !v || labels[i] != 0 {
			continue
		}
		l := int32(len(blobs) + 1)
		b := blob{label: l, minX: w, minY: h, maxX: -1, maxY: -1}
		labels[i] = l
		stack = append(stack[:0], int32(i))
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			b.n++
			b.minX, b.maxX = min(b.minX, x), max(b.maxX, x)
			b.minY, b.maxY = min(b.minY, y), max(b.maxY, y)
			for dy := -1; dy <= 1; dy++ {
				yy := y + dy
				if yy < 0 || yy >= h {
					continue
				}
				for dx := -1; dx <= 1; dx++ {
					xx := x + dx
					if xx < 0 || xx >= w {
						continue
					}
					q := yy*w + xx
					if ink[q] && labels[q] == 0 {
						labels[q] = l
						stack = append(stack, int32(q))
					}
				}
			}
		}
		blobs = append(blobs, b)
	}
	return labels, blobs
}

// hull returns the convex hull of blob b (counter-clockwise in image
// coordinates, i.e. clockwise on screen), from each row's extreme pixels.
func hull(labels []int32, w int, b blob) []Point2 {
	pts := make([]Point2, 0, 2*(b.maxY-b.minY+1))
	for y := b.minY; y <= b.maxY; y++ {
		row := labels[y*w : (y+1)*w]
		lo, hi := -1, -1
		for x := b.minX; x <= b.maxX; x++ {
			if row[x] == b.label {
				if lo < 0 {
					lo = x
				}
				hi = x
			}
		}
		if lo >= 0 {
			pts = append(pts, Point2{float64(lo), float64(y)}, Point2{float64(hi) + 1, float64(y)})
		}
	}
	return convexHull(pts)
}

func cross(o, a, b Point2) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }

// convexHull is Andrew's monotone chain.
func convexHull(pts []Point2) []Point2 {
	if len(pts) < 3 {
		return pts
	}
	sort.Slice(pts, func(i, j int) bool {
		if pts[i].X != pts[j].X {
			return pts[i].X < pts[j].X
		}
		return pts[i].Y < pts[j].Y
	})
	h := make([]Point2, 0, 2*len(pts))
	for _, p := range pts {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	t := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(h) >= t && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

// polyArea is the absolute area of a polygon.
func polyArea(p []Point2) float64 {
	s := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		s += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return math.Abs(s) / 2
}

// bestQuad returns the four hull points spanning the largest quadrilateral,
// ordered top-left, top-right, bottom-right, bottom-left: started from the
// extremes of x+y and x-y and improved one corner at a time.
func bestQuad(h []Point2) [4]Point2 {
	var idx [4]int
	score := [4]func(p Point2) float64{
		func(p Point2) float64 { return -p.X - p.Y },
		func(p Point2) float64 { return p.X - p.Y },
		func(p Point2) float64 { return p.X + p.Y },
		func(p Point2) float64 { return -p.X + p.Y },
	}
	for c := range idx {
		for i, p := range h {
			if score[c](p) > score[c](h[idx[c]]) {
				idx[c] = i
			}
		}
	}
	quad := func() []Point2 { return []Point2{h[idx[0]], h[idx[1]], h[idx[2]], h[idx[3]]} }
	best := polyArea(quad())
	for iter := 0; iter < 8; iter++ {
		changed := false
		for c := range idx {
			keep := idx[c]
			for i := range h {
				idx[c] = i
				if a := polyArea(quad()); a > best+1e-9 && convexQuad(quad()) {
					best, keep, changed = a, i, true
				}
			}
			idx[c] = keep
		}
		if !changed {
			break
		}
	}
	return [4]Point2{h[idx[0]], h[idx[1]], h[idx[2]], h[idx[3]]}
}

// convexQuad reports whether q's corners turn the same way throughout.
func convexQuad(q []Point2) bool {
	s := 0
	for i := range q {
		c := cross(q[i], q[(i+1)%4], q[(i+2)%4])
		switch {
		case c > 0:
			s++
		case c < 0:
			s--
		}
	}
	return s == 4 || s == -4
}

// locate finds the grid's outer quadrilateral in the work image: the first
// of locateAll's candidates.
func locate(g *gray) ([4]Point2, bool) {
	qs := locateAll(g)
	if len(qs) == 0 {
		return [4]Point2{}, false
	}
	return qs[0], true
}

// locateAll returns the quadrilaterals that may be the grid's outer
// border, most likely first: those of the largest ink components that look
// like a lattice, then the same found again in the ink with gaps of one
// pixel closed (faint or broken lines).
func locateAll(g *gray) [][4]Point2 {
	r := max(g.w, g.h) / 40
	ink := threshold(g, max(r, 5), 90, 6)
	qs := gridQuads(g, ink)
	return append(qs, gridQuads(g, dilate(ink, g.w, g.h))...)
}

// dilate grows ink by one pixel (4-neighbours).
func dilate(ink []bool, w, h int) []bool {
	out := make([]bool, len(ink))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			out[i] = ink[i] || x > 0 && ink[i-1] || x+1 < w && ink[i+1] || y > 0 && ink[i-w] || y+1 < h && ink[i+w]
		}
	}
	return out
}

func gridQuads(g *gray, ink []bool) [][4]Point2 {
	labels, blobs := components(ink, g.w, g.h)
	sort.Slice(blobs, func(i, j int) bool { return blobs[i].bboxArea() > blobs[j].bboxArea() })
	minArea := float64(g.w*g.h) / 25
	var qs [][4]Point2
	for k, b := range blobs {
		if k >= 6 || float64(b.bboxArea()) < minArea {
			break
		}
		h := hull(labels, g.w, b)
		if len(h) < 4 {
			continue
		}
		q := bestQuad(h)
		qa := polyArea(q[:])
		if qa < minArea || qa < 0.8*polyArea(h) {
			continue // not quadrilateral enough
		}
		if fill := float64(b.n) / qa; fill > 0.6 || fill < 0.02 {
			continue // a solid shape, or too sparse for a grid
		}
		if !squareEnough(q) {
			continue
		}
		qs = append(qs, q)
	}
	return qs
}

// squareEnough rejects quadrilaterals far from a (perspective) square.
func squareEnough(q [4]Point2) bool {
	side := func(a, b Point2) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
	s := [4]float64{side(q[0], q[1]), side(q[1], q[2]), side(q[2], q[3]), side(q[3], q[0])}
	lo, hi := s[0], s[0]
	for _, v := range s[1:] {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo > 0.4*hi
}
