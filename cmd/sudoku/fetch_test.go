package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// The 6x6 of testdata/sudokupad/parity-lines.txt (package sudoku's) as
// SudokuPad's API answers it, and its solution.
const (
	fetchedPuzzle = `{ce:[[,,{v:3},,,],[,,,,,],[,,,,,],[,,{v:4},,,],[,,,{v:6},,],[{v:6},,,,{v:1},]],` +
		`re:[[[0,0],[0,1],[0,2],[1,0],[1,1],[1,2]],[[0,3],[0,4],[0,5],[1,3],[1,4],[1,5]],[[2,0],[2,1],[2,2],[3,0],[3,1],[3,2]],[[2,3],[2,4],[2,5],[3,3],[3,4],[3,5]],[[4,0],[4,1],[4,2],[5,0],[5,1],[5,2]],[[4,3],[4,4],[4,5],[5,3],[5,4],[5,5]]],` +
		`l:[{c:F0535D,th:10,wp:[[0.5,0.5],[0.5,1.5],[1.5,1.5],[1.5,2.5],[2.5,2.5]]},{c:F0535D,th:10,wp:[[0.5,4.5],[0.5,5.5],[1.5,5.5],[2.5,5.5]]},` +
		`{c:F0535D,th:10,wp:[[3.5,0.5],[3.5,1.5],[4.5,1.5],[4.5,2.5]]},{c:F0535D,th:10,wp:[[3.5,3.5],[3.5,4.5],[4.5,4.5],[4.5,5.5]]}],` +
		`metadata:{rules:'Normal sudoku rules apply. Two cells adjacent along a red line must contain one even digit and one odd digit.'}}`
	fetchedSolution = "123456456123231564564231312645645312"
)

// runFetching runs the command line as runCLI does, SudokuPad's server
// answering from answers (an id it does not hold is an error) and the
// ids asked kept in asked.
func runFetching(t *testing.T, answers map[string]string, asked *[]string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, env: func(string) string { return "" },
		fetcher: func(_ context.Context, id string) (string, error) {
			*asked = append(*asked, id)
			if a, ok := answers[id]; ok {
				return a, nil
			}
			return "", errors.New("sudokupad: puzzle \"" + id + "\": no such SudokuPad puzzle")
		}}
	code := run(e, args)
	return out.String(), errb.String(), code
}

func TestFetchFlag(t *testing.T) {
	answers := map[string]string{"psxc3j9q0f": fetchedPuzzle}
	link := "https://sudokupad.app/psxc3j9q0f"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		out    string // in stdout
		errOut string // in stderr
		asked  int
	}{
		{"without --fetch", []string{"solve", link}, "", 1, "", "is a SudokuPad short link: the puzzle is kept on SudokuPad's server and must be fetched from it (pass --fetch to fetch it)", 0},
		{"solve --fetch", []string{"solve", "--fetch", link}, "", 0, fetchedSolution, "", 1},
		{"a file of links", []string{"solve", "--fetch", "-"}, link + "\nhttps://sudokupad.app/unknown1\n", 1, fetchedSolution, "no such SudokuPad puzzle", 2},
		{"model --fetch", []string{"model", "--fetch", link}, "", 0, "parityline", "", 1},
		{"rate --fetch", []string{"rate", link, "--fetch"}, "", 0, "Extreme", "1 rated", 1},
		{"explain without --fetch", []string{"explain", link}, "", 1, "", "pass --fetch", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asked []string
			out, errOut, code := runFetching(t, answers, &asked, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errOut, tt.errOut) || len(asked) != tt.asked {
				t.Errorf("exit %d, asked %v\nstdout %s\nstderr %s", code, asked, out, errOut)
			}
		})
	}
}

// TestSolveUnread: a SudokuPad puzzle with a drawing not read is refused,
// naming it, not solved without it.
func TestSolveUnread(t *testing.T) {
	var asked []string
	answers := map[string]string{"red": strings.Replace(fetchedPuzzle, "metadata:{rules:'Normal sudoku rules apply. Two cells adjacent along a red line must contain one even digit and one odd digit.'}", "metadata:{rules:'Normal sudoku rules apply.'}", 1)}
	_, errOut, code := runFetching(t, answers, &asked, "", "solve", "--fetch", "https://sudokupad.app/red")
	if code != 1 || !strings.Contains(errOut, "cannot read 4 elements as a rule: red line r1c1-r3c3") {
		t.Errorf("exit %d, stderr %s", code, errOut)
	}
}
