package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// scanAll returns the records of text, one line each: "line N: grid
// [annotation]" or "line N: error: message".
func scanAll(t testing.TB, r io.Reader) (string, error) {
	t.Helper()
	sc := NewScanner(r)
	var sb strings.Builder
	for sc.Scan() {
		p := sc.Puzzle()
		if p.Err != nil {
			fmt.Fprintf(&sb, "line %d: error: %v\n", p.Line, p.Err)
			continue
		}
		fmt.Fprintf(&sb, "line %d: %s", p.Line, p.Grid.Line('.'))
		if p.Annotation != "" {
			fmt.Fprintf(&sb, " [%s]", p.Annotation)
		}
		sb.WriteByte('\n')
	}
	return sb.String(), sc.Err()
}

// TestScannerGolden scans every testdata/scan/*.txt and compares the
// records with the .golden file beside it (-update rewrites them).
func TestScannerGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scan", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			got, err := scanAll(t, fh)
			if err != nil {
				t.Fatalf("got read error %v, want nil", err)
			}
			compareGolden(t, strings.TrimSuffix(f, ".txt")+".golden", got)
		})
	}
}

func TestScannerRecords(t *testing.T) {
	q := "86..1....9..438....32....9.2...9...67..2.6..41...5...9.9....52....743..8....2..13"
	pretty := mustGrid(t, q).Pretty()
	tests := []struct {
		name, in string
		want     []string // "line: grid" or "line: error: message", annotation in [ ]
	}{
		{"lines with annotations and comments",
			"# header\n" + wiki + " 2.5\n\n  # indented comment\n" + q + "\n",
			[]string{"2: " + wiki + " [2.5]", "5: " + q}},
		{"hash first",
			"000694f16758 " + strings.ReplaceAll(wiki, ".", "0") + " 2.5\n",
			[]string{"1: " + wiki + " [000694f16758 2.5]"}},
		{"crlf, bom, no final newline",
			"\uFEFF" + wiki + "\r\n" + q,
			[]string{"1: " + wiki, "2: " + q}},
		{"bad line in the middle",
			wiki + "\n" + wiki[:80] + "\n" + wiki[:5] + "x" + wiki[6:] + "\n" + q + "\n",
			[]string{"1: " + wiki, "2: error: line 2: got 80 cells, want 81",
				"3: error: line 3, column 6: unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)", "4: " + q}},
		{"short bad lines do not swallow the next",
			"53..7x\n" + wiki[:40] + "\n" + q + "\n",
			[]string{"1: error: line 1, column 6: unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)",
				"2: error: line 2: got 40 cells, want 81", "3: " + q}},
		{"conflict keeps the grid",
			wiki[:2] + "5" + wiki[3:] + "\n" + q + "\n",
			[]string{"1: error: line 1, column 3: r1c1 and r1c3 are both 5 in row 1 (r1c1 is at column 1)", "2: " + q}},
		{"blocks back to back",
			strings.Join(rowsOf(wiki), "\n") + "\n" + strings.Join(rowsOf(q), "\n") + "\n",
			[]string{"1: " + wiki, "10: " + q}},
		{"pretty blocks back to back",
			pretty + pretty,
			[]string{"1: " + q, "12: " + q}},
		{"bordered block then a line",
			"+---+---+---+\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n+---+---+---+\n|8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n+---+---+---+\n|.6.|...|28.|\n|...|419|..5|\n|...|.8.|.79|\n+---+---+---+\n" + q + "\n",
			[]string{"1: " + wiki, "14: " + q}},
		{"titled blocks",
			"Grid 01\n" + strings.Join(rowsOf(wiki), "\n") + "\nGrid 02\n" + strings.Join(rowsOf(q), "\n") + "\n",
			[]string{"2: " + wiki + " [Grid 01]", "12: " + q + " [Grid 02]"}},
		{"title with no puzzle",
			"Grid 01\n\n" + q + "\n",
			[]string{`1: error: line 1, column 1: "Grid 01" is not a puzzle (read as a title, but no puzzle follows it)`, "3: " + q}},
		{"truncated block ends at a blank line",
			strings.Join(rowsOf(wiki)[:5], "\n") + "\n\n" + q + "\n",
			[]string{"1: error: line 1: got 5 rows of 9 cells, want 9 rows", "7: " + q}},
		{"truncated block ends at a line puzzle",
			strings.Join(rowsOf(wiki)[:5], "\n") + "\n" + q + "\n",
			[]string{"1: error: line 1: got 5 rows of 9 cells, want 9 rows", "6: " + q}},
		{"matlab one line and multi-line",
			seedB + ";\nA = [" + strings.Join(spacedRows(wiki), ";\n") + "];\n" + q + "\n",
			[]string{"1: " + seedBGrid, "2: " + wiki, "11: " + q}},
		{"matlab rows without brackets",
			"5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n" + q + "\n",
			[]string{"1: " + wiki, "10: " + q}},
		{"clue list lines end at a blank line",
			"1,2,2\n1,5,3\n1,8,4\n\n1 1 5\n1 2 3\n",
			[]string{"1: .2..3..4." + strings.Repeat(".", 72), "5: 53" + strings.Repeat(".", 79)}},
		{"missing bracket ends at a blank line",
			"A = [1 0 5\n0 0 0\n\n" + q + "\n",
			[]string{"1: error: line 2, column 6: missing ']' to close the '[' at line 1, column 5", "4: " + q}},
		{"json lines and multi-line json",
			`{"puzzle": "` + wiki + `"}` + "\n[\n" + strings.Join(jsonRows(q), ",\n") + "\n]\n" + `"` + wiki + `"` + "\n",
			[]string{"1: " + wiki, "2: " + q, "13: " + wiki}},
		{"separator lines alone are dropped",
			"------\n" + wiki + "\n======\n",
			[]string{"2: " + wiki}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := NewScanner(strings.NewReader(tc.in))
			var got []string
			for sc.Scan() {
				p := sc.Puzzle()
				var s string
				if p.Err != nil {
					var pe *ParseError
					if !errors.As(p.Err, &pe) {
						t.Errorf("got error %v (%T), want a *ParseError", p.Err, p.Err)
					}
					s = fmt.Sprintf("%d: error: %v", p.Line, p.Err)
				} else {
					s = fmt.Sprintf("%d: %s", p.Line, p.Grid.Line('.'))
					if p.Annotation != "" {
						s += " [" + p.Annotation + "]"
					}
				}
				got = append(got, s)
			}
			if err := sc.Err(); err != nil {
				t.Fatalf("got read error %v, want nil", err)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%v\nwant\n%v", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// spacedRows writes the rows of a line as numbers separated by spaces.
func spacedRows(line string) []string {
	var rows []string
	for _, r := range rowsOf(strings.ReplaceAll(line, ".", "0")) {
		rows = append(rows, strings.Join(strings.Split(r, ""), " "))
	}
	return rows
}

// jsonRows writes the rows of a line as JSON arrays.
func jsonRows(line string) []string {
	var rows []string
	for _, r := range rowsOf(line) {
		cells := make([]string, 9)
		for i := range cells {
			cells[i] = fmt.Sprint(cellValue[r[i]])
		}
		rows = append(rows, "  ["+strings.Join(cells, ", ")+"]")
	}
	return rows
}

func TestScannerLongLine(t *testing.T) {
	long := strings.Repeat("1", maxLine+10)
	in := wiki + "\n" + long + "\n" + wiki + "\n" + strings.Repeat("x", 100_000) + "\n" + wiki
	got, err := scanAll(t, strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := "line 1: " + wiki + "\n" +
		"line 2: error: line 2: line too long (over 1048576 bytes): not a puzzle file; stopped reading\n"
	if got != want {
		t.Errorf("got\n%.300v\nwant\n%v", got, want)
	}
	in = wiki + "\n" + strings.Repeat("x", 100_000) + "\n" + wiki
	got, err = scanAll(t, strings.NewReader(in))
	want = "line 1: " + wiki + "\n" +
		"line 2: error: line 2, column 1: unexpected 'x' (a cell is 1-9, or one of 0 . - _ * when empty)\n" +
		"line 3: " + wiki + "\n"
	if err != nil || got != want {
		t.Errorf("got\n%.300v\nwant\n%v", got, want)
	}
}

// endless is a reader that never ends, as /dev/zero.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.n += int64(len(p))
	return len(p), nil
}

func TestScannerEndlessInput(t *testing.T) {
	r := &endless{}
	sc := NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		if sc.Puzzle().Err == nil || !strings.Contains(sc.Puzzle().Err.Error(), "line too long") {
			t.Errorf("got %v, want line too long", sc.Puzzle().Err)
		}
	}
	if n != 1 || r.n > 2*maxLine {
		t.Errorf("got %d records after reading %d bytes, want 1 record and at most %d bytes", n, r.n, 2*maxLine)
	}
}

func TestScannerOversizedRecord(t *testing.T) {
	// An unclosed bracket gathers lines; past 1 MiB the record is dropped
	// and skipped up to the next blank line.
	var sb strings.Builder
	sb.WriteString("A = [\n")
	row := "0 0 0 0 0 0 0 0 0;\n"
	for sb.Len() < maxRecord+len(row)*100 {
		sb.WriteString(row)
	}
	sb.WriteString("\n" + wiki + "\n")
	got, err := scanAll(t, strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != 2 || lines[0] != "line 1: error: line 1: puzzle text runs past 1 MiB without ending; skipped up to the next blank line" || !strings.HasSuffix(lines[1], wiki) {
		t.Errorf("got %v, want an error for line 1 and the puzzle after the blank line", got)
	}
}

// failingReader returns its text, then an error.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func TestScannerReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := &failingReader{r: strings.NewReader(wiki + "\n" + wiki + "\n53..7"), err: boom}
	sc := NewScanner(r)
	n := 0
	for sc.Scan() {
		if p := sc.Puzzle(); p.Err != nil {
			t.Errorf("got record error %v, want none", p.Err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("got %d records, want 2", n)
	}
	if !errors.Is(sc.Err(), boom) {
		t.Errorf("got Err %v, want %v", sc.Err(), boom)
	}
	if sc.Scan() {
		t.Errorf("got Scan true after a read error, want false")
	}
}

// TestScannerAllocs checks that one-line puzzles without annotation are
// read without allocating.
func TestScannerAllocs(t *testing.T) {
	line := []byte(wiki + "\n")
	r := &repeatReader{line: line}
	sc := NewScanner(r)
	for range 100 {
		sc.Scan()
	}
	allocs := testing.AllocsPerRun(1000, func() {
		if !sc.Scan() || sc.Puzzle().Err != nil {
			t.Fatal("scan failed")
		}
	})
	if allocs != 0 {
		t.Errorf("got %v allocations per puzzle, want 0", allocs)
	}
}

// repeatReader repeats a line forever.
type repeatReader struct {
	line []byte
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.line[r.off:])
		n += c
		r.off = (r.off + c) % len(r.line)
	}
	return n, nil
}

// BenchmarkScanner reads ../shared/data/puzzles/17-clue.txt (49,158
// puzzles), reporting lines per second.
func BenchmarkScanner(b *testing.B) {
	path := filepath.Join("..", "shared", "data", "puzzles", "17-clue.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("skipping: %v (the shared data is absent)", err)
	}
	lines := strings.Count(string(data), "\n")
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		sc := NewScanner(bytes.NewReader(data))
		n := 0
		for sc.Scan() {
			if sc.Puzzle().Err != nil {
				b.Fatal(sc.Puzzle().Err)
			}
			n++
		}
		if n < 49000 {
			b.Fatalf("got %d puzzles, want 49158", n)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkScannerSynthetic reads 50,000 generated lines with annotations.
func BenchmarkScannerSynthetic(b *testing.B) {
	var sb strings.Builder
	for i := range 50_000 {
		fmt.Fprintf(&sb, "%s %d.%d\n", wiki, i%10, i%7)
	}
	data := sb.String()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		sc := NewScanner(bufio.NewReader(strings.NewReader(data)))
		for sc.Scan() {
		}
	}
	b.ReportMetric(50_000*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// randomBytes returns n bytes of a seeded generator, as /dev/urandom
// gives.
func randomBytes(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// counting counts the bytes read through it.
type counting struct {
	r io.Reader
	n int
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestScannerBinary: a run of binary lines (NUL bytes, control
// characters) stops the scan with one error at its first line; fewer such
// lines are malformed records as before.
func TestScannerBinary(t *testing.T) {
	const stop = "binary input (NUL bytes or control characters on lines %d-%d): not a puzzle file; stopped reading"
	for _, tc := range []struct {
		name, in, want string
	}{
		{"a binary first line, then a puzzle", "PK\x03\x04\x14\x00\x08\x00zip\n" + wiki + "\n",
			"line 1: error: line 1, column 1: unexpected 'P' (a cell is 1-9, or one of 0 . - _ * when empty)\nline 2: " + wiki + "\n"},
		{"three binary lines, then a puzzle", "\x00\n\x01\x02\n\x7f\n" + wiki + "\n", "line 1: error: line 1, column 1: unexpected '\\x00' (a cell is 1-9, or one of 0 . - _ * when empty)\nline 4: " + wiki + "\n"},
		{"a puzzle, then four binary lines", wiki + "\n\x00\n\x00\n\x1b[0m\x00\n\x00\n" + wiki + "\n", "line 1: " + wiki + "\nline 2: error: line 2: " + fmt.Sprintf(stop, 2, 5) + "\n"},
		{"UTF-16", string(bytes.Join(bytes.Split([]byte(wiki+"\n"+wiki+"\n"+wiki+"\n"+wiki+"\n"), nil), []byte{0})), "line 1: error: line 1: " + fmt.Sprintf(stop, 1, 4) + "\n"},
		{"tabs, form feeds and CRLF are text", wiki + "\t\v\f\r\n" + wiki + "\r\n" + wiki + "\t\r\n" + wiki + "\r\n", strings.Repeat("line N: "+wiki+"\n", 4)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := scanAll(t, strings.NewReader(tc.in))
			if strings.Count(tc.want, "line N") > 0 {
				got = regexp.MustCompile(`line \d+: `).ReplaceAllString(got, "line N: ")
			}
			if err != nil || got != tc.want {
				t.Errorf("got\n%.500s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestScannerRandomBytes scans a megabyte of random bytes (seeded): it
// stops early with the binary error, after few records (a short line
// without control characters breaks a run: 3% of random lines).
func TestScannerRandomBytes(t *testing.T) {
	for seed := range uint64(20) {
		r := &counting{r: bytes.NewReader(randomBytes(seed, 1<<20))}
		got, err := scanAll(t, r)
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		if err != nil || len(lines) > 8 || !strings.Contains(lines[len(lines)-1], "binary input") || r.n > 256<<10 {
			t.Errorf("seed %d: %d records after reading %d bytes, the last %.200q", seed, len(lines), r.n, lines[len(lines)-1])
		}
	}
}
