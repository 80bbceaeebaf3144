package sudoku

import (
	"reflect"
	"strings"
	"testing"
)

// killer16 is a 16x16 killer of 115 cages made by the project's generator
// (sudoku generate --variant killer --size 16 --seed 1 -q --format solo).
const killer16 = "4x4k:zzzzzzzzzv,_aaa_a___ca_a______a_ab____a_baaa____ba___a_a__aaab____a__aa______a_bd_aa__ba___b____a_b__aa_a_aa_______a____________a__aa__a____a______aa___a__aaba___a_aa___aaa_a__b_a__aac__________aa________a___a__ab_aaa___a__a_______a_______aaab_b___a_a__aa______a__aa__aa___aaa_b__aa____a_a__b_a_a___aac__aa______a_a_____abba____aa__aa__a_a__ab,31_12a12a43a13_9a4_15_15_43d19a9b7_20_21_15a6_40c19a42c27b9a8c15_6c17b27_22_13_40b8a22_9_15_37_17a28c37b18a14e1b6b4_41_24b22a5a30_8a9_40a1c20a31d19a42b15_15b34a27_7_15_15_32b8c15a25f13a19a28_13d25a30_10_11_15_15a14_4b3_24_2_34a9a16_1a6_13a18a25_24d12_26a43a12a6_26c65_3a14b43c24_13a27c49a49h5_21h14_3_4_28a12c8c2a"

// oneCellCages returns an empty n x n board whose every cell is a cage.
func oneCellCages(n int) *Board {
	r, _ := Sized(n)
	for c := range r.Cells() {
		r.Cages = append(r.Cages, Cage{Cells: []int{c}, Sum: 1 + c%n})
	}
	return NewBoard(r)
}

// rowCages returns an empty n x n board cut into cages of k cells along
// the rows, every skip-th of them left out (cells in no cage) and every
// third one without a sum.
func rowCages(n, k, skip int) *Board {
	r, _ := Sized(n)
	for c, i := 0, 0; c+k <= r.Cells(); c, i = c+k, i+1 {
		if c/n != (c+k-1)/n || skip > 0 && i%skip == 0 {
			continue
		}
		cg := Cage{}
		for j := range k {
			cg.Cells = append(cg.Cells, c+j)
		}
		if i%3 != 0 {
			cg.Sum, _ = SumRange(n, k)
		}
		r.Cages = append(r.Cages, cg)
	}
	return NewBoard(r)
}

// TestPlainManyCages writes boards of more cages than one-character labels
// in the plain line form and reads them back, directly and through a
// Scanner.
func TestPlainManyCages(t *testing.T) {
	gen, err := ParseSolo(killer16)
	if err != nil {
		t.Fatal(err)
	}
	givens := oneCellCages(9)
	givens.Cells[0], givens.Cells[80] = 1, 9
	xr := rowCages(25, 5, 7)
	xr.Rules.Diagonals = BothDiagonals
	for _, tc := range []struct {
		name  string
		b     *Board
		cages int
		list  bool // written as a comma list
	}{
		{"9x9, 81 one-cell cages", oneCellCages(9), 81, true},
		{"9x9, 81 one-cell cages and givens", givens, 81, true},
		{"9x9, 80 cages keep one-character labels", rowCages(9, 1, 81), 80, false},
		{"16x16 generated killer", gen, 115, true},
		{"16x16, 128 dominoes", rowCages(16, 2, 0), 128, true},
		{"25x25, 625 one-cell cages", oneCellCages(25), 625, true},
		{"25x25 X, cages of 5 and cells in no cage", xr, 107, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.b.Rules.Cages) != tc.cages {
				t.Fatalf("%d cages, want %d", len(tc.b.Rules.Cages), tc.cages)
			}
			line, err := FormatBoard(tc.b, FormLine)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(line, ","); got != tc.list {
				t.Errorf("written as a comma list: %v, want %v", got, tc.list)
			}
			back, ann, err := ParseBoard(line)
			if err != nil || ann != "" {
				t.Fatalf("read back: %v (annotation %q)", err, ann)
			}
			checkSameBoard(t, back, tc.b)
			sc := NewScanner(strings.NewReader("# many cages\n" + line + "\n"))
			sc.Boards = true
			if !sc.Scan() || sc.Puzzle().Err != nil || sc.Puzzle().Board == nil {
				t.Fatalf("Scanner: %+v", sc.Puzzle())
			}
			checkSameBoard(t, sc.Puzzle().Board, tc.b)
		})
	}
}

func checkSameBoard(t *testing.T, got, want *Board) {
	t.Helper()
	if !reflect.DeepEqual(got.Cells, want.Cells) || !sameRules(got.Rules, want.Rules) {
		t.Errorf("read back as %s with %d cages, want %s with %d", got.Rules.Name(), len(got.Rules.Cages), want.Rules.Name(), len(want.Rules.Cages))
	}
}

