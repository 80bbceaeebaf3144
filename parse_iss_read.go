package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The constraints of an ISS string, after its rules (parse_iss.go): each
// type's reader is its kind's (ConstraintKind.ISS, parse_iss_kinds.go).
// Most go through the f-puzzles reader of the kind (ViaFP), which checks
// them as it checks f-puzzles entries.

// ISSRead reads one element of an ISS string into constraints.
type ISSRead func(r *ISSReader, e ISSElem) ([]Constraint, error)

// constraints reads the elements of constraints in order, then what
// their readers left for the end (Later).
func (r *ISSReader) constraints(elems []ISSElem) error {
	raw, err := r.rulesFP()
	if err != nil {
		return err
	}
	r.fpRaw = raw
	for _, e := range elems {
		read, ok := issReaderOf(e.typ)
		if !ok {
			continue
		}
		cs, err := read(r, e)
		if err != nil {
			return err
		}
		r.rules.Constraints = append(r.rules.Constraints, cs...)
	}
	for _, l := range r.later {
		cs, err := l.make()
		if err != nil {
			return err
		}
		r.rules.Constraints = append(r.rules.Constraints, cs...)
	}
	return nil
}

// Later has make's constraints made once every element is read (the
// strict rules of dots, over the pairs no dot marks), once for each key:
// a second call with a key is ignored.
func (r *ISSReader) Later(key string, make func() ([]Constraint, error)) {
	for _, l := range r.later {
		if l.key == key {
			return
		}
	}
	r.later = append(r.later, issLater{key, make})
}

// issLater is what a reader left for the end.
type issLater struct {
	key  string
	make func() ([]Constraint, error)
}

// Mark records that an ISS mark of group joins cells a and b (ISS's own
// dots, which its strict rules leave out), either way round.
func (r *ISSReader) Mark(group string, a, b int) { markPair(r.marked, group, a, b) }

// Marked reports whether a mark of group joins cells a and b.
func (r *ISSReader) Marked(group string, a, b int) bool {
	return r.marked[group][Pair{min(a, b), max(a, b)}]
}

// markPair records a pair of cells under group in marked.
func markPair(marked map[string]map[Pair]bool, group string, a, b int) {
	if marked[group] == nil {
		marked[group] = map[Pair]bool{}
	}
	marked[group][Pair{min(a, b), max(a, b)}] = true
}

// Size returns the size of the grid read.
func (r *ISSReader) Size() int { return r.n }

// Rules returns the rules read so far: every rule, and the constraints of
// the elements before.
func (r *ISSReader) Rules() *Rules { return r.rules }

// Jigsaws returns the number of Jigsaw elements read.
func (r *ISSReader) Jigsaws() int { return len(r.layouts) }

