package logic

import (
	"encoding/json"

	"sudoku"
)

// jsonCandidate is a candidate in JSON: {"cell": "r4c7", "digit": 6}.
type jsonCandidate struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

type jsonLink struct {
	From   jsonCandidate `json:"from"`
	To     jsonCandidate `json:"to"`
	Strong bool          `json:"strong"`
	Via    string        `json:"via,omitempty"`
}

// jsonStep is the JSON form of a Step.
type jsonStep struct {
	Technique    string          `json:"technique"`
	Rating       float64         `json:"rating"`
	Placements   []jsonCandidate `json:"placements,omitempty"`
	Eliminations []jsonCandidate `json:"eliminations,omitempty"`
	Cells        []string        `json:"cells,omitempty"`
	Houses       []string        `json:"houses,omitempty"`
	Digits       []int           `json:"digits,omitempty"`
	Links        []jsonLink      `json:"links,omitempty"`
	Explanation  string          `json:"explanation"`
	Words        string          `json:"words"`             // the explanation in players' words (Plain)
	Summary      string          `json:"summary,omitempty"` // what the technique is, in one line
}

// MarshalJSON writes the step with cells and houses named as players name
// them ("r4c7", "box 6") and its explanation.
func (s Step) MarshalJSON() ([]byte, error) {
	j := jsonStep{
		Technique:    s.Technique.Name,
		Rating:       s.Rating.Float(),
		Placements:   jsonCandidates(s.Placements),
		Eliminations: jsonCandidates(s.Eliminations),
		Cells:        sudoku.Names(s.Cells),
		Houses:       sudoku.Names(s.Houses),
		Digits:       s.Digits,
		Explanation:  s.Explain(),
		Summary:      Summary(s.Technique.Name),
	}
	j.Words = Plain(j.Explanation)
	for _, l := range s.Links {
		j.Links = append(j.Links, jsonLink{jsonCandidate{l.From.Cell.String(), l.From.Digit}, jsonCandidate{l.To.Cell.String(), l.To.Digit}, l.Strong, l.Via})
	}
	return json.Marshal(j)
}

func jsonCandidates(cs []Candidate) []jsonCandidate {
	if len(cs) == 0 {
		return nil
	}
	out := make([]jsonCandidate, len(cs))
	for i, c := range cs {
		out[i] = jsonCandidate{c.Cell.String(), c.Digit}
	}
	return out
}

// puzzleRatingJSON is PuzzleRating's JSON form.
type puzzleRatingJSON struct {
	ER      float64 `json:"er"`
	EP      float64 `json:"ep"`
	ED      float64 `json:"ed"`
	Level   string  `json:"level"`
	Steps   int     `json:"steps"`
	Version string  `json:"version"`
}

// MarshalJSON writes the rating with ER, EP and ED as numbers (2.3) and the
// level by name.
func (r PuzzleRating) MarshalJSON() ([]byte, error) {
	return json.Marshal(puzzleRatingJSON{r.ER.Float(), r.EP.Float(), r.ED.Float(), r.Level.String(), r.Steps, r.Version})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *PuzzleRating) UnmarshalJSON(b []byte) error {
	var j puzzleRatingJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	level, err := ParseLevel(j.Level)
	if err != nil {
		return err
	}
	*r = PuzzleRating{ER: RatingOf(j.ER), EP: RatingOf(j.EP), ED: RatingOf(j.ED), Level: level, Steps: j.Steps, Version: j.Version}
	return nil
}
