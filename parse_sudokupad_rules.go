package sudoku

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// This file reads the setter's rules text of a SudokuPad puzzle, the
// other half of what a puzzle made in SudokuPad's editors says: its
// drawings are only lines, circles and text, and the rules say what they
// mean ("Two cells adjacent along a red line must contain one even digit
// and one odd digit"). The text is cut into clauses (sentences, and
// their parts between semicolons), and each clause is given the topics
// it speaks of: the kinds of constraint named or described in it, and
// the colours it names. A drawing is read as a kind only when a clause
// speaks of that kind (of its colour, when the clause names colours);
// a clause that speaks of rules no drawing or setting explains is kept
// as unread, so that a rule written only in the text (or drawn in a
// background image) is never dropped in silence.

// spClause is one clause of the rules text.
type spClause struct {
	text    string   // as written, trimmed
	low     string   // lower case, quotes and dashes made plain
	topics  []string // the topics it speaks of (spTopics' names)
	colours []string // the colour words it names (spColourWords)
	used    []string // the topics something read explains
}

// spRules is a puzzle's rules text, cut into clauses.
type spRules struct {
	given   bool // the setter wrote rules (not none, not SudokuPad's default)
	clauses []*spClause
}

// spNoRules is what SudokuPad says of a puzzle without rules.
const spNoRules = "no rules provided for this puzzle"

// spParseRules cuts text into clauses and finds their topics.
func spParseRules(text string) *spRules {
	r := &spRules{}
	low := spPlain(text)
	if strings.TrimSpace(low) == "" || strings.HasPrefix(strings.TrimSpace(low), spNoRules) {
		return r
	}
	r.given = true
	for _, line := range strings.Split(text, "\n") {
		for _, s := range spSentences(line) {
			for _, part := range strings.Split(s, ";") {
				if c := spNewClause(part); c != nil {
					r.clauses = append(r.clauses, c)
				}
			}
		}
	}
	return r
}

// spSentenceEnd ends a sentence: a full stop, ! or ? before a space.
var spSentenceEnd = regexp.MustCompile(`[.!?]\s+`)

// spSentences cuts a line into sentences.
func spSentences(line string) []string {
	var out []string
	last := 0
	for _, m := range spSentenceEnd.FindAllStringIndex(line, -1) {
		out = append(out, line[last:m[0]])
		last = m[1]
	}
	return append(out, line[last:])
}

func spNewClause(s string) *spClause {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(s), ".!?-*•"))
	if t == "" {
		return nil
	}
	c := &spClause{text: t, low: spPlain(t)}
	for _, tp := range spTopics {
		if tp.is(c.low) {
			c.topics = append(c.topics, tp.name)
		}
	}
	if len(c.topics) == 0 && spShading(c.low) {
		c.topics = []string{"shading"} // of cells drawn with no other rule
	}
	c.colours = spWordsIn(c.low)
	return c
}

