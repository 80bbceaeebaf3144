package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"sudoku/vision"
)

// TestGradient compares back-propagation with finite differences, for a
// perceptron and for a model with conv layers.
func TestGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	models := map[string]*vision.Model{
		"mlp": vision.NewModel([]int{vision.GlyphSize * vision.GlyphSize, 16, vision.Classes}, rng),
		"cnn": vision.NewCNN([]int{3, 4}, []int{8, vision.Classes}, rng),
	}
	var x vision.Glyph
	for i := range x {
		x[i] = float32(rng.Float64())
	}
	for name, m := range models {
		t.Run(name, func(t *testing.T) {
			for _, p := range m.Params() { // biases away from ReLU kinks
				for i := range p {
					p[i] += 0.01
				}
			}
			g := newGrad(m)
			g.add(m, x[:], 3)
			loss := func() float64 {
				acts, _ := m.Forward(x[:], nil, nil)
				return -math.Log(float64(acts[len(acts)-1][3]))
			}
			checked := 0
			for k, p := range m.Params() {
				for _, i := range []int{0, len(p) / 2, len(p) - 1} {
					old := p[i]
					const h = 1e-3
					p[i] = old + h
					up := loss()
					p[i] = old - h
					down := loss()
					p[i] = old
					num := (up - down) / (2 * h)
					got := float64(g.p[k][i])
					if math.Abs(num-got) > 1e-2*math.Max(1, math.Abs(num)) {
						t.Errorf("param %d[%d]: got %v, want %v (finite differences)", k, i, got, num)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatal("nothing checked")
			}
		})
	}
}
