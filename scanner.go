package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sudoku/internal/words"
)

// maxRecord bounds the text gathered for one multi-line puzzle.
const maxRecord = 1 << 20

// binaryRun is the number of binary lines in a row (isBinary) that ends a
// scan: not a puzzle file (/dev/urandom, an archive, UTF-16 text).
const binaryRun = 4

// Puzzle is one record read by a Scanner.
type Puzzle struct {
	Grid Grid
	// Board is the puzzle when its rules are not the classic ones (another
	// size, jigsaw, killer, X, candidates ...), read by a Scanner whose
	// Boards is set; Grid is then zero. A classic puzzle, in any form, is
	// in Grid and Board is nil.
	Board *Board
	// Line is the 1-based line of the stream where the puzzle's text
	// starts.
	Line int
	// Annotation is the text after the cells of a one-line puzzle
	// (ratings, hashes, comments), headed by the leading token when the
	// puzzle follows one ("000694f16758 2.5" for "000694f16758
	// <puzzle> 2.5"), and by the title line of a titled puzzle.
	Annotation string
	// Err is non-nil when the record is malformed: a *ParseError whose
	// Line is the line in the stream. Two equal givens in a house give a
	// *ParseError wrapping a *ConflictError, and Grid holds the puzzle as
	// read.
	Err error
}

// Scanner reads puzzles one after another from a stream, in every form
// Parse accepts.
//
// Where a record ends is each form's to say (Form, RegisterForm). A line
// holding a whole puzzle is one record: a form of other rules (Solo,
// f-puzzles, HoDoKu, the plain line, ...: each line is offered to them
// first), the 81-character line with its annotation (also after a leading
// token such as a hash), a one-line MATLAB matrix or clue list, a one-line
// JSON value. Otherwise consecutive lines are gathered into one puzzle: a
// printed block or a matrix ends after 9 rows (81 cells), so blocks
// written back to back need no blank line between them, and a separator
// line right after it (a bottom border) belongs to it; a bracketed MATLAB
// or JSON value ends when its brackets close; a clue list without
// brackets ends at a blank line. A blank line, a one-line puzzle and the
// end of the stream end any record.
//
// Blank lines and lines starting with # or % are skipped. A short line
// starting with a letter, such as "Grid 01" in Project Euler's file, is the
// title of the puzzle right after it and heads its Annotation. CRLF line
// ends and a UTF-8 byte order mark at the start are accepted.
//
// A malformed record yields a Puzzle with Err set, and the scan goes on.
// Multi-line text that runs past 1 MiB is such a record, skipped up to the
// next blank line. A line longer than 1 MiB is a malformed record that ends
// the scan, without reading the rest of the line: an endless input
// (/dev/zero, a binary file) stops there. So do binaryRun (4) lines in a
// row holding NUL bytes or other control characters (/dev/urandom, an
// archive, UTF-16 text): one malformed record at the first of them ends
// the scan. Fewer are read as any other lines. Read errors end the scan
// and Err reports them.
//
// One-line puzzles are read without copying the line or allocating, except
// for a non-empty annotation.
type Scanner struct {
	// Boards makes the Scanner read puzzles of every rule set into
	// Puzzle.Board. Without it such a puzzle is a record whose Err says
	// that only classic puzzles are read.
	Boards bool

	r    *bufio.Reader
	n    int // lines read
	cur  Puzzle
	out  []Puzzle // records ready to return
	head int
	err  error
	done bool
	long []byte     // a line longer than the reader's buffer
	held []heldLine // binary lines in a row, not yet handled

	// The record being gathered.
	rec      []srcLine
	recBytes int
	mode     recordEnd // how the record ends; endNone when none is gathered
	rows     int       // row lines of a block
	cells    int       // cells of a block
	full     bool      // the block has its rows: only a border may follow
	depth    int       // bracket depth
	bracket  bool      // a bracket has been seen
	recTitle string
	skipping bool // skipping an oversized record up to a blank line

	// A title line waiting for its puzzle.
	title              string
	titleLine, titleCl int
}

// heldLine is a line kept back while a run of binary lines may grow.
type heldLine struct {
	num  int
	text []byte
}

// NewScanner returns a Scanner reading from r.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: bufio.NewReaderSize(r, 64<<10)}
}

