package api_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// captureDownload makes the page keep what it saves: the blob's first
// bytes, type and size, and the file name (the anchor is not followed).
const captureDownload = `(() => {
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (b) => { b.slice(0, 5).text().then((t) => { window.__saved = { head: t, type: b.type, size: b.size, name: window.__saved?.name }; }); return make(b); };
  HTMLAnchorElement.prototype.click = function () { window.__saved = { ...(window.__saved || {}), name: this.download }; };
})()`

// TestBrowserBook: the menu's Puzzle book opens a dialog of sections
// (rules and level as New puzzle offers them, a count), and Download PDF
// saves the book the server makes; a level the rules are not made at is
// not offered, and a book over 60 puzzles is refused before asking.
func TestBrowserBook(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	ctx := e.tabFor(t, 60*time.Second)
	e.open(t, ctx, "#p="+bEasy)
	do(t, ctx, inMenu(`#book`))
	settle(t, ctx, `document.getElementById("book-dialog").open && document.querySelectorAll("#book-sections .book-section").length === 1`)
	row := func(i int) string {
		return `document.querySelectorAll("#book-sections .book-section")[` + strconv.Itoa(i) + `]`
	}
	set := func(i int, rules, level, count string) {
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const r = `+row(i)+`, [ru, le] = r.querySelectorAll("select");
			ru.value = "`+rules+`"; ru.dispatchEvent(new Event("change")); le.value = "`+level+`";
			const c = r.querySelector("input"); c.value = "`+count+`"; c.dispatchEvent(new Event("input")); })()`))
	}
	set(0, "classic", "Easy", "2")
	do(t, ctx, chromedp.Click(`#book-add`))
	set(1, "killer", "Medium", "1")
	settle(t, ctx, row(1)+`.querySelector("select + select option").disabled`) // killer: no Easy
	set(1, "6x6", "Easy", "1")
	if s := eval[string](t, ctx, `document.getElementById("book-status").textContent`); s != "3 puzzles." {
		t.Errorf("status %q, want 3 puzzles.", s)
	}
	do(t, ctx, chromedp.Evaluate[chromedp.Void](captureDownload), chromedp.Click(`#book-make`))
	settle(t, ctx, `!!(window.__saved && window.__saved.head && window.__saved.name)`)
	got := eval[map[string]any](t, ctx, `window.__saved`)
	if got["head"] != "%PDF-" || got["type"] != "application/pdf" || got["name"] != "sudoku-book.pdf" || got["size"].(float64) < 1000 {
		t.Errorf("saved %v, want a PDF named sudoku-book.pdf", got)
	}
	settle(t, ctx, `/^Saved sudoku-book.pdf/.test(document.getElementById("book-status").textContent)`)
	e.shot(t, ctx, "desktop-book")
	set(0, "classic", "Easy", "60")
	if s := eval[string](t, ctx, `document.getElementById("book-status").textContent`); s != "61 puzzles: at most 60 in a book." {
		t.Errorf("status %q for 61 puzzles", s)
	}
}
