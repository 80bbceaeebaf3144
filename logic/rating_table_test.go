package logic

import (
	"context"
	"strings"
	"testing"
	"time"

	"sudoku"
	"sudoku/internal/dataset"
)

// TestStepRatingsFromTable: every step, on every kind of board, carries
// a rating of the technique table: a technique the table names is rated
// at least its row's rating; a constraint's step is the Constraint
// stage's (2.0-2.5) and named after its constraint; the forcing chains
// that name themselves as they go (multiTechnique) are rated at least
// Nishio's 7.5. Boards: the constraint fixture, jigsaws, killers (the
// classic engine) and boards of sizes 4 to 16, 6x6 and 12x12 killers among
// them (the engine for any rules).
func TestStepRatingsFromTable(t *testing.T) {
	var boards []*sudoku.Board
	ps, err := dataset.ReadFPuzzles("testdata/constraints.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		b, err := p.Board()
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	for _, file := range []string{"killers-generated.txt", "regions-jigsaw.txt", "variants-generated.txt"} {
		for i, line := range killerLines(t, file) {
			if i >= 12 {
				break
			}
			b, _, err := sudoku.ParseBoard(strings.Split(line, " solution=")[0])
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			boards = append(boards, b)
		}
	}
	for _, p := range sizedPuzzles(t) {
		boards = append(boards, p.b) // other sizes: the engine for any rules
	}
	constraintRow := TechniqueInfo{}
	for _, r := range techniqueTable {
		if r.Stage == "Constraint" {
			constraintRow = r
		}
	}
	checked := map[string]int{}
	for _, b := range boards {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		path, _ := PathBoard(ctx, b)
		cancel()
		for _, st := range path {
			checked[st.Technique]++
			if row, ok := techniqueByName(st.Technique); ok {
				if st.Rating < row.Rating {
					t.Errorf("%s rated %v, below the table's %v: %s", st.Technique, st.Rating, row.Rating, st.Text)
				}
				continue
			}
			if isConstraintTitle(b.Rules, st.Technique) {
				if st.Rating < constraintRow.Rating || st.Rating > constraintMax {
					t.Errorf("constraint step %s rated %v, outside %v-%v", st.Technique, st.Rating, constraintRow.Rating, constraintMax)
				}
				continue
			}
			multiTechMu.Lock()
			_, multi := multiTechs[st.Technique]
			multiTechMu.Unlock()
			if !multi || st.Rating < 75 {
				t.Errorf("step %q (%v) is not in the technique table: %s", st.Technique, st.Rating, st.Text)
			}
		}
	}
	if len(checked) < 15 {
		t.Errorf("only %d techniques met: %v", len(checked), checked)
	}
	t.Logf("%d boards, techniques met: %v", len(boards), checked)
}

// isConstraintTitle reports whether name is the title of one of r's
// constraints.
func isConstraintTitle(r *sudoku.Rules, name string) bool {
	for _, c := range r.Constraints {
		if sudoku.ConstraintTitle(c) == name {
			return true
		}
	}
	return false
}
