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

// Conv is a convolutional layer: a 3x3 convolution with zero padding from
// In feature maps to Out, ReLU, then 2x2 max pooling, so that each side
// halves. W[((o*In+i)*3+dy)*3+dx] is the weight from map i at offset
// (dx-1, dy-1) to map o. Feature maps are stored one after another, rows
// top to bottom.
type Conv struct {
	In, Out int
	W, B    []float32
}

// Model is a small neural network: convolutional layers (none for a
// multi-layer perceptron) on the GlyphSize x GlyphSize glyph, then fully
// connected layers with ReLU between them and a softmax at the end.
type Model struct {
	Convs  []Conv
	Layers []Layer
}

// NewModel returns a multi-layer perceptron with the given layer sizes
// (input first), initialised by He's rule from rng.
func NewModel(sizes []int, rng *rand.Rand) *Model {
	return NewCNN(nil, sizes[1:], rng)
}

// NewCNN returns a model with convolutional layers of the given numbers of
// feature maps, then fully connected layers of the given sizes (the last
// is Classes), initialised by He's rule from rng.
func NewCNN(maps, sizes []int, rng *rand.Rand) *Model {
	m := &Model{}
	in, side := 1, GlyphSize
	for _, k := range maps {
		c := Conv{In: in, Out: k, W: make([]float32, in*k*9), B: make([]float32, k)}
		sd := math.Sqrt(2 / float64(9*in))
		for i := range c.W {
			c.W[i] = float32(rng.NormFloat64() * sd)
		}
		m.Convs = append(m.Convs, c)
		in, side = k, side/2
	}
	prev := in * side * side
	for _, n := range sizes {
		l := Layer{In: prev, Out: n}
		l.W = make([]float32, l.In*l.Out)
		l.B = make([]float32, l.Out)
		sd := math.Sqrt(2 / float64(l.In))
		for k := range l.W {
			l.W[k] = float32(rng.NormFloat64() * sd)
		}
		m.Layers = append(m.Layers, l)
		prev = n
	}
	return m
}

// Params returns the model's parameters, layer by layer (weights, then
// biases), in a fixed order.
func (m *Model) Params() [][]float32 {
	var ps [][]float32
	for i := range m.Convs {
		ps = append(ps, m.Convs[i].W, m.Convs[i].B)
	}
	for i := range m.Layers {
		ps = append(ps, m.Layers[i].W, m.Layers[i].B)
	}
	return ps
}

// ConvSide returns the side of the input of conv layer i (GlyphSize for
// the first, halved by each layer).
func ConvSide(i int) int { return GlyphSize >> i }

// Forward computes every layer's activations for input x; acts[0] is x,
// then each conv layer's pooled maps, then each fully connected layer's
// outputs, the last being the softmax of the output scores. pre holds each
// conv layer's maps before pooling (after ReLU). Buffers are reused when
// large enough; either may be nil.
func (m *Model) Forward(x []float32, acts, pre [][]float32) ([][]float32, [][]float32) {
	nc := len(m.Convs)
	if len(acts) != nc+len(m.Layers)+1 {
		acts = make([][]float32, nc+len(m.Layers)+1)
	}
	if len(pre) != nc {
		pre = make([][]float32, nc)
	}
	acts[0] = x
	for ci := range m.Convs {
		c := &m.Convs[ci]
		n := ConvSide(ci)
		pre[ci] = grow32(pre[ci], c.Out*n*n)
		acts[ci+1] = grow32(acts[ci+1], c.Out*(n/2)*(n/2))
		c.forward(acts[ci], n, pre[ci], acts[ci+1])
	}
	for li, l := range m.Layers {
		out := grow32(acts[nc+li+1], l.Out)
		in := acts[nc+li]
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
		acts[nc+li+1] = out
	}
	softmax(acts[len(acts)-1])
	return acts, pre
}

func grow32(b []float32, n int) []float32 {
	if len(b) != n {
		return make([]float32, n)
	}
	return b
}

