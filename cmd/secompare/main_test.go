package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"sudoku/logic"
)

func TestParseEntry(t *testing.T) {
	const p = "..64..9.2..5..........2..8.9...1.......2.65.3...7.3..6......8.....8.............."
	tests := []struct {
		name, line string
		want       rating
		wantErr    string
	}{
		{"x", "x " + p + " 9.2/1.2/1.2", rating{92, 12, 12}, ""},
		{"antiking", "antiking " + p + " 10.5/2.3/1.5", rating{105, 23, 15}, ""},
		{"unknown rules", "jigsaw " + p + " 2.0/1.2/1.2", rating{}, "rules"},
		{"short puzzle", "x ..64 2.0/1.2/1.2", rating{}, "characters"},
		{"two ratings", "x " + p + " 2.0/1.2", rating{}, "ER/EP/ED"},
		{"not a number", "x " + p + " 2.0/a/1.2", rating{}, "not a rating"},
		{"extra field", "x " + p + " 2.0/1.2/1.2 Hard", rating{}, "fields"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := parseEntry(tc.line)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || e.se != tc.want {
				t.Fatalf("got %+v, %v; want %v", e, err, tc.want)
			}
		})
	}
}

func TestBandOf(t *testing.T) {
	tests := []struct {
		name string
		er   logic.Rating
		want string
	}{
		{"hidden single", 12, "<2"}, {"direct hidden pair", 20, "2-4"}, {"hidden triple", 40, "4-6"},
		{"BUG", 59, "4-6"}, {"aligned pair", 62, "6-8"}, {"cell forcing chain", 80, "8+"}, {"nested", 119, "8+"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := bands[bandOf(tc.er)].name; got != tc.want {
				t.Errorf("bandOf(%v) = %s, want %s", tc.er, got, tc.want)
			}
		})
	}
}

func TestTally(t *testing.T) {
	es := []*entry{
		{se: rating{23, 12, 12}, ours: rating{23, 12, 12}},
		{se: rating{23, 12, 12}, ours: rating{26, 12, 15}},
		{se: rating{23, 12, 12}, ours: rating{22, 15, 12}},
		{se: rating{92, 12, 12}, ours: rating{66, 12, 12}, stuck: true},
	}
	var got tally
	for _, e := range es {
		got.add(e)
	}
	want := tally{n: 4, same: 1, near: 2, sameEP: 2, sameED: 2, stuck: 1, diff: 2}
	if got != want {
		t.Errorf("tally = %+v, want %+v", got, want)
	}
}

// TestRateEntries rates two puzzles of our generator (rated by serate with
// --isX=1 and --isWindows=1) with our engine: each must be read as a board
// of its rules (the X puzzle has more than one solution as a classic one,
// so it would not rate), and the report counts both.
func TestRateEntries(t *testing.T) {
	in := `# comment
x ..64..9.2..5..........2..8.9...1.......2.65.3...7.3..6......8.....8.............. 2.9/1.2/1.2
windoku 4.12.59...5.......7...4.6...4.......5..4.8.....26..3...9.5...4.8.......9.65...1.. 1.5/1.2/1.2
`
	es, err := readEntries(strings.NewReader(in))
	if err != nil || len(es) != 2 {
		t.Fatalf("readEntries: %d entries, %v", len(es), err)
	}
	for _, e := range es {
		rateEntry(e, 10*time.Second)
		if e.err != nil || e.timedOut || e.stuck || e.ours.er == 0 {
			t.Errorf("%s: ours %v, err %v, timed out %v, stuck %v", e.rules, e.ours, e.err, e.timedOut, e.stuck)
		}
	}
	var out bytes.Buffer
	report(&out, es, 5)
	for line := range strings.Lines(out.String()) {
		if fs := strings.Fields(line); len(fs) > 1 && fs[0] == "all" {
			if fs[1] != "2" {
				t.Errorf("report counts %s puzzles, want 2:\n%s", fs[1], out.String())
			}
			return
		}
	}
	t.Errorf("report has no line for all puzzles:\n%s", out.String())
}
