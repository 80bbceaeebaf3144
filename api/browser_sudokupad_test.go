package api_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sudoku"
	"sudoku/internal/lzstring"
	"sudoku/solver"
)

// TestBrowserSudokuPad: a SudokuPad link of SudokuPad's own format (an
// scl code, our 6x6 with red parity lines) pasted into Enter is read,
// headed by its title, credit and rules as written, drawn, and played to
// the end; a SudokuPad puzzle with a drawing no rule explains is played
// as drawn, checked against the setter's solution, its hints refused
// with the reason.
func TestBrowserSudokuPad(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	text, b := parityLines(t)
	res, err := solver.Solve(context.Background(), nil, b)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("PastedAndPlayed", func(t *testing.T) {
		ctx := e.tabFor(t, 60*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		pasteBoard(t, ctx, text, 36)
		got := eval[string](t, ctx, `[document.getElementById("rule-words-title").textContent, document.getElementById("puzzle-credit").textContent, document.getElementById("setter-rules").textContent, document.title].join("|")`)
		for _, w := range []string{b.Meta.Title + "|", "Puzzle by " + b.Meta.Author + "|", "red line", b.Meta.Title + " · Sudoku"} {
			if !strings.Contains(got, w) {
				t.Errorf("title, credit, rules, tab %q lack %q", got, w)
			}
		}
		if words := eval[string](t, ctx, `document.getElementById("rule-words-list").textContent`); !strings.Contains(words, "one odd and one even") {
			t.Errorf("rules in words %q say nothing of parity lines", words)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#board svg.shapes path").length`); n < 4 {
			t.Errorf("%d lines drawn, want the 4 parity lines", n)
		}
		e.shot(t, ctx, "sudokupad-parity")
		playSolution(t, ctx, b.Cells, res.Solution)
	})
	t.Run("UnreadPlayedAsDrawn", func(t *testing.T) {
		sol := "1234341221434321"
		doc := `{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
			`"regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],` +
			`"lines":[{"color":"#FF0000","thickness":10,"wayPoints":[[2.5,0.5],[2.5,1.5]]}],` +
			`"metadata":{"title":"Drawn only","author":"the tests","solution":"` + sol + `"}}`
		ctx := e.tabFor(t, 60*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		pasteBoard(t, ctx, "https://sudokupad.app/scl"+lzstring.CompressToBase64(doc), 16)
		if note := eval[string](t, ctx, `document.getElementById("unread-note").hidden ? "" : document.getElementById("unread-note").textContent`); !strings.Contains(note, "red line") || !strings.Contains(note, "setter's solution") {
			t.Errorf("unread note %q", note)
		}
		do(t, ctx, chromedp.Click(`#hint`))
		settle(t, ctx, `!document.getElementById("hint-panel").hidden && document.getElementById("hint-text").textContent !== ""`)
		if h := eval[string](t, ctx, `document.getElementById("hint-text").textContent`); !strings.Contains(h, "cannot read") {
			t.Errorf("hint on an unread puzzle: %q", h)
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("hint-close") && document.getElementById("hint-close").click()`))
		givens := make([]uint8, 16)
		givens[0] = 1
		want := make([]uint8, 16)
		for i := range want {
			want[i] = sol[i] - '0'
		}
		playSolution(t, ctx, givens, want)
	})
}

// pasteBoard pastes text into the Enter dialog and waits for a board of
// cells cells.
func pasteBoard(t *testing.T, ctx context.Context, text string, cells int) {
	t.Helper()
	do(t, ctx, inMenu(`#enter`))
	settle(t, ctx, `document.getElementById("enter-dialog").open`)
	do(t, ctx, chromedp.SetValue(`#enter-text`, text), chromedp.Click(`#enter-load`))
	settle(t, ctx, fmt.Sprintf(`!document.getElementById("enter-dialog").open && document.querySelectorAll(".cell").length === %d && !!document.querySelector('[data-i="%d"][aria-label]')`, cells, cells-1))
}

// playSolution enters the digits of sol in every cell without a given,
// by taps and keys, and waits for the game to say it is solved, not
// before the last cell.
func playSolution(t *testing.T, ctx context.Context, givens, sol []uint8) {
	t.Helper()
	last := len(sol) - 1
	for last >= 0 && givens[last] != 0 {
		last--
	}
	for i, d := range sol {
		if givens[i] != 0 {
			continue
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('[data-i="%d"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`, i)), digit(int(d)))
		if i < last && eval[bool](t, ctx, `/Solved in/.test(document.getElementById("message").textContent)`) {
			t.Fatalf("solved before cell %d of %d", i, last)
		}
	}
	settle(t, ctx, `/Solved in/.test(document.getElementById("message").textContent)`)
}

// parityLines is the scl link of testdata/sudokupad/parity-lines.txt
// (our 6x6 with red parity lines) and its board.
func parityLines(t *testing.T) (string, *sudoku.Board) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "sudokupad", "parity-lines.txt"))
	if err != nil {
		t.Fatal(err)
	}
	link := strings.TrimSpace(string(raw))
	b, _, err := sudoku.ParseBoard(link)
	if err != nil {
		t.Fatal(err)
	}
	return link, b
}