// spPlain lowers s and makes its quotes, dashes and spaces plain.
func spPlain(s string) string {
	r := strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`, "–", "-", "—", "-", "\u00a0", " ", "\t", " ")
	return strings.Join(strings.Fields(strings.ToLower(r.Replace(s))), " ")
}

// spHasWord reports whether low holds one of words as a whole word (or,
// for a word ending in '*', as the start of one).
func spHasWord(low string, words ...string) bool {
	for _, w := range words {
		prefix := strings.HasSuffix(w, "*")
		w = strings.TrimSuffix(w, "*")
		for i := 0; ; {
			j := strings.Index(low[i:], w)
			if j < 0 {
				break
			}
			j += i
			end := j + len(w)
			if (j == 0 || !spLetter(low[j-1])) && (prefix || end == len(low) || !spLetter(low[end])) {
				return true
			}
			i = j + 1
		}
	}
	return false
}

func spLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// spAll reports whether low holds every one of words (spHasWord).
func spAll(low string, words ...string) bool {
	for _, w := range words {
		if !spHasWord(low, w) {
			return false
		}
	}
	return true
}

// spNegation are the words of a rule that forbids.
var spNegation = []string{"cannot", "can't", "not", "never", "no", "may not", "must not", "mustn't", "anti*", "different", "differ"}

// spTopic is a topic a clause may speak of: a kind of constraint (its
// registered name, or killer, odd, even, ...), a rule of the grid, or a
// remark that needs nothing read (notall).
type spTopic struct {
	name string
	is   func(low string) bool
}

// spTopics are the topics, tried on every clause.
var spTopics = []spTopic{
	{"normal", func(s string) bool {
		return spHasWord(s, "sudoku rules", "sudoku constraints", "normal sudoku", "standard sudoku", "classic sudoku", "latin square") ||
			spHasWord(s, "row*") && spHasWord(s, "column*", "col*")
	}},
	{"thermometer", func(s string) bool { return spHasWord(s, "thermo*") && !spHasWord(s, "slow thermo*") }},
	{"slowthermometer", func(s string) bool { return spHasWord(s, "slow thermo*") }},
	{"arrow", func(s string) bool { return spHasWord(s, "arrow*") && !spLittleKiller(s) }},
	{"difference", func(s string) bool {
		return spHasWord(s, "white dot*", "white circle*", "white kropki") || spHasWord(s, "kropki") && !spHasWord(s, "black")
	}},
	{"ratio", func(s string) bool {
		return spHasWord(s, "black dot*", "black circle*", "black kropki") || spHasWord(s, "kropki") && !spHasWord(s, "white")
	}},
	{"xv", func(s string) bool {
		if spXSum(s) {
			return false
		}
		return spHasWord(s, "xv", "x/v", "xvs", "x's", "v's", "xs", "vs") || spHasWord(s, "x", "v") && spHasWord(s, "sum*", "add*", "total*", "10", "5")
	}},
	{"whispers", func(s string) bool {
		return spHasWord(s, "whisper*") || spHasWord(s, "line*") && spHasWord(s, "at least") && spHasWord(s, "differ*", "difference", "apart")
	}},
	{"renban", func(s string) bool {
		return spHasWord(s, "renban*") || spHasWord(s, "line*") && spHasWord(s, "consecutive") && spHasWord(s, "any order", "set of", "run of")
	}},
	{"palindrome", func(s string) bool {
		return spHasWord(s, "palindrom*") || spHasWord(s, "line*") && spHasWord(s, "read the same", "reads the same")
	}},
	{"regionsumline", func(s string) bool {
		return spHasWord(s, "region sum*", "region-sum*") || spHasWord(s, "line*") && spHasWord(s, "same sum", "same total", "sum to the same", "add up to the same", "equal sum*") && spHasWord(s, "box*", "region*")
	}},
	{"entropicline", func(s string) bool {
		return spHasWord(s, "entropic*") || spHasWord(s, "line*") && spAll(s, "1-3", "4-6", "7-9")
	}},
	{"modularline", func(s string) bool {
		return spHasWord(s, "modular*") || spHasWord(s, "line*") && spHasWord(s, "147", "1, 4, 7", "1-4-7", "modulo", "mod 3")
	}},
	{"zipperline", func(s string) bool { return spHasWord(s, "zipper*") }},
	{"betweenline", func(s string) bool { return spHasWord(s, "between line*") || spAll(s, "line*", "between", "circle*") }},
	{"nabner", func(s string) bool { return spHasWord(s, "nabner*") }},
	{"lockout", func(s string) bool { return spHasWord(s, "lockout*") }},
	{"parityline", func(s string) bool {
		return spHasWord(s, "parity line*") || spAll(s, "line*", "odd", "even") && spHasWord(s, "alternat*", "one even", "one odd", "opposite parity", "different parity", "different parities")
	}},
	{"sumline", spSumLine},
	{"rellik", func(s string) bool { return spHasWord(s, "rellik*", "anti-killer*", "antikiller*", "anti killer*") }},
	{"countingcircles", func(s string) bool {
		return spHasWord(s, "counting circle*") || spHasWord(s, "circle*") && spHasWord(s, "number of circles", "how many circles", "as many circles")
	}},
	{"numberedroom", func(s string) bool { return spHasWord(s, "numbered room*") }},
	{"lunchbox", func(s string) bool { return spHasWord(s, "lunchbox*", "lunch box*") }},
	{"littlekillersum", spLittleKiller},
	{"sandwichsum", func(s string) bool {
		return spHasWord(s, "sandwich*") || spHasWord(s, "between the 1 and the 9", "between 1 and 9", "between the 1 and 9")
	}},
	{"xsum", spXSum},
	{"skyscraper", func(s string) bool { return spHasWord(s, "skyscraper*") }},
	{"quadruple", func(s string) bool { return spHasWord(s, "quadruple*", "quad*") }},
	{"clone", func(s string) bool { return spHasWord(s, "clone*") }},
	{"odd", func(s string) bool {
		return spHasWord(s, "odd") && spHasWord(s, "circle*", "circled") && !spHasWord(s, "line*")
	}},
	{"even", func(s string) bool { return spHasWord(s, "even") && spHasWord(s, "square*") && !spHasWord(s, "line*") }},
	{"killer", func(s string) bool { return spHasWord(s, "cage*", "killer") && !spLittleKiller(s) }},
	{"extraregion", func(s string) bool {
		return spHasWord(s, "extra region*", "windoku", "hyper", "shaded region*", "shaded box*", "grey region*", "gray region*")
	}},
	{"diagonal", func(s string) bool {
		return spHasWord(s, "diagonal", "diagonals") && !spLittleKiller(s) && !spHasWord(s, "king*", "diagonally")
	}},
	{"antiknight", func(s string) bool { return spHasWord(s, "knight*", "antiknight") }},
	{"antiking", func(s string) bool {
		return spHasWord(s, "king", "king's", "kings", "anti-king", "antiking", "diagonally adjacent", "touch diagonally", "diagonally touching")
	}},
	{"nonconsecutive", func(s string) bool {
		return spHasWord(s, "nonconsecutive", "non-consecutive") || spHasWord(s, "consecutive") && spHasWord(s, spNegation...) &&
			spHasWord(s, "adjacent", "neighbo*", "touch*", "next to") && !spHasWord(s, "dot*", "line*", "cage*", "circle*", "arrow*", "kropki")
	}},
	{"disjoint", func(s string) bool { return spHasWord(s, "disjoint") }},
	{"zerodigits", spZeroDigits},
	{"negative", spNegative},
	{"notall", func(s string) bool { return spHasWord(s, "not all", "not necessarily", "not every") }},
}

// spShading reports whether a clause speaks of shaded or coloured cells
// ("Digits in green cells are even").
func spShading(s string) bool {
	return spHasWord(s, "shaded", "shading", "coloured", "colored", "highlighted") ||
		len(spWordsIn(s)) > 0 && spHasWord(s, "cell*", "square*", "box*", "region*", "area*")
}

// spXSum reports whether a clause speaks of x-sums ("an X sums to 10"
// speaks of XV).
func spXSum(s string) bool {
	return spHasWord(s, "x-sum*") || spHasWord(s, "x sum", "x sums") && !spHasWord(s, "x sum to", "x sums to")
}

// spLittleKiller reports whether a clause speaks of little killers.
func spLittleKiller(s string) bool {
	return spHasWord(s, "little killer*") || spAll(s, "outside", "diagonal*") && spHasWord(s, "sum*", "add*", "total*", "clue*")
}

// spNegative reports whether a clause says every clue of a kind is
// given (a negative constraint): "All possible black dots are given".
func spNegative(s string) bool {
	return spHasWord(s, "all possible", "every possible", "all such", "all dots", "all kropki", "all the dots", "all x", "all v", "all xv", "all white", "all black") &&
		spHasWord(s, "given", "shown", "marked", "drawn", "present") && !spHasWord(s, "not all", "not necessarily", "not every")
}

// has reports whether the clause speaks of topic.
func (c *spClause) has(topic string) bool { return slices.Contains(c.topics, topic) }

// names reports whether the clause names colour word w.
func (c *spClause) names(w string) bool { return slices.Contains(c.colours, w) }

// about returns the clauses that speak of topic.
func (r *spRules) about(topic string) []*spClause {
	var out []*spClause
	for _, c := range r.clauses {
		if c.has(topic) {
			out = append(out, c)
		}
	}
	return out
}

// speaks reports whether the rules speak of topic.
func (r *spRules) speaks(topic string) bool { return len(r.about(topic)) > 0 }

// allows reports whether a drawing may be read as topic: the setter
// wrote no rules (SudokuPad's conventions then say what it is), or a
// clause speaks of it.
func (r *spRules) allows(topic string) bool { return !r.given || r.speaks(topic) }

// use marks topic as explained in the clauses that speak of it.
func (r *spRules) use(topic string) {
	for _, c := range r.about(topic) {
		c.use(topic)
	}
}

// use marks topic as explained in c.
func (c *spClause) use(topic string) {
	if !slices.Contains(c.used, topic) {
		c.used = append(c.used, topic)
	}
}

// explained reports whether every topic of c is explained.
func (c *spClause) explained() bool {
	for _, t := range c.topics {
		if !slices.Contains(c.used, t) {
			return false
		}
	}
	return true
}

// spKindTopics are the topics that are kinds of drawing, for contrary.
var spKindTopics = []string{"thermometer", "slowthermometer", "arrow", "difference", "ratio", "xv", "whispers", "renban",
	"palindrome", "regionsumline", "entropicline", "modularline", "zipperline", "betweenline", "nabner", "lockout",
	"parityline", "littlekillersum", "sandwichsum", "xsum", "skyscraper", "quadruple", "clone", "odd", "even", "killer",
	"extraregion", "diagonal", "sumline", "rellik", "countingcircles", "numberedroom", "lunchbox"}

// spContrary are words that, in a clause about one kind alone, say more
// of it than our kind does ("digits in cages multiply to the clue",
// "digits decrease along thermometers"): its drawings are then unread.
var spContrary = map[string][]string{
	"thermometer":     {"decreas*", "product", "multipl*", "sum*", "total", "odd", "even", "consecutive", "differ by", "at least", "at most", "prime"},
	"slowthermometer": {"decreas*", "product", "multipl*", "sum*", "total", "odd", "even", "consecutive", "differ by", "at least", "at most", "prime"},
	"arrow":           {"product", "multipl*", "differ*", "average", "mean", "at least", "at most", "prime", "odd", "even"},
	"killer": {"product", "multipl*", "consecutive", "average", "mean", "prime", "divisib*", "at least", "at most", "fewer",
		"more than", "less than", "greater than", "odd", "even", "parity"},
	"difference":      {"sum*", "add*", "product", "multipl*", "ratio", "double", "twice", "half"},
	"ratio":           {"sum*", "add*", "consecutive", "differ by", "product"},
	"xv":              {"product", "multipl*", "differ*", "consecutive"},
	"whispers":        {"at most", "exactly", "sum*", "product"},
	"renban":          {"sum*", "not consecutive", "non-consecutive", "product"},
	"palindrome":      {"sum*", "product"},
	"regionsumline":   {"product", "multipl*", "differ*"},
	"littlekillersum": {"product", "multipl*"},
	"sandwichsum":     {"product"},
	"xsum":            {"product"},
	"skyscraper":      {"product"},
	"quadruple":       {"sum*", "product"},
	"diagonal":        {"sum*", "product", "consecutive", "differ*", "odd", "even"},
	"betweenline":     {"product", "sum*", "outside"},
	"parityline":      {"sum*", "product"},
	"zipperline":      {"product"},
	"entropicline":    {"product"},
	"modularline":     {"product"},
	"nabner":          {"product"},
	"sumline":         {"product", "multipl*"},
	"rellik":          {"product", "multipl*"},
	"countingcircles": {"product", "sum*"},
	"numberedroom":    {"product", "sum*"},
	"lunchbox":        {"product"},
}

// contrary returns a clause about topic and no other kind that says more
// of it than is read (spContrary), nil when none does.
func (r *spRules) contrary(topic string) *spClause {
	for _, c := range r.about(topic) {
		others := slices.ContainsFunc(c.topics, func(t string) bool { return t != topic && slices.Contains(spKindTopics, t) })
		if !others && spHasWord(c.low, spContrary[topic]...) {
			return c
		}
	}
	return nil
}

// spZeroRe finds a range of digits from 0 ("digits 0-8", "0 to 5",
// "0 through 8").
var spZeroRe = regexp.MustCompile(`(^|[^0-9.,])0 ?(-|to|through|thru) ?[1-9][0-9]?($|[^0-9])`)

// spZeroDigits reports whether a clause says the digits run from 0 (a
// grid of digits 0-8), which nothing here reads: such a puzzle is kept
// as unread, never solved with digits 1-9.
func spZeroDigits(low string) bool {
	return spZeroRe.MatchString(low) && spHasWord(low, "digit*", "number*", "place*", "contain*", "fill*", "row*", "column*", "box*", "region*") ||
		spHasWord(low, "zero-based", "including 0", "including zero", "digits 0", "the digit 0", "a 0", "zeroes", "zeros")
}

// spRuleWords are words of a clause that states a rule; a clause with
// none of them and no topic (thanks, a dedication, "Good luck!") says
// nothing to read.
var spRuleWords = []string{"digit*", "cell*", "must", "cannot", "can't", "may", "sum*", "contain*", "repeat*",
	"line*", "circle*", "dot*", "arrow*", "square*", "shaded", "box*", "region*", "odd", "even", "equal*", "greater",
	"less", "total*", "adjacent", "clue*", "number*", "grid", "place*"}

// unexplained returns the clauses that state a rule nothing read
// explains: their topics are not all used, or they have none but words
// of a rule.
func (r *spRules) unexplained() []*spClause {
	var out []*spClause
	for _, c := range r.clauses {
		if !c.explained() || len(c.topics) == 0 && spHasWord(c.low, spRuleWords...) {
			out = append(out, c)
		}
	}
	return out
}

// spAtLeast finds "at least N" in a clause: N, or 0.
var spAtLeastRe = regexp.MustCompile(`at least (\d+)`)

func spAtLeast(low string) int {
	m := spAtLeastRe.FindStringSubmatch(low)
	if m == nil {
		return 0
	}
	v, _ := strconv.Atoi(m[1])
	return v
}

// cagesRepeat reports whether a clause about cages lets their digits
// repeat.
func (r *spRules) cagesRepeat() bool {
	return slices.ContainsFunc(r.about("killer"), func(c *spClause) bool { return spMayRepeat(c.low) })
}

// spMayRepeat reports whether a clause lets digits repeat ("digits may
// repeat in cages").
func spMayRepeat(low string) bool {
	return spHasWord(low, "may repeat", "can repeat", "repeats allowed", "repetition allowed", "may be repeated", "need not be different", "not necessarily different", "repeated digits are allowed", "digits can repeat")
}

// readRulesText reads the rules the text alone states (anti-knight,
// anti-king, nonconsecutive, diagonals, disjoint groups, every dot
// given), the grid's rules (regions, or rows and columns only), and
// lists as unread every clause nothing read explains.
func (r *spReader) readRulesText() {
	r.rules.use("notall")
	for _, c := range r.rules.clauses {
		for _, t := range []string{"antiknight", "antiking", "nonconsecutive", "diagonal", "disjoint", "negative"} {
			if c.has(t) && !slices.Contains(c.used, t) {
				r.textRule(c, t)
			}
		}
	}
	r.readGridRules()
	for _, c := range r.rules.unexplained() {
		r.unread = append(r.unread, Unread{What: fmt.Sprintf("rules text %q (%s)", spClip(c.text, 120), c.why())})
	}
}

// why says why a clause is unread: the topics it speaks of that nothing
// read explains, or that it states a rule not read here.
func (c *spClause) why() string {
	var names []string
	for _, t := range c.topics {
		if w := spTopicWords(t); w != "" && t != "normal" {
			names = append(names, w)
		}
	}
	if len(names) == 0 {
		return "a rule not read here"
	}
	return "it speaks of " + strings.Join(names, ", ") + ", and no element or setting read is one"
}

// spOtherWords are words that make a clause about knights, kings or
// neighbours more than a rule that they differ.
var spOtherWords = []string{"sum*", "add up", "total*", "differ by", "difference", "ratio", "double", "twice", "half",
	"odd", "even", "prime", "multipl*", "product", "greater", "less", "higher", "lower", "parity", "unless", "except", "exactly", "at least", "at most",
	"circle*", "dot*", "line*", "cage*", "arrow*", "shaded", "marked", "within", "inside", "box*", "region*", "row*", "column*", "only"}

// spPart returns the part of a clause (between commas, "and" or "but")
// that holds one of words, the whole clause when it is not cut or none
// holds them: "white dots join consecutive digits, and cells a knight's
// move apart cannot be equal" has a part about knights alone.
func spPart(low string, words ...string) string {
	r := strings.NewReplacer(", and ", "|", ", but ", "|", "; ", "|", ", ", "|", " but ", "|")
	for _, p := range strings.Split(r.Replace(low), "|") {
		if spHasWord(p, words...) && spHasWord(p, spNegation...) {
			return p
		}
	}
	return low
}

// spDifferRule reports whether a clause forbids equal digits and says
// nothing more.
func spDifferRule(low string) bool {
	return spHasWord(low, spNegation...) && !spHasWord(low, spOtherWords...) && !spHasWord(low, "consecutive")
}

// textRule reads the rule of topic that clause c states in words alone,
// marking it explained there.
func (r *spReader) textRule(c *spClause, topic string) {
	low := c.low
	switch topic {
	case "antiknight", "antiking":
		part := spPart(low, "knight*")
		if topic == "antiking" {
			part = spPart(low, "king", "king's", "kings", "anti-king", "antiking", "diagonally")
		}
		if !spDifferRule(part) || spHasWord(part, "consecutive") {
			return
		}
		r.flags[topic] = true
	case "nonconsecutive":
		part := spPart(low, "consecutive", "nonconsecutive", "non-consecutive")
		if spHasWord(part, "diagonal*", "knight*", "king*", "dot*", "kropki", "line*", "cage*", "circle*", "arrow*", "within", "inside", "unless", "except", "only", "box*", "region*") {
			return // more than that no two neighbours are consecutive
		}
		r.flags["nonconsecutive"] = true
	case "diagonal":
		if len(c.topics) != 1 || !r.textDiagonals(low) {
			return
		}
	case "disjoint":
		if !r.standardBoxes() {
			return
		}
		r.flags["disjointgroups"] = true
	case "negative":
		if !r.textNegative(low) {
			return
		}
	}
	c.use(topic)
}

// textDiagonals reads "digits may not repeat on the main diagonals".
func (r *spReader) textDiagonals(low string) bool {
	if !spHasWord(low, "repeat*", "once", "unique", "different", "1-9", "1 to 9") || spHasWord(low, spOtherWords...) {
		return false
	}
	pos, neg := spHasWord(low, "positive"), spHasWord(low, "negative")
	switch {
	case pos && !neg:
		r.flags["diagonal+"] = true
	case neg && !pos:
		r.flags["diagonal-"] = true
	case spHasWord(low, "main diagonal*", "both diagonals", "the diagonals", "each diagonal", "either diagonal", "two diagonals", "long diagonals", "both main"):
		r.flags["diagonal+"], r.flags["diagonal-"] = true, true
	default:
		return false
	}
	return true
}

// textNegative reads "all possible black dots are given": the negative
// rules of the dots (and of X and V) it names.
func (r *spReader) textNegative(low string) bool {
	var kinds []string
	white, black := spHasWord(low, "white"), spHasWord(low, "black")
	dots := spHasWord(low, "dot*", "kropki", "circle*")
	switch {
	case dots && white && !black:
		kinds = []string{"difference"}
	case dots && black && !white:
		kinds = []string{"ratio"}
	case dots:
		kinds = []string{"difference", "ratio"}
	}
	x, v := spHasWord(low, "x", "xs", "x's"), spHasWord(low, "v", "vs", "v's")
	if spHasWord(low, "xv", "xvs", "x/v", "xv's") || x && v {
		kinds = append(kinds, "xv")
	} else if x || v {
		return false // one of X and V alone: our negative rule is of both
	}
	if len(kinds) == 0 {
		return false
	}
	for _, k := range kinds {
		if !slices.Contains(r.negative, k) {
			r.negative = append(r.negative, k)
		}
	}
	return true
}

// standardBoxes reports whether the puzzle's regions are the boxes of its
// size (disjoint groups need them).
func (r *spReader) standardBoxes() bool {
	if !r.boxes {
		return false
	}
	rules, err := Sized(r.n)
	if err != nil || !rules.boxed() {
		return false
	}
	for c, g := range r.region {
		if g != fpBox(rules, c) {
			return false
		}
	}
	return true
}

// readGridRules explains the clauses of the grid's own rules: with
// regions drawn, every one; without, those of rows and columns only (a
// grid without boxes); a puzzle without regions whose rules do not say
// rows and columns hold each digit once is unread.
func (r *spReader) readGridRules() {
	latin := false
	for _, c := range r.rules.about("normal") {
		if spHasWord(c.low, "not apply", "don't apply", "do not apply", "does not apply", "no longer", "except", "instead", "may repeat", "can repeat", "need not") {
			continue // the grid's rules, changed: not read here
		}
		if r.boxes || !spHasWord(c.low, "box*", "region*", "3x3", "nonet*", "sudoku") {
			c.use("normal")
			latin = latin || spHasWord(c.low, "row*") && spHasWord(c.low, "column*", "col*")
		}
	}
	if !r.boxes && !latin {
		r.unread = append(r.unread, Unread{What: "no regions drawn, and the rules do not say that rows and columns hold each digit once"})
	}
}

// parityShapes reports whether the clauses that speak of odd and even
// cells together pair odd with circles and even with squares, in the
// order they name them (not "odd digits in squares, even in circles").
func (r *spRules) parityShapes() bool {
	for _, c := range r.about("odd") {
		if !c.has("even") {
			continue
		}
		odd, even := strings.Index(c.low, "odd"), strings.Index(c.low, "even")
		circle, square := strings.Index(c.low, "circle"), strings.Index(c.low, "square")
		if circle >= 0 && square >= 0 && (odd < even) != (circle < square) {
			return false
		}
	}
	return true
}
