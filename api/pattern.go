package api

import (
	"bytes"
	"encoding/json"

	"sudoku/logic"
)

// stepJSON is a level-3 hint's step (a worked example's too) as logic
// writes it (technique, placements, eliminations, cells, houses, digits,
// links with "strong"), plus the pattern the web app draws on the board.
type stepJSON struct {
	*logic.Step
	// Pattern are the candidates that make the pattern, coloured on the
	// board: patternOf.
	Pattern []candJSON
}

// newStepJSON is s with its pattern on board b, the position the step
// was found on; nil for no step.
func newStepJSON(b *logic.Board, s *logic.Step) *stepJSON {
	if s == nil {
		return nil
	}
	return &stepJSON{Step: s, Pattern: patternOf(b, s)}
}

// MarshalJSON writes the step's own JSON with "pattern" added.
func (s stepJSON) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(s.Step)
	if err != nil {
		return nil, err
	}
	pat := []byte("[]")
	if s.Pattern != nil {
		if pat, err = json.Marshal(s.Pattern); err != nil {
			return nil, err
		}
	}
	b = bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}"))
	if len(b) > 1 { // the step's own fields come first
		b = append(b, ',')
	}
	return append(append(append(b, `"pattern":`...), pat...), '}'), nil
}

// patternOf returns the candidates of step s's pattern on board b
// (logic's Step.Pattern), cells named.
func patternOf(b *logic.Board, s *logic.Step) []candJSON { return candsJSON(s.Pattern(b)) }

// candsJSON is cs with cells named (nil for none).
func candsJSON(cs []logic.Candidate) []candJSON {
	var out []candJSON
	for _, c := range cs {
		out = append(out, candJSON{c.Cell.String(), c.Digit})
	}
	return out
}
