package logic

// The technique table: every technique a path, a hint, --needs, Practice
// or the docs can name, one row each, in the solving order. The order of
// stages (Next tries them in turn), their lowest ratings, the names and
// HoDoKu codes --needs reads, the kinds an only-before allows, the off-path
// ratings, Practice's list and the one-line summaries all come from here.

// TechniqueInfo is one row of the technique table.
type TechniqueInfo struct {
	// Stage is the solving-order stage whose finder makes the technique's
	// steps ("XWing"); "" for a technique outside Sudoku Explainer's order
	// (simple colouring, X-chains, ALS, ...), found only by its code.
	Stage string
	Name  string // as steps and players name it: "X-Wing"; "" for a stage whose step names are made as it goes (forcing chains)
	Code  string // HoDoKu's technique code, "" when it has none
	// Rating is the lowest rating of its steps on Sudoku Explainer's
	// scale: for a stage, the stage's; for one outside the order, where
	// --needs places it (after HoDoKu's order of difficulty), 0 if nowhere.
	Rating Rating
	// Kind is the family an only-before admits: "singles",
	// "intersections", "subsets" or "".
	Kind     string
	Practice bool   // offered in the web app's Practice list
	Summary  string // what it is, in one line for a player
	// Board marks the steps only the techniques for any rules take
	// (anyrules.go: the rule of 45, cages, knight and king sight).
	Board bool
}

const (
	sumDirect      = "Pointing or a subset that leaves a digit one place at once: the digit goes there."
	sumLocked      = "A naked subset inside both a box and a line: its digits leave the rest of both."
	sumFinned      = "A fish with extra places (the fin) in one box: only cells that also see the fin lose the digit."
	sumSashimi     = "A finned fish missing one of its corners: only cells that also see the fin lose the digit."
	sumAligned     = "Cells that see each other cannot take every pair of their candidates: the pairs left rule digits out."
	sumSimple      = "Colour a digit's strong links in two colours: one colour is true, which rules out a clash or a cell seeing both."
	sumMulti       = "Two colourings of one digit linked together: a clash between them rules the digit out."
	sumALS         = "Almost locked sets (n cells with n+1 digits) linked by a digit: their common digit leaves cells seeing all of it."
	sumCycle       = "A cycle of links read both ways: every weak link in it holds."
	sumForcing     = "Suppose a candidate and follow its consequences: both outcomes agree, or one is impossible."
	sumStrong3     = "A chain of three strong links on one digit: a cell seeing both ends loses it."
	sumStrong4     = "A chain of four strong links on one digit: a cell seeing both ends loses it."
	sumGroupedCNL  = "A loop of alternating links through groups of cells: every weak link in it holds."
	sumGroupedDNL  = "A loop of links through groups of cells that breaks at one cell: the candidate there is false (or true)."
	sumBUG1        = "If every cell had two candidates the puzzle would have two solutions: the one cell with three must take the odd digit."
	sumBUG         = "If every cell had two candidates the puzzle would have two solutions: the cells with more hold the odd digits, which rules some out."
	sumInnie       = "A house's digits sum to 45: take away the cages wholly inside, and the one cell left takes the rest."
	sumOutie       = "The cages reaching out of a house hold their sums: take away what the house leaves them, and their one cell outside takes the rest."
	sumInnieCombos = "The rule of 45 leaves a few cells of a house that see each other a sum: each keeps only the digits of its combinations."
	sumOutieCombos = "The rule of 45 gives the cells of cages reaching out of a house a sum: when they see each other, each keeps only the digits of its combinations."
)

