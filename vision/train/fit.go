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
	var acts [][]float32
	for i := range samples {
		acts = m.Forward(samples[i].X[:], acts)
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

// grad accumulates gradients of a model's parameters.
type grad struct {
	w, b  [][]float32
	acts  [][]float32
	delta [][]float32
}

func newGrad(m *vision.Model) *grad {
	g := &grad{}
	for _, l := range m.Layers {
		g.w = append(g.w, make([]float32, len(l.W)))
		g.b = append(g.b, make([]float32, len(l.B)))
		g.delta = append(g.delta, make([]float32, l.Out))
	}
	return g
}

func (g *grad) zero() {
	for i := range g.w {
		clear(g.w[i])
		clear(g.b[i])
	}
}

func (g *grad) plus(o *grad) {
	for i := range g.w {
		for k, v := range o.w[i] {
			g.w[i][k] += v
		}
		for k, v := range o.b[i] {
			g.b[i][k] += v
		}
	}
}

// add back-propagates one sample and returns its loss.
func (g *grad) add(m *vision.Model, x []float32, y int) float64 {
	g.acts = m.Forward(x, g.acts)
	L := len(m.Layers)
	out := g.acts[L]
	loss := -math.Log(math.Max(float64(out[y]), 1e-9))
	d := g.delta[L-1]
	for c := range out {
		d[c] = out[c]
		if c == y {
			d[c]--
		}
	}
	for li := L - 1; li >= 0; li-- {
		l := &m.Layers[li]
		in := g.acts[li]
		d := g.delta[li]
		gw, gb := g.w[li], g.b[li]
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
		if li == 0 {
			break
		}
		prev := g.delta[li-1]
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
		for i, a := range in { // ReLU
			if a <= 0 {
				prev[i] = 0
			}
		}
	}
	return loss
}

type adam struct{ mw, vw, mb, vb [][]float32 }

func newAdam(m *vision.Model) *adam {
	a := &adam{}
	for _, l := range m.Layers {
		a.mw = append(a.mw, make([]float32, len(l.W)))
		a.vw = append(a.vw, make([]float32, len(l.W)))
		a.mb = append(a.mb, make([]float32, len(l.B)))
		a.vb = append(a.vb, make([]float32, len(l.B)))
	}
	return a
}

func (a *adam) step(m *vision.Model, g *grad, lr, n float64, t int) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(t))
	c2 := 1 - math.Pow(b2, float64(t))
	upd := func(p, gr, mm, vv []float32) {
		for i := range p {
			gi := float64(gr[i]) / n
			mm[i] = float32(b1*float64(mm[i]) + (1-b1)*gi)
			vv[i] = float32(b2*float64(vv[i]) + (1-b2)*gi*gi)
			p[i] -= float32(lr * (float64(mm[i]) / c1) / (math.Sqrt(float64(vv[i])/c2) + eps))
		}
	}
	for li := range m.Layers {
		upd(m.Layers[li].W, g.w[li], a.mw[li], a.vw[li])
		upd(m.Layers[li].B, g.b[li], a.mb[li], a.vb[li])
	}
}
