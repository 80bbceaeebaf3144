package logic

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"sudoku"
)

// jigsawMap is a jigsaw map of our generator (region of each cell).
const jigsawMap = "aaabcccccaaabbbcffaabbbbcffaddddbccfddeeeeeifdggheeeifddghheiifggghhhiifggghhhiii"

func jigsawRules(t *testing.T) *sudoku.Rules {
	t.Helper()
	r := sudoku.Classic()
	r.Regions = make([]uint8, 81)
	for c, x := range jigsawMap {
		r.Regions[c] = uint8(x - 'a')
	}
	return r
}

// TestRegionRouting checks which rule sets the classic engine takes.
func TestRegionRouting(t *testing.T) {
	nine := []int{0, 10, 20, 30, 40, 50, 60, 70, 80}
	tests := []struct {
		name string
		edit func(r *sudoku.Rules)
		want bool
	}{
		{"jigsaw", func(r *sudoku.Rules) {}, true},
		{"jigsaw with X", func(r *sudoku.Rules) { r.Diagonals = sudoku.BothDiagonals }, true},
		{"jigsaw with windoku", func(r *sudoku.Rules) { r.Windoku = true }, true},
		{"jigsaw with anti-knight and anti-king", func(r *sudoku.Rules) { r.AntiKnight, r.AntiKing = true, true }, true},
		{"jigsaw with disjoint groups: not offered", func(r *sudoku.Rules) { r.Disjoint = true }, false},
		{"jigsaw with an extra region of nine cells", func(r *sudoku.Rules) { r.Extra = [][]int{nine} }, true},
		{"jigsaw with odd/even cells", func(r *sudoku.Rules) {
			r.Parity = make([]sudoku.Parity, 81)
			r.Parity[3] = sudoku.Odd
		}, true},
		{"an extra region of five cells: not a house", func(r *sudoku.Rules) { r.Extra = [][]int{nine[:5]} }, false},
		{"overlapping extra regions", func(r *sudoku.Rules) { r.Extra = [][]int{nine, {0, 1, 2, 3, 4, 5, 6, 7, 8}} }, false},
		{"jigsaw killer", func(r *sudoku.Rules) { r.Cages = []sudoku.Cage{{Cells: []int{0, 1}, Sum: 3}} }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := jigsawRules(t)
			tt.edit(r)
			if _, got := geometryOfRules(r); got != tt.want {
				t.Errorf("taken %v, want %v", got, tt.want)
			}
		})
	}
	t.Run("odd/even cells on boxes: the classic geometry", func(t *testing.T) {
		r := sudoku.Classic()
		r.Parity = make([]sudoku.Parity, 81)
		r.Parity[0] = sudoku.Even
		if g, ok := geometryOfRules(r); !ok || g != classicGeo {
			t.Errorf("got %v, want the classic geometry", ok)
		}
	})
	t.Run("X with extra regions: not a size 6", func(t *testing.T) {
		r, _ := sudoku.Sized(6)
		if _, ok := geometryOfRules(r); ok {
			t.Error("size 6 taken")
		}
	})
}

// TestRegionGeometry checks houses and peers of a jigsaw with an extra
// region.
func TestRegionGeometry(t *testing.T) {
	r := jigsawRules(t)
	r.Extra = [][]int{{0, 10, 20, 30, 40, 50, 60, 70, 80}}
	g, ok := geometryOfRules(r)
	if !ok {
		t.Fatal("not taken")
	}
	tests := []struct {
		name      string
		got, want any
	}{
		{"houses: 27 and the extra region", len(g.houses), 28},
		{"region a (house 18): its cells", g.sets[18].Cells(nil), CellSetOf(0, 1, 2, 9, 10, 11, 18, 19, 27).Cells(nil)},
		{"r1c1's box is region a", g.base[0][2], sudoku.House(18)},
		{"r1c4 is the 1st cell of region b", [2]any{g.base[3][2], g.baseIx[3][2]}, [2]any{sudoku.House(19), uint8(0)}},
		{"region a is irregular", g.irregular[18], true},
		{"extra region cells", g.sets[houseExtra].Count(), 9},
		{"r1c1's peers: row 8, column 8, region 3 more, extra region 7 more", g.peers[0].Count(), 26},
		{"the extra region's name", houseName(houseExtra), "extra region 1"},
		{"jigsaw", g.jigsaw(), true},
		{"classic: no jigsaw", classicGeo.jigsaw(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if fmt.Sprint(tt.got) != fmt.Sprint(tt.want) {
				t.Errorf("got %v, want %v", tt.got, tt.want)
			}
		})
	}
}