// TestPlainCageList reads cage maps written as lists of labels.
func TestPlainCageList(t *testing.T) {
	empty := strings.Repeat(".", 16)
	for _, tc := range []struct {
		name, line string
		cages      string // cageSet of the board read
		ann        string
	}{
		{"numbers", empty + " 1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8 1=3 2=7 3=7 4=3 5=5 6=5 7=5 8=?",
			"[0 1] 3;[10 11] 5;[12 13] 5;[14 15] 0;[2 3] 7;[4 5] 7;[6 7] 3;[8 9] 5", ""},
		{"words and cells in no cage", empty + " aa,aa,.,.,.,.,.,.,.,.,.,.,.,.,b.c,b.c aa=3 b.c=?", "[0 1] 3;[14 15] 0", ""},
		{"then an annotation", empty + " 1,1,.,.,.,.,.,.,.,.,.,.,.,.,.,. 1=4 hard", "[0 1] 4", "hard"},
		{"a list without sums is an annotation", empty + " 1,1,.,.,.,.,.,.,.,.,.,.,.,.,.,.", "", "1,1,.,.,.,.,.,.,.,.,.,.,.,.,.,."},
		{"a list of another length is an annotation", empty + " 1,1 1=3", "", "1,1 1=3"},
		{"a one-character map may hold commas", empty + " ,,aa............ ,=3 a=7", "[0 1] 3;[2 3] 7", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, ann, err := ParseBoard(tc.line)
			if err != nil {
				t.Fatal(err)
			}
			if got := cageSet(b.Rules); got != tc.cages || ann != tc.ann {
				t.Errorf("cages %q, annotation %q; want %q, %q", got, ann, tc.cages, tc.ann)
			}
		})
	}
}

func TestPlainCageListErrors(t *testing.T) {
	empty := strings.Repeat(".", 16)
	list := func(labels ...string) string {
		return strings.Join(append(labels, strings.Split(strings.Repeat(".", 16-len(labels)), "")...), ",")
	}
	for _, tc := range []struct {
		name, line, want string
		col              int
	}{
		{"empty label", empty + " 1,,1," + list()[6:] + " 1=3", "empty cage label for r1c2", 20},
		{"label with a control character", empty + " 1,\x01," + list()[4:] + " 1=3", `unexpected '\x01' in the label of r1c2`, 20},
		{"no sum", empty + " " + list("1", "1", "12", "12") + " 1=3", "cage '12' has no sum (write 12=? for a cage without one)", 22},
		{"sum for a missing cage", empty + " " + list("1", "1") + " 1=3 99=4", "sum for cage '99', which the cage map does not have", 54},
		{"a second sum", empty + " " + list("1", "1") + " 1=3 1=4", "a second sum for cage '1'", 54},
		{"sum 0", empty + " " + list("ab", "ab") + " ab=0", "cage 'ab': sum 0 (want a positive sum, or ? for none)", 55},
		{"impossible sum", empty + " " + list("1", "1") + " 1=9", "sum 9 is impossible for 2 different digits", 0},
	} {
		t.Run(tc.name, func(t *testing.T) { checkBoardError(t, tc.line, tc.want, tc.col) })
	}
}

// FuzzPlainRoundTrip builds a board from the fuzzer's bytes (size, cages,
// sums, givens, rules), writes it in the plain line form and reads it
// back: the same board.
func FuzzPlainRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3})
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	f.Add([]byte(strings.Repeat("\x05\x41\x82\xc3", 100)))
	f.Fuzz(func(t *testing.T, data []byte) {
		b := fuzzBoard(data)
		if b.Validate() != nil {
			return
		}
		line, err := FormatPlain(b)
		if err != nil {
			t.Fatalf("%s with %d cages not written: %v", b.Rules.Name(), len(b.Rules.Cages), err)
		}
		back, ann, err := ParsePlain(line)
		if err != nil || ann != "" {
			t.Fatalf("%q read back: %v (annotation %q)", line, err, ann)
		}
		checkSameBoard(t, back, b)
		if again, _ := FormatPlain(back); again != line {
			t.Errorf("written again as %q, want %q", again, line)
		}
	})
}

// fuzzBoard makes a board of the sizes the plain form holds from data:
// data[0] picks the size and the rules, then each byte a cell's fate:
// its own cage, the cage on its left or above (when that has room), or no
// cage, its cage's sum (none, the least or the greatest), and a given.
func fuzzBoard(data []byte) *Board {
	if len(data) == 0 {
		data = []byte{0}
	}
	r, _ := Sized(Sizes[int(data[0])%len(Sizes)])
	Variant(data[0] / 8).Apply(r)
	r.Windoku = r.Windoku && len(Windows(r.Size, r.BoxRows, r.BoxCols)) > 0
	b := NewBoard(r)
	owner := make([]int, r.Cells())
	for c := range owner {
		owner[c] = -1
		if c+1 < len(data) {
			fuzzCell(b, owner, c, data[c+1])
		}
	}
	return b
}

func fuzzCell(b *Board, owner []int, c int, x byte) {
	r, n := b.Rules, b.Rules.Size
	join := func(o int) bool {
		if o < 0 || owner[o] < 0 || len(r.Cages[owner[o]].Cells) >= n {
			return false
		}
		owner[c] = owner[o]
		r.Cages[owner[c]].Cells = append(r.Cages[owner[c]].Cells, c)
		return true
	}
	switch x % 4 {
	case 1:
		owner[c] = len(r.Cages)
		r.Cages = append(r.Cages, Cage{Cells: []int{c}})
	case 2:
		if c%n == 0 || !join(c-1) {
			join(c - n)
		}
	}
	if k := owner[c]; k >= 0 {
		lo, hi := SumRange(n, len(r.Cages[k].Cells))
		r.Cages[k].Sum = [4]int{0, lo, hi, lo}[x/4%4]
	}
	if x >= 0xF0 {
		b.Cells[c] = uint8(1 + int(x)%n)
	}
}
