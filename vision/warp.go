package vision

import "math"

// homography maps points of one plane to another: (x, y) -> (X/W, Y/W)
// with (X, Y, W) = H (x, y, 1), H[8] = 1.
type homography [9]float64

// homographyFrom returns the homography taking src[i] to dst[i]; ok is
// false when the points are degenerate.
func homographyFrom(src, dst [4]Point2) (homography, bool) {
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := src[i].X, src[i].Y, dst[i].X, dst[i].Y
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for c := 0; c < 8; c++ {
		p := c
		for r := c + 1; r < 8; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return homography{}, false
		}
		a[c], a[p] = a[p], a[c]
		for r := 0; r < 8; r++ {
			if r == c {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := c; k < 9; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	var h homography
	for i := 0; i < 8; i++ {
		h[i] = a[i][8] / a[i][i]
	}
	h[8] = 1
	return h, true
}

// apply maps p.
func (h *homography) apply(p Point2) Point2 {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	return Point2{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}
}

// warp samples g through h (board -> work image) into a size x size image,
// bilinear; outside pixels are white.
func warp(g *gray, h homography, size int) *gray {
	out := &gray{w: size, h: size, pix: make([]uint8, size*size)}
	for v := 0; v < size; v++ {
		for u := 0; u < size; u++ {
			p := h.apply(Point2{float64(u) + 0.5, float64(v) + 0.5})
			out.pix[v*size+u] = g.bilinear(p.X-0.5, p.Y-0.5)
		}
	}
	return out
}

// bilinear samples g at (x, y), pixel centres at integers.
func (g *gray) bilinear(x, y float64) uint8 {
	if !(x >= 0 && y >= 0 && x <= float64(g.w-1) && y <= float64(g.h-1)) {
		return 255
	}
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, g.w-1), min(y0+1, g.h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	top := float64(g.at(x0, y0))*(1-fx) + float64(g.at(x1, y0))*fx
	bot := float64(g.at(x0, y1))*(1-fx) + float64(g.at(x1, y1))*fx
	return uint8(top*(1-fy) + bot*fy + 0.5)
}