// regionBoard parses a fixture line of regions-*.txt: a board in the
// plain line form, then "extra=c,c,...;..." and "parity=" 81 characters
// (. any, o odd, e even) and "solution=" its 81 digits in its
// annotation. It returns the board, its position under the classic engine
// and its solution (the one given, checked against the rules; a few of
// these puzzles take the solver seconds).
func regionBoard(t *testing.T, line string) (*sudoku.Board, Board, sudoku.Grid) {
	t.Helper()
	b, ann, err := sudoku.ParseBoard(line)
	if err != nil {
		t.Fatal(err)
	}
	var sol sudoku.Grid
	for _, f := range strings.Fields(ann) {
		switch {
		case strings.HasPrefix(f, "extra="):
			for _, e := range strings.Split(f[len("extra="):], ";") {
				var cells []int
				for _, x := range strings.Split(e, ",") {
					c, err := strconv.Atoi(x)
					if err != nil {
						t.Fatal(err)
					}
					cells = append(cells, c)
				}
				b.Rules.Extra = append(b.Rules.Extra, cells)
			}
		case strings.HasPrefix(f, "solution="):
			copy(sol[:], f[len("solution="):])
			for c := range sol {
				sol[c] -= '0'
			}
		case strings.HasPrefix(f, "parity="):
			b.Rules.Parity = make([]sudoku.Parity, 81)
			for c, x := range f[len("parity="):] {
				b.Rules.Parity[c] = map[rune]sudoku.Parity{'o': sudoku.Odd, 'e': sudoku.Even}[x]
			}
		}
	}
	g, ok := geometryOfRules(b.Rules)
	if !ok {
		t.Fatalf("%s: rules not taken by the classic engine", line)
	}
	bd, _, err := geoBoardOf(b, g)
	if err != nil {
		t.Fatal(err)
	}
	full := &sudoku.Board{Rules: b.Rules, Cells: sol[:]}
	if err := full.Validate(); err != nil || !full.Full() || !agrees(b, sol) {
		t.Fatalf("%s: the solution given does not hold (%v)", line, err)
	}
	return b, bd, sol
}

// regionKind names a fixture line's rule set: "jigsaw,x", "extra",
// "odd-even", "extra,odd-even", ...
func regionKind(b *sudoku.Board) string {
	k := b.Rules.Variants().String()
	if len(b.Rules.Extra) > 0 {
		k += ",extra"
	}
	return strings.TrimPrefix(k, ",")
}

// TestRegionPathsSound solves generated puzzles of jigsaw regions, extra
// regions and odd/even cells (testdata/regions-jigsaw.txt,
// testdata/regions-extra.txt) to the end, checking every step against
// the solution; on the first ten puzzles of each file it also checks, at
// every tenth position of the path, the steps of every technique by its
// HoDoKu code (Find), so that the techniques off the solving order
// (finned fish, ALS, AIC, colouring, ...) are checked on these boards too.
// -short takes the first 20 puzzles of each file only. The 20 minimal
// jigsaw X puzzles of regions-jigsaw-x-minimal.txt (many need nested
// forcing chains; minutes in all) run with SUDOKU_REGIONS_SLOW=1.
func TestRegionPathsSound(t *testing.T) {
	for _, name := range []string{"regions-jigsaw.txt", "regions-extra.txt", "regions-jigsaw-x-minimal.txt"} {
		t.Run(name, func(t *testing.T) {
			if strings.Contains(name, "minimal") && os.Getenv("SUDOKU_REGIONS_SLOW") == "" {
				t.Skip("SUDOKU_REGIONS_SLOW not set")
			}
			t.Parallel()
			solved, total, found := map[string]int{}, map[string]int{}, map[string]int{}
			lines := fixtureLines(t, "testdata/"+name)
			if testing.Short() {
				lines = lines[:min(len(lines), 20)]
			}
			for i, line := range lines {
				b, bd, sol := regionBoard(t, line)
				kind := regionKind(b)
				total[kind]++
				sound, n := true, 0
				err := walkBoard(context.Background(), &bd, true, 0, func(s *Step, _ Rating, _ bool) {
					sound = sound && checkStep(t, line, s, sol)
					if n++; n%10 == 1 && sound && i < 10 {
						sound = checkAllCodes(t, line, &bd, sol, found)
					}
				})
				switch {
				case err != nil:
					t.Errorf("%s: %v", line, err)
				case sound && bd.Grid == sol:
					solved[kind]++
				case sound:
					t.Errorf("%s: path ended unsolved", line)
				}
			}
			for k, n := range total {
				t.Logf("%s: %d of %d solved, every step sound", k, solved[k], n)
			}
			t.Logf("steps of every code checked: %v", found)
		})
	}
}

// checkAllCodes checks up to 20 steps of every HoDoKu code on b, counting
// them in found by technique name.
func checkAllCodes(t *testing.T, name string, b *Board, sol sudoku.Grid, found map[string]int) bool {
	t.Helper()
	for _, code := range Codes() {
		steps, _ := Find(b, code, 20)
		for i := range steps {
			if !checkStep(t, name+" ("+code+")", &steps[i], sol) {
				return false
			}
			found[steps[i].Technique.Name]++
		}
	}
	return true
}

// fixtureLines returns the lines of a fixture file but blank ones and
// comments.
func fixtureLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// agrees reports whether sol keeps the givens of b.
func agrees(b *sudoku.Board, sol sudoku.Grid) bool {
	for c, v := range b.Cells {
		if v != 0 && sol[c] != v {
			return false
		}
	}
	return true
}

