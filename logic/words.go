package logic

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Words for players: the explanations name cells as solvers write them
// (r3c1, r3c1<>3, r1c9 = 6); Plain rewrites them as a player reads them,
// and Summary says in one line what a technique is.

var (
	// a list of eliminations: "r2c8<>1, r4c4<>3"
	wordsElims = regexp.MustCompile(`r[1-9]c[1-9]<>[1-9](?:, ?r[1-9]c[1-9]<>[1-9])*`)
	wordsElim  = regexp.MustCompile(`r([1-9])c([1-9])<>([1-9])`)
	// a placement: "r1c9 = 6" or "r1c9=6"
	wordsPlaced = regexp.MustCompile(`r([1-9])c([1-9]) ?= ?([1-9])`)
	// a list of cells: "r2c7,r3c7" or "r2c7, r3c7"
	wordsCells = regexp.MustCompile(`r[1-9]c[1-9](?:, ?r[1-9]c[1-9])*`)
	wordsCell  = regexp.MustCompile(`r([1-9])c([1-9])`)
)

// Plain rewrites the cell names of an explanation in words: "r3c1" as
// "row 3, column 1", "r1c9 = 6" as "row 1, column 9 is 6", and a list of
// eliminations "r3c5<>3, r3c7<>3" as "take 3 out of row 3, column 5 and
// row 3, column 7".
func Plain(text string) string {
	text = wordsElims.ReplaceAllStringFunc(text, plainEliminations)
	text = wordsPlaced.ReplaceAllString(text, "row $1, column $2 is $3")
	return wordsCells.ReplaceAllStringFunc(text, func(list string) string {
		var cells []string
		for _, m := range wordsCell.FindAllStringSubmatch(list, -1) {
			cells = append(cells, fmt.Sprintf("row %s, column %s", m[1], m[2]))
		}
		return joinNames(cells)
	})
}

