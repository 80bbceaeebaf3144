package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// scanAll reads text with scan and returns each puzzle as a line of text
// (source, line, grid, board, annotation, error) and the scan's error.
func scanAll(scan func(name string, text string, send func(item)) error, text string) []string {
	var got []string
	err := scan("f.txt", text, func(it item) {
		p := it.puzzle
		board := ""
		if p.Board != nil {
			board = p.Board.Line('.')
		}
		got = append(got, fmt.Sprintf("%s:%d %s [%s] %q %v", it.src, p.Line, p.Grid.Line('.'), board, p.Annotation, p.Err))
	})
	return append(got, fmt.Sprintf("err %v", err))
}

func scanReference(name, text string, send func(item)) error {
	return scanStream(name, strings.NewReader(text), send, newProgress(nil, false), true)
}

func scanFast(name, text string, send func(item)) error {
	return scanClassic(name, strings.NewReader(text), send, newProgress(nil, false), true)
}

const (
	lineA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	lineB = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	// lineC has two 5s in its first row.
	lineC = "55..7....6..19.....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)

// classicInputs are streams for the classic reader: ones it reads to the
// end, and ones it hands to the Scanner at some line.
var classicInputs = []struct{ name, text string }{
	{"empty", ""},
	{"lines", lineA + "\n" + lineB + "\n"},
	{"no final line end", lineA + "\n" + lineB},
	{"comments and blanks", "# a set\n% another\n\n  \t\n" + lineA + "\n\n" + lineB + "\n"},
	{"CRLF", lineA + "\r\n" + lineB + "\r\n"},
	{"zeros and dashes", strings.ReplaceAll(lineA, ".", "0") + "\n" + strings.ReplaceAll(lineB, ".", "-") + "\n"},
	{"conflict in the middle", lineA + "\n" + lineC + "\n" + lineB + "\n"},
	{"annotation", lineA + " 2.5 rated\n" + lineB + "\n"},
	{"block after lines", lineA + "\n\n" + strings.Join(splitRows(lineB), "\n") + "\n" + lineA + "\n"},
	{"title", lineA + "\nGrid 01\n" + lineB + "\n"},
	{"byte order mark", "\ufeff" + lineA + "\n" + lineB + "\n"},
	{"control character in a comment", "# a\x01b\n" + lineA + "\n"},
	{"short line", lineA + "\n" + lineB[:80] + "\n" + lineA + "\n"},
	{"long line", lineA + "\n" + strings.Repeat("1", 70000) + "\n" + lineB + "\n"},
	{"81-character comment", "#" + lineA[1:] + "\n" + lineB + "\n"},
	{"killer line", lineA + "\n" + "3x3k:zzzc,aaa_______a_a__aaab_a___a_a____aa__bab___a_aaa_b__b__a_b_aaaa_a__aaa____a__b__aaa_baaabaaa,12a11a11a14_11_15a18a10_19f21c23b4d22b12_18_18_11_4b14e27d15e11c10b24_9_13b18_10h\n"},
}

// splitRows returns the nine rows of an 81-character line.
func splitRows(line string) []string {
	var rows []string
	for r := 0; r < 9; r++ {
		rows = append(rows, line[9*r:9*r+9])
	}
	return rows
}

// TestScanClassic checks that the classic reader yields what the Scanner
// yields, record by record, whether it reads a stream to its end or hands
// it over.
func TestScanClassic(t *testing.T) {
	for _, tt := range classicInputs {
		t.Run(tt.name, func(t *testing.T) {
			got, want := scanAll(scanFast, tt.text), scanAll(scanReference, tt.text)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// FuzzScanClassic checks the classic reader against the Scanner on any
// stream.
func FuzzScanClassic(f *testing.F) {
	for _, tt := range classicInputs {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, want := scanAll(scanFast, text), scanAll(scanReference, text)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%q: got\n%s\nwant\n%s", text, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// BenchmarkSolveCLI runs `sudoku solve -j 1 FILE` on each benchmark set of
// ../shared/data/puzzles, output discarded: the classic path end to end
// (read, parse, solve, prove unique, write). It reports puzzles/s.
func BenchmarkSolveCLI(b *testing.B) {
	for _, set := range []string{"17-clue", "magictour-top1465", "forum-hardest-1106", "serg-benchmark"} {
		b.Run(set, func(b *testing.B) {
			file := "../../../shared/data/puzzles/" + set + ".txt"
			data, err := os.ReadFile(file)
			if err != nil {
				b.Skipf("%v: the shared data sets are absent", err)
			}
			n := 0
			for _, line := range strings.Split(string(data), "\n") {
				if len(line) >= 81 && line[0] != '#' {
					n++
				}
			}
			e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if code := run(e, []string{"solve", "-j", "1", "-q", file}); code > 1 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
