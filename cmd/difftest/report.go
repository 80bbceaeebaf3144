package main

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// row counts the cases of one kind (or of mixed cases) on one size.
type row struct {
	made, notMade int
	ends          map[string]*[5]int // side -> cases by outcome
	agree, three  int                // every finished side agreed; ours, SVJS and ISS all finished and agreed
	disagree      int
	refusedBy     map[string]map[string]int // side -> what it refused -> cases
	disagreeSpecs []string
}

// tally keeps the rows by kind and size, and the mixed cases by kind.
type tally struct {
	rows          map[string]map[int]*row
	mixedByKind   map[string]*row
	disagreements int
	causes        map[string][]string // cause -> the specs of its cases
	counts        [3]int              // general's finished counts: none, one, two or more
}

func newTally() *tally {
	return &tally{rows: map[string]map[int]*row{}, mixedByKind: map[string]*row{}, causes: map[string][]string{}}
}

func newRow() *row { return &row{ends: map[string]*[5]int{}, refusedBy: map[string]map[string]int{}} }

func (t *tally) row(label string, n int) *row {
	if t.rows[label] == nil {
		t.rows[label] = map[int]*row{}
	}
	if t.rows[label][n] == nil {
		t.rows[label][n] = newRow()
	}
	return t.rows[label][n]
}

func (t *tally) notMade(sp spec, err error) { t.row(sp.label(), 0).notMade++ }

// add counts a case run.
func (t *tally) add(o outcomeOf) {
	rows := []*row{t.row(o.c.label(), o.c.n)}
	if len(o.c.kinds) > 1 {
		for _, k := range o.c.kinds {
			if t.mixedByKind[k] == nil {
				t.mixedByKind[k] = newRow()
			}
			rows = append(rows, t.mixedByKind[k])
		}
	}
	if g := o.results[0]; g.out == finished {
		t.counts[min(g.count, 2)]++
	}
	if !o.agree {
		t.disagreements++
		for _, c := range causes(o) {
			t.causes[c] = append(t.causes[c], o.c.spec.String())
		}
	}
	for _, rw := range rows {
		rw.count(o)
	}
}

func (rw *row) count(o outcomeOf) {
	rw.made++
	for _, r := range o.results {
		if rw.ends[r.side] == nil {
			rw.ends[r.side] = &[5]int{}
		}
		rw.ends[r.side][r.out]++
		if r.out == refused {
			if rw.refusedBy[r.side] == nil {
				rw.refusedBy[r.side] = map[string]int{}
			}
			rw.refusedBy[r.side][refusalKey(r.note)]++
		}
	}
	switch {
	case !o.agree:
		rw.disagree++
		rw.disagreeSpecs = append(rw.disagreeSpecs, o.c.spec.String())
	case o.three:
		rw.agree++
		rw.three++
	default:
		rw.agree++
	}
}

// refusalKey shortens a refusal to what was refused, its cells left out.
func refusalKey(note string) string {
	note = cellNames.ReplaceAllString(note, "…")
	if len(note) > 90 {
		note = note[:90]
	}
	return strings.TrimSpace(note)
}

var cellNames = regexp.MustCompile(`[rR]\d+[cC]\d+([-, ]+[rR]\d+[cC]\d+)*`)

var sides = []string{"general", "backtrack", "ilp", "svjs", "iss"}

// report prints the tables: per kind and size, then mixed cases by kind,
// then what each side refused.
func (t *tally) report(w io.Writer) {
	fmt.Fprintf(w, "\nPer kind and size: cases made (not made); per side finished/timed out/refused/failed (skipped left out); agree = every finished side gave one count, none wrong by definition; all3 = ours, SVJS and ISS all finished and agreed; dis = disagreements\n")
	t.header(w, "kind", "size")
	labels := make([]string, 0, len(t.rows))
	for l := range t.rows {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		var sizes []int
		for n := range t.rows[l] {
			sizes = append(sizes, n)
		}
		sort.Ints(sizes)
		for _, n := range sizes {
			t.line(w, l, fmt.Sprint(n), t.rows[l][n])
		}
	}
	if len(t.mixedByKind) > 0 {
		fmt.Fprintf(w, "\nMixed cases (2-4 kinds) by the kinds they hold, all sizes\n")
		t.header(w, "kind", "")
		var ks []string
		for k := range t.mixedByKind {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			t.line(w, k, "", t.mixedByKind[k])
		}
	}
	t.kindTotals(w)
	t.refusals(w)
	fmt.Fprintf(w, "\nGeneral's counts of the cases it finished: %d with no solution, %d unique, %d with several\n", t.counts[0], t.counts[1], t.counts[2])
	t.causeList(w)
}

