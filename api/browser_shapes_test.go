package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sudoku"
)

// The thermometer, kropki and XV 6x6 of render/testdata (our own): two
// thermometers, two white and two black dots, an X and two Vs; givens
// r4c1 = 5 and r6c1 = 6.
const thermoSol = "123456456123231564564231312645645312"

func thermoJSON(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "render", "testdata", "thermo-dots-xv.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fpText writes a puzzle read from text as f-puzzles JSON, to compare.
func fpText(t *testing.T, text string) string {
	t.Helper()
	b, _, err := sudoku.ParseBoard(text)
	if err != nil {
		t.Fatalf("%.80s: %v", text, err)
	}
	out, err := sudoku.FormatBoard(b, sudoku.FormFPuzzles)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBrowserConstraints plays a puzzle with thermometers, kropki dots
// and XV in the web app: opened from a SudokuPad link, an f-puzzles link
// and pasted f-puzzles JSON, it draws its shapes (under the digits) and
// its rules in words, takes notes, answers a hint, finishes when the last
// digit is placed, and shares a link that reads back as the puzzle.
func TestBrowserConstraints(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	js := thermoJSON(t)
	b, _, err := sudoku.ParseBoard(js)
	if err != nil {
		t.Fatal(err)
	}
	fpLink, err := sudoku.FormatFPuzzlesLink(b)
	if err != nil {
		t.Fatal(err)
	}
	padLink := "https://sudokupad.app/fpuzzles" + strings.TrimPrefix(fpLink, "https://www.f-puzzles.com/?load=")
	t.Run("SudokuPadLinkPlayed", func(t *testing.T) {
		ctx := e.tabFor(t, 60*time.Second)
		e.openBoard(t, ctx, "#b="+url.QueryEscape(padLink))
		checkShapes(t, ctx)
		checkBulbUnderDigit(t, ctx)
		e.shot(t, ctx, "constraints")
		// A corner note, then the hint, to its third level: the step's
		// pattern (logic's, for boards of every size) is drawn on the
		// board, as a classic hint's is.
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-i="1"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`), digit(3, chromedp.ModifierShift))
		if l := label(t, ctx, 1); !strings.Contains(l, "corner marks 3") {
			t.Errorf("r1c2 after a corner note: %q", l)
		}
		do(t, ctx, key("Backspace", "Backspace", 8))
		do(t, ctx, chromedp.Click(`#hint`))
		settle(t, ctx, `!document.getElementById("hint-panel").hidden && document.getElementById("hint").getAttribute("aria-busy") === "false"`)
		t.Logf("hint: %q", eval[string](t, ctx, `document.getElementById("hint-text").textContent`))
		for level := 2; level <= 3; level++ {
			do(t, ctx, chromedp.Click(`#hint-more`))
			settle(t, ctx, fmt.Sprintf(`/^Hint %d of 3/.test(document.getElementById("hint-title").textContent)`, level))
		}
		if n := eval[int](t, ctx, `document.querySelectorAll(".corner span.pat").length`); n == 0 {
			t.Errorf("a level-3 hint on the 6x6 draws no pattern: %q", eval[string](t, ctx, `document.getElementById("hint-text").textContent`))
		}
		do(t, ctx, chromedp.Click(`#hint-close`))
		setDark(t, ctx, true)
		e.shot(t, ctx, "constraints-dark")
		setDark(t, ctx, false)
		playThermo(t, ctx)
		e.shot(t, ctx, "constraints-solved")
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("finish-dialog").close()`))
		// Share: a link to the app whose #b= holds an f-puzzles link that
		// reads back as the puzzle.
		do(t, ctx, inMenu(`#share`))
		settle(t, ctx, `document.getElementById("share-dialog").open`)
		share := eval[string](t, ctx, `document.getElementById("share-url").value`)
		u, err := url.Parse(share)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := url.ParseQuery(u.Fragment)
		if got := q.Get("b"); !strings.HasPrefix(got, "https://www.f-puzzles.com/?load=") || fpText(t, got) != fpText(t, js) {
			t.Fatalf("shared link %q does not hold the puzzle", share)
		}
		// Opened afresh, the shared link plays the same puzzle.
		ctx2 := e.tabFor(t, 30*time.Second)
		e.openBoard(t, ctx2, "#"+u.Fragment)
		checkShapes(t, ctx2)
	})
	t.Run("FPuzzlesLink", func(t *testing.T) {
		ctx := e.tabFor(t, 30*time.Second)
		e.openBoard(t, ctx, "#b="+url.QueryEscape(fpLink))
		checkShapes(t, ctx)
	})
	t.Run("OutsideClues", func(t *testing.T) {
		// A classic puzzle with f-puzzles text beside the grid (above
		// column 2, below column 5, right of row 5): the board leaves a
		// ring of cells for them, on those three sides, and still fits.
		ctx := e.tabFor(t, 30*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		link := fpWithText(t, bEasy, `[{"cells":["R0C2"],"value":"12"},{"cells":["R10C5"],"value":"7"},{"cells":["R5C10"],"value":"30"}]`)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "#b=" + encodeURIComponent(`+jsString(link)+`)`))
		settle(t, ctx, `!!document.querySelector("#board svg.shapes")`)
		got := eval[[]float64](t, ctx, `(() => {
			const b = document.getElementById("board").getBoundingClientRect(), s = document.querySelector("#board svg.shapes").getBoundingClientRect();
			const cell = document.querySelector('[data-i="1"]').getBoundingClientRect();
			const clue = [...document.querySelectorAll("#board svg.shapes text")].find(t => t.textContent === "12").getBoundingClientRect();
			return [s.top - b.top, b.right - s.right, b.bottom - s.bottom, b.left - s.left, cell.width, clue.x + clue.width / 2 - (cell.x + cell.width / 2), clue.bottom <= b.top ? 1 : 0, s.right, window.innerWidth];
		})()`)
		cell := got[4]
		// The layer reaches a cell (less the board's 3px border) above,
		// right and below, none left.
		for i, side := range []string{"top", "right", "bottom"} {
			if out := -got[i]; out < cell-6 || out > cell+6 {
				t.Errorf("%s: the layer reaches %.0f px out of the board, want about a cell (%.0f)", side, out, cell)
			}
		}
		if got[3] < -4 || got[3] > 4 {
			t.Errorf("left: the layer reaches %.0f px out, want none", -got[3])
		}
		if got[5] < -2 || got[5] > 2 || got[6] != 1 {
			t.Errorf("the clue above column 2 is %.1f px off the column's centre (above the board: %v)", got[5], got[6] == 1)
		}
		if got[7] > got[8] {
			t.Errorf("the clue ring ends at %.0f px, past the window's %.0f", got[7], got[8])
		}
		e.shot(t, ctx, "constraints-outside")
		if l := eval[string](t, ctx, `document.getElementById("rule-words").hidden ? "hidden" : "shown"`); l != "hidden" {
			t.Error("a classic puzzle with drawings shows rules in words")
		}
	})
	t.Run("Phone", func(t *testing.T) {
		ctx := e.tabFor(t, 30*time.Second)
		do(t, ctx, chromedp.EmulateViewport(375, 667, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		e.openBoard(t, ctx, "#b="+url.QueryEscape(fpLink))
		checkShapes(t, ctx)
		if r := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().right`); r > 375 {
			t.Errorf("board ends at %.0f px on a 375 px phone", r)
		}
		e.shot(t, ctx, "constraints-phone")
	})
	t.Run("PastedJSON", func(t *testing.T) {
		ctx := e.tabFor(t, 30*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		do(t, ctx, inMenu(`#enter`))
		settle(t, ctx, `document.getElementById("enter-dialog").open`)
		do(t, ctx, chromedp.SetValue(`#enter-text`, js), chromedp.Click(`#enter-load`))
		settle(t, ctx, `!document.getElementById("enter-dialog").open && document.querySelectorAll(".cell").length === 36`)
		checkShapes(t, ctx)
		// The setter's title and credit head the rules; the tab is named
		// after the puzzle.
		got := eval[string](t, ctx, `[document.getElementById("rule-words-title").textContent, document.getElementById("puzzle-credit").textContent, document.title].join("|")`)
		if want := "Thermo, dots and XV|Puzzle by the sudoku project's tests|Thermo, dots and XV · Sudoku"; got != want {
			t.Errorf("title, credit, tab: %q, want %q", got, want)
		}
		playThermo(t, ctx)
	})
}

// openBoard loads the app at a share link of a 6x6 board and waits for
// it.
func (e *browserEnv) openBoard(t *testing.T, ctx context.Context, hash string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(e.base+"/api/levels"), chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate(e.base+"/"+hash))
	wait[bool](t, ctx, `document.documentElement.dataset.ready === "1" && document.querySelectorAll(".cell").length === 36 && !!document.querySelector('[data-i="35"][aria-label]')`)
}

// checkShapes: the board draws two thermometers (lines and bulbs), four
// dots and three letters, and the rules in words name each kind.
func checkShapes(t *testing.T, ctx context.Context) {
	t.Helper()
	got := eval[string](t, ctx, `(() => { const s = document.querySelector("#board svg.shapes"); return s ? [s.querySelectorAll("path:not(.under)").length, s.querySelectorAll("circle:not(.under)").length, [...s.querySelectorAll("text")].map(x => x.textContent).sort().join("")].join(" ") : "none"; })()`)
	if got != "2 6 VVX" {
		t.Errorf("shapes drawn (paths, circles, letters): %s, want 2 6 VVX", got)
	}
	words := eval[string](t, ctx, `document.getElementById("rule-words").hidden ? "" : document.getElementById("rule-words").textContent`)
	for _, w := range []string{"1 to 6", "thermometer", "white dot", "black dot", "an X add up to 10"} {
		if !strings.Contains(words, w) {
			t.Errorf("rules in words %q lack %q", words, w)
		}
	}
}

// checkBulbUnderDigit: the bulb at r1c1 shows grey over the selected
// cell's colour, and a digit placed there is drawn over it.
func checkBulbUnderDigit(t *testing.T, ctx context.Context) {
	t.Helper()
	centre := func() image.Point {
		r := eval[[]float64](t, ctx, `(() => { const b = document.querySelector('[data-i="0"]').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; })()`)
		return image.Pt(int(r[0]), int(r[1]))
	}
	shot := func() *image.RGBA {
		buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(buf))
		if err != nil {
			t.Fatal(err)
		}
		rgba := image.NewRGBA(img.Bounds())
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				rgba.Set(x, y, img.At(x, y))
			}
		}
		return rgba
	}
	c := centre()
	if got := shot().RGBAAt(c.X, c.Y); !closeTo(got, color.RGBA{0xc8, 0xc8, 0xc8, 0xff}) {
		t.Errorf("bulb of the thermometer at r1c1 (%v): got %v, want grey", c, got)
	}
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-i="0"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`), digit(1))
	img, ink := shot(), 0
	for y := c.Y - 10; y <= c.Y+10; y++ {
		for x := c.X - 10; x <= c.X+10; x++ {
			if p := img.RGBAAt(x, y); p.B > 0x80 && p.R < 0x60 { // the entry's blue
				ink++
			}
		}
	}
	if ink < 5 {
		t.Errorf("the digit 1 in r1c1 is not drawn over the bulb: %d blue pixels", ink)
	}
	do(t, ctx, key("Backspace", "Backspace", 8))
}

func closeTo(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return x-y < 8 || y-x < 8 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// playThermo types the solution's digits into the empty cells; the last
// one ends the game.
func playThermo(t *testing.T, ctx context.Context) {
	t.Helper()
	for i := range 36 {
		if i == 18 || i == 30 { // the givens
			continue
		}
		do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('[data-i="%d"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`, i)), digit(int(thermoSol[i]-'0')))
		if i < 34 && eval[bool](t, ctx, `/Solved in/.test(document.getElementById("message").textContent)`) {
			t.Fatalf("solved with %d cells to go", 35-i)
		}
	}
	settle(t, ctx, `/Solved in/.test(document.getElementById("message").textContent)`)
	var saved string
	saved = eval[string](t, ctx, `localStorage.getItem("sudoku.game.v1") || ""`)
	var g struct {
		Done bool `json:"done"`
	}
	if err := json.Unmarshal([]byte(saved), &g); err != nil || !g.Done {
		t.Errorf("saved game not done: %v %.100s", err, saved)
	}
}

// fpWithText returns an f-puzzles link to a classic puzzle (81
// characters) with f-puzzles text drawings.
func fpWithText(t *testing.T, line, text string) string {
	t.Helper()
	rows := make([]string, 9)
	for r := range rows {
		cells := make([]string, 9)
		for c := range cells {
			cells[c] = "{}"
			if d := line[r*9+c]; d != '.' {
				cells[c] = `{"value":` + string(d) + `,"given":true}`
			}
		}
		rows[r] = "[" + strings.Join(cells, ",") + "]"
	}
	b, _, err := sudoku.ParseBoard(`{"size":9,"grid":[` + strings.Join(rows, ",") + `],"text":` + text + `}`)
	if err != nil {
		t.Fatal(err)
	}
	link, err := sudoku.FormatFPuzzlesLink(b)
	if err != nil {
		t.Fatal(err)
	}
	return link
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
