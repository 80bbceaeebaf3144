package train

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"

	"sudoku/vision"
)

// Config sets the training run.
type Config struct {
	Epochs   int
	Batch    int
	LR       float64 // Adam's step size
	Workers  int     // goroutines per batch; the result does not depend on it
	Log      io.Writer
	Holdout  []Sample // reported each epoch, never trained on
	HoldName string
}

// Fit trains m on samples with Adam and cross-entropy, shuffling with rng.
func Fit(m *vision.Model, samples []Sample, cfg Config, rng *rand.Rand) {
	nParts := 2 // fixed partition of each batch, so results do not depend on Workers
	adam := newAdam(m)
	grads := make([]*grad, nParts)
	for i := range grads {
		grads[i] = newGrad(m)
	}
	order := make([]int, len(samples))
	for i := range order {
		order[i] = i
	}
	step := 0
	for ep := 0; ep < cfg.Epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := cfg.LR * 0.5 * (1 + math.Cos(math.Pi*float64(ep)/float64(cfg.Epochs)))
		var loss float64
		for start := 0; start < len(order); start += cfg.Batch {
			batch := order[start:min(start+cfg.Batch, len(order))]
			var wg sync.WaitGroup
			losses := make([]float64, nParts)
			for p := 0; p < nParts; p++ {
				wg.Add(1)
				go func(p int) {
					defer wg.Done()
					grads[p].zero()
					for k := p; k < len(batch); k += nParts {
						s := &samples[batch[k]]
						losses[p] += grads[p].add(m, s.X[:], s.Y)
					}
				}(p)
			}
			wg.Wait()
			for p := 1; p < nParts; p++ {
				grads[0].plus(grads[p])
			}
			for _, l := range losses {
				loss += l
			}
			step++
			adam.step(m, grads[0], lr, float64(len(batch)), step)
		}
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "epoch %d: loss %.4f, train accuracy %.4f (first 5000)", ep+1, loss/float64(len(samples)), Accuracy(m, samples[:min(len(samples), 5000)]))
			if len(cfg.Holdout) > 0 {
				fmt.Fprintf(cfg.Log, ", %s accuracy %.4f", cfg.HoldName, Accuracy(m, cfg.Holdout))
			}
			fmt.Fprintln(cfg.Log)
		}
	}
}

// Accuracy is the fraction of samples m classifies right.
func Accuracy(m *vision.Model, samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	ok := 0
	var acts, pre [][]float32
	for i := range samples {
		acts, pre = m.Forward(samples[i].X[:], acts, pre)
		out := acts[len(acts)-1]
		best := 0
		for c := range out {
			if out[c] > out[best] {
				best = c
			}
		}
		if best == samples[i].Y {
			ok++
		}
	}
	return float64(ok) / float64(len(samples))
}

// grad accumulates gradients of a model's parameters, in the order of
// Model.Params, with the buffers of one sample's back-propagation.
type grad struct {
	p     [][]float32
	acts  [][]float32
	pre   [][]float32
	delta [][]float32 // per activation after the input: d loss / d activation
	dpre  []float32
}

func newGrad(m *vision.Model) *grad {
	g := &grad{}
	for _, p := range m.Params() {
		g.p = append(g.p, make([]float32, len(p)))
	}
	return g
}

func (g *grad) zero() {
	for _, p := range g.p {
		clear(p)
	}
}

func (g *grad) plus(o *grad) {
	for i := range g.p {
		for k, v := range o.p[i] {
			g.p[i][k] += v
		}
	}
}