// rulesFP returns the rules as f-puzzles keys, for the f-puzzles readers
// of the kinds (their houses and regions).
func (r *ISSReader) rulesFP() (map[string][]byte, error) {
	data, err := FormatFPuzzles(NewBoard(r.rules))
	if err != nil {
		return nil, &ParseError{Line: 1, Msg: "ISS: " + err.Error(), Err: err}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for k, v := range raw {
		out[k] = v
	}
	return out, nil
}

// ViaFP reads entries of the f-puzzles key through its kind's reader,
// with the rules' keys beside them; its errors located at e.
func (r *ISSReader) ViaFP(e ISSElem, key string, entries ...any) ([]Constraint, error) {
	kind, ok := kindOfKey(key)
	if !ok {
		return nil, e.Errorf("no kind reads %s", key)
	}
	raw := make(map[string]json.RawMessage, len(r.fpRaw)+1)
	for k, v := range r.fpRaw {
		raw[k] = v
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	raw[key] = data
	cs, err := kind.Read(&FPuzzle{Size: r.n, Raw: raw})
	if err != nil {
		return nil, e.Errorf("%s", issFPMessage(key, err))
	}
	return cs, nil
}

// issFPMessage is an f-puzzles reader's error without its key and entry
// number ("thermometer 1: "), which name the ISS element's translation.
func issFPMessage(key string, err error) string {
	msg := err.Error()
	var pe *ParseError
	if errors.As(err, &pe) {
		msg = pe.Msg
	}
	for i := 1; i <= 2; i++ {
		msg = strings.TrimPrefix(msg, fmt.Sprintf("%s %d: ", key, i))
	}
	return msg
}

// names turns cells into f-puzzles names.
func (r *ISSReader) names(cells []int) []string { return fpNames(r.n, cells) }

// ISSViaFP returns a reader of elements laid out as lay, each read as an
// entry of the f-puzzles key by its kind's f-puzzles reader.
func ISSViaFP(key string, lay ISSLayout) ISSRead {
	return func(r *ISSReader, e ISSElem) ([]Constraint, error) {
		args := e.args
		var value string
		if lay == ISSValueLine || lay == ISSValueCage {
			if len(args) == 0 {
				return nil, e.Errorf("want a value and cells")
			}
			value, args = args[0], args[1:]
		}
		if lay == ISSOutsideClue {
			return r.outsideFP(e, key)
		}
		cells, err := r.Cells(e, args, 1)
		if err != nil {
			return nil, err
		}
		entry := map[string]any{}
		if lay == ISSLine || lay == ISSValueLine {
			entry["lines"] = [][]string{r.names(cells)}
		} else {
			entry["cells"] = r.names(cells)
		}
		if value != "" {
			entry["value"] = value
		}
		return r.ViaFP(e, key, entry)
	}
}

// outsideFP reads an ISS double line clue ("R3", the value from the left,
// the value from the right) into entries of key beside the grid.
func (r *ISSReader) outsideFP(e ISSElem, key string) ([]Constraint, error) {
	return r.OutsideClues(e, func(place, v string) ([]Constraint, error) {
		return r.ViaFP(e, key, map[string]any{"cell": place, "value": v})
	})
}

// OutsideClues walks an ISS double line clue: for each value given, the
// f-puzzles place beside the grid it is read from, once (the same clue
// twice is one clue, two different ones an error), handed to read.
func (r *ISSReader) OutsideClues(e ISSElem, read func(place, v string) ([]Constraint, error)) ([]Constraint, error) {
	if len(e.args) < 2 || len(e.args) > 3 {
		return nil, e.Errorf("want a row or column and one or two values")
	}
	var out []Constraint
	for side, v := range e.args[1:] {
		if v == "" {
			continue
		}
		place, err := r.LinePlace(e, e.args[0], side == 0)
		if err != nil {
			return nil, err
		}
		at := e.args[0] + "," + strconv.Itoa(side)
		seen := r.Seen(e, at)
		if err := r.Once(e, at, v); err != nil {
			return nil, err
		}
		if seen {
			continue
		}
		cs, err := read(place, v)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// LinePlace reads ISS's name of a row or column ("R3", "C12") as the
// f-puzzles place beside the grid it is seen from: the left or top when
// first, else the right or bottom.
func (r *ISSReader) LinePlace(e ISSElem, id string, first bool) (string, error) {
	k, err := strconv.Atoi(strings.TrimLeft(id, "RC"))
	if len(id) < 2 || err != nil || k < 1 || k > r.n || strings.Count(id, "R")+strings.Count(id, "C") != 1 {
		return "", e.Errorf("%q is not a row or column (R1 to R%d, C1 to C%d)", id, r.n, r.n)
	}
	end := 0
	if !first {
		end = r.n + 1
	}
	if id[0] == 'R' {
		return fmt.Sprintf("R%dC%d", k, end), nil
	}
	return fmt.Sprintf("R%dC%d", end, k), nil
}

// Once records the clue of e's type at place with value: ISS keeps one
// a place, so a second with another value is refused (the same value
// twice is one clue).
func (r *ISSReader) Once(e ISSElem, place, value string) error {
	key := e.typ + ":" + place
	if v, ok := r.clues[key]; ok && v != value {
		return e.Errorf("a second clue at %s (%s after %s): ISS keeps only the last", place, value, v)
	}
	r.clues[key] = value
	return nil
}

// Seen reports whether the clue of e at place was read before.
func (r *ISSReader) Seen(e ISSElem, place string) bool {
	_, ok := r.clues[e.typ+":"+place]
	return ok
}