// forward convolves in (c.In maps of n x n) into pre (c.Out maps, after
// ReLU) and max-pools pre into out (c.Out maps of n/2 x n/2).
func (c *Conv) forward(in []float32, n int, pre, out []float32) {
	nn, h, np := n*n, n/2, n+2
	// The input maps with a border of zeros, so that every tap reads a
	// whole row.
	pad := make([]float32, c.In*np*np)
	for i := 0; i < c.In; i++ {
		for y := 0; y < n; y++ {
			copy(pad[i*np*np+(y+1)*np+1:], in[i*nn+y*n:i*nn+y*n+n])
		}
	}
	for o := 0; o < c.Out; o++ {
		p := pre[o*nn : (o+1)*nn]
		b := c.B[o]
		for i := range p {
			p[i] = b
		}
		for i := 0; i < c.In; i++ {
			src := pad[i*np*np : (i+1)*np*np]
			w := c.W[(o*c.In+i)*9 : (o*c.In+i)*9+9 : (o*c.In+i)*9+9]
			w0, w1, w2, w3, w4, w5, w6, w7, w8 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8]
			for y := 0; y < n; y++ {
				row := p[y*n : y*n+n]
				r0 := src[y*np : y*np+np]
				r1 := src[(y+1)*np : (y+1)*np+np]
				r2 := src[(y+2)*np : (y+2)*np+np]
				for x := range row {
					row[x] += w0*r0[x] + w1*r0[x+1] + w2*r0[x+2] +
						w3*r1[x] + w4*r1[x+1] + w5*r1[x+2] +
						w6*r2[x] + w7*r2[x+1] + w8*r2[x+2]
				}
			}
		}
		for i, v := range p {
			if v < 0 {
				p[i] = 0
			}
		}
		q := out[o*h*h : (o+1)*h*h]
		for y := 0; y < h; y++ {
			r0, r1 := p[2*y*n:], p[(2*y+1)*n:]
			for x := 0; x < h; x++ {
				q[y*h+x] = max(r0[2*x], r0[2*x+1], r1[2*x], r1[2*x+1])
			}
		}
	}
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
	acts, _ := m.Forward(g[:], nil, nil)
	var p [Classes]float32
	copy(p[:], acts[len(acts)-1])
	return p
}

const (
	modelMagic    = "SDKM1\n" // fully connected layers only
	modelMagicCNN = "SDKM2\n" // conv layers, then fully connected layers
)

// MarshalBinary encodes the model: magic, for a model with conv layers
// their count and per layer In, Out, weights and biases, then the count of
// fully connected layers and per layer In, Out, weights and biases; all
// little-endian, numbers as uint32 and parameters as float32.
func (m *Model) MarshalBinary() ([]byte, error) {
	var b []byte
	if len(m.Convs) > 0 {
		b = []byte(modelMagicCNN)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Convs)))
		for _, c := range m.Convs {
			b = appendLayer(b, c.In, c.Out, c.W, c.B)
		}
	} else {
		b = []byte(modelMagic)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Layers)))
	for _, l := range m.Layers {
		b = appendLayer(b, l.In, l.Out, l.W, l.B)
	}
	return b, nil
}

func appendLayer(b []byte, in, out int, w, bias []float32) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(in))
	b = binary.LittleEndian.AppendUint32(b, uint32(out))
	for _, v := range w {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	for _, v := range bias {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

// UnmarshalBinary decodes a model written by MarshalBinary.
func (m *Model) UnmarshalBinary(b []byte) error {
	if len(b) < len(modelMagic)+4 {
		return errors.New("vision: not a model file")
	}
	magic := string(b[:len(modelMagic)])
	if magic != modelMagic && magic != modelMagicCNN {
		return errors.New("vision: not a model file")
	}
	b = b[len(modelMagic):]
	m.Convs, m.Layers = nil, nil
	in, side := 1, GlyphSize
	if magic == modelMagicCNN {
		n := int(binary.LittleEndian.Uint32(b))
		b = b[4:]
		if n < 1 || n > 2 {
			return fmt.Errorf("vision: model with %d conv layers", n)
		}
		for k := 0; k < n; k++ {
			var c Conv
			var err error
			if c.In, c.Out, c.W, c.B, b, err = readLayer(b, 9); err != nil {
				return err
			}
			if c.In != in {
				return fmt.Errorf("vision: conv layer %d has %d inputs, want %d", k+1, c.In, in)
			}
			m.Convs = append(m.Convs, c)
			in, side = c.Out, side/2
		}
		if len(b) < 4 {
			return errors.New("vision: model file truncated")
		}
	}
	n := int(binary.LittleEndian.Uint32(b))
	b = b[4:]
	if n < 1 || n > 8 {
		return fmt.Errorf("vision: model with %d layers", n)
	}
	prev := in * side * side
	for k := 0; k < n; k++ {
		var l Layer
		var err error
		if l.In, l.Out, l.W, l.B, b, err = readLayer(b, 1); err != nil {
			return err
		}
		if l.In != prev {
			return fmt.Errorf("vision: layer %d has %d inputs, want %d", k+1, l.In, prev)
		}
		m.Layers = append(m.Layers, l)
		prev = l.Out
	}
	if prev != Classes {
		return errors.New("vision: model's output size does not match")
	}
	return nil
}

// readLayer reads In, Out, In*Out*k weights and Out biases.
func readLayer(b []byte, k int) (in, out int, w, bias []float32, rest []byte, err error) {
	if len(b) < 8 {
		return 0, 0, nil, nil, nil, errors.New("vision: model file truncated")
	}
	in, out = int(binary.LittleEndian.Uint32(b)), int(binary.LittleEndian.Uint32(b[4:]))
	b = b[8:]
	if in < 1 || out < 1 || in > 1<<12 || out > 1<<12 || len(b) < 4*(in*k+1)*out {
		return 0, 0, nil, nil, nil, errors.New("vision: model file truncated or malformed")
	}
	w, b = floats(b, in*out*k)
	bias, b = floats(b, out)
	return in, out, w, bias, b, nil
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
