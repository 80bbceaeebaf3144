package sudoku

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strings"

	"sudoku/internal/lzstring"
)

// This file reads SudokuPad's own puzzles (sudokupad.app, by Sven
// Neumann, where most variant puzzles are shared today): its links,
//
//	https://sudokupad.app/sclN4Ig...           scl or ctc: SudokuPad's JSON
//	https://sudokupad.app/?puzzleid=scl...      the same as a query
//	https://sudokupad.app/?puzzle=scl...        (puzzle= as puzzleid=)
//	https://sudokupad.app/fpuzzlesN4Ig...       fpuz or fpuzzles: f-puzzles JSON
//	https://app.crackingthecryptic.com/sudoku/scl...
//	https://sudokupad.app/psxc3j9q0f            a short link (ErrShortLink)
//
// the codes alone (sclN4Ig...), and SudokuPad's JSON itself, plain or
// zipped (parse_sudokupad_zip.go). The code after scl is the JSON
// compressed with LZ-string in base64, as f-puzzles' links are.
//
// A SudokuPad puzzle is a grid of cells (with their givens and given
// pencil marks), its regions, its cages, and drawings: lines, arrows,
// overlays and underlays (boxes and circles, with or without text).
// What the drawings mean is read from two sources: the shapes SudokuPad
// itself gives each f-puzzles constraint when it converts one (a
// thermometer is a line with a round bulb under its first cell, an arrow
// a circle with an arrow from it, a kropki dot a small round overlay on
// an edge, ...), and the setter's rules text, which says what the
// colours of a puzzle made in SudokuPad's editors mean
// (parse_sudokupad_rules.go, parse_sudokupad_map.go). A drawing read
// as a constraint becomes one of our kinds, through the f-puzzles entry
// that kind reads; a drawing that cannot be read is kept as a drawing
// and listed in Board.Meta.Unread, so the puzzle is still drawn and
// played but no engine solves it (Board.Unreadable).

// FormSudokuPad is the name of SudokuPad's form.
const FormSudokuPad = "sudokupad"

// ErrShortLink means a SudokuPad link names a puzzle kept on SudokuPad's
// server rather than carrying it: it must be fetched (package sudokupad
// does) and the text it answers read.
var ErrShortLink = errors.New("a SudokuPad short link")

// ShortLinkError is a SudokuPad short link: ID is what to fetch
// ("psxc3j9q0f", or a setter's "author/title").
type ShortLinkError struct {
	ID string
}

func (e *ShortLinkError) Error() string {
	return fmt.Sprintf("sudokupad.app/%s is a SudokuPad short link: the puzzle is kept on SudokuPad's server and must be fetched from it", e.ID)
}

// Unwrap makes errors.Is(err, ErrShortLink) hold.
func (e *ShortLinkError) Unwrap() error { return ErrShortLink }

func init() {
	RegisterForm(Form{Name: FormSudokuPad, Priority: 90, Detect: IsSudokuPad, Lines: true,
		Parse: func(t string) (*Board, string, error) {
			b, err := ParseSudokuPad(t)
			return b, "", err
		}})
}

// spHosts are the hosts of SudokuPad's links.
var spHosts = []string{"sudokupad.app", "crackingthecryptic.com", "cracking-the-cryptic.web.app", "sudokupad.svencodes.com"}

// spPrefixes are the puzzle codes SudokuPad tells by their start, longest
// first.
var spPrefixes = []string{"fpuzzles", "classic", "fpuz", "scl", "ctc", "scf"}

// IsSudokuPad reports whether text looks like a SudokuPad puzzle: a
// SudokuPad link (any, short links and f-puzzles ones included), a code
// that starts scl, ctc or fpuz (not fpuzzles: that is f-puzzles' own),
// or SudokuPad's JSON (an object with cells and no f-puzzles grid),
// plain or zipped.
func IsSudokuPad(text string) bool {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "{") {
		fp := strings.Contains(t, `"grid"`) && strings.Contains(t, `"size"`)
		return !fp && spCellsRe.MatchString(t)
	}
	if spLinkHost(t) {
		return true
	}
	if strings.ContainsAny(t, " \t\r\n") || strings.HasPrefix(t, "fpuzzles") {
		return false
	}
	for _, p := range []string{"scl", "ctc", "fpuz"} {
		if strings.HasPrefix(t, p) && len(t) > len(p)+8 {
			return true
		}
	}
	return false
}

