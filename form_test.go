package sudoku

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// testFormPrefix heads the lines of the form the tests add.
const testFormPrefix = "test-form:"

// The tests add a form as a new form's file would: one registration,
// nothing else. It is the plain line after "test-form:", read by
// ParseBoard and a Scanner and written by FormatBoard.
func init() {
	RegisterForm(Form{Name: "test-form", Priority: 650,
		Detect: func(t string) bool { return strings.HasPrefix(t, testFormPrefix) },
		Parse: func(t string) (*Board, string, error) {
			b, ann, err := ParsePlain(t[len(testFormPrefix):])
			var pe *ParseError
			if errors.As(err, &pe) && pe.Col > 0 {
				pe.Col += len(testFormPrefix)
			}
			return b, ann, err
		},
		Format: func(b *Board) (string, error) {
			s, err := FormatPlain(b)
			return testFormPrefix + s, err
		}})
}

// TestForms checks the registry: the forms in order of priority, those
// with Parse before the classic ones, and LookupForm.
func TestForms(t *testing.T) {
	var names []string
	for i, f := range Forms() {
		names = append(names, f.Name)
		if i > 0 && f.Priority < Forms()[i-1].Priority {
			t.Errorf("form %s (priority %d) after one of priority %d", f.Name, f.Priority, Forms()[i-1].Priority)
		}
		if f.Parse != nil && f.Priority >= classicPriority || f.Parse == nil && f.grid == nil && f.Format == nil {
			t.Errorf("form %s: Parse %v, classic %v, priority %d", f.Name, f.Parse != nil, f.grid != nil, f.Priority)
		}
	}
	want := []string{"sudokupad", "fpuzzles", "sudocue", "solo", "iss", "hodoku", "sudokuwiki", "sukaku", "killerstring", "line", "test-form", "line81", "json", "matlab", "grid"}
	if !slices.Equal(names, want) {
		t.Errorf("got forms %v, want %v", names, want)
	}
	if f, ok := LookupForm("solo"); !ok || f.Name != "solo" || f.Format == nil {
		t.Errorf("LookupForm(solo): got %v, %v", f, ok)
	}
	if f, ok := LookupForm("xml"); ok {
		t.Errorf("LookupForm(xml): got %v, want none", f)
	}
}

// TestRegisterFormRefuses: a taken name, a reader without Detect or among
// the classic priorities panics and leaves the registry as it was.
func TestRegisterFormRefuses(t *testing.T) {
	parse := func(string) (*Board, string, error) { return nil, "", nil }
	detect := func(string) bool { return false }
	for _, tc := range []struct {
		name string
		f    Form
	}{
		{"a taken name", Form{Name: "solo", Priority: 50}},
		{"Parse without Detect", Form{Name: "x1", Priority: 50, Parse: parse}},
		{"Parse among the classic forms", Form{Name: "x2", Priority: classicPriority, Detect: detect, Parse: parse}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(Forms())
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterForm(%+v) did not panic", tc.f)
				}
				if n := len(Forms()); n != before {
					t.Errorf("got %d forms after a refused registration, want %d", n, before)
				}
			}()
			RegisterForm(tc.f)
		})
	}
}

// TestFormAdded reads and writes the form the tests register: ParseBoard
// detects it, a Scanner takes its lines as records (ending a block being
// gathered) with errors at their place in the stream, and FormatBoard
// writes it back.
func TestFormAdded(t *testing.T) {
	killer := "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"
	b, ann, err := ParseBoard(testFormPrefix + killer + " hard")
	if err != nil || ann != "hard" || b.Rules.Size != 4 || len(b.Rules.Cages) != 8 {
		t.Fatalf("ParseBoard: got %v, %q, %v; want a 4x4 killer annotated hard", b, ann, err)
	}
	if s, err := FormatBoard(b, "test-form"); err != nil || s != testFormPrefix+killer {
		t.Errorf("FormatBoard: got %q, %v; want %q", s, err, testFormPrefix+killer)
	}
	text := "530070000\n600195000\n" + testFormPrefix + killer + "\n  " + testFormPrefix + "1234123412341239\n"
	got := boardRecords(text, true)
	want := []string{
		"err: line 1: got 2 rows of 9 cells, want 9 rows",
		b.Rules.Name(),
		"err: line 4, column 28: unexpected '9' in cell r4c4 (a cell is 1-4, or 0 or . when empty)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Scanner: got records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFormatBoardUnknown: an unknown form is refused with the names of
// the forms FormatBoard writes.
func TestFormatBoardUnknown(t *testing.T) {
	_, err := FormatBoard(NewBoard(Classic()), "xml")
	want := `unknown form "xml" (want fpuzzles, grid, iss, json, killerstring, line, solo, sudocue or test-form)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
