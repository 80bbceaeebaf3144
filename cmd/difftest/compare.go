package main

import (
	"fmt"
	"slices"
	"strings"
)

// verdict is what the definitions say of the sides' answers to a case.
type verdict struct {
	valid [][]uint8           // the distinct solutions valid by definition that some side (or the drawing) found
	wrong map[string]string   // side -> why its answer is wrong by definition
	bad   map[string][]string // side -> the definitions its first bad solution breaks
}

// judge checks every solution the sides report against the definitions
// and each finished count against the valid solutions found: a side
// that reports a solution breaking a definition, or finishes with fewer
// solutions than were found valid, is wrong.
func judge(c *aCase, rs []result) verdict {
	v := verdict{wrong: map[string]string{}, bad: map[string][]string{}}
	add := func(g []uint8) {
		if !slices.ContainsFunc(v.valid, func(o []uint8) bool { return slices.Equal(o, g) }) {
			v.valid = append(v.valid, g)
		}
	}
	if c.broken(c.sol) == nil {
		add(c.sol)
	}
	for _, r := range rs {
		for _, s := range r.sols {
			if why := c.broken(s); why != nil {
				if _, seen := v.bad[r.side]; !seen {
					v.bad[r.side] = why
					v.wrong[r.side] = fmt.Sprintf("its solution %s breaks %s", gridText(s), strings.Join(why, "; "))
				}
				continue
			}
			add(s)
		}
	}
	for _, r := range rs {
		if _, ok := v.wrong[r.side]; ok || r.out != finished {
			continue
		}
		if found := min(2, len(v.valid)); r.count < found {
			v.wrong[r.side] = fmt.Sprintf("finds %d solutions where %d are valid by definition (%s)", r.count, found, validList(v.valid, r))
		}
	}
	return v
}

// validList names the valid solutions the side did not report.
func validList(valid [][]uint8, r result) string {
	var out []string
	for _, g := range valid {
		if !slices.ContainsFunc(r.sols, func(s []uint8) bool { return slices.Equal(s, g) }) {
			out = append(out, gridText(g))
		}
	}
	return "missed: " + strings.Join(out, ", ")
}

// agreement sums up a case's results: whether every finished side gave
// one count and none is wrong by definition, and whether ours, SVJS and
// ISS all finished.
func agreement(rs []result, v verdict) (agree, three bool) {
	counts := map[int]bool{}
	fin := map[string]bool{}
	for _, r := range rs {
		if r.out == finished {
			counts[r.count] = true
			fin[r.side] = true
		}
	}
	agree = len(counts) <= 1 && len(v.wrong) == 0
	return agree, fin["general"] && fin["svjs"] && fin["iss"]
}

// causes names what went wrong in a disagreement, per side, in words
// that group like cases: "svjs reports a solution breaking betweenline",
// "iss misses a solution", "counts differ, none shown wrong" (no side
// can be shown wrong by the solutions found: a side counts more than it
// reported and no one found them).
func causes(o outcomeOf) []string {
	var out []string
	for _, r := range o.results {
		_, ok := o.v.wrong[r.side]
		switch {
		case !ok:
		case o.v.bad[r.side] != nil:
			var kinds []string
			for _, d := range o.v.bad[r.side] {
				if k, _, _ := strings.Cut(d, " "); !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
			out = append(out, fmt.Sprintf("%s reports a solution breaking %s", r.side, strings.Join(kinds, ", ")))
		default:
			out = append(out, fmt.Sprintf("%s misses a solution", r.side))
		}
	}
	if len(out) == 0 {
		out = append(out, "counts differ, none shown wrong")
	}
	return out
}