// Scan advances to the next puzzle record, good or malformed. It returns
// false at the end of the stream or on a read error.
func (s *Scanner) Scan() bool {
	for {
		if s.head < len(s.out) {
			s.cur = s.out[s.head]
			s.out[s.head] = Puzzle{}
			s.head++
			return true
		}
		s.out, s.head = s.out[:0], 0
		if s.done {
			return false
		}
		line, ok, tooLong, err := s.readLine()
		if err != nil && err != io.EOF {
			s.err = err
			s.done = true
			s.reset()
			s.title = ""
			continue
		}
		if ok {
			s.n++
			if s.n == 1 {
				line = bytes.TrimPrefix(line, []byte("\uFEFF"))
			}
			s.take(line, tooLong)
		}
		if err == io.EOF && !s.done {
			s.done = true
			s.release()
			s.endRecord()
			s.strandTitle()
		}
	}
}

// Puzzle returns the current record.
func (s *Scanner) Puzzle() Puzzle { return s.cur }

// Err returns the error that ended the scan, or nil at the end of the
// stream. Malformed puzzles are not errors of the Scanner: see Puzzle.Err.
func (s *Scanner) Err() error { return s.err }

// readLine returns the next line without its line end. ok is false when
// there is none; tooLong reports a line longer than maxLine, whose bytes
// are dropped.
func (s *Scanner) readLine() (line []byte, ok, tooLong bool, err error) {
	s.long = s.long[:0]
	for {
		frag, e := s.r.ReadSlice('\n')
		if e == bufio.ErrBufferFull {
			if len(s.long)+len(frag) > maxLine+2 {
				// Not read to its end: it may have none (/dev/zero).
				s.long = s.long[:0]
				return nil, true, true, nil
			}
			s.long = append(s.long, frag...)
			continue
		}
		line = frag
		if len(s.long) > 0 {
			s.long = append(s.long, frag...)
			line = s.long
		}
		if len(line) == 0 {
			return nil, false, false, e
		}
		line = bytes.TrimSuffix(line, []byte{'\n'})
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) > maxLine {
			return nil, true, true, e
		}
		return line, true, false, e
	}
}

// take takes line number s.n: a binary line is held back until the run
// it starts is long enough to end the scan, or another line comes.
func (s *Scanner) take(line []byte, tooLong bool) {
	if tooLong || !isBinary(line) {
		s.release()
		s.handle(s.n, line, tooLong)
		return
	}
	s.held = append(s.held, heldLine{s.n, bytes.Clone(line)})
	if len(s.held) < binaryRun {
		return
	}
	first := s.held[0].num
	s.held = s.held[:0]
	s.endRecord()
	s.strandTitle()
	s.push(Puzzle{Line: first, Err: &ParseError{Line: first,
		Msg: fmt.Sprintf("binary input (NUL bytes or control characters on lines %d-%d): not a puzzle file; stopped reading", first, s.n)}})
	s.done = true
}

// release handles the lines held back.
func (s *Scanner) release() {
	for i, h := range s.held {
		s.handle(h.num, h.text, false)
		s.held[i] = heldLine{}
	}
	s.held = s.held[:0]
}

// binaryByte marks the bytes of binary data: control characters other
// than tab, vertical tab, form feed and carriage return, and DEL. Bytes
// above 0x7f are not among them: a file in Latin-1 is text.
var binaryByte = func() (t [256]bool) {
	for b := range 0x20 {
		t[b] = b != '\t' && b != '\v' && b != '\f' && b != '\r'
	}
	t[0x7f] = true
	return t
}()

// isBinary reports whether line holds a byte of binary data.
func isBinary(line []byte) bool {
	for _, b := range line {
		if binaryByte[b] {
			return true
		}
	}
	return false
}

// handle takes line number num.
func (s *Scanner) handle(num int, line []byte, tooLong bool) {
	if tooLong {
		s.endRecord()
		s.strandTitle()
		s.skipping = false
		s.push(Puzzle{Line: num, Err: &ParseError{Line: num,
			Msg: fmt.Sprintf("line too long (over %d bytes): not a puzzle file; stopped reading", maxLine)}})
		s.done = true
		return
	}
	// The common case: an 81-character line, maybe with an annotation.
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i < len(line) && cellValue[line[i]] != notCell {
		j := i
		for j < len(line) && cellValue[line[j]] != notCell {
			j++
		}
		if j-i == 81 && (j == len(line) || (line[j] == ' ' || line[j] == '\t') && !claimedAfterCells(line[j:])) {
			s.endRecord()
			s.skipping = false
			s.push(s.fastLine(line, i, num))
			return
		}
	}
	s.slowLine(srcLine{num: num, text: string(line)})
}

