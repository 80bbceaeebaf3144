package api_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sudoku"
	"sudoku/internal/dataset"
)

// Every puzzle of the setters' f-puzzles corpus (../shared, CC BY 4.0 by
// its author) opens in the app from its f-puzzles link, draws its
// constraints, shows its rules in words, and plays to the end: the
// setter's solution entered cell by cell finishes the game.
func TestBrowserCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	puzzles := dataset.FPuzzles(t)
	e := newBrowserEnv(t)
	for _, p := range puzzles {
		t.Run(p.Title, func(t *testing.T) {
			b, err := p.Board()
			if err != nil {
				t.Fatal(err)
			}
			n := b.Size()
			ctx := e.tabFor(t, 60*time.Second)
			link := "https://www.f-puzzles.com/?load=" + p.Puzzle
			do(t, ctx, chromedp.Navigate(e.base+"/api/levels"), chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate(e.base+"/#b="+url.QueryEscape(link)))
			wait[bool](t, ctx, fmt.Sprintf(`document.documentElement.dataset.ready === "1" && document.querySelectorAll(".cell").length === %d && !!document.querySelector('[data-i="%d"][aria-label]')`, n*n, n*n-1))
			drawn := slices.Contains(b.Rules.Parity, sudoku.Odd) || slices.Contains(b.Rules.Parity, sudoku.Even)
			for _, c := range b.Rules.Constraints {
				drawn = drawn || len(c.Shapes()) > 0
			}
			if drawn && !eval[bool](t, ctx, `!!document.querySelector("#board svg.shapes") && document.querySelector("#board svg.shapes").childElementCount > 0`) {
				t.Error("no constraint drawn")
			}
			if shown := !eval[bool](t, ctx, `document.getElementById("rule-words").hidden`); shown != !b.Rules.IsClassic() {
				t.Errorf("rules in words shown: %v, want %v (rules %s)", shown, !b.Rules.IsClassic(), b.Rules.Name())
			}
			var todo []string
			for c, v := range b.Cells {
				if v == 0 {
					todo = append(todo, fmt.Sprintf("[%d,%d]", c, p.Solution[c]))
				}
			}
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`for (const [i, d] of [`+strings.Join(todo, ",")+`]) {
				document.querySelector('[data-i="' + i + '"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
				document.dispatchEvent(new KeyboardEvent("keydown", {key: String(d), code: "Digit" + d, bubbles: true}));
			}`))
			settle(t, ctx, `/Solved in/.test(document.getElementById("message").textContent)`)
		})
	}
}
