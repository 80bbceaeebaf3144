package main

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"sudoku"
)

// TestEveryKindDrawn: every constraint kind registered in package sudoku
// is drawn by some generator kind.
func TestEveryKindDrawn(t *testing.T) {
	if u := undrawn(); len(u) > 0 {
		t.Errorf("kinds of package sudoku no generator draws: %s (add a kind in kinds_*.go)", strings.Join(u, ", "))
	}
}

// testSeeds are the seeds the tests make cases from.
var testSeeds = []uint64{1, 2, 3, 4, 5, 6}

// eachCase makes the cases of every kind for testSeeds.
func eachCase(t *testing.T, f func(t *testing.T, c *aCase)) {
	for _, name := range kindNames() {
		t.Run(name, func(t *testing.T) {
			for _, seed := range testSeeds {
				c, err := makeCase(spec{kinds: []string{name}, seed: seed})
				if errors.Is(err, errNotMade) {
					continue
				}
				if err != nil {
					t.Fatalf("%s@%d: %v", name, seed, err)
				}
				f(t, c)
			}
		})
	}
}

// TestCasesAgain: a spec makes the same case twice (the same board and
// the same f-puzzles JSON).
func TestCasesAgain(t *testing.T) {
	eachCase(t, func(t *testing.T, c *aCase) {
		again, err := makeCase(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if again.boardText() != c.boardText() || string(again.fp) != string(c.fp) || again.iss != c.iss {
			t.Errorf("%s: made twice, the cases differ", c.spec)
		}
	})
}

// TestDrawnSolutionHolds: a case drawn true holds its solution by every
// definition and by our board's own check; a grid with two digits of a
// row swapped breaks some definition.
func TestDrawnSolutionHolds(t *testing.T) {
	eachCase(t, func(t *testing.T, c *aCase) {
		if !c.truth {
			return
		}
		if c.board == nil {
			t.Fatalf("%s: drawn true, refused by our reader: %v", c.spec, c.readErr)
		}
		if why := c.broken(c.sol); why != nil {
			t.Fatalf("%s: the drawn solution breaks %s", c.spec, strings.Join(why, "; "))
		}
		full := &sudoku.Board{Rules: c.board.Rules, Cells: slices.Clone(c.sol), Marks: c.board.Marks}
		if err := full.Validate(); err != nil {
			t.Fatalf("%s: our check refuses the drawn solution: %v", c.spec, err)
		}
		g := slices.Clone(c.sol)
		g[0], g[1] = g[1], g[0]
		if c.broken(g) == nil {
			t.Errorf("%s: swapping r1c1 and r1c2 breaks no definition", c.spec)
		}
	})
}

// TestSpecs: specs are read back as written, and bad ones are refused.
func TestSpecs(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"thermometer@12", "thermometer@12", ""},
		{"thermometer+jigsaw@3", "thermometer+jigsaw@3", ""},
		{"thermometer", "", "want KIND"},
		{"nosuchkind@1", "", `no kind "nosuchkind"`},
		{"thermometer@x", "", "want KIND"},
	} {
		sp, err := parseSpec(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: got %v, want an error with %q", tc.in, err, tc.err)
		case tc.err == "" && (err != nil || sp.String() != tc.want):
			t.Errorf("%q: got %v (%v), want %s", tc.in, sp, err, tc.want)
		}
	}
}

// TestJudge: a side that reports a solution breaking a definition, or
// that finishes with fewer solutions than were found valid, is wrong;
// sides that time out are not compared.
func TestJudge(t *testing.T) {
	var c *aCase
	for seed := uint64(1); c == nil || !c.truth; seed++ {
		var err error
		if c, err = makeCase(spec{kinds: []string{"thermometer"}, seed: seed}); err != nil {
			t.Fatal(err)
		}
	}
	bad := slices.Clone(c.sol)
	bad[0] = bad[1] // two equal digits in row 1
	for _, tc := range []struct {
		name    string
		results []result
		wrong   []string
		agree   bool
	}{
		{"all agree", []result{{side: "general", count: 1, sols: [][]uint8{c.sol}}, {side: "svjs", count: 1}}, nil, true},
		{"missed", []result{{side: "general", count: 1, sols: [][]uint8{c.sol}}, {side: "svjs", count: 0}}, []string{"svjs"}, false},
		{"bad solution", []result{{side: "general", count: 1, sols: [][]uint8{c.sol}}, {side: "iss", count: 1, sols: [][]uint8{bad}}}, []string{"iss"}, false},
		{"timed out", []result{{side: "general", count: 1, sols: [][]uint8{c.sol}}, {side: "svjs", out: timedOut}}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := judge(c, tc.results)
			var wrong []string
			for side := range v.wrong {
				wrong = append(wrong, side)
			}
			slices.Sort(wrong)
			if !slices.Equal(wrong, tc.wrong) {
				t.Errorf("got wrong %v (%v), want %v", wrong, v.wrong, tc.wrong)
			}
			if agree, _ := agreement(tc.results, v); agree != tc.agree {
				t.Errorf("got agree %v, want %v", agree, tc.agree)
			}
		})
	}
}

// TestMixedFewKinds: mixed cases of -kinds naming fewer than four kinds
// are drawn (four distinct kinds of three were looked for forever).
func TestMixedFewKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		if got := mixedKinds(rng, []string{"thermometer", "arrow", "sumline"}); len(got) < 2 || len(got) > 3 {
			t.Fatalf("mixed kinds %v", got)
		}
	}
}

// TestMakeManyCases: every kind makes cases from many seeds, true to the
// solution and at random (a lunchbox drawn at random along one digit once
// panicked), with no error but errNotMade.
func TestMakeManyCases(t *testing.T) {
	for _, name := range kindNames() {
		for seed := uint64(1000); seed < 1040; seed++ {
			if _, err := makeCase(spec{kinds: []string{name}, seed: seed}); err != nil && !errors.Is(err, errNotMade) {
				t.Errorf("%s@%d: %v", name, seed, err)
			}
		}
	}
}
