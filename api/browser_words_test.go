package api_test

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sudoku/internal/lzstring"
)

// TestBrowserWords (issue 39.5, 39.6, 39.10): SudokuPad's own links open
// through the app's link routes as well as Enter, and one that cannot
// be read says why in the server's words; a grid without regions says
// so; the badge says "not rated" for a puzzle the rater cannot rate; a
// variant hint names cells as a classic one does; notes that leave out
// a cell's digit are fixed in one undo step; the menu closes behind the
// Share dialog.
func TestBrowserWords(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	link, b := parityLines(t)
	code := link[strings.Index(link, "scl"):]
	titled := `document.title === ` + jsString(b.Meta.Title+" · Sudoku") + ` && document.getElementById("rule-words-title").textContent === ` + jsString(b.Meta.Title)
	t.Run("SudokuPadLinkRoutes", func(t *testing.T) {
		ctx := e.tabFor(t, 60*time.Second)
		for _, route := range []string{
			"#p=" + url.QueryEscape(link), // a SudokuPad link where a puzzle goes
			"#p=" + url.QueryEscape(code), // its code alone
			"?puzzle=" + url.QueryEscape(code),
			"?puzzleid=" + url.QueryEscape(code),
			"#" + link, // the app's address and SudokuPad's after it
		} {
			e.openBoard(t, ctx, route)
			settle(t, ctx, titled)
			if u := eval[string](t, ctx, `location.search + location.hash`); u != "" {
				t.Errorf("%.30s: the address keeps %q", route, u)
			}
			// a hint on it names its cells as a classic hint does
			do(t, ctx, chromedp.Click(`#hint`))
			settle(t, ctx, `/^Hint 1/.test(document.getElementById("hint-title").textContent)`)
			do(t, ctx, chromedp.Click(`#hint-more`))
			settle(t, ctx, `/^Hint 2/.test(document.getElementById("hint-title").textContent)`)
			if h := eval[string](t, ctx, `document.getElementById("hint-text").textContent`); regexp.MustCompile(`\br[0-9]+c[0-9]+`).MatchString(h) || !strings.Contains(h, "row ") {
				t.Errorf("%.30s: level 2 hint %q, want cells named row R, column C", route, h)
			}
		}
		// A link that cannot be read: the server's words, the game kept.
		e.openBoard(t, ctx, "#p="+url.QueryEscape(link))
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`location.hash = "#p=" + encodeURIComponent("https://sudokupad.app/sclABCDEFGHIJKLMNOP")`))
		msg := wait[string](t, ctx, `/does not hold a puzzle this app can play/.test(document.getElementById("message").textContent) && document.getElementById("message").textContent`)
		if !strings.Contains(msg, "SudokuPad puzzle") || !strings.Contains(msg, "kept") {
			t.Errorf("an unreadable SudokuPad link: %q, want the reader's words", msg)
		}
		settle(t, ctx, titled)
	})
	t.Run("SudokuPadEnterErrors", func(t *testing.T) {
		ctx := e.tabFor(t, 60*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		for _, tt := range []struct{ text, want string }{
			{"https://sudokupad.app/sclABCDEFGHIJKLMNOP", "SudokuPad puzzle"},
			{"sudokupad.app/psxc3j9q0f", "short link"},
			{"https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljS", "f-puzzles"},
		} {
			do(t, ctx, inMenu(`#enter`))
			settle(t, ctx, `document.getElementById("enter-dialog").open`)
			do(t, ctx, chromedp.SetValue(`#enter-text`, tt.text), chromedp.Click(`#enter-load`))
			got := wait[string](t, ctx, `!/^(Checking…|)$/.test(document.getElementById("enter-error").textContent) && document.getElementById("enter-error").textContent`)
			if !strings.Contains(got, tt.want) || strings.Contains(got, "doesn't look like a puzzle") {
				t.Errorf("%s: %q, want the reader's words (%q)", tt.text, got, tt.want)
			}
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("enter-dialog").close()`))
		}
		// A puzzle of the classic reader: where it goes wrong.
		do(t, ctx, inMenu(`#enter`), chromedp.SetValue(`#enter-text`, "hello"), chromedp.Click(`#enter-load`))
		if got := wait[string](t, ctx, `!/^(Checking…|)$/.test(document.getElementById("enter-error").textContent) && document.getElementById("enter-error").textContent`); !strings.Contains(got, "line 1, column 1") {
			t.Errorf("junk text: %q, want where it goes wrong", got)
		}
	})
	t.Run("NoRegionsNotRated", func(t *testing.T) {
		ctx := e.tabFor(t, 60*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		row := `[{"value":1},{},{},{},{},{}]`
		empty := `[{},{},{},{},{},{}]`
		doc := `{"cells":[` + row + strings.Repeat(","+empty, 5) + `],"metadata":{"title":"No regions","author":"the tests","rules":"Each row and column contains the digits 1 to 6 once."}}`
		pasteBoard(t, ctx, "https://sudokupad.app/scl"+lzstring.CompressToBase64(doc), 36)
		words := eval[string](t, ctx, `document.getElementById("rule-words-list").textContent`)
		if !strings.Contains(words, "no regions") || strings.Contains(strings.ToLower(words), "region holds") {
			t.Errorf("rules of a 6x6 without regions: %q", words)
		}
		if got := eval[string](t, ctx, `document.title`); got != "No regions · Sudoku" {
			t.Errorf("tab %q", got)
		}
		// A puzzle drawn but not read: the rater cannot rate it.
		sol := "1234341221434321"
		drawn := `{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
			`"regions":[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],` +
			`"lines":[{"color":"#FF0000","thickness":10,"wayPoints":[[2.5,0.5],[2.5,1.5]]}],` +
			`"metadata":{"solution":"` + sol + `"}}`
		pasteBoard(t, ctx, "https://sudokupad.app/scl"+lzstring.CompressToBase64(drawn), 16)
		settle(t, ctx, `document.getElementById("badge").textContent === "not rated"`)
		if got := eval[string](t, ctx, `document.title`); got != "Sudoku" {
			t.Errorf("tab of a puzzle without a title: %q, want Sudoku", got)
		}
	})
	t.Run("WrongNotesFixed", func(t *testing.T) {
		ctx := e.tabFor(t, 60*time.Second)
		e.open(t, ctx, "#p="+bEasy)
		tap := func(i int) chromedp.Action[chromedp.Void] {
			return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('[data-i="%d"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`, i))
		}
		// r1c3 is 4 and r1c4 is 6: notes 1 and 2 leave them out.
		do(t, ctx, tap(2), digit(1, chromedp.ModifierShift), tap(3), digit(2, chromedp.ModifierShift))
		settle(t, ctx, `/corner marks 2$/.test(document.querySelector('[data-i="3"]').getAttribute("aria-label"))`)
		before := label(t, ctx, 2) + "|" + label(t, ctx, 3)
		do(t, ctx, chromedp.Click(`#hint`))
		settle(t, ctx, `/^Hint 1/.test(document.getElementById("hint-title").textContent)`)
		do(t, ctx, chromedp.Click(`#hint-more`))
		settle(t, ctx, `/^Hint 2/.test(document.getElementById("hint-title").textContent) && !document.getElementById("hint-fix").hidden`)
		t.Logf("wrong notes: %q", eval[string](t, ctx, `document.getElementById("hint-text").textContent`))
		do(t, ctx, chromedp.Click(`#hint-fix`))
		settle(t, ctx, `/corner marks 1 4$/.test(document.querySelector('[data-i="2"]').getAttribute("aria-label")) && /corner marks 2 6$/.test(document.querySelector('[data-i="3"]').getAttribute("aria-label"))`)
		do(t, ctx, key("KeyZ", "z", 'Z', chromedp.ModifierCtrl))
		if got := label(t, ctx, 2) + "|" + label(t, ctx, 3); got != before {
			t.Errorf("one undo after Fix it: %q, want %q", got, before)
		}
	})
	t.Run("ShareClosesMenu", func(t *testing.T) {
		ctx := e.tab(t)
		e.open(t, ctx, "#p="+bEasy)
		do(t, ctx, inMenu(`#share`))
		settle(t, ctx, `document.getElementById("share-dialog").open`)
		if open := eval[bool](t, ctx, `!document.getElementById("menu").hidden`); open {
			t.Errorf("the menu stays open behind the Share dialog")
		}
		do(t, ctx, key("Escape", "Escape", 27))
		settle(t, ctx, `!document.getElementById("share-dialog").open && document.activeElement === document.getElementById("menu-button")`)
	})
}
