// Package lzstring is the LZ-string codec (pieroxy's lz-string, as
// f-puzzles and SudokuPad links carry puzzles): compressToBase64 and
// decompressFromBase64, on UTF-16 code units as in JavaScript. Only the
// f-puzzles form (package sudoku's parse_fpuzzles.go) uses it.
package lzstring

import (
	"errors"
	"strings"
	"unicode/utf16"
)

// alphabet is lz-string's base64 alphabet, with = for padding.
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// maxOutput bounds what a decompression may produce.
const maxOutput = 1 << 20

// errData is the error for text that is not LZ-string data.
var errData = errors.New("not LZ-string data")

// CompressToBase64 is lz-string's compressToBase64.
func CompressToBase64(s string) string {
	w := &writer{bitsPerChar: 6}
	compress(utf16.Encode([]rune(s)), w)
	out := w.out.String()
	return out + [...]string{"", "===", "==", "="}[len(out)%4]
}

// writer packs bits into base64 characters, as _compress does.
type writer struct {
	out         strings.Builder
	val, pos    int
	bitsPerChar int
}

// bits writes the n low bits of v, lowest first.
func (w *writer) bits(v, n int) {
	for range n {
		w.val = w.val<<1 | v&1
		v >>= 1
		if w.pos == w.bitsPerChar-1 {
			w.pos = 0
			w.out.WriteByte(alphabet[w.val])
			w.val = 0
		} else {
			w.pos++
		}
	}
}

// state is the dictionary state shared by the compressor's steps.
type state struct {
	dict      map[string]int
	toCreate  map[string]bool
	enlargeIn int
	dictSize  int
	numBits   int
}

func (st *state) tick() {
	st.enlargeIn--
	if st.enlargeIn == 0 {
		st.enlargeIn = 1 << st.numBits
		st.numBits++
	}
}

// emit writes the code of w (a new single character first spelled out).
func (st *state) emit(out *writer, w string) {
	if st.toCreate[w] {
		c := int(w[0])<<8 | int(w[1]) // one UTF-16 unit, two bytes
		if c < 256 {
			out.bits(0, st.numBits)
			out.bits(c, 8)
		} else {
			out.bits(1, st.numBits)
			out.bits(c, 16)
		}
		st.tick()
		delete(st.toCreate, w)
	} else {
		out.bits(st.dict[w], st.numBits)
	}
	st.tick()
}

func compress(units []uint16, out *writer) {
	st := &state{dict: map[string]int{}, toCreate: map[string]bool{}, enlargeIn: 2, dictSize: 3, numBits: 2}
	w := ""
	for _, u := range units {
		c := string([]byte{byte(u >> 8), byte(u)}) // dictionary keys: two bytes per unit
		if _, ok := st.dict[c]; !ok {
			st.dict[c] = st.dictSize
			st.dictSize++
			st.toCreate[c] = true
		}
		if _, ok := st.dict[w+c]; ok {
			w += c
			continue
		}
		st.emit(out, w)
		st.dict[w+c] = st.dictSize
		st.dictSize++
		w = c
	}
	if w != "" {
		st.emit(out, w)
	}
	out.bits(2, st.numBits)
	for {
		out.val <<= 1
		if out.pos == out.bitsPerChar-1 {
			out.out.WriteByte(alphabet[out.val])
			return
		}
		out.pos++
	}
}

// DecompressFromBase64 is lz-string's decompressFromBase64, refusing
// characters outside the base64 alphabet and output past maxOutput.
func DecompressFromBase64(s string) (string, error) {
	if s == "" {
		return "", errData
	}
	vals := make([]int, len(s))
	for i := range len(s) {
		k := strings.IndexByte(alphabet, s[i])
		if k < 0 {
			return "", errData
		}
		vals[i] = k
	}
	r := &reader{vals: vals, reset: 32, pos: 32}
	units, err := decompress(r)
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(units)), nil
}

// reader reads bits as _decompress does.
type reader struct {
	vals       []int
	index      int
	pos, reset int
	over       bool
}

func (r *reader) bits(n int) int {
	v := 0
	for i := range n {
		if r.index >= len(r.vals) {
			r.over = true
			return 0
		}
		if r.vals[r.index]&r.pos != 0 {
			v |= 1 << i
		}
		r.pos >>= 1
		if r.pos == 0 {
			r.pos = r.reset
			r.index++
		}
	}
	return v
}

func decompress(r *reader) ([]uint16, error) {
	dict := [][]uint16{{0}, {1}, {2}}
	var c []uint16
	switch r.bits(2) {
	case 0:
		c = []uint16{uint16(r.bits(8))}
	case 1:
		c = []uint16{uint16(r.bits(16))}
	default:
		return nil, errData
	}
	dict = append(dict, c)
	w, out := c, append([]uint16(nil), c...)
	enlargeIn, numBits := 4, 3
	for {
		code := r.bits(numBits)
		if r.over {
			return nil, errData
		}
		switch code {
		case 0, 1:
			dict = append(dict, []uint16{uint16(r.bits(8 << code))})
			code = len(dict) - 1
			if enlargeIn--; enlargeIn == 0 {
				enlargeIn, numBits = 1<<numBits, numBits+1
			}
		case 2:
			return out, nil
		}
		var entry []uint16
		switch {
		case code < len(dict):
			entry = dict[code]
		case code == len(dict):
			entry = append(append([]uint16(nil), w...), w[0])
		default:
			return nil, errData
		}
		if len(out)+len(entry) > maxOutput {
			return nil, errors.New("LZ-string data decompresses to more than 1 MiB")
		}
		out = append(out, entry...)
		dict = append(dict, append(append([]uint16(nil), w...), entry[0]))
		w = entry
		if enlargeIn--; enlargeIn == 0 {
			enlargeIn, numBits = 1<<numBits, numBits+1
		}
	}
}
