package main

import (
	"cmp"
	"fmt"
	"io"
	"slices"

	"sudoku/logic"
)

// bands are the ranges of Sukaku Explainer's ER the agreement is given
// for: below each bound (in tenths), the last open.
var bands = []struct {
	name string
	max  logic.Rating // exclusive
}{{"<2", 20}, {"2-4", 40}, {"4-6", 60}, {"6-8", 80}, {"8+", 1 << 30}}

func bandOf(er logic.Rating) int {
	for i, b := range bands {
		if er < b.max {
			return i
		}
	}
	return len(bands) - 1
}

// tally counts a group of entries.
type tally struct {
	n, same, near, sameEP, sameED, stuck, failed int
	diff                                         int // sum of ours-SE ER over rated entries, tenths
}

func (t *tally) add(e *entry) {
	t.n++
	switch {
	case e.stuck:
		t.stuck++
		return
	case e.timedOut || e.err != nil:
		t.failed++
		return
	}
	d := int(e.ours.er - e.se.er)
	t.diff += d
	t.same += b2i(d == 0)
	t.near += b2i(d >= -1 && d <= 1)
	t.sameEP += b2i(e.ours.ep == e.se.ep)
	t.sameED += b2i(e.ours.ed == e.se.ed)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// frac writes "k/n (p%)".
func frac(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", k, n, 100*float64(k)/float64(n))
}

// groups returns the rule sets present, in table order, and "all".
func groups(es []*entry) []string {
	var gs []string
	for _, rn := range ruleNames {
		if slices.ContainsFunc(es, func(e *entry) bool { return e.rules == rn.rules }) {
			gs = append(gs, rn.rules)
		}
	}
	return append(gs, "all")
}

// tallies counts es per group and band (band len(bands): all bands).
func tallies(es []*entry) map[string][]tally {
	ts := map[string][]tally{}
	for _, g := range groups(es) {
		ts[g] = make([]tally, len(bands)+1)
	}
	for _, e := range es {
		b := bandOf(e.se.er)
		for _, g := range []string{e.rules, "all"} {
			ts[g][b].add(e)
			ts[g][len(bands)].add(e)
		}
	}
	return ts
}

func report(w io.Writer, es []*entry, worst int) {
	ts := tallies(es)
	gs := groups(es)
	fmt.Fprintf(w, "%d puzzles; ours: logic.RateBoard, rating version %s\n\n", len(es), logic.BoardRatingVersion)
	ruleTable(w, gs, ts)
	for _, m := range []struct {
		title string
		count func(t tally) int
	}{
		{"same ER", func(t tally) int { return t.same }},
		{"ER within 0.1", func(t tally) int { return t.near }},
		{"stuck (our engine finds no technique)", func(t tally) int { return t.stuck }},
	} {
		bandTable(w, m.title, gs, ts, m.count)
	}
	worstList(w, es, worst)
	failures(w, es)
}

// ruleTable prints the agreement per rule set.
func ruleTable(w io.Writer, gs []string, ts map[string][]tally) {
	fmt.Fprintf(w, "%-10s %5s %18s %18s %18s %18s %18s %8s %9s\n", "rules", "n", "same ER", "ER within 0.1",
		"same EP", "same ED", "stuck", "failed", "ours-SE")
	for _, g := range gs {
		t := ts[g][len(bands)]
		rated := t.n - t.stuck - t.failed
		mean := "-"
		if rated > 0 {
			mean = fmt.Sprintf("%+.2f", float64(t.diff)/float64(rated)/10)
		}
		fmt.Fprintf(w, "%-10s %5d %18s %18s %18s %18s %18s %8d %9s\n", g, t.n, frac(t.same, t.n), frac(t.near, t.n),
			frac(t.sameEP, t.n), frac(t.sameED, t.n), frac(t.stuck, t.n), t.failed, mean)
	}
	fmt.Fprintln(w, "(ours-SE: mean ER difference over the puzzles we rate to the end)")
}

// bandTable prints one count per rule set and band of Sukaku Explainer's ER.
func bandTable(w io.Writer, title string, gs []string, ts map[string][]tally, count func(tally) int) {
	fmt.Fprintf(w, "\n%s, per band of Sukaku Explainer's ER:\n%-10s", title, "rules")
	for _, b := range bands {
		fmt.Fprintf(w, " %18s", b.name)
	}
	fmt.Fprintln(w)
	for _, g := range gs {
		fmt.Fprintf(w, "%-10s", g)
		for _, t := range ts[g][:len(bands)] {
			fmt.Fprintf(w, " %18s", frac(count(t), t.n))
		}
		fmt.Fprintln(w)
	}
}

// worstList prints the largest ER gaps among the puzzles we rate to the
// end, then the stuck puzzles Sukaku Explainer rates easiest (the ones
// our engine should finish first).
func worstList(w io.Writer, es []*entry, n int) {
	var off, stuck []*entry
	for _, e := range es {
		switch {
		case e.stuck:
			stuck = append(stuck, e)
		case e.err == nil && !e.timedOut && e.ours.er != e.se.er:
			off = append(off, e)
		}
	}
	slices.SortStableFunc(off, func(a, b *entry) int { return cmp.Compare(gap(b), gap(a)) })
	slices.SortStableFunc(stuck, func(a, b *entry) int { return cmp.Compare(a.se.er, b.se.er) })
	listEntries(w, "Largest ER gaps", off, n)
	listEntries(w, "Stuck, easiest for Sukaku Explainer first", stuck, n)
}

func listEntries(w io.Writer, title string, es []*entry, n int) {
	fmt.Fprintf(w, "\n%s (%d of %d):\n", title, min(n, len(es)), len(es))
	for _, e := range es[:min(n, len(es))] {
		ours := e.ours.String()
		if e.stuck {
			ours = "stuck after " + ours
		}
		fmt.Fprintf(w, "%-10s %s SE %-12s ours %s\n", e.rules, e.puzzle, e.se, ours)
	}
}

// gap is the size of the ER disagreement, in tenths.
func gap(e *entry) int { return max(int(e.ours.er-e.se.er), int(e.se.er-e.ours.er)) }

// failures lists the puzzles that could not be read or rated in time.
func failures(w io.Writer, es []*entry) {
	for _, e := range es {
		switch {
		case e.err != nil:
			fmt.Fprintf(w, "failed: %s %s: %v\n", e.rules, e.puzzle, e.err)
		case e.timedOut:
			fmt.Fprintf(w, "failed: %s %s: out of time\n", e.rules, e.puzzle)
		}
	}
}