// TestRegionSteps checks steps that jigsaw regions, extra regions and
// odd/even cells make, on positions met along the paths of the fixtures.
func TestRegionSteps(t *testing.T) {
	const (
		jig1 = " aabbbbbbcaaabbcbccaaaecccccdadeeffffdddeeefiiddgehefiidggghefiidggghffiigghhhhhhi solution=842356791527849163136978245493581672258614937615793428971432856789265314364127589"
		ex1  = " extra=71,19,2,57,75,41,67,1,44;4,74,52,9,22,3,62,68,58 solution=983612475465739812127854693659327184378146529241985736836491257594278361712563948"
	)
	tests := []struct{ name, board, want string }{
		{"jigsaw: hidden single in an irregular region",
			"..........2.8...6...6......4..5..6...........6..79...8.7....8.6.8......4364...5.." + jig1,
			"Hidden single (1.2): r8c6 = 5: it is the only place for 5 in box 6"},
		{"jigsaw: generalized intersection along a region",
			"8.........2.8...6...6......4..5..6...........6..79...8.7.43.8.6.8..65..4364...5.9" + jig1,
			"Generalized intersection (2.9): in box 2, 2 can only go in r1c3,r1c4,r1c5,r1c6,r1c7,r1c8, so it goes from every cell that sees all of them: r1c9<>2"},
		{"jigsaw: direct claiming from a column into a region",
			"8.......1.2.8...6...6..8...4..58.6....8......6..79...8.7.43.8.6.8.265..4364...589" + jig1,
			"Direct claiming (1.9): r1c3 = 2: in column 1, 2 is confined to box 5, so column 3 has only one place left for it"},
		{"jigsaw: direct hidden pair in a region",
			"741..256353...82462.364519.6..43..51.6.3.7....5....3.........3.8.4.536..3.65..... aaaaabbbcaabbbbcccaddebccfcaddebccffddeeeeffiddehffffideehhhhiigggghhiiiggggghhii solution=741982563537198246283645197672439851968317425159276384425861739894753612316524978",
			"Direct hidden pair (2.0): r4c6 = 9: in box 3, digits 7,8 can only go in r3c9,r4c7, which leaves one place for 9"},
		{"extra regions: hidden single",
			"9836.2.....5..98...2785...3......1.437.1.65.9..198....8.649.2.7...2.8....12.6...8" + ex1,
			"Hidden single (1.5): r6c8 = 3: it is the only place for 3 in extra region 2"},
		{"extra regions: full house",
			"9836.2.75465..981.12785...3......1.437.1.65.9..198.73.8.649.2.7...2.8....12.6...8" + ex1,
			"Full house (1.0): r1c5 = 1: it is the last empty cell of extra region 2"},
		{"extra region and odd/even cells: direct pointing into an extra region",
			"..76....3.........6293715847...34......71935.3915.....2..9....5....57...9...2...8 extra=47,12,74,36,14,77,39,5,57 parity=............e.....e...............o.e..............e......e....e.e............... solution=547698123138245769629371584765834291482719356391562847274983615816457932953126478",
			"Direct pointing (1.7): r9c2 = 5: in box 2, 5 is confined to extra region 1, so box 7 has only one place left for it"},
		{"odd/even cells on boxes: pointing with the parity's candidates",
			"2..1..6...9.8..34...89..52........1..7....2..8..........9...4.2526.418..7..2..165 parity=......e....o..e....o...e...o............o.........e..........o.......eo....e..... solution=254137698697852341318964527965428713471593286832716954189675432526341879743289165",
			"Pointing (2.6): in box 2, 4 can only go where column 6 crosses it, so 4 is removed from the rest of column 6: r4c6<>4, r5c6<>4, r6c6<>4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, b, sol := regionBoard(t, tt.board)
			checkNext(t, tt.name, &b, sol, tt.want)
		})
	}
}

// TestRegionLoops checks that a unique loop must meet every jigsaw region
// and extra region it visits with one cell of each parity: the swap of
// its two digits keeps those houses right only then.
func TestRegionLoops(t *testing.T) {
	pair := sudoku.CandidateOf(1) | sudoku.CandidateOf(2)
	jig, _ := geometryOfRules(jigsawRules(t))
	withExtra := jigsawRules(t)
	withExtra.Extra = [][]int{{0, 10, 20, 30, 40, 50, 60, 70, 80}}
	ex, _ := geometryOfRules(withExtra)
	tests := []struct {
		name string
		geo  *geometry
		loop []sudoku.Cell
		want bool
	}{
		{"a rectangle in regions a and b, two cells each", jig, []sudoku.Cell{0, 3, 12, 9}, true},
		{"a rectangle over regions a, b and c", jig, []sudoku.Cell{0, 4, 13, 9}, false},
		{"the same rectangle on boxes: two boxes", classicGeo, []sudoku.Cell{0, 4, 13, 9}, true},
		{"a rectangle with r1c1 alone in an extra region", ex, []sudoku.Cell{0, 3, 12, 9}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBoardIn(tt.geo, sudoku.Grid{})
			if got := ulValid(&b, tt.loop, pair); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
