package logic

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Words for players: the explanations name cells as solvers write them
// (r3c1, r3c1<>3, r1c9 = 6); Plain rewrites them as a player reads them,
// and Summary says in one line what a technique is.

var (
	// a list of eliminations: "r2c8<>1, r4c4<>3", "r1c1<>1/2/9"
	wordsElims = regexp.MustCompile(`r[1-9]c[1-9]<>[1-9](?:/[1-9])*(?:, ?r[1-9]c[1-9]<>[1-9](?:/[1-9])*)*`)
	wordsElim  = regexp.MustCompile(`r([1-9])c([1-9])<>([1-9](?:/[1-9])*)`)
	// a placement: "r1c9 = 6" or "r1c9=6"
	wordsPlaced = regexp.MustCompile(`r([1-9])c([1-9]) ?= ?([1-9])`)
	// a list of cells: "r2c7,r3c7" or "r2c7, r3c7"
	wordsCells = regexp.MustCompile(`r[1-9]c[1-9](?:, ?r[1-9]c[1-9])*`)
	wordsCell  = regexp.MustCompile(`r([1-9])c([1-9])`)
	// a box named in a step's words: "box 4"
	wordsBox = regexp.MustCompile(`\bbox ([1-9])\b`)
	// a text that starts with a cell name: "r3c12 ..."
	wordsStartCell = regexp.MustCompile(`^r[0-9]+c[0-9]+`)
)

// Plain rewrites the cell names of an explanation in words: "r3c1" as
// "row 3, column 1", "r1c9 = 6" as "row 1, column 9 is 6", and a list of
// eliminations "r3c5<>3, r3c7<>3" as "remove 3 from row 3, column 5 and
// row 3, column 7".
func Plain(text string) string {
	// A text may start with a cell ("r2c4 = 1: ...", "R2c4 = 1: ..."):
	// the plain words start the sentence ("Row 2, column 4 is 1: ...").
	capital := len(text) > 1 && (text[0] == 'R' || text[0] == 'r') && text[1] >= '1' && text[1] <= '9'
	if capital {
		text = "r" + text[1:]
	}
	text = wordsElims.ReplaceAllStringFunc(text, plainEliminations)
	text = wordsPlaced.ReplaceAllString(text, "row $1, column $2 is $3")
	text = wordsCells.ReplaceAllStringFunc(text, func(list string) string {
		var cells []string
		for _, m := range wordsCell.FindAllStringSubmatch(list, -1) {
			cells = append(cells, fmt.Sprintf("row %s, column %s", m[1], m[2]))
		}
		return joinNames(cells)
	})
	if capital {
		text = strings.ToUpper(text[:1]) + text[1:]
	}
	return text
}

// plainEliminations writes "r2c8<>1, r4c4<>3, r5c5<>1/3" as "remove 1
// from row 2, column 8; remove 3 from row 4, column 4; remove 1 and 3
// from row 5, column 5": each cell named once, cells that lose the same
// digits together.
func plainEliminations(list string) string {
	var cells []string
	lose := map[string][]string{}
	for _, m := range wordsElim.FindAllStringSubmatch(list, -1) {
		cell := fmt.Sprintf("row %s, column %s", m[1], m[2])
		if _, ok := lose[cell]; !ok {
			cells = append(cells, cell)
		}
		lose[cell] = append(lose[cell], strings.Split(m[3], "/")...)
	}
	var sets []string
	bySet := map[string][]string{}
	for _, c := range cells {
		ds := lose[c]
		sort.Strings(ds)
		set := joinAnd(slices.Compact(ds))
		if bySet[set] == nil {
			sets = append(sets, set)
		}
		bySet[set] = append(bySet[set], c)
	}
	parts := make([]string, len(sets))
	for i, set := range sets {
		parts[i] = fmt.Sprintf("remove %s from %s", set, joinNames(bySet[set]))
	}
	return strings.Join(parts, "; ")
}

// joinNames joins cell names that hold commas: "a and b", "a; b and c".
func joinNames(cells []string) string {
	if len(cells) <= 2 {
		return strings.Join(cells, " and ")
	}
	return strings.Join(cells[:len(cells)-1], "; ") + " and " + cells[len(cells)-1]
}

