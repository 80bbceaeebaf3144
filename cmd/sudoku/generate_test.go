package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"sudoku/generate"
	"sudoku/logic"
	"sudoku/solver"
)

func TestGenerateCommand(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		code       int
		lines      int
		fields     int
		sym        generate.Symmetry
		wantErrHas string
	}{
		{"plain", []string{"generate", "-n", "3", "--seed", "1"}, 0, 3, 3, generate.None, "3 puzzles: 3 generated, 0 gave up"},
		{"solution", []string{"generate", "-n", "2", "--seed", "1", "--solution"}, 0, 2, 4, generate.None, "tries/puzzle; seed 1"},
		{"no rating", []string{"generate", "-n", "2", "--seed", "1", "--no-rate"}, 0, 2, 1, generate.None, "2 generated"},
		{"symmetric minimal", []string{"generate", "-n", "2", "--seed", "2", "--symmetry", "diagonal", "--minimal"}, 0, 2, 3, generate.Diagonal, "symmetry diagonal, minimal"},
		{"clues", []string{"generate", "-n", "2", "--seed", "3", "--clues", "32-33", "--symmetry", "rot90"}, 0, 2, 3, generate.Rot90, "2 generated"},
		{"level", []string{"generate", "-n", "3", "--seed", "3", "--level", "HARD", "--symmetry", "rot180"}, 0, 3, 3, generate.Rot180, "ER 2.6-4.0"},
		{"er range", []string{"generate", "-n", "2", "--seed", "3", "--er", "7.0-"}, 0, 2, 3, generate.None, "ER 7.0-"},
		{"bad level", []string{"generate", "--level", "tricky"}, 2, 0, 0, generate.None, `unknown level "tricky"`},
		{"level and er", []string{"generate", "--level", "easy", "--er", "1-2"}, 2, 0, 0, generate.None, "give one"},
		{"bad er", []string{"generate", "--er", "hard"}, 2, 0, 0, generate.None, `--er "hard"`},
		{"no rating with level", []string{"generate", "--level", "easy", "--no-rate"}, 2, 0, 0, generate.None, "--no-rate cannot go"},
		{"impossible clues", []string{"generate", "--clues", "30-31", "--symmetry", "rot90"}, 2, 0, 0, generate.None, "none of which is in range"},
		{"zero", []string{"generate", "-n", "0"}, 0, 0, 0, generate.None, "0 puzzles"},
		{"bad symmetry", []string{"generate", "--symmetry", "spiral"}, 2, 0, 0, generate.None, `unknown symmetry "spiral"`},
		{"bad clues", []string{"generate", "--clues", "a-b"}, 2, 0, 0, generate.None, `--clues: "a-b"`},
		{"clues reversed", []string{"generate", "--clues", "30-20"}, 2, 0, 0, generate.None, "the minimum exceeds the maximum"},
		{"bad seed", []string{"generate", "--seed", "x"}, 2, 0, 0, generate.None, "--seed"},
		{"bad j", []string{"generate", "-j", "0"}, 2, 0, 0, generate.None, "-j must be at least 1"},
		{"argument", []string{"generate", "extra"}, 2, 0, 0, generate.None, `unexpected argument "extra"`},
		// Flags the kind of puzzle asked for would leave unread are refused.
		{"needs with a variant", []string{"generate", "--variant", "x", "--needs", "x-wing"}, 2, 0, 0, generate.None, "--needs goes with classic 9x9 puzzles"},
		{"only-before with a size", []string{"generate", "--size", "6", "--only-before", "singles"}, 2, 0, 0, generate.None, "--only-before goes with classic 9x9 puzzles"},
		{"cages without a killer", []string{"generate", "--variant", "x", "--cage-max", "4"}, 2, 0, 0, generate.None, "--cage-max goes with --variant killer"},
		{"givens of a classic", []string{"generate", "--givens"}, 2, 0, 0, generate.None, "--givens goes with --variant killer"},
		{"regions without a jigsaw", []string{"generate", "--symmetric-regions"}, 2, 0, 0, generate.None, "--symmetric-regions goes with --variant jigsaw"},
		{"format of a classic", []string{"generate", "--format", "solo"}, 2, 0, 0, generate.None, "--format solo goes with --variant or --size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("exit code: got %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if !strings.Contains(stderr, tt.wantErrHas) {
				t.Errorf("stderr: got %q, want it to contain %q", stderr, tt.wantErrHas)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if out == "" {
				lines = nil
			}
			if len(lines) != tt.lines {
				t.Fatalf("got %d lines, want %d: %q", len(lines), tt.lines, out)
			}
			for _, l := range lines {
				f := strings.Fields(l)
				if len(f) != tt.fields {
					t.Fatalf("line %q: got %d fields, want %d", l, len(f), tt.fields)
				}
				g := mustParse(t, f[0])
				if solver.CountGrid(g, 2) != 1 || !tt.sym.Holds(g) {
					t.Errorf("%s: not unique or not %v symmetric", f[0], tt.sym)
				}
				if len(f) == 4 && !mustParse(t, f[3]).IsSolutionOf(&g) {
					t.Errorf("%s is not the solution of %s", f[3], f[0])
				}
				if len(f) >= 3 {
					r, _ := logic.Rate(g)
					if want := fmt.Sprintf("%v/%v/%v %v", r.ER, r.EP, r.ED, r.Level); f[1]+" "+f[2] != want {
						t.Errorf("%s: rating %s %s, want %s", f[0], f[1], f[2], want)
					}
					lo, hi := levelOf(tt.args)
					if r.ER < lo || (hi > 0 && r.ER > hi) {
						t.Errorf("%s: ER %v, want %v-%v", f[0], r.ER, lo, hi)
					}
				}
			}
		})
	}
}