// spCellsRe finds SudokuPad's cells: rows of objects (empty places in
// zipped JSON), not rows of numbers (our JSON form's cells).
var spCellsRe = regexp.MustCompile(`(^|[{,])\s*("cells"|cells|ce)\s*:\s*\[\s*\[\s*[{,\]]`)

// spLinkHost reports whether t is a link to one of SudokuPad's hosts,
// with or without its scheme.
func spLinkHost(t string) bool {
	u, err := url.Parse(spWithScheme(t))
	if err != nil || u.Host == "" {
		return false
	}
	for _, h := range spHosts {
		if u.Hostname() == h || strings.HasSuffix(u.Hostname(), "."+h) {
			return true
		}
	}
	return false
}

// spWithScheme puts https:// before a link to a SudokuPad host written
// without one.
func spWithScheme(t string) string {
	for _, h := range spHosts {
		if strings.HasPrefix(t, h+"/") || strings.HasPrefix(t, "www."+h+"/") || strings.HasPrefix(t, "app."+h+"/") {
			return "https://" + t
		}
	}
	return t
}

// ParseSudokuPad reads a SudokuPad puzzle: a link, a code (scl..., ctc...,
// fpuzzles...) or SudokuPad's JSON, plain or zipped. A short link, which
// names a puzzle SudokuPad keeps, is a *ShortLinkError (ErrShortLink).
// Errors are *ParseError values naming the element, the cell or the key.
func ParseSudokuPad(text string) (*Board, error) {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "{") {
		return parseSudokuPadJSON(t)
	}
	code, link := t, false
	if spLinkHost(t) {
		u, _ := url.Parse(spWithScheme(t))
		code, link = spLinkCode(u), true
	}
	prefix, rest := spSplitCode(code)
	switch prefix {
	case "scl", "ctc":
		data, err := spDecompress(rest)
		if err != nil {
			return nil, &ParseError{Msg: "the SudokuPad link holds no puzzle (" + err.Error() + ")"}
		}
		return parseSudokuPadJSON(data)
	case "fpuz", "fpuzzles":
		data, err := spDecompress(rest)
		if err != nil {
			return nil, &ParseError{Msg: "the SudokuPad link holds no f-puzzles puzzle (" + err.Error() + ")"}
		}
		return ParseFPuzzles([]byte(data))
	case "scf", "classic":
		return nil, &ParseError{Msg: fmt.Sprintf("SudokuPad's %s codes are not read (scl, ctc and fpuzzles are)", prefix)}
	}
	if link && code != "" {
		return nil, &ShortLinkError{ID: code}
	}
	return nil, &ParseError{Msg: "not a SudokuPad puzzle: want a sudokupad.app link, a code starting scl, ctc or fpuzzles, or SudokuPad's JSON"}
}

// spLinkCode returns the puzzle a SudokuPad link names: its puzzleid (or
// puzzle), or its path (after an old /sudoku/), which may hold '/'.
func spLinkCode(u *url.URL) string {
	for _, k := range []string{"puzzleid", "puzzle"} {
		if v := u.Query().Get(k); v != "" {
			return strings.ReplaceAll(v, " ", "+")
		}
	}
	p := strings.TrimPrefix(u.Path, "/")
	p = strings.TrimPrefix(p, "sudoku/")
	return strings.TrimSuffix(p, "/")
}

// spSplitCode splits a code into its prefix (one of spPrefixes, "" for
// none) and the rest.
func spSplitCode(code string) (prefix, rest string) {
	for _, p := range spPrefixes {
		if strings.HasPrefix(code, p) {
			return p, code[len(p):]
		}
	}
	return "", code
}

// spMaxSlashTries bounds the slashes tried when mending a code.
const spMaxSlashTries = 64

// spDecompress decompresses a code's LZ-string: escapes undone, spaces
// (a + on the way) back to +. A link that lost one '/' of a "//" on the
// way (as some sites do) is mended by doubling each single slash in
// turn, as SudokuPad does. Text that is JSON already is returned as it
// is.
func spDecompress(code string) (string, error) {
	if unesc, err := url.PathUnescape(code); err == nil && len(unesc) < len(code) {
		code = unesc
	}
	code = strings.ReplaceAll(code, " ", "+")
	if strings.HasPrefix(code, "{") {
		return code, nil
	}
	s, err := lzstring.DecompressFromBase64(code)
	if err == nil && spObject(s) {
		return s, nil
	}
	tries := 0
	for i := 0; i < len(code) && tries < spMaxSlashTries; i++ {
		if code[i] != '/' || i > 0 && code[i-1] == '/' || i+1 < len(code) && code[i+1] == '/' {
			continue
		}
		tries++
		if m, e := lzstring.DecompressFromBase64(code[:i] + "/" + code[i:]); e == nil && spObject(m) {
			return m, nil
		}
	}
	switch {
	case err == nil && s != "":
		return s, nil // not an object: its reader says what it is
	case err == nil:
		err = errors.New("nothing decompressed")
	}
	return "", err
}

