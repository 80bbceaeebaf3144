package bank

import "time"

// EntryJSON is the JSON form of a stored puzzle (sudoku bank pick and
// export --json): the fields of generate's objects, and the bank's own.
type EntryJSON struct {
	ID        int64  `json:"id"`
	Puzzle    string `json:"puzzle"`
	Solution  string `json:"solution"`
	Clues     int    `json:"clues"`
	Symmetry  string `json:"symmetry"`
	ER        string `json:"er"`
	EP        string `json:"ep"`
	ED        string `json:"ed"`
	Level     string `json:"level"`
	Version   string `json:"rating_version"`
	Canonical string `json:"canonical"`
	Source    string `json:"source"`
	Created   string `json:"created"`
	HandedOut string `json:"handed_out,omitempty"`
	Daily     string `json:"daily,omitempty"`
	// Needs lists the techniques the puzzle needs and, for each, every
	// kind of step allowed before it (bank pick --needs).
	Needs []Trained `json:"needs,omitempty"`
}

// BoardJSON is the JSON form of a stored puzzle of other rules: its rule
// set, its plain line and its solution.
type BoardJSON struct {
	ID       int64  `json:"id"`
	Puzzle   string `json:"puzzle"` // the plain line (Entry.Plain)
	Rules    string `json:"rules"`
	Solution string `json:"solution"`
	Source   string `json:"source"`
}

// JSON is the entry's JSON form: an EntryJSON for a classic puzzle, a
// BoardJSON for one of other rules.
func (en Entry) JSON() any {
	if !en.Classic() {
		return BoardJSON{ID: en.ID, Puzzle: en.Plain, Rules: en.Rules, Solution: en.SolutionLine, Source: en.Source}
	}
	return en.classicJSON()
}

// classicJSON is a classic entry's JSON form.
func (en Entry) classicJSON() EntryJSON {
	j := EntryJSON{ID: en.ID, Puzzle: en.Puzzle.Line('.'), Solution: en.Solution.Line('.'), Clues: en.Clues,
		Symmetry: en.Symmetry, ER: en.ER.String(), EP: en.EP.String(), ED: en.ED.String(), Level: en.Level.String(),
		Version: en.RatingVersion, Canonical: en.Canonical, Source: en.Source,
		Created: en.Created.UTC().Format(time.RFC3339), Daily: en.Daily, Needs: en.Needs}
	if !en.HandedOut.IsZero() {
		j.HandedOut = en.HandedOut.UTC().Format(time.RFC3339)
	}
	return j
}

// JSON is the JSON form of the counts (sudoku bank stats --json): the
// levels in order, the rating versions by name.
func (st Stats) JSON() any {
	type level struct {
		Level     string `json:"level"`
		Total     int    `json:"total"`
		HandedOut int    `json:"handed_out"`
		Daily     int    `json:"daily"`
		Left      int    `json:"left"`
	}
	j := struct {
		Path     string         `json:"path"`
		Size     int64          `json:"size"`
		Schema   int            `json:"schema"`
		Total    int            `json:"total"`
		Levels   []level        `json:"levels"`
		Versions map[string]int `json:"rating_versions"`
	}{Path: st.Path, Size: st.Size, Schema: st.Schema, Total: st.Total(), Versions: map[string]int{}}
	for _, c := range st.Levels {
		j.Levels = append(j.Levels, level{c.Level.String(), c.Total, c.HandedOut, c.Daily, c.Left})
	}
	for _, v := range st.Versions {
		j.Versions[v.Version] = v.Count
	}
	return j
}
