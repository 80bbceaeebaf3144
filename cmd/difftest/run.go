package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// config is the command line.
type config struct {
	svjs, iss    string // the anchors' checkouts ("" to leave one out)
	repo         string // this repository (its scripts/)
	self         string // this command, for the ILP worker
	out          string // the directory of disagreements
	kinds        []string
	rounds       int
	mixed        int // mixed cases per round
	duration     time.Duration
	seed         uint64
	timeout      time.Duration // each side's time for one case
	btTimeout    time.Duration
	btMax, ilpMx int // the largest sizes backtracking and ilp run on
	svjsMax      int // the largest size SVJS is given
	replay       string
	fixture      string // with replay: write the case as a fixture here
	fixturesFrom string // write a fixture for every disagreement of this -out
	found        string // the fixture's words
	shrinkSide   string // with replay: shrink the case while this side is wrong
	verbose      bool
}

// runner runs cases on every side and keeps the tallies.
type runner struct {
	c       config
	anchors []*side // svjs, iss, ilp
	tally   *tally
	log     io.Writer
}

func newRunner(c config, log io.Writer) (*runner, error) {
	r := &runner{c: c, tally: newTally(), log: log}
	if c.svjs != "" {
		r.anchors = append(r.anchors, svjsSide(c.repo, c.svjs, c.timeout, c.svjsMax))
	}
	if c.iss != "" {
		r.anchors = append(r.anchors, issSide(c.repo, c.iss, c.timeout))
	}
	if c.ilpMx > 0 {
		r.anchors = append(r.anchors, ilpSide(c.self, c.timeout, c.ilpMx))
	}
	for _, s := range r.anchors {
		if err := s.p.start(); err != nil {
			r.close()
			return nil, err
		}
	}
	return r, nil
}

func (r *runner) close() {
	for _, s := range r.anchors {
		s.p.stop()
	}
}

// outcomeOf is one case run: its results and what the definitions say.
type outcomeOf struct {
	c       *aCase
	results []result
	v       verdict
	agree   bool
	three   bool
}

// runCase counts a case's solutions on every side at once: ours in this
// process (general, then backtrack on small grids), the others each in
// its process.
func (r *runner) runCase(c *aCase) outcomeOf {
	results := make([]result, 2+len(r.anchors))
	var wg sync.WaitGroup
	for i, s := range r.anchors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[2+i] = s.run(c)
		}()
	}
	results[0] = result{side: "general", note: "the reader refuses it: " + errText(c.readErr)}
	if c.board != nil {
		results[0] = runEngine("general", engineOf["general"], c.board, r.c.timeout)
	}
	results[1] = result{side: "backtrack", out: skipped}
	if c.board != nil && c.n <= r.c.btMax {
		results[1] = runEngine("backtrack", engineOf["backtrack"], c.board, r.c.btTimeout)
	}
	wg.Wait()
	v := judge(c, results)
	o := outcomeOf{c: c, results: results, v: v}
	o.agree, o.three = agreement(results, v)
	return o
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// boardText is the case's givens as a line ("" without a board).
func (c *aCase) boardText() string {
	if c.board == nil {
		return ""
	}
	return c.board.String()
}

// specs returns the cases of one round: each kind asked for (as often
// as its weight), then the mixed cases.
func (r *runner) specs(round int) []spec {
	base := r.c.seed + uint64(round)*1000
	var out []spec
	for _, name := range r.c.kinds {
		for w := range max(1, kinds[name].weight) {
			out = append(out, spec{kinds: []string{name}, seed: base + uint64(w)})
		}
	}
	rng := rand.New(rand.NewPCG(base, 7))
	for j := range r.c.mixed {
		out = append(out, spec{kinds: mixedKinds(rng, r.c.kinds), seed: base + 100 + uint64(j)})
	}
	return out
}