// spObject reports whether s looks like a JSON object, zipped or not.
func spObject(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "{") }

// parseSudokuPadJSON reads SudokuPad's JSON, plain or zipped.
func parseSudokuPadJSON(text string) (*Board, error) {
	raw, err := spDecodeJSON(text)
	if err != nil {
		return nil, &ParseError{Msg: "SudokuPad puzzle: " + err.Error()}
	}
	r := &spReader{raw: raw, fp: map[string][]any{}, flags: map[string]bool{}}
	if err := r.read(); err != nil {
		return nil, err
	}
	return r.board()
}

// spReader reads one SudokuPad puzzle into the f-puzzles entries of our
// kinds, and what is read otherwise.
type spReader struct {
	n     int
	err   error // a constraint of a kind not registered: the read fails
	raw   map[string]any
	rules *spRules
	cells []uint8
	marks [][]int // the candidates given each cell; nil for none
	// region is each cell's region; regions are rows when the puzzle
	// draws none (latin tells whether its rules say so).
	region []int
	boxes  bool // the puzzle draws regions
	meta   Meta
	grid   json.RawMessage // the f-puzzles grid: givens, regions, marks
	// fp holds the f-puzzles entries of the constraints read, by key;
	// flags its rule sets (antiknight, diagonal+, ...), negative its
	// negative rules.
	fp       map[string][]any
	flags    map[string]bool
	negative []string
	later    []spLater // constraints f-puzzles has no entry for
	drawings []Constraint
	unread   []Unread
	elems    []*spElem
}

// spLater is a constraint made once the rules are: a cage whose digits
// may repeat, a parity line.
type spLater struct {
	elem *spElem
	make func(r *Rules) (Constraint, error)
	as   string // what it is read as, for the error
}

// spKnownKeys are the top-level keys read here, or that say nothing of
// the rules (the puzzle's id, the cell size, settings, fog of war and
// its triggers, videos).
var spKnownKeys = map[string]bool{
	"cells": true, "regions": true, "cages": true, "lines": true, "arrows": true, "overlays": true,
	"underlays": true, "metadata": true, "global": true, "id": true, "cellSize": true, "settings": true,
	"foglight": true, "foglink": true, "triggereffect": true, "videos": true, "duration": true,
}

// read reads everything but the board itself.
func (r *spReader) read() error {
	if err := r.readCells(); err != nil {
		return err
	}
	if err := r.readRegions(); err != nil {
		return err
	}
	r.collect()
	if err := r.readMeta(); err != nil {
		return err
	}
	r.rules = spParseRules(r.meta.Rules)
	r.readKeys()
	if err := r.writeGrid(); err != nil {
		return err
	}
	r.readGlobal()
	r.readElements()
	r.readRulesText()
	return nil
}

// readKeys lists the top-level keys that hold something no reader here
// reads.
func (r *spReader) readKeys() {
	for k, v := range r.raw {
		if !spKnownKeys[k] && !spEmptyValue(v) {
			r.unread = append(r.unread, Unread{What: fmt.Sprintf("SudokuPad key %q", spClip(k, 32))})
		}
	}
}

