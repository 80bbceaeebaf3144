package logic

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// killerLines returns the puzzles of a file of testdata.
func killerLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines
}

// killerKind names a puzzle line's rule set: "killer", "killer+x", ...
func killerKind(line string) string {
	if i := strings.LastIndex(line, "rules="); i >= 0 {
		return "killer+" + line[i+len("rules="):]
	}
	return "killer"
}

// TestKillerPathsSound solves the generated killers of the fixture (117
// of 120: cages of up to 5 and up to 9 cells, with givens, with the X,
// windoku and anti-knight rules) with the classic engine: every step
// agrees with the solution and every puzzle is solved to the end; each
// killer technique shows up. The 3 others stay stuck (killers-stuck.txt,
// SUDOKU_LONG=1: their forcing chains take minutes).
func TestKillerPathsSound(t *testing.T) {
	solved, total, used := map[string]int{}, map[string]int{}, map[string]int{}
	levels := map[Level]int{}
	for _, line := range killerLines(t, "killers-generated.txt") {
		kind := killerKind(line)
		b, sol := variantBoard(t, line)
		if b.geo.killer == nil {
			t.Fatalf("%s: no cages in the geometry", line)
		}
		total[kind]++
		sound := true
		var r PuzzleRating
		placed := false
		err := walkBoard(context.Background(), &b, true, 0, func(s *Step, sr Rating, pl bool) {
			sound = sound && checkStep(t, line, s, sol)
			used[s.Technique.Name]++
			if len(s.Houses) > 1 && strings.HasPrefix(s.Technique.Name, "Rule of 45") {
				used["Rule of 45 on a group of lines"]++
			}
			r.add(sr, placed)
			placed = placed || pl
		})
		switch {
		case err != nil:
			t.Errorf("%s: %v", line, err)
		case sound && b.Grid == sol:
			solved[kind]++
			levels[LevelOf(r.ER)]++
		}
	}
	for k, n := range total {
		t.Logf("%s: %d of %d solved, every step sound", k, solved[k], n)
	}
	t.Logf("levels %v; techniques %v", levels, used)
	for _, name := range []string{"Rule of 45 (innie)", "Rule of 45 (outie)", "Rule of 45 (innie combinations)",
		"Rule of 45 (outie combinations)", "Cage combinations", "Cage pointing", "Rule of 45 on a group of lines"} {
		if used[name] == 0 {
			t.Errorf("no step by %s", name)
		}
	}
	for _, name := range []string{"Unique rectangle", "Unique loop", "Bivalue universal grave"} {
		if used[name] > 0 {
			t.Errorf("%d steps by %s on killers", used[name], name)
		}
	}
}

// TestKillerStuck: the killers logic leaves stuck stay stuck, by sound
// steps (SUDOKU_LONG=1: minutes of forcing chains).
func TestKillerStuck(t *testing.T) {
	if os.Getenv("SUDOKU_LONG") == "" {
		t.Skip("SUDOKU_LONG=1: minutes of forcing chains")
	}
	for _, line := range killerLines(t, "killers-stuck.txt") {
		b, sol := variantBoard(t, line)
		err := walkBoard(context.Background(), &b, true, 0, func(s *Step, _ Rating, _ bool) { checkStep(t, line, s, sol) })
		if !errors.Is(err, ErrStuck) {
			t.Errorf("%s: %v, want stuck (solved: remove it from killers-stuck.txt)", line, err)
		}
	}
}