// mixedKinds draws 2 to 4 kinds that go together, by weight, none of
// them classic.
func mixedKinds(rng *rand.Rand, names []string) []string {
	var pool []string
	for _, name := range names {
		if name != "classic" {
			for range max(1, kinds[name].weight) {
				pool = append(pool, name)
			}
		}
	}
	distinct := 0
	for i, name := range pool {
		if !contains(pool[:i], name) {
			distinct++
		}
	}
	for {
		k := min(2+rng.IntN(3), distinct) // -kinds may name fewer than 4
		var picked []string
		var ks []*kind
		for len(picked) < k && len(pool) > 0 {
			name := pool[rng.IntN(len(pool))]
			if !contains(picked, name) {
				picked = append(picked, name)
				ks = append(ks, kinds[name])
			}
		}
		if compatible(ks) {
			return picked
		}
	}
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// run runs rounds until their number or the duration is reached.
func (r *runner) run(w io.Writer) error {
	start := time.Now()
	done := 0
	for round := 0; round < r.c.rounds || r.c.duration > 0; round++ {
		for _, sp := range r.specs(round) {
			if r.c.duration > 0 && time.Since(start) > r.c.duration {
				return nil
			}
			if err := r.one(sp); err != nil {
				return err
			}
			if done++; done%100 == 0 {
				fmt.Fprintf(r.log, "%d cases, %s, %d disagreements\n", done, time.Since(start).Round(time.Second), r.tally.disagreements)
			}
		}
		if r.c.duration == 0 && round+1 >= r.c.rounds {
			break
		}
	}
	return nil
}

// one makes and runs one case, tallies it and writes it out when the
// sides disagree.
func (r *runner) one(sp spec) error {
	c, err := makeCase(sp)
	if err != nil {
		r.tally.notMade(sp, err)
		if err != errNotMade {
			fmt.Fprintf(r.log, "case %s not made: %v\n", sp, err)
		}
		return nil
	}
	o := r.runCase(c)
	r.tally.add(o)
	if r.c.verbose {
		fmt.Fprintln(r.log, caseLine(o))
	}
	if o.agree {
		return nil
	}
	fmt.Fprintf(r.log, "DISAGREE %s\n", caseLine(o))
	return writeCase(r.c.out, o)
}

// caseLine sums up a case run on one line.
func caseLine(o outcomeOf) string {
	s := fmt.Sprintf("%s %dx%d givens %d:", o.c.spec, o.c.n, o.c.n, o.c.givens)
	for _, res := range o.results {
		s += " " + res.String() + ","
	}
	for side, why := range o.v.wrong {
		s += fmt.Sprintf(" [%s wrong: %.200s]", side, why)
	}
	return s
}

// caseFile is a disagreement written out for study.
type caseFile struct {
	Case     string            `json:"case"`
	Kinds    []string          `json:"kinds"`
	Seed     uint64            `json:"seed"`
	Size     int               `json:"size"`
	Givens   int               `json:"givens"`
	Truth    bool              `json:"drawnTrue"`
	Drawn    string            `json:"drawnSolution"`
	Results  []resultFile      `json:"results"`
	Wrong    map[string]string `json:"wrong,omitempty"`
	Valid    []string          `json:"validSolutions,omitempty"`
	Board    string            `json:"board"`
	FPuzzles json.RawMessage   `json:"fpuzzles,omitempty"`
	ISS      string            `json:"iss,omitempty"`
}

type resultFile struct {
	Side      string   `json:"side"`
	Outcome   string   `json:"outcome"`
	Count     int      `json:"count"`
	CPUMs     float64  `json:"cpuMs"`
	Note      string   `json:"note,omitempty"`
	Solutions []string `json:"solutions,omitempty"`
}

func caseJSON(o outcomeOf) caseFile {
	c := o.c
	f := caseFile{Case: c.spec.String(), Kinds: c.kinds, Seed: c.seed, Size: c.n, Givens: c.givens, Truth: c.truth,
		Drawn: gridText(c.sol), Wrong: o.v.wrong, Board: c.boardText(), ISS: c.iss}
	if c.fpErr == nil {
		f.FPuzzles = c.fp
	}
	for _, g := range o.v.valid {
		f.Valid = append(f.Valid, gridText(g))
	}
	for _, res := range o.results {
		rf := resultFile{Side: res.side, Outcome: res.out.String(), Count: res.count, CPUMs: res.cpuMs, Note: res.note}
		for _, s := range res.sols {
			rf.Solutions = append(rf.Solutions, gridText(s))
		}
		f.Results = append(f.Results, rf)
	}
	return f
}

// writeCase writes a disagreement to dir as <kinds>-<seed>.json.
func writeCase(dir string, o outcomeOf) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(caseJSON(o), "", "  ")
	if err != nil {
		return err
	}
	name := fmt.Sprintf("%s-%d.json", o.c.spec.label(), o.c.seed)
	return os.WriteFile(filepath.Join(dir, name), append(b, '\n'), 0o644)
}