// spEmptyValue reports whether v holds nothing.
func spEmptyValue(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case string:
		return strings.TrimSpace(v) == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// readCells reads the grid: its size, givens and given pencil marks.
func (r *spReader) readCells() error {
	rows, ok := r.raw["cells"].([]any)
	if !ok || len(rows) == 0 {
		return &ParseError{Msg: "SudokuPad puzzle: no cells"}
	}
	r.n = len(rows)
	if r.n < MinSize || r.n > 16 {
		return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: a grid of %d rows; sizes 4 to 16 are read", r.n)}
	}
	r.cells = make([]uint8, r.n*r.n)
	r.marks = make([][]int, r.n*r.n)
	for i, row := range rows {
		cols, ok := row.([]any)
		if !ok || len(cols) != r.n {
			return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: row %d has %d cells, want %d (a square grid)", i+1, len(cols), r.n)}
		}
		for j, v := range cols {
			if err := r.readCell(i*r.n+j, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// spCellKeys are a cell's keys that are read, or say nothing of the
// puzzle.
var spCellKeys = map[string]bool{"value": true, "given": true, "pencilMarks": true, "centremarks": true, "pencilmarks": true, "centerMarks": true}

// readCell reads cell c: its given digit, its given candidates.
func (r *spReader) readCell(c int, v any) error {
	m, ok := v.(map[string]any)
	if !ok {
		if v == nil {
			return nil
		}
		return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %s is not an object", CellName(r.n, c))}
	}
	if s := strings.TrimSpace(spString(m["value"])); s != "" {
		d, ok := spDigit(s, r.n)
		if !ok && s == "0" {
			return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %s holds 0: digits from 0 (0 to %d) are not supported, only 1 to %d", CellName(r.n, c), r.n-1, r.n)}
		}
		if !ok {
			return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %s holds %q, want a digit 1 to %d", CellName(r.n, c), spClip(s, 12), r.n)}
		}
		r.cells[c] = uint8(d)
	}
	if marks, ok := spMarkList(m, "centremarks", "centerMarks"); ok {
		ds, err := r.markDigits(c, marks)
		if err != nil {
			return err
		}
		r.marks[c] = ds
	}
	if marks, ok := spMarkList(m, "pencilMarks", "pencilmarks"); ok {
		r.unread = append(r.unread, Unread{What: fmt.Sprintf("corner pencil marks %s given in %s", spClip(strings.Join(marks, ""), 12), CellName(r.n, c)), Cells: []int{c}})
	}
	for k, x := range m {
		if !spCellKeys[k] && !spEmptyValue(x) {
			r.unread = append(r.unread, Unread{What: fmt.Sprintf("key %q of %s", spClip(k, 24), CellName(r.n, c)), Cells: []int{c}})
		}
	}
	return nil
}

// spDigit reads a digit 1..n.
func spDigit(s string, n int) (int, bool) {
	f, ok := spNumber(s)
	if !ok || f != math.Floor(f) || f < 1 || f > float64(n) {
		return 0, false
	}
	return int(f), true
}

// spMarkList returns the first of keys holding marks, as strings; blank
// marks (SudokuPad's place holders) are left out.
func spMarkList(m map[string]any, keys ...string) ([]string, bool) {
	for _, k := range keys {
		a, ok := m[k].([]any)
		if !ok {
			continue
		}
		var out []string
		for _, v := range a {
			if s := strings.TrimSpace(spString(v)); s != "" {
				out = append(out, s)
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

// markDigits reads the candidates given cell c.
func (r *spReader) markDigits(c int, marks []string) ([]int, error) {
	var out []int
	for _, s := range marks {
		d, ok := spDigit(s, r.n)
		if !ok {
			return nil, &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %s has the pencil mark %q, want 1 to %d", CellName(r.n, c), spClip(s, 12), r.n)}
		}
		out = append(out, d)
	}
	return out, nil
}

// readRegions reads the regions: N of N cells each, every cell in one.
// A puzzle that draws none is a grid without boxes (its cells are in no
// region: sudoku.Unboxed); r.region then holds the rows.
func (r *spReader) readRegions() error {
	r.region = make([]int, r.n*r.n)
	list, _ := r.raw["regions"].([]any)
	if len(list) == 0 {
		for c := range r.region {
			r.region[c] = c / r.n
		}
		return nil
	}
	r.boxes = true
	if len(list) != r.n {
		return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %d regions, want %d (regions of another size are not read)", len(list), r.n)}
	}
	for c := range r.region {
		r.region[c] = -1
	}
	for g, v := range list {
		if err := r.readRegion(g, v); err != nil {
			return err
		}
	}
	for c, g := range r.region {
		if g < 0 {
			return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %s is in no region", CellName(r.n, c))}
		}
	}
	return nil
}

// readRegion reads region g: N cells, none in another region.
func (r *spReader) readRegion(g int, v any) error {
	a, _ := v.([]any)
	cells := spCageCells(r.n, v)
	if len(cells) != len(a) || len(cells) != r.n {
		return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: region %d has %d cells in the grid of %d listed, want %d", g+1, len(cells), len(a), r.n)}
	}
	for _, c := range cells {
		if r.region[c] >= 0 {
			return &ParseError{Msg: fmt.Sprintf("SudokuPad puzzle: %s is in regions %d and %d", CellName(r.n, c), r.region[c]+1, g+1)}
		}
		r.region[c] = g
	}
	return nil
}

// writeGrid writes the f-puzzles grid: givens, regions and candidates.
func (r *spReader) writeGrid() error {
	grid := make([][]map[string]any, r.n)
	for c := range r.cells {
		cell := map[string]any{"region": r.region[c]}
		if !r.boxes {
			cell["region"] = nil // a grid without boxes: rows and columns only
		}
		if v := r.cells[c]; v != 0 {
			cell["value"], cell["given"] = int(v), true
		} else if len(r.marks[c]) > 0 {
			cell["givenPencilMarks"] = r.marks[c]
		}
		grid[c/r.n] = append(grid[c/r.n], cell)
	}
	var err error
	r.grid, err = json.Marshal(grid)
	return err
}

// readMeta reads what the setter says: the metadata, and the cages that
// carry it ("title: ...", as SudokuPad stores f-puzzles' title).
func (r *spReader) readMeta() error {
	md, _ := r.raw["metadata"].(map[string]any)
	tags := map[string][]string{}
	for k, v := range md {
		tags[strings.ToLower(k)] = append(tags[strings.ToLower(k)], spMetaStrings(v)...)
	}
	for _, e := range r.cageElems() {
		if name, val, ok := spMetaCage(e); ok {
			tags[name] = append(tags[name], val)
			e.how = "meta"
		}
	}
	r.meta.Title = spMetaValue(tags["title"], "untitled")
	r.meta.Author = spMetaValue(tags["author"], "unknown")
	r.meta.Rules = strings.TrimSpace(strings.Join(tags["rules"], "\n"))
	if strings.HasPrefix(spPlain(r.meta.Rules), spNoRules) {
		r.meta.Rules = ""
	}
	if img := spMetaValue(tags["bgimage"], ""); img != "" {
		r.unread = append(r.unread, Unread{What: fmt.Sprintf("background image %s (what it draws is not read)", spClip(img, 80))})
	}
	r.flags["antiknight"] = spMetaTrue(tags["antiknight"])
	r.flags["antiking"] = spMetaTrue(tags["antiking"])
	if sol := spMetaValue(tags["solution"], ""); sol != "" {
		s, err := spSolution(r.n, sol)
		if err != nil {
			return &ParseError{Msg: "SudokuPad metadata solution: " + err.Error()}
		}
		r.meta.Solution = s
	}
	return nil
}

// spMetaStrings reads a metadata value: a string, or a list of them.
func spMetaStrings(v any) []string {
	if a, ok := v.([]any); ok {
		var out []string
		for _, x := range a {
			out = append(out, spString(x))
		}
		return out
	}
	return []string{spString(v)}
}

// spMetaValue returns the first of values that is not empty, nor the
// default SudokuPad gives (def, "Untitled", "Unknown").
func spMetaValue(values []string, def string) string {
	for _, v := range values {
		if t := strings.TrimSpace(v); t != "" && !strings.EqualFold(t, def) {
			return t
		}
	}
	return ""
}

func spMetaTrue(values []string) bool {
	for _, v := range values {
		if strings.EqualFold(strings.TrimSpace(v), "true") {
			return true
		}
	}
	return false
}

// spMetaCage reads a cage that carries a tag of the metadata: its value
// is "name: value", and it has no cells or draws nothing.
func spMetaCage(e *spElem) (name, value string, ok bool) {
	v := e.str("value")
	i := strings.Index(v, ":")
	if i <= 0 || strings.ContainsAny(v[:i], " \n") {
		return "", "", false
	}
	cells, _ := e.m["cells"].([]any)
	if len(cells) > 0 && e.colour("borderColor").shows() && !e.flag("hidden") {
		return "", "", false
	}
	return strings.ToLower(v[:i]), strings.TrimSpace(v[i+1:]), true
}

// spSolution reads the setter's solution: one character a cell (digits,
// then A for 10 ...; '.', '?' or 0 where it does not say), or values
// between commas.
func spSolution(n int, s string) ([]uint8, error) {
	var parts []string
	if strings.Contains(s, ",") {
		parts = strings.Split(s, ",")
	} else {
		for _, ch := range s {
			parts = append(parts, string(ch))
		}
	}
	if len(parts) != n*n {
		return nil, fmt.Errorf("%d cells, want %d", len(parts), n*n)
	}
	sol := make([]uint8, n*n)
	any := false
	for c, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || p == "." || p == "?" || p == "0" {
			continue
		}
		d, ok := spDigit(p, n)
		if !ok && len(p) == 1 {
			d, ok = ParseDigit(p[0])
			ok = ok && d <= n
		}
		if !ok {
			return nil, fmt.Errorf("%s holds %q, want 1 to %d", CellName(n, c), spClip(p, 8), n)
		}
		sol[c], any = uint8(d), true
	}
	if !any {
		return nil, nil
	}
	return sol, nil
}

// readGlobal reads the rules SudokuPad keeps in "global".
func (r *spReader) readGlobal() {
	list, _ := r.raw["global"].([]any)
	for _, v := range list {
		switch g := spString(v); g {
		case "antiknight", "antiking", "nonconsecutive":
			r.flags[g] = true
		case "disjoint":
			if !r.standardBoxes() {
				r.unread = append(r.unread, Unread{What: "global rule \"disjoint\" (disjoint groups need the boxes of the grid's size)"})
				continue
			}
			r.flags["disjointgroups"] = true
		case "antiratio", "antidifference", "antixv":
			r.negative = append(r.negative, strings.TrimPrefix(g, "anti"))
		default:
			r.unread = append(r.unread, Unread{What: fmt.Sprintf("global rule %q", spClip(g, 32))})
		}
	}
	for _, k := range []string{"antiknight", "antiking", "nonconsecutive", "disjointgroups"} {
		if r.flags[k] {
			r.rules.use(strings.TrimSuffix(k, "groups"))
		}
	}
	for _, neg := range r.negative {
		r.rules.use("negative")
		r.rules.use(neg)
	}
}

// board makes the board: the f-puzzles puzzle of what was read, then
// what f-puzzles has no entry for, the drawings and what the setter
// says.
func (r *spReader) board() (*Board, error) {
	doc := map[string]any{"size": r.n, "grid": r.grid}
	for k, v := range r.flags {
		if v {
			doc[k] = true
		}
	}
	for k, entries := range r.fp {
		doc[k] = entries
	}
	if len(r.negative) > 0 {
		doc["negative"] = r.negative
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return nil, &ParseError{Msg: "SudokuPad puzzle: " + err.Error()}
	}
	b, err := ParseFPuzzles(data)
	if err != nil {
		return nil, spWrap(err)
	}
	if err := r.addLater(b.Rules); err != nil {
		return nil, err
	}
	if r.err != nil {
		return nil, &ParseError{Msg: "SudokuPad puzzle: " + r.err.Error(), Err: r.err}
	}
	b.Rules.Constraints = append(b.Rules.Constraints, r.drawings...)
	if err := b.Validate(); err != nil {
		return nil, &ParseError{Msg: "SudokuPad puzzle: " + err.Error(), Err: err}
	}
	b.Meta = r.finalMeta()
	return b, nil
}

// spWrap words an error of the f-puzzles read of a SudokuPad puzzle.
func spWrap(err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return &ParseError{Msg: "SudokuPad puzzle: " + pe.Msg, Err: pe.Err}
	}
	return &ParseError{Msg: "SudokuPad puzzle: " + err.Error(), Err: err}
}

// addLater adds the constraints f-puzzles has no entry for; one that
// cannot be made is unread, one of a kind not registered an error.
func (r *spReader) addLater(rules *Rules) error {
	for _, l := range r.later {
		k, err := l.make(rules)
		var ue *unregisteredError
		if errors.As(err, &ue) {
			return &ParseError{Msg: "SudokuPad puzzle: " + err.Error(), Err: err}
		}
		if err != nil {
			r.unreadElem(l.elem, fmt.Sprintf("as %s: %v", l.as, err))
			continue
		}
		if k != nil {
			rules.Constraints = append(rules.Constraints, k)
		}
	}
	return nil
}

// finalMeta returns what the setter says, with what was not read.
func (r *spReader) finalMeta() *Meta {
	m := r.meta
	m.Unread = r.unread
	if m.Title == "" && m.Author == "" && m.Rules == "" && m.Solution == nil && len(m.Unread) == 0 {
		return nil
	}
	return &m
}

// unreadElem keeps element e as a drawing and lists it as unread, with
// why (empty for none).
func (r *spReader) unreadElem(e *spElem, why string) {
	d := e.drawing(r.n)
	e.how = "unread"
	r.drawings = append(r.drawings, d)
	what := d.what
	if why != "" {
		what += " (" + why + ")"
	}
	r.unread = append(r.unread, Unread{What: what, Cells: d.cells})
}