// levelOf returns the rating bounds that args ask for.
func levelOf(args []string) (lo, hi logic.Rating) {
	for i, a := range args {
		switch a {
		case "--level":
			l, _ := logic.ParseLevel(args[i+1])
			return l.Range()
		case "--er":
			lo, hi, _ = parseTarget("", args[i+1])
		}
	}
	return lo, hi
}

func TestGenerateSameWhateverJ(t *testing.T) {
	one, _, _ := runCLI(t, "", "generate", "-n", "12", "--seed", "7", "--symmetry", "rot180", "-j", "1", "-q")
	for _, j := range []string{"2", "5"} {
		out, _, _ := runCLI(t, "", "generate", "-n", "12", "--seed", "7", "--symmetry", "rot180", "-j", j, "-q")
		if out != one {
			t.Errorf("-j %s: got %q, want %q", j, out, one)
		}
	}
	other, _, _ := runCLI(t, "", "generate", "-n", "12", "--seed", "8", "--symmetry", "rot180", "-q")
	if other == one {
		t.Error("seeds 7 and 8 gave the same puzzles")
	}
}

func TestGenerateJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "generate", "-n", "2", "--seed", "4", "--json", "--solution", "-q")
	if code != 0 {
		t.Fatalf("exit code %d", code)
	}
	for i, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var j jsonGenerated
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		g, sol := mustParse(t, j.Puzzle), mustParse(t, j.Solution)
		if j.Index != i+1 || j.Clues != g.Clues() || j.Symmetry != "none" || j.Tries < 1 || !sol.IsSolutionOf(&g) || j.ER == "" || j.Level == "" || j.Version != logic.RatingVersion {
			t.Errorf("line %d: got %+v", i+1, j)
		}
	}
}

// TestGenerateJSONSpellings: --json and --format json are one request,
// for classic puzzles and for others (each was ignored by one of them).
func TestGenerateJSONSpellings(t *testing.T) {
	for _, kind := range [][]string{nil, {"--variant", "x"}} {
		args := append([]string{"generate", "-n", "2", "--seed", "4", "-q"}, kind...)
		a, _, codeA := runCLI(t, "", append(args, "--json")...)
		b, _, codeB := runCLI(t, "", append(args, "--format", "json")...)
		if codeA != 0 || codeB != 0 || a != b || !strings.HasPrefix(a, "{") {
			t.Errorf("%v: --json (exit %d) %.60q, --format json (exit %d) %.60q", kind, codeA, a, codeB, b)
		}
	}
}