// fastLine reads the 81 cells at line[i:] and the annotation after them.
func (s *Scanner) fastLine(line []byte, i, num int) Puzzle {
	pz := Puzzle{Line: num}
	for k := range 81 {
		pz.Grid[k] = cellValue[line[i+k]]
	}
	if rest := bytes.TrimSpace(line[i+81:]); len(rest) > 0 {
		pz.Annotation = string(rest)
	}
	pz.Annotation = s.takeTitle(pz.Annotation)
	if pz.Grid.HasConflict() {
		var p [81]pos
		for k := range p {
			p[k] = pos{line: num, col: i + 1 + k}
		}
		pz.Err = checkConflicts(&pz.Grid, &p)
	}
	return pz
}

// slowLine takes any line that is not a plain 81-character puzzle: the
// forms whose records are single lines first (Form; they end any record
// being gathered), then the lines of a bracketed value being gathered,
// a title, and the start or the next line of a record of several lines.
func (s *Scanner) slowLine(l srcLine) {
	t := l.text
	i := skipSpace(t, 0)
	switch {
	case i == len(t):
		s.skipping = false
		s.endRecord()
		s.strandTitle()
	case t[i] == '#' || t[i] == '%' || strings.EqualFold(strings.TrimSpace(t), "[Puzzle]"):
		// a comment, or SadMan's header: skipped
	case s.alone(l):
		// a record of one line, taken
	case s.skipping:
		// the rest of an oversized record
	case s.mode == endBrackets:
		s.inBrackets(l)
	case isTitle(t[i:]) && !isAssignment(t[i:]):
		s.endRecord()
		s.strandTitle()
		s.title, s.titleLine, s.titleCl = strings.TrimSpace(t[i:]), l.num, colOf(t, i)
	default:
		s.gather(l, gatherStart(t))
	}
}

// alone takes l, and returns true, when a form whose records are single
// lines claims it: a form with Parse (the line trimmed), or a classic
// form marked alone.
func (s *Scanner) alone(l srcLine) bool {
	t := strings.TrimSpace(l.text)
	one := !strings.ContainsAny(t, "\n\r")
	for _, f := range forms() {
		switch {
		case f.Parse != nil && one && f.Detect(t):
			b, ann, err := f.Parse(t)
			s.skipping = false
			s.endRecord()
			s.push(s.boardRecord(l, b, ann, err))
			return true
		case f.grid != nil && f.grid.alone && f.grid.start(l.text).end == endLine:
			s.skipping = false
			s.endRecord()
			s.one(l)
			return true
		}
	}
	return false
}

// inBrackets adds a line to the bracketed value being gathered, which
// ends when its brackets close.
func (s *Scanner) inBrackets(l srcLine) {
	s.add(l)
	d, any := bracketDepth(l.text)
	s.depth += d
	s.bracket = s.bracket || any
	if s.bracket && s.depth <= 0 {
		s.endRecord()
	}
}

// gatherStart returns how a record starting with line t ends, as the
// first classic form gathering lines that claims it says (the printed
// rows claim any line); a line none claims is a record alone.
func gatherStart(t string) recordStart {
	for _, f := range forms() {
		if f.grid == nil || f.grid.alone {
			continue
		}
		if st := f.grid.start(t); st.end != endNone {
			return st
		}
	}
	return recordStart{end: endLine}
}

// gather takes l, which starts a record as st says or goes on with the
// record of rows being gathered.
func (s *Scanner) gather(l srcLine, st recordStart) {
	switch st.end {
	case endBrackets:
		s.endRecord()
		s.open(endBrackets)
		s.depth, s.bracket = st.depth, st.bracket
		s.add(l)
	case endRows, endBlank:
		s.addRow(l, st)
	default:
		s.endRecord()
		s.one(l)
	}
}

// addRow adds a row of cells, numbers or a clue to the record of rows or
// clues being gathered, or starts one. A record of printed rows ends
// after 9 rows or 81 cells, and a separator line right after it belongs
// to it; a row then starts the next record.
func (s *Scanner) addRow(l srcLine, st recordStart) {
	if !st.sep && s.full {
		s.endRecord()
	}
	if s.mode == endNone {
		s.open(st.end)
	}
	s.add(l)
	if !st.sep && s.mode == endRows {
		s.rows++
		s.cells += st.cells
		s.full = s.rows == 9 || s.cells >= 81
	}
}

