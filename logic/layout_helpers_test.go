package logic

import "sudoku"

// geometryOfRules is geometryOf on r compiled: false when r is malformed.
func geometryOfRules(r *sudoku.Rules) (*geometry, bool) {
	l, err := r.Layout()
	if err != nil {
		return nil, false
	}
	return geometryOf(l)
}

// geoBoardOf is geoBoard with b's rules compiled here.
func geoBoardOf(b *sudoku.Board, g *geometry) (Board, *sudoku.Layout, error) {
	l, err := b.Rules.Layout()
	if err != nil {
		return Board{}, nil, err
	}
	return geoBoard(b, g, l)
}

// newBoardLogicOf is newBoardLogic with b's rules compiled here.
func newBoardLogicOf(b *sudoku.Board) (*boardLogic, error) {
	l, err := b.Rules.Layout()
	if err != nil {
		return nil, err
	}
	return newBoardLogic(b, l)
}
