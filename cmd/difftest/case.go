package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"sudoku"
	"sudoku/generate"
)

// spec names a case: its kinds and its seed, all it is made from
// ("thermometer+jigsaw@1234"). The same spec makes the same case.
type spec struct {
	kinds []string
	seed  uint64
}

func (s spec) String() string {
	return strings.Join(s.kinds, "+") + "@" + strconv.FormatUint(s.seed, 10)
}

// parseSpec reads "kind+kind@seed".
func parseSpec(s string) (spec, error) {
	ks, seed, ok := strings.Cut(strings.TrimSpace(s), "@")
	v, err := strconv.ParseUint(seed, 10, 64)
	if !ok || err != nil || ks == "" {
		return spec{}, fmt.Errorf("case %q: want KIND[+KIND...]@SEED", s)
	}
	sp := spec{kinds: strings.Split(ks, "+"), seed: v}
	_, err = lookupKinds(sp.kinds)
	return sp, err
}

// label names the case's kinds: "thermometer", or "mixed" for several.
func (s spec) label() string {
	if len(s.kinds) == 1 {
		return s.kinds[0]
	}
	return "mixed"
}

// aCase is one puzzle made for the engines: our board (read back from
// the f-puzzles JSON made for it), the forms the anchors read, the
// solution its clues were drawn from and their definitions.
type aCase struct {
	spec
	n     int
	board *sudoku.Board
	// fp is FormatFPuzzles of board, for SVJS (nil with fpErr when
	// f-puzzles cannot hold it).
	fp    []byte
	fpErr error
	// iss is board as ISS's constraint string ("" with issErr).
	iss    string
	issErr error
	// readErr is our reader's refusal of the rules as impossible (board
	// is then nil).
	readErr error
	sol     []uint8
	truth   bool // every clue drawn true: sol solves it
	givens  int
	defs    []def
}

// errNotMade means no case could be made from the spec (a layout with no
// solution found within the fill's budget, tried several times).
var errNotMade = errors.New("no solution grid found for the layout")

// makeCase makes the case of sp.
func makeCase(sp spec) (*aCase, error) {
	ks, err := lookupKinds(sp.kinds)
	if err != nil {
		return nil, err
	}
	if !compatible(ks) {
		return nil, fmt.Errorf("%s: kinds that do not go together", sp)
	}
	rng := rand.New(rand.NewPCG(sp.seed, kindsHash(sp.kinds)))
	sizes := sizesOf(ks)
	n := sizes[rng.IntN(len(sizes))]
	for range 5 {
		c, err := tryCase(sp, ks, n, rng)
		if !errors.Is(err, errNotMade) {
			return c, err
		}
	}
	return nil, errNotMade
}

// kindsHash mixes the kinds' names into the random source, so that cases
// of different kinds with one seed differ (FNV-1a).
func kindsHash(names []string) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range []byte(strings.Join(names, "+")) {
		h = (h ^ uint64(b)) * 1099511628211
	}
	return h
}

// tryCase draws the layout, a solution of it, the clues and the givens.
func tryCase(sp spec, ks []*kind, n int, rng *rand.Rand) (*aCase, error) {
	rules, err := sudoku.Sized(n)
	if err != nil {
		return nil, err
	}
	d := &draw{rng: rng, n: n, rules: rules, truth: true, fp: map[string][]any{}, flags: map[string]any{}, rising: -1}
	for _, k := range ks {
		if k.layout {
			k.draw(d)
		}
	}
	if err := rules.Validate(); err != nil {
		return nil, fmt.Errorf("%s: layout: %w", sp, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	d.sol, err = generate.Fill(ctx, rules, rng)
	if err != nil {
		return nil, errNotMade
	}
	for _, k := range ks {
		if k.prepare != nil {
			k.prepare(d)
		}
	}
	c := &aCase{spec: sp, n: n, sol: d.sol, truth: true}
	for _, k := range ks {
		if !k.layout {
			d.truth = rng.Float64() < 0.7
			c.truth = c.truth && d.truth
			k.draw(d)
		}
	}
	return c, c.build(d)
}

// givenShares are the shares of cells given, drawn from.
var givenShares = []float64{0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.65}

// build makes our board: the rules and clues written as f-puzzles JSON
// and read back, then the givens, the pencil marks and what f-puzzles
// cannot hold; then the anchors' forms of it.
func (c *aCase) build(d *draw) error {
	base := sudoku.NewBoard(d.rules)
	js, err := sudoku.FormatFPuzzles(base)
	if err != nil {
		return fmt.Errorf("%s: writing the rules: %w", c.spec, err)
	}
	js, err = mergeKeys(js, d.fp, d.flags)
	if err != nil {
		return fmt.Errorf("%s: %w", c.spec, err)
	}
	b, err := sudoku.ParseFPuzzles(js)
	if refusesRules(err) {
		return c.refused(d, js, err)
	}
	if err != nil {
		return fmt.Errorf("%s: reading the case back: %w", c.spec, err)
	}
	share := givenShares[d.rng.IntN(len(givenShares))]
	for _, i := range d.rng.Perm(c.n * c.n)[:int(share*float64(c.n*c.n))] {
		b.Cells[i] = d.sol[i]
		c.givens++
	}
	if d.marks != nil {
		b.Marks = slices.Clone(d.marks)
		for i, v := range b.Cells {
			if v != 0 {
				b.Marks[i] = sudoku.DigitOf(int(v))
			}
		}
	}
	for _, f := range d.post {
		if err := f(b); err != nil {
			return fmt.Errorf("%s: %w", c.spec, err)
		}
	}
	c.board = b
	c.defs = append(baseDefs(d.rules, b.Cells, b.Marks), d.defs...)
	c.fp, c.fpErr = sudoku.FormatFPuzzles(b)
	c.iss, c.issErr = formatISS(b)
	return nil
}

// refusesRules reports whether err is the reader's refusal of rules no
// grid can keep (a clue drawn at random that no digits can fill).
func refusesRules(err error) bool {
	var ce *sudoku.ConstraintError
	var cl *sudoku.ClashError
	return errors.As(err, &ce) || errors.As(err, &cl)
}

// refused makes the case of rules our reader refuses as impossible: ours
// says no solution; the anchors get the f-puzzles JSON (no givens), so
// that a solution one of them finds, valid by definition, shows the
// refusal wrong.
func (c *aCase) refused(d *draw, js []byte, err error) error {
	c.readErr, c.fp = err, js
	if len(d.post) > 0 {
		c.fp, c.fpErr = nil, errors.New("our reader refuses the rules, and f-puzzles cannot hold the rest")
	}
	c.issErr = errors.New("our reader refuses the rules, so there is no board to write")
	c.defs = append(baseDefs(d.rules, make([]uint8, c.n*c.n), nil), d.defs...)
	return nil
}

// mergeKeys adds the kinds' f-puzzles keys to the JSON object js.
func mergeKeys(js []byte, entries map[string][]any, flags map[string]any) ([]byte, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(js, &obj); err != nil {
		return nil, err
	}
	set := func(k string, v any) error {
		if _, dup := obj[k]; dup {
			return fmt.Errorf("f-puzzles key %q written twice", k)
		}
		raw, err := json.Marshal(v)
		obj[k] = raw
		return err
	}
	for k, v := range entries {
		if err := set(k, v); err != nil {
			return nil, err
		}
	}
	for k, v := range flags {
		if err := set(k, v); err != nil {
			return nil, err
		}
	}
	return json.Marshal(obj)
}