// open starts a record; a waiting title becomes its title.
func (s *Scanner) open(m recordEnd) {
	s.mode = m
	s.recTitle = s.takeTitle("")
}

// add appends a line to the record, unless the record grows past maxRecord:
// then it is reported and skipped up to the next blank line.
func (s *Scanner) add(l srcLine) {
	s.recBytes += len(l.text) + 32
	if s.recBytes > maxRecord {
		first := l.num
		if len(s.rec) > 0 {
			first = s.rec[0].num
		}
		s.reset()
		s.skipping = true
		s.push(Puzzle{Line: first, Err: &ParseError{Line: first,
			Msg: "puzzle text runs past 1 MiB without ending; skipped up to the next blank line"}})
		return
	}
	s.rec = append(s.rec, l)
}

// endRecord parses and queues the record being gathered, if any. Separator
// lines alone are dropped.
func (s *Scanner) endRecord() {
	if s.mode == endBrackets && len(s.rec) > 1 && s.wholeRecord() {
		s.reset()
		return
	}
	if len(s.rec) > 0 && !(s.mode == endRows && s.rows == 0) {
		s.push(record(s.rec, s.recTitle))
	}
	s.reset()
}

// wholeRecord reads a bracketed record of several lines by a form that
// reads whole texts (f-puzzles' or SudokuPad's JSON, pretty-printed),
// when one claims it, and queues it.
func (s *Scanner) wholeRecord() bool {
	var b strings.Builder
	for _, l := range s.rec {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	t := strings.TrimSpace(b.String())
	f := boardForm(t, true)
	if f == nil {
		return false
	}
	bd, ann, err := f.Parse(t)
	p := s.boardRecord(s.rec[0], bd, ann, err)
	p.Annotation = joinAnnotation(s.recTitle, p.Annotation)
	s.push(p)
	return true
}

// reset forgets the record being gathered.
func (s *Scanner) reset() {
	clear(s.rec)
	s.rec = s.rec[:0]
	s.recBytes, s.mode, s.rows, s.cells, s.full, s.depth, s.bracket, s.recTitle = 0, endNone, 0, 0, false, 0, false, ""
}

// one queues a record of one line.
func (s *Scanner) one(l srcLine) {
	s.push(record([]srcLine{l}, s.takeTitle("")))
}

// record parses the lines of one record.
func record(lines []srcLine, title string) Puzzle {
	g, ann, err := parseRecord(lines)
	return Puzzle{Grid: g, Line: lines[0].num, Annotation: joinAnnotation(title, ann), Err: err}
}

func (s *Scanner) push(p Puzzle) { s.out = append(s.out, p) }

// boardRecord makes the record of a one-line board form read from l.
func (s *Scanner) boardRecord(l srcLine, b *Board, ann string, err error) Puzzle {
	pz := Puzzle{Line: l.num, Annotation: s.takeTitle(ann)}
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.Line = l.num
		if pe.Col > 0 {
			pe.Col = colOf(l.text, pe.Col-1+skipSpace(l.text, 0))
		}
	}
	switch {
	case err != nil:
		pz.Err = err
	case b.Unreadable() != nil && !s.Boards:
		pz.Err = b.Unreadable()
	case b.Unreadable() == nil && b.Rules.IsClassic() && b.Marks == nil:
		g, _ := b.Grid()
		pz.Grid = g
	case !s.Boards:
		pz.Err = &ParseError{Line: l.num, Msg: fmt.Sprintf("%s puzzle: only classic 9x9 puzzles are read here", words.A(b.Rules.Name()))}
	default:
		pz.Board = b
	}
	return pz
}

// takeTitle returns ann headed by the waiting title, which it consumes.
func (s *Scanner) takeTitle(ann string) string {
	t := s.title
	s.title = ""
	return joinAnnotation(t, ann)
}

// strandTitle reports a title that no puzzle follows.
func (s *Scanner) strandTitle() {
	if s.title == "" {
		return
	}
	s.push(Puzzle{Line: s.titleLine, Err: &ParseError{Line: s.titleLine, Col: s.titleCl,
		Msg: fmt.Sprintf("%q is not a puzzle (read as a title, but no puzzle follows it)", shorten(s.title))}})
	s.title = ""
}

// shorten cuts a long text for a message.
func shorten(t string) string {
	if r := []rune(t); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return t
}