// causeList prints the disagreements by cause, with a few of their cases.
func (t *tally) causeList(w io.Writer) {
	if len(t.causes) == 0 {
		fmt.Fprintf(w, "\nNo disagreements.\n")
		return
	}
	fmt.Fprintf(w, "\nDisagreements by cause (cases; the first few)\n")
	var keys []string
	for k := range t.causes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		specs := t.causes[k]
		fmt.Fprintf(w, "  %5d  %s: %s\n", len(specs), k, strings.Join(specs[:min(len(specs), 5)], " "))
	}
}

func (t *tally) header(w io.Writer, a, b string) {
	fmt.Fprintf(w, "%-18s %4s %9s", a, b, "made")
	for _, s := range sides {
		fmt.Fprintf(w, " %15s", s)
	}
	fmt.Fprintf(w, " %6s %6s %4s\n", "agree", "all3", "dis")
}

func (t *tally) line(w io.Writer, a, b string, rw *row) {
	made := fmt.Sprint(rw.made)
	if rw.notMade > 0 {
		made += fmt.Sprintf("(%d)", rw.notMade)
	}
	if b == "0" {
		b = "-"
	}
	fmt.Fprintf(w, "%-18s %4s %9s", a, b, made)
	for _, s := range sides {
		e := rw.ends[s]
		if e == nil {
			fmt.Fprintf(w, " %15s", "-")
			continue
		}
		fmt.Fprintf(w, " %15s", fmt.Sprintf("%d/%d/%d/%d", e[finished], e[timedOut], e[refused], e[failed]))
	}
	fmt.Fprintf(w, " %6d %6d %4d\n", rw.agree, rw.three, rw.disagree)
}

// refusals prints what each side refused, over every case.
func (t *tally) refusals(w io.Writer) {
	all := map[string]map[string]int{}
	for _, bySize := range t.rows {
		for _, rw := range bySize {
			for side, m := range rw.refusedBy {
				if all[side] == nil {
					all[side] = map[string]int{}
				}
				for k, v := range m {
					all[side][k] += v
				}
			}
		}
	}
	if len(all) == 0 {
		return
	}
	fmt.Fprintf(w, "\nRefused, by side and what (cases)\n")
	for _, s := range sides {
		var keys []string
		for k := range all[s] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "  %-9s %6d  %s\n", s, all[s][k], k)
		}
	}
}

// kindTotals prints each kind's cases on every size, alone and in mixed
// cases: the figures per kind.
func (t *tally) kindTotals(w io.Writer) {
	totals := map[string]*row{}
	add := func(k string, rw *row) {
		if totals[k] == nil {
			totals[k] = newRow()
		}
		totals[k].merge(rw)
	}
	for l, bySize := range t.rows {
		if strings.Contains(l, "+") || l == "mixed" {
			continue
		}
		for _, rw := range bySize {
			add(l, rw)
		}
	}
	for k, rw := range t.mixedByKind {
		add(k, rw)
	}
	if len(totals) == 0 {
		return
	}
	fmt.Fprintf(w, "\nPer kind, alone and in mixed cases, all sizes\n")
	t.header(w, "kind", "")
	ks := make([]string, 0, len(totals))
	for k := range totals {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t.line(w, k, "", totals[k])
	}
}

// merge adds the counts of o to rw.
func (rw *row) merge(o *row) {
	rw.made += o.made
	rw.notMade += o.notMade
	rw.agree += o.agree
	rw.three += o.three
	rw.disagree += o.disagree
	for s, e := range o.ends {
		if rw.ends[s] == nil {
			rw.ends[s] = &[5]int{}
		}
		for i, v := range e {
			rw.ends[s][i] += v
		}
	}
}
