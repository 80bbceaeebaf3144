package main

import (
	"fmt"
	"slices"
	"strconv"
)

// The kinds of clue beside the grid: skyscrapers, sandwiches, X-sums
// (beside a row or column, on every side) and little killers (along a
// diagonal).

func init() {
	addOutside("skyscraper", skyscraperSeen, func(n int) (int, int) { return 1, n }, 3)
	kinds["skyscraper"].prepare = risingLine
	addOutside("sandwichsum", sandwichSum, func(n int) (int, int) { return 0, n*(n+1)/2 - 1 - n }, 1)
	addOutside("xsum", xSum, func(n int) (int, int) { return 1, n * (n + 1) / 2 }, 1)
	addKind(kind{name: "littlekillersum", draw: drawLittleKillers})
	covers("littlekillersum", "littlekillersum")
}

// place is a clue's place beside the grid, 0-based (-1 or n on its
// side), and the cells it reads from that side.
type place struct {
	row, col int
	cells    []int
}

// places returns every place beside a row or column, on every side: for
// each i, above and below column i, then left and right of row i (the
// other side of place j is j^1).
func (d *draw) places() []place {
	n := d.n
	var out []place
	for i := range n {
		for _, p := range [][2]int{{-1, i}, {n, i}, {i, -1}, {i, n}} {
			out = append(out, place{p[0], p[1], d.lineFrom(p[0], p[1])})
		}
	}
	return out
}

// lineFrom returns the cells of the row or column beside (row, col),
// from that side.
func (d *draw) lineFrom(row, col int) []int {
	n := d.n
	cells := make([]int, n)
	for i := range cells {
		switch {
		case row < 0:
			cells[i] = i*n + col
		case row >= n:
			cells[i] = (n-1-i)*n + col
		case col < 0:
			cells[i] = row*n + i
		default:
			cells[i] = row*n + n - 1 - i
		}
	}
	return cells
}

// addOutside adds a kind of clue beside the grid: value reads a line's
// digits from the clue's side, lo..hi bounds a clue drawn at random.
// weight makes a required class drawn more often.
func addOutside(key string, value func(n int, v []int) int, bounds func(n int) (int, int), weight int) {
	addKind(kind{name: key, weight: weight, draw: func(d *draw) {
		ps := d.places()
		lo, hi := bounds(d.n)
		picked := d.shuffled(len(ps))[:d.between(1, max(1, len(ps)/2))]
		if d.rising >= 0 && key == "skyscraper" { // the side that sees all N (places() puts the other side next to it)
			picked = append([]int{d.rising, d.rising ^ 1}, slices.DeleteFunc(picked, func(i int) bool { return i>>1 == d.rising>>1 })...)
		}
		for _, i := range picked {
			p := ps[i]
			v := value(d.n, values(d.sol, p.cells))
			if !d.truth {
				v = d.between(lo, hi)
			}
			d.add(key, map[string]any{"cell": d.outside(p.row, p.col), "value": strconv.Itoa(v)})
			d.rule(fmt.Sprintf("%s %d at %s", key, v, d.outside(p.row, p.col)), func(g []uint8) bool { return value(d.n, values(g, p.cells)) == v })
		}
	}})
	covers(key, key)
}

// risingLine, half the time, relabels the solution so that a line reads
// 1..N from one side: its clue sees every building, the other side's one.
func risingLine(d *draw) {
	if !d.chance(0.5) {
		return
	}
	ps := d.places()
	d.rising = d.rng.IntN(len(ps))
	d.relabel(ps[d.rising].cells)
}

// skyscraperSeen counts the digits higher than every digit before them.
func skyscraperSeen(_ int, v []int) int {
	seen, top := 0, 0
	for _, x := range v {
		if x > top {
			seen, top = seen+1, x
		}
	}
	return seen
}

// sandwichSum adds up the digits between the 1 and the n.
func sandwichSum(n int, v []int) int {
	a, b := -1, -1
	for i, x := range v {
		switch x {
		case 1:
			a = i
		case n:
			b = i
		}
	}
	if a < 0 || b < 0 {
		return -1
	}
	return sumInts(v[min(a, b)+1 : max(a, b)])
}

// xSum adds up the first X digits, X the first.
func xSum(_ int, v []int) int {
	if v[0] < 1 || v[0] > len(v) {
		return -1
	}
	return sumInts(v[:v[0]])
}

// drawLittleKillers draws clues beside the grid with an arrow along a
// diagonal: the sum of the diagonal's digits.
func drawLittleKillers(d *draw) {
	n := d.n
	dirs := []string{"DL", "DR", "UL", "UR"}
	steps := [][2]int{{1, -1}, {1, 1}, {-1, -1}, {-1, 1}}
	type clue struct {
		row, col int
		dir      string
		cells    []int
	}
	var all []clue
	seen := map[[2]int]bool{}
	for i := -1; i <= n; i++ {
		for _, p := range [][2]int{{-1, i}, {n, i}, {i, -1}, {i, n}} {
			if seen[p] {
				continue
			}
			seen[p] = true
			for j, dir := range dirs {
				s := steps[j]
				var cells []int
				for r, c := p[0]+s[0], p[1]+s[1]; r >= 0 && r < n && c >= 0 && c < n; r, c = r+s[0], c+s[1] {
					cells = append(cells, r*n+c)
				}
				if len(cells) > 0 {
					all = append(all, clue{p[0], p[1], dir, cells})
				}
			}
		}
	}
	for _, i := range d.shuffled(len(all))[:d.between(1, min(len(all), 2*n))] {
		k := all[i]
		v := sumOf(d.sol, k.cells)
		if !d.truth {
			v = d.between(len(k.cells), n*len(k.cells))
		}
		d.add("littlekillersum", map[string]any{"cell": d.outside(k.row, k.col), "cells": d.names(k.cells), "direction": k.dir, "value": strconv.Itoa(v)})
		d.rule(fmt.Sprintf("little killer %d %s", v, d.cellList(k.cells)), func(g []uint8) bool { return sumOf(g, k.cells) == v })
	}
}