// add back-propagates one sample and returns its loss.
func (g *grad) add(m *vision.Model, x []float32, y int) float64 {
	g.acts, g.pre = m.Forward(x, g.acts, g.pre)
	nc, L := len(m.Convs), len(m.Layers)
	if len(g.delta) != len(g.acts) {
		g.delta = make([][]float32, len(g.acts))
		for i := 1; i < len(g.acts); i++ {
			g.delta[i] = make([]float32, len(g.acts[i]))
		}
	}
	out := g.acts[nc+L]
	loss := -math.Log(math.Max(float64(out[y]), 1e-9))
	d := g.delta[nc+L]
	for c := range out {
		d[c] = out[c]
		if c == y {
			d[c]--
		}
	}
	for li := L - 1; li >= 0; li-- {
		l := &m.Layers[li]
		in := g.acts[nc+li]
		d := g.delta[nc+li+1]
		gw, gb := g.p[2*(nc+li)], g.p[2*(nc+li)+1]
		for o := 0; o < l.Out; o++ {
			if d[o] == 0 {
				continue
			}
			gb[o] += d[o]
			row := gw[o*l.In : (o+1)*l.In]
			for i, v := range in {
				if v != 0 {
					row[i] += d[o] * v
				}
			}
		}
		if nc+li == 0 {
			break
		}
		prev := g.delta[nc+li]
		clear(prev)
		for o := 0; o < l.Out; o++ {
			if d[o] == 0 {
				continue
			}
			w := l.W[o*l.In : (o+1)*l.In]
			for i := range prev {
				prev[i] += d[o] * w[i]
			}
		}
		for i, a := range in { // ReLU (pooled conv maps are ReLU'd too)
			if a <= 0 {
				prev[i] = 0
			}
		}
	}
	for ci := nc - 1; ci >= 0; ci-- {
		var din []float32
		if ci > 0 {
			din = g.delta[ci]
			clear(din)
		}
		g.convBack(&m.Convs[ci], ci, din)
	}
	return loss
}

// convBack back-propagates conv layer ci from the gradient of its pooled
// maps (g.delta[ci+1]) into its parameters' gradients and, unless din is
// nil, the gradient of its input maps.
func (g *grad) convBack(c *vision.Conv, ci int, din []float32) {
	n := vision.ConvSide(ci)
	nn, h := n*n, n/2
	pre, in, dout := g.pre[ci], g.acts[ci], g.delta[ci+1]
	if len(g.dpre) < nn {
		g.dpre = make([]float32, nn)
	}
	dp := g.dpre[:nn]
	gw, gb := g.p[2*ci], g.p[2*ci+1]
	for o := 0; o < c.Out; o++ {
		clear(dp)
		p := pre[o*nn : (o+1)*nn]
		any := false
		for y := 0; y < h; y++ {
			for x := 0; x < h; x++ {
				dv := dout[o*h*h+y*h+x]
				if dv == 0 {
					continue
				}
				// The pooled value came from the largest of the four.
				bi := 2*y*n + 2*x
				for _, k := range [3]int{2*y*n + 2*x + 1, (2*y+1)*n + 2*x, (2*y+1)*n + 2*x + 1} {
					if p[k] > p[bi] {
						bi = k
					}
				}
				if p[bi] > 0 {
					dp[bi] = dv
					gb[o] += dv
					any = true
				}
			}
		}
		if !any {
			continue
		}
		for i := 0; i < c.In; i++ {
			src := in[i*nn : (i+1)*nn]
			wo := (o*c.In + i) * 9
			for dy := -1; dy <= 1; dy++ {
				y0, y1 := max(0, -dy), min(n, n-dy)
				for dx := -1; dx <= 1; dx++ {
					x0, x1 := max(0, -dx), min(n, n-dx)
					t := wo + (dy+1)*3 + dx + 1
					var s float32
					wv := c.W[t]
					for y := y0; y < y1; y++ {
						drow := dp[y*n+x0 : y*n+x1]
						srow := src[(y+dy)*n+x0+dx : (y+dy)*n+x1+dx]
						for k, v := range drow {
							if v != 0 {
								s += v * srow[k]
							}
						}
						if din != nil {
							irow := din[i*nn+(y+dy)*n+x0+dx : i*nn+(y+dy)*n+x1+dx]
							for k, v := range drow {
								if v != 0 {
									irow[k] += wv * v
								}
							}
						}
					}
					gw[t] += s
				}
			}
		}
	}
}

type adam struct{ m, v [][]float32 }

func newAdam(m *vision.Model) *adam {
	a := &adam{}
	for _, p := range m.Params() {
		a.m = append(a.m, make([]float32, len(p)))
		a.v = append(a.v, make([]float32, len(p)))
	}
	return a
}

func (a *adam) step(m *vision.Model, g *grad, lr, n float64, t int) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(t))
	c2 := 1 - math.Pow(b2, float64(t))
	for k, p := range m.Params() {
		gr, mm, vv := g.p[k], a.m[k], a.v[k]
		for i := range p {
			gi := float64(gr[i]) / n
			mm[i] = float32(b1*float64(mm[i]) + (1-b1)*gi)
			vv[i] = float32(b2*float64(vv[i]) + (1-b2)*gi*gi)
			p[i] -= float32(lr * (float64(mm[i]) / c1) / (math.Sqrt(float64(vv[i])/c2) + eps))
		}
	}
}
