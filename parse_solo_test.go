package sudoku

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// soloFile is one file of Solo puzzles with solutions from ../shared.
func soloPuzzles(t *testing.T, name string) [][2]string {
	t.Helper()
	path := filepath.Join("..", "shared", "data", "variants", name)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("skipping: %v (the shared data is absent)", err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		id, sol, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			out = append(out, [2]string{id, sol})
		}
	}
	return out
}

// soloSolution reads a solution of the shared files: digits, or
// comma-separated numbers for sizes above 9.
func soloSolution(t *testing.T, s string, n int) []uint8 {
	t.Helper()
	var vals []uint8
	if strings.Contains(s, ",") {
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, uint8(v))
		}
	} else {
		for i := range len(s) {
			vals = append(vals, s[i]-'0')
		}
	}
	if len(vals) != n*n {
		t.Fatalf("solution of %d cells, want %d", len(vals), n*n)
	}
	return vals
}

// TestSoloSharedFiles reads every shared Solo puzzle, checks that the
// solution given fits its givens and rules, and writes it back to the same
// ID (difficulty and symmetry aside).
func TestSoloSharedFiles(t *testing.T) {
	for _, tc := range []struct {
		file    string
		size    int
		variant Variant
	}{
		{"solo-3x3di.txt", 9, 0}, {"solo-3x3xdi.txt", 9, VariantX}, {"solo-9jdi.txt", 9, VariantJigsaw},
		{"solo-3x3kdi.txt", 9, VariantKiller}, {"solo-2x3di.txt", 6, 0}, {"solo-4x4di.txt", 16, 0},
	} {
		t.Run(tc.file, func(t *testing.T) {
			for i, p := range soloPuzzles(t, tc.file) {
				b, err := ParseSolo(p[0])
				if err != nil {
					t.Fatalf("puzzle %d: %v", i+1, err)
				}
				if b.Size() != tc.size || b.Rules.Variants() != tc.variant {
					t.Fatalf("puzzle %d: size %d, variants %q", i+1, b.Size(), b.Rules.Variants())
				}
				sol := &Board{Rules: b.Rules, Cells: soloSolution(t, p[1], tc.size)}
				if err := sol.Validate(); err != nil {
					t.Errorf("puzzle %d: the solution given breaks the rules read: %v", i+1, err)
				}
				for c, v := range b.Cells {
					if v != 0 && sol.Cells[c] != v {
						t.Errorf("puzzle %d: given %d at %s, solution %d", i+1, v, CellName(tc.size, c), sol.Cells[c])
					}
				}
				out, err := FormatSolo(b)
				params, desc, _ := strings.Cut(p[0], ":")
				want := strings.TrimSuffix(strings.TrimSuffix(params, "di"), "a") + ":" + desc
				if err != nil || out != want {
					t.Errorf("puzzle %d: wrote %q (%v), want %q", i+1, out, err, want)
				}
			}
		})
	}
}

func TestSoloErrors(t *testing.T) {
	for _, tc := range []struct {
		id, want string
	}{
		{"3x3", "a Solo game ID is PARAMS:DESCRIPTION"},
		{"30x30:a", "size 900 out of range"},
		{"3x3:zzz", "the grid has 78 cells, want 81"},
		{"3x3:zzzd", "the grid runs past its 81 cells"},
		{"3x3:zzzb10", "10 is more than 9"},
		{"3x3:zzzb!", `unexpected '!' in the grid`},
		{"9j:zzzc", "expected a comma and the jigsaw regions"},
		{"9j:zzzc,abc", "the block structure is too short"},
		{"3x3k:zzzc,_", "the block structure is too short"},
		{"3x3:5_5zzza", "both 5 in row 1"},
		{"3x3:zzzc,x", `unexpected ",x" after the game description`},
	} {
		_, err := ParseSolo(tc.id)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want a *ParseError with %q", tc.id, err, tc.want)
		}
	}
}

func TestSoloUnsupported(t *testing.T) {
	r := Classic()
	r.AntiKnight, r.Windoku = true, true
	if _, err := FormatSolo(NewBoard(r)); err == nil || !strings.Contains(err.Error(), "windoku boxes, anti-knight") {
		t.Errorf("got %v", err)
	}
}

func FuzzParseSolo(f *testing.F) {
	for _, s := range []string{"3x3:zzzc", "2x3:d4a5d6a1a3d4a1a1d2a2d", "9j:zzzc,aaaca_aabaa____a_baa_abbbad_a__ei_ba_bbbeafaa_bbdaa__b_ad_a", "3x3k:zzzc,b_a_baaaab____a__________aa_____a___________a___abc__ab____ba___aaa_aa____ab__a_aba__a__a__a_aaaa,15b23_13a14_8a10c3c12_5a14b12_17_11a13_6a3_16c8a20_9b11c16b7_26_6_13a8b12c5_11b11c34e13f", "5x5:a", "1x4:a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseSolo(s)
		if err != nil {
			return
		}
		out, err := FormatSolo(b)
		if err != nil {
			if !strings.Contains(err.Error(), "cannot hold") {
				t.Errorf("%q read but not written: %v", s, err)
			}
			return
		}
		back, err := ParseSolo(out)
		if err != nil || !reflect.DeepEqual(back.Cells, b.Cells) || !sameRules(back.Rules, b.Rules) {
			t.Errorf("%q written as %q, read back: %v", s, out, err)
		}
	})
}
