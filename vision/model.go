package vision

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
)

// Classes is the number of model outputs: 0 "not a digit", then 1..9.
const Classes = 10

// Layer is a fully connected layer: Out outputs from In inputs,
// W[o*In+i] the weight from input i to output o.
type Layer struct {
	In, Out int
	W, B    []float32
}

// Model is a multi-layer perceptron with ReLU between layers and a softmax
// at the end.
type Model struct {
	Layers []Layer
}

// NewModel returns a model with the given layer sizes (input first),
// initialised by He's rule from rng.
func NewModel(sizes []int, rng *rand.Rand) *Model {
	m := &Model{}
	for i := 0; i+1 < len(sizes); i++ {
		l := Layer{In: sizes[i], Out: sizes[i+1]}
		l.W = make([]float32, l.In*l.Out)
		l.B = make([]float32, l.Out)
		sd := math.Sqrt(2 / float64(l.In))
		for k := range l.W {
			l.W[k] = float32(rng.NormFloat64() * sd)
		}
		m.Layers = append(m.Layers, l)
	}
	return m
}

// Forward computes every layer's activations for input x; acts[0] is x and
// the last is the softmax of the output scores. Buffers in acts are reused
// when large enough.
func (m *Model) Forward(x []float32, acts [][]float32) [][]float32 {
	if len(acts) != len(m.Layers)+1 {
		acts = make([][]float32, len(m.Layers)+1)
	}
	acts[0] = x
	for li, l := range m.Layers {
		out := acts[li+1]
		if len(out) != l.Out {
			out = make([]float32, l.Out)
		}
		in := acts[li]
		for o := 0; o < l.Out; o++ {
			s := l.B[o]
			w := l.W[o*l.In : (o+1)*l.In]
			for i, v := range in {
				if v != 0 {
					s += w[i] * v
				}
			}
			if li+1 < len(m.Layers) && s < 0 {
				s = 0
			}
			out[o] = s
		}
		acts[li+1] = out
	}
	softmax(acts[len(m.Layers)])
	return acts
}

func softmax(v []float32) {
	mx := v[0]
	for _, x := range v {
		mx = max(mx, x)
	}
	var s float32
	for i, x := range v {
		v[i] = float32(math.Exp(float64(x - mx)))
		s += v[i]
	}
	for i := range v {
		v[i] /= s
	}
}

// Predict returns the class probabilities of a glyph.
func (m *Model) Predict(g *Glyph) [Classes]float32 {
	acts := m.Forward(g[:], nil)
	var p [Classes]float32
	copy(p[:], acts[len(acts)-1])
	return p
}

const modelMagic = "SDKM1\n"

// MarshalBinary encodes the model: magic, layer count, then per layer In,
// Out, weights and biases as little-endian float32.
func (m *Model) MarshalBinary() ([]byte, error) {
	b := []byte(modelMagic)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Layers)))
	for _, l := range m.Layers {
		b = binary.LittleEndian.AppendUint32(b, uint32(l.In))
		b = binary.LittleEndian.AppendUint32(b, uint32(l.Out))
		for _, v := range l.W {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
		for _, v := range l.B {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	return b, nil
}

// UnmarshalBinary decodes a model written by MarshalBinary.
func (m *Model) UnmarshalBinary(b []byte) error {
	if len(b) < len(modelMagic)+4 || string(b[:len(modelMagic)]) != modelMagic {
		return errors.New("vision: not a model file")
	}
	b = b[len(modelMagic):]
	n := int(binary.LittleEndian.Uint32(b))
	b = b[4:]
	if n < 1 || n > 8 {
		return fmt.Errorf("vision: model with %d layers", n)
	}
	m.Layers = nil
	for k := 0; k < n; k++ {
		if len(b) < 8 {
			return errors.New("vision: model file truncated")
		}
		l := Layer{In: int(binary.LittleEndian.Uint32(b)), Out: int(binary.LittleEndian.Uint32(b[4:]))}
		b = b[8:]
		if l.In < 1 || l.Out < 1 || l.In > 1<<12 || l.Out > 1<<12 || len(b) < 4*(l.In+1)*l.Out {
			return errors.New("vision: model file truncated or malformed")
		}
		l.W, b = floats(b, l.In*l.Out)
		l.B, b = floats(b, l.Out)
		m.Layers = append(m.Layers, l)
	}
	if m.Layers[0].In != GlyphSize*GlyphSize || m.Layers[n-1].Out != Classes {
		return errors.New("vision: model's input or output size does not match")
	}
	return nil
}

func floats(b []byte, n int) ([]float32, []byte) {
	v := make([]float32, n)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, b[4*n:]
}

//go:embed model.bin
var modelBin []byte

var (
	defaultModel     *Model
	defaultModelErr  error
	defaultModelOnce sync.Once
)

// DefaultModel returns the embedded model.
func DefaultModel() (*Model, error) {
	defaultModelOnce.Do(func() {
		defaultModel = new(Model)
		defaultModelErr = defaultModel.UnmarshalBinary(modelBin)
	})
	return defaultModel, defaultModelErr
}
