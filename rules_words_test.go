package sudoku

import (
	"slices"
	"testing"
)

func TestRulesWords(t *testing.T) {
	parity := make([]Parity, 81)
	parity[3] = Even
	tests := []struct {
		name  string
		rules Rules
		want  []string
	}{
		{"classic", *Classic(), nil},
		{"x", Rules{Size: 9, BoxRows: 3, BoxCols: 3, Diagonals: BothDiagonals}, []string{"Each of the two main diagonals holds the digits once."}},
		{"anti-knight and king", Rules{Size: 9, BoxRows: 3, BoxCols: 3, AntiKnight: true, AntiKing: true},
			[]string{"Equal digits may not be a knight's move apart.", "Equal digits may not touch, even diagonally."}},
		{"killer", Rules{Size: 9, BoxRows: 3, BoxCols: 3, Cages: []Cage{{Cells: []int{0, 1}, Sum: 3}}},
			[]string{"Digits may not repeat in a cage, and add up to its sum where one is shown."}},
		{"even", Rules{Size: 9, BoxRows: 3, BoxCols: 3, Parity: parity}, []string{"A cell with a square holds an even digit."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.rules.Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Words() = %q, want %q", got, tt.want)
			}
		})
	}
}