// plainEliminations writes "r2c8<>1, r4c4<>3" as "take 1 out of row 2,
// column 8; take 3 out of row 4, column 4", one clause per digit.
func plainEliminations(list string) string {
	byDigit := map[string][]string{}
	var digits []string
	for _, m := range wordsElim.FindAllStringSubmatch(list, -1) {
		if _, ok := byDigit[m[3]]; !ok {
			digits = append(digits, m[3])
		}
		byDigit[m[3]] = append(byDigit[m[3]], fmt.Sprintf("row %s, column %s", m[1], m[2]))
	}
	sort.Strings(digits)
	parts := make([]string, len(digits))
	for i, d := range digits {
		parts[i] = fmt.Sprintf("take %s out of %s", d, joinNames(byDigit[d]))
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

// summaries say in one line what each technique is, by family, as a
// player learning it would want it said.
var summaries = []struct{ prefix, text string }{
	{"Full house", "A house with one empty cell: it takes the one digit missing."},
	{"Naked single", "A cell that every other digit is ruled out of: it takes the one digit left."},
	{"Hidden single", "A digit with one place left in a row, column or box goes there."},
	{"Direct", "Pointing or a subset that leaves a digit one place at once: the digit goes there."},
	{"Pointing", "When a digit's places in a box all lie in one row or column, it leaves the rest of that line."},
	{"Claiming", "When a digit's places in a row or column all lie in one box, it leaves the rest of that box."},
	{"Generalized intersection", "When every place of a digit in a house is seen by one cell, that cell cannot hold the digit."},
	{"Naked pair", "Two cells of a house holding the same two candidates: those digits leave the rest of the house."},
	{"Naked triple", "Three cells of a house whose candidates are three digits in all: those digits leave the rest of the house."},
	{"Naked quad", "Four cells of a house whose candidates are four digits in all: those digits leave the rest of the house."},
	{"Locked", "A naked subset inside both a box and a line: its digits leave the rest of both."},
	{"Hidden pair", "Two digits with the same two places in a house: those cells hold nothing else."},
	{"Hidden triple", "Three digits with three places in all in a house: those cells hold nothing else."},
	{"Hidden quad", "Four digits with four places in all in a house: those cells hold nothing else."},
	{"X-Wing", "A digit in two rows with places in the same two columns: it leaves the rest of those columns (or the other way round)."},
	{"Swordfish", "An X-Wing on three lines: a digit's places in three rows fall in three columns, so it leaves the rest of them."},
	{"Jellyfish", "An X-Wing on four lines: a digit's places in four rows fall in four columns, so it leaves the rest of them."},
	{"Finned", "A fish with extra places (the fin) in one box: only cells that also see the fin lose the digit."},
	{"Sashimi", "A finned fish missing one of its corners: only cells that also see the fin lose the digit."},
	{"Skyscraper", "Two lines where a digit has two places each, joined at one end: a cell seeing both free ends loses it."},
	{"2-String kite", "A digit's two places in a row and in a column, linked in a box: a cell seeing both free ends loses it."},
	{"Turbot fish", "A chain of two strong links on one digit: a cell seeing both ends loses it."},
	{"Empty rectangle", "A box where a digit's places form a cross, with a line it sees: it removes the digit where both meet."},
	{"Grouped 2 strong links", "Two strong links on one digit joined through a box: a cell seeing both ends loses it."},
	{"3 Skyscrapers", "A chain of three strong links on one digit, all in rows or all in columns: a cell seeing both ends loses it."},
	{"4 Skyscrapers", "A chain of four strong links on one digit, all in rows or all in columns: a cell seeing both ends loses it."},
	{"3-String kite", "A chain of three strong links on one digit in rows and columns: a cell seeing both ends loses it."},
	{"Grouped 3 strong links", "A chain of three strong links on one digit, one or more through a group of cells: a cell seeing both ends loses it."},
	{"Grouped 4 strong links", "A chain of four strong links on one digit, one or more through a group of cells: a cell seeing both ends loses it."},
	{"3 strong links X-loop", "Three strong links on one digit closed in a loop: every weak link in it holds, so cells seeing both ends of one lose the digit."},
	{"4 strong links X-loop", "Four strong links on one digit closed in a loop: every weak link in it holds, so cells seeing both ends of one lose the digit."},
	{"3 strong links", "A chain of three strong links on one digit: a cell seeing both ends loses it."},
	{"4 strong links", "A chain of four strong links on one digit: a cell seeing both ends loses it."},
	{"XY-Wing", "A cell with two candidates and two wings that share one digit with it: cells seeing both wings lose their common digit."},
	{"XYZ-Wing", "An XY-Wing whose pivot also holds the common digit: cells seeing all three lose it."},
	{"WXYZ-Wing", "Four cells holding four digits where only one digit can clash: cells seeing all its places lose it."},
	{"VWXYZ-Wing", "Five cells holding five digits where only one digit can clash: cells seeing all its places lose it."},
	{"UVWXYZ-Wing", "Six cells holding six digits where only one digit can clash: cells seeing all its places lose it."},
	{"TUVWXYZ-Wing", "Seven cells holding seven digits where only one digit can clash: cells seeing all its places lose it."},
	{"W-Wing", "Two equal two-digit cells joined by a strong link on one digit: cells seeing both lose the other."},
	{"Remote pair", "A chain of equal two-digit cells: cells seeing both ends of opposite colour lose both digits."},
	{"Unique rectangle", "A puzzle has one solution, so four cells in two boxes cannot hold the same two digits: that rules one of them out."},
	{"Unique loop", "A puzzle has one solution, so a loop of cells cannot end with only two digits: that rules one out."},
	{"Bivalue universal grave", "If every cell had two candidates the puzzle would have two solutions: the one cell with three must take the odd digit."},
	{"Aligned", "Cells that see each other cannot take every pair of their candidates: the pairs left rule digits out."},
	{"Simple colouring", "Colour a digit's strong links in two colours: one colour is true, which rules out a clash or a cell seeing both."},
	{"Multi-colouring", "Two colourings of one digit linked together: a clash between them rules the digit out."},
	{"X-chain", "A chain of links on one digit alternating strong and weak: a cell seeing both ends loses the digit."},
	{"XY-chain", "A chain of two-digit cells: whichever end is true, the cells seeing both ends lose their digit."},
	{"AIC", "An alternating chain of links: one of its two ends is true, so cells seeing both lose the digit."},
	{"Grouped AIC", "An alternating chain whose links pass through groups of cells: one end is true."},
	{"Continuous nice loop", "A loop of alternating links: every weak link in it holds, removing digits along it."},
	{"Discontinuous nice loop", "A loop of links that breaks at one cell: the candidate there is false (or true)."},
	{"Grouped continuous", "A loop of alternating links through groups of cells: every weak link in it holds."},
	{"Grouped discontinuous", "A loop of links through groups of cells that breaks at one cell: the candidate there is false (or true)."},
	{"ALS", "Almost locked sets (n cells with n+1 digits) linked by a digit: their common digit leaves cells seeing all of it."},
	{"Forcing X-Chain", "Suppose a digit is in a cell and follow it along one digit's links: a contradiction proves it is not."},
	{"Forcing Chain", "Suppose a candidate and follow its consequences: both outcomes agree, or one is impossible."},
	{"Bidirectional", "A cycle of links read both ways: every weak link in it holds."},
	{"Rule of 45", "A house's digits sum to 45 (1 to N in general): take away the cages wholly inside, and what is left sums to the rest."},
	{"Cage combinations", "A cage's digits differ and make its sum: only some sets of digits do, and each cell keeps only the digits of those."},
	{"Cage pointing", "A digit every combination of a cage needs, whose places in the cage all see a cell: that cell loses it."},
	{"Knight and king sight", "A digit's places in a house all see a cell by a knight's or king's move or a house: that cell loses it."},
}

// Summary says in one line what technique name is; "" for an unknown name.
func Summary(name string) string {
	for _, s := range summaries {
		if strings.HasPrefix(name, s.prefix) {
			return s.text
		}
	}
	return ""
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

// properNames keep their capital in a hint.
var properNames = map[string]bool{"Nishio": true}

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