// Summary says in one line what technique name is (the technique
// table's words for it, or for the longest name it starts with: "Direct
// pointing", "Finned X-Wing"); "" for an unknown name.
func Summary(name string) string {
	best, text := 0, ""
	for _, t := range techniqueTable {
		if t.Name != "" && len(t.Name) > best && strings.HasPrefix(name, t.Name) {
			best, text = len(t.Name), t.Summary
		}
	}
	return text
}

// withArticle writes a technique's name as a hint says it after "Look
// for": in lower case but for the capitals past a word's first letter
// (X-Wing, ALS-XZ, AIC) and proper names (Nishio); after "an" or "a" as
// it is said ("an X-Wing", "an empty rectangle", "a unique rectangle", "a
// W-Wing"); with no article before a plural or a mass noun ("cage
// combinations", "3 skyscrapers", "pointing", "knight and king sight");
// "the rule of 45".
func withArticle(name string) string {
	n := sayName(name)
	switch {
	case n == "" || countless(n):
		return n
	case strings.HasPrefix(n, "rule of "):
		return "the " + n
	}
	return aOrAn(n)
}

// properNames keep their capital in a hint: a person's name (Nishio) and
// the patterns named as things, as the literature writes them ("a
// Skyscraper", "a Swordfish", "a Turbot fish"); the words that describe
// ("hidden", "naked", "pointing", "forcing") go lower case.
var properNames = map[string]bool{
	"Nishio": true, "Skyscraper": true, "Skyscrapers": true,
	"Swordfish": true, "Jellyfish": true, "Turbot": true,
}

// sayName lower-cases the words of a name written with a capital first
// letter only ("Hidden", "Forcing", "Multi-colouring"), not the others
// ("X-Wing", "AIC", "2-String", "Nishio").
func sayName(name string) string {
	words := strings.Split(name, " ")
	for i, w := range words {
		if len(w) > 1 && isUpper(w[0]) && strings.ToLower(w[1:]) == w[1:] && w[1] >= 'a' && w[1] <= 'z' && !properNames[w] {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

func isUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

// countless reports whether a name's head noun (its last word before a
// parenthesis) is a plural ("combinations", "links", "chains") or a mass
// noun ("pointing", "claiming", "colouring", "sight"): no article.
func countless(name string) bool {
	head := strings.Fields(strings.Split(name, " (")[0])
	if len(head) == 0 {
		return false
	}
	last := strings.ToLower(head[len(head)-1])
	for _, mass := range []string{"pointing", "claiming", "colouring"} {
		if strings.HasSuffix(last, mass) {
			return true
		}
	}
	return last == "sight" || strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss")
}

// aOrAn puts "an" or "a" before s as s is said: "an 8", "an A" (a digit
// of a 16x16), "an X-Wing", "an ALS-XZ", "an empty rectangle"; "a 2", "a
// W-Wing", "a unique loop".
func aOrAn(s string) string {
	if vowelSound(s) {
		return "an " + s
	}
	return "a " + s
}

func vowelSound(s string) bool {
	w, _, _ := strings.Cut(s, " ")
	switch {
	case w == "":
		return false
	case w[0] >= '0' && w[0] <= '9':
		num := w[:len(w)-len(strings.TrimLeft(w, "0123456789"))]
		return num[0] == '8' || num == "11" || num == "18"
	case spelt(w):
		return strings.IndexByte("AEFHILMNORSX", w[0]) >= 0
	}
	l := strings.ToLower(w)
	for _, p := range []string{"one", "uni", "use", "usu", "eu"} {
		if strings.HasPrefix(l, p) {
			return false
		}
	}
	return strings.IndexByte("aeiou", l[0]) >= 0
}

// spelt reports whether w starts with letters said one by one: capitals
// up to a hyphen or its end ("X-Wing", "XY-chain", "ALS", "AIC", "W").
func spelt(w string) bool {
	tok, _, _ := strings.Cut(w, "-")
	for i := range len(tok) {
		if !isUpper(tok[i]) {
			return false
		}
	}
	return tok != ""
}