// techniqueTable is the table, in the solving order (stages in order,
// then the techniques outside it).
var techniqueTable = []TechniqueInfo{
	{"FullHouse", "Full house", "0000", 10, "singles", false, "A house with one empty cell: it takes the one digit missing.", false},
	{"HiddenSingle", "Hidden single", "0002", 12, "singles", false, "A digit with one place left in a row, column or box goes there.", false},
	{"RuleOf45", "Rule of 45 (innie)", "", 15, "", false, sumInnie, true},
	{"RuleOf45", "Rule of 45 (outie)", "", 15, "", false, sumOutie, true},
	{"DirectPointing", "Direct pointing", "", 17, "intersections", false, sumDirect, false},
	{"DirectClaiming", "Direct claiming", "", 19, "intersections", false, sumDirect, false},
	{"DirectHiddenPair", "Direct hidden pair", "", 20, "subsets", false, sumDirect, false},
	{"CageCombination", "Cage combinations", "", 20, "", false, "A cage's digits differ and make its sum: only some sets of digits do, and each cell keeps only the digits of those.", true},
	{"CageCombination", "Rule of 45 (innie combinations)", "", 20, "", false, sumInnieCombos, true},
	{"CageCombination", "Rule of 45 (outie combinations)", "", 20, "", false, sumOutieCombos, true},
	{"Constraint", "", "", 20, "", false, "A constraint's own rule (a thermometer rises, a dot joins consecutive digits, an arrow adds up) rules digits out of its cells.", true},
	{"NakedSingle", "Naked single", "0003", 23, "singles", false, "A cell that every other digit is ruled out of: it takes the one digit left.", false},
	{"DirectHiddenTriple", "Direct hidden triple", "", 25, "subsets", false, sumDirect, false},
	{"Pointing", "Pointing", "0100", 26, "intersections", true, "When a digit's places in a box all lie in one row or column, it leaves the rest of that line.", false},
	{"RuleOf45Group", "Rule of 45 (innie)", "", 26, "", false, sumInnie, true},
	{"RuleOf45Group", "Rule of 45 (outie)", "", 26, "", false, sumOutie, true},
	{"CagePointing", "Cage pointing", "", 27, "", false, "A digit every combination of a cage needs, whose places in the cage all see a cell: that cell loses it.", true},
	{"Claiming", "Claiming", "0101", 28, "intersections", true, "When a digit's places in a row or column all lie in one box, it leaves the rest of that box.", false},
	{"CageClaiming", "Cage claiming", "", 28, "", false, "A digit whose places in a house all lie in one cage is in that cage: only the cage's combinations holding it are left.", true},
	{"RuleOf45GroupCombination", "Rule of 45 (innie combinations)", "", 28, "", false, sumInnieCombos, true},
	{"RuleOf45GroupCombination", "Rule of 45 (outie combinations)", "", 28, "", false, sumOutieCombos, true},
	{"GeneralizedIntersection", "Generalized intersection", "", 29, "intersections", false, "When every place of a digit in a house is seen by one cell, that cell cannot hold the digit.", false},
	{"RuleOf45Lines", "Rule of 45 (innie)", "", 28, "", false, sumInnie, true},
	{"RuleOf45Lines", "Rule of 45 (outie)", "", 28, "", false, sumOutie, true},
	{"NakedPair", "Naked pair", "0200", 30, "subsets", true, "Two cells of a house holding the same two candidates: those digits leave the rest of the house.", false},
	{"NakedPair", "Locked pair", "0110", 30, "subsets", false, sumLocked, false},
	{"RuleOf45LinesCombination", "Rule of 45 (innie combinations)", "", 30, "", false, sumInnieCombos, true},
	{"RuleOf45LinesCombination", "Rule of 45 (outie combinations)", "", 30, "", false, sumOutieCombos, true},
	{"XWing", "X-Wing", "0300", 32, "", true, "A digit in two rows with places in the same two columns: it leaves the rest of those columns (or the other way round).", false},
	{"HiddenPair", "Hidden pair", "0210", 34, "subsets", true, "Two digits with the same two places in a house: those cells hold nothing else.", false},
	{"NakedTriple", "Naked triple", "0201", 36, "subsets", true, "Three cells of a house whose candidates are three digits in all: those digits leave the rest of the house.", false},
	{"NakedTriple", "Locked triple", "0111", 36, "subsets", false, sumLocked, false},
	{"Swordfish", "Swordfish", "0301", 38, "", true, "An X-Wing on three lines: a digit's places in three rows fall in three columns, so it leaves the rest of them.", false},
	{"HiddenTriple", "Hidden triple", "0211", 40, "subsets", false, "Three digits with three places in all in a house: those cells hold nothing else.", false},
	{"TwoStrongLinks", "Skyscraper", "0400", 40, "", true, "Two lines where a digit has two places each, joined at one end: a cell seeing both free ends loses it.", false},
	{"TwoStrongLinks", "2-String kite", "0401", 40, "", true, "A digit's two places in a row and in a column, linked in a box: a cell seeing both free ends loses it.", false},
	{"TwoStrongLinks", "Turbot fish", "0403", 40, "", false, "A chain of two strong links on one digit: a cell seeing both ends loses it.", false},
	{"TwoStrongLinks", "Grouped 2 strong links", "", 40, "", false, "Two strong links on one digit joined through a box: a cell seeing both ends loses it.", false},
	{"TwoStrongLinks", "Empty rectangle", "0402", 40, "", true, "A box where a digit's places form a cross, with a line it sees: it removes the digit where both meet.", false},
	{"XYWing", "XY-Wing", "0800", 42, "", true, "A cell with two candidates and two wings that share one digit with it: cells seeing both wings lose their common digit.", false},
	{"XYZWing", "XYZ-Wing", "0801", 44, "", true, "An XY-Wing whose pivot also holds the common digit: cells seeing all three lose it.", false},
	{"UniqueRectangle", "Unique rectangle", "0600", 45, "", true, "A puzzle has one solution, so four cells in two boxes cannot hold the same two digits: that rules one of them out.", false},
	{"UniqueRectangle", "Unique loop", "0600", 45, "", false, "A puzzle has one solution, so a loop of cells cannot end with only two digits: that rules one out.", false},
	{"NakedQuad", "Naked quad", "0202", 50, "subsets", false, "Four cells of a house whose candidates are four digits in all: those digits leave the rest of the house.", false},
	{"Jellyfish", "Jellyfish", "0302", 52, "", false, "An X-Wing on four lines: a digit's places in four rows fall in four columns, so it leaves the rest of them.", false},
	{"HiddenQuad", "Hidden quad", "0212", 54, "subsets", false, "Four digits with four places in all in a house: those cells hold nothing else.", false},
	{"ThreeStrongLinks", "3 Skyscrapers", "", 54, "", false, "A chain of three strong links on one digit, all in rows or all in columns: a cell seeing both ends loses it.", false},
	{"ThreeStrongLinks", "3-String kite", "", 54, "", false, "A chain of three strong links on one digit in rows and columns: a cell seeing both ends loses it.", false},
	{"ThreeStrongLinks", "3 strong links", "", 54, "", false, sumStrong3, false},
	{"ThreeStrongLinks", "Grouped 3 strong links", "", 54, "", false, "A chain of three strong links on one digit, one or more through a group of cells: a cell seeing both ends loses it.", false},
	{"ThreeStrongLinks", "3 strong links X-loop", "", 54, "", false, "Three strong links on one digit closed in a loop: every weak link in it holds, so cells seeing both ends of one lose the digit.", false},
	{"WXYZWing", "WXYZ-Wing", "0802", 55, "", false, "Four cells holding four digits where only one digit can clash: cells seeing all its places lose it.", false},
	{"BUG", "Bivalue universal grave", "0610", 56, "", false, sumBUG1, false},
	{"BUG", "BUG type 1", "0610", 56, "", false, sumBUG1, false},
	{"BUG", "BUG type 2", "0611", 57, "", false, sumBUG, false},
	{"BUG", "BUG type 3", "0612", 57, "", false, sumBUG, false},
	{"BUG", "BUG type 4", "0613", 57, "", false, sumBUG, false},
	{"FourStrongLinks", "4 Skyscrapers", "", 58, "", false, "A chain of four strong links on one digit, all in rows or all in columns: a cell seeing both ends loses it.", false},
	{"FourStrongLinks", "4 strong links", "", 58, "", false, sumStrong4, false},
	{"FourStrongLinks", "Grouped 4 strong links", "", 58, "", false, "A chain of four strong links on one digit, one or more through a group of cells: a cell seeing both ends loses it.", false},
	{"FourStrongLinks", "4 strong links X-loop", "", 58, "", false, "Four strong links on one digit closed in a loop: every weak link in it holds, so cells seeing both ends of one lose the digit.", false},
	{"VWXYZWing", "VWXYZ-Wing", "", 62, "", false, "Five cells holding five digits where only one digit can clash: cells seeing all its places lose it.", false},
	{"AlignedPairExclusion", "Aligned pair exclusion", "1000", 62, "", false, sumAligned, false},
	{"UVWXYZWing", "UVWXYZ-Wing", "", 66, "", false, "Six cells holding six digits where only one digit can clash: cells seeing all its places lose it.", false},
	{"ChainsAndCycles", "Bidirectional X-Cycle", "0706", 65, "", false, sumCycle, false},
	{"ChainsAndCycles", "Bidirectional Y-Cycle", "0706", 65, "", false, sumCycle, false},
	{"ChainsAndCycles", "Bidirectional Cycle", "0706", 65, "", false, sumCycle, false},
	{"ChainsAndCycles", "Forcing X-Chain", "0701", 65, "", false, "Suppose a digit is in a cell and follow it along one digit's links: a contradiction proves it is not.", false},
	{"ChainsAndCycles", "Forcing Chain", "0708", 65, "", false, sumForcing, false},
	{"TUVWXYZWing", "TUVWXYZ-Wing", "", 75, "", false, "Seven cells holding seven digits where only one digit can clash: cells seeing all its places lose it.", false},
	{"AlignedTripleExclusion", "Aligned triple exclusion", "1001", 75, "", false, sumAligned, false},
	{"Nishio", "", "1303", 75, "", false, sumForcing, false},
	{"MultipleForcingChains", "", "1304", 80, "", false, sumForcing, false},
	{"DynamicForcingChains", "", "1303", 85, "", false, sumForcing, false},
	{"DynamicForcingChainsPlus", "", "1303", 90, "", false, sumForcing, false},
	{"NestedForcingChains", "", "1303", 95, "", false, sumForcing, false},
	// Outside Sudoku Explainer's order: found by their HoDoKu codes
	// (Find, --needs), placed on its scale for --needs where rated.
	{"", "Finned X-Wing", "0310", 0, "", false, sumFinned, false},
	{"", "Finned Swordfish", "0311", 0, "", false, sumFinned, false},
	{"", "Finned Jellyfish", "0312", 0, "", false, sumFinned, false},
	{"", "Sashimi X-Wing", "0320", 0, "", false, sumSashimi, false},
	{"", "Sashimi Swordfish", "0321", 0, "", false, sumSashimi, false},
	{"", "Sashimi Jellyfish", "0322", 0, "", false, sumSashimi, false},
	{"", "Simple colouring (trap)", "0500", 42, "", true, sumSimple, false},
	{"", "Simple colouring (wrap)", "0501", 42, "", false, sumSimple, false},
	{"", "Multi-colouring (type 1)", "0502", 45, "", false, sumMulti, false},
	{"", "Multi-colouring (type 2)", "0503", 45, "", false, sumMulti, false},
	{"", "Remote pair", "0703", 45, "", false, "A chain of equal two-digit cells: cells seeing both ends of opposite colour lose both digits.", false},
	{"", "X-chain", "0701", 50, "", true, "A chain of links on one digit alternating strong and weak: a cell seeing both ends loses the digit.", false},
	{"", "XY-chain", "0702", 55, "", true, "A chain of two-digit cells: whichever end is true, the cells seeing both ends lose their digit.", false},
	{"", "ALS-XZ", "0901", 55, "", true, sumALS, false},
	{"", "ALS-XY-Wing", "0902", 60, "", false, sumALS, false},
	{"", "AIC", "0708", 60, "", false, "An alternating chain of links: one of its two ends is true, so cells seeing both lose the digit.", false},
	{"", "Continuous nice loop", "0706", 60, "", false, "A loop of alternating links: every weak link in it holds, removing digits along it.", false},
	{"", "Discontinuous nice loop", "0707", 60, "", false, "A loop of links that breaks at one cell: the candidate there is false (or true).", false},
	{"", "Grouped AIC", "0711", 62, "", false, "An alternating chain whose links pass through groups of cells: one end is true.", false},
	{"", "Grouped continuous nice loop", "0709", 62, "", false, sumGroupedCNL, false},
	{"", "Grouped discontinuous nice loop", "0710", 62, "", false, sumGroupedDNL, false},
	{"", "W-Wing", "0803", 42, "", true, "Two equal two-digit cells joined by a strong link on one digit: cells seeing both lose the other.", false},
	// The steps of the techniques for any rules (anyrules.go) that the
	// classic engine's stages above (cages.go) do not name.
	{"", "Knight and king sight", "", 27, "", false, "A digit's places in a house all see a cell by a knight's or king's move or a house: that cell loses it.", true},
}

// Techniques returns the technique table (a copy), in the solving order.
func Techniques() []TechniqueInfo { return append([]TechniqueInfo(nil), techniqueTable...) }

// techniqueByName returns the row of a technique named exactly name.
func techniqueByName(name string) (TechniqueInfo, bool) {
	for _, t := range techniqueTable {
		if t.Name == name && name != "" {
			return t, true
		}
	}
	return TechniqueInfo{}, false
}
