package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The selection of several cells and the colours, as SudokuPad has them
// (issue 39.3 and 39.4).

// selected lists the cells selected, by index.
const selectedJS = `[...document.querySelectorAll(".cell.sel")].map(c => +c.dataset.i)`

func selected(t *testing.T, ctx context.Context) []int {
	t.Helper()
	got := eval[[]int](t, ctx, selectedJS)
	slices.Sort(got)
	return got
}

func wantSelected(t *testing.T, ctx context.Context, what string, want ...int) {
	t.Helper()
	if got := selected(t, ctx); !slices.Equal(got, want) {
		t.Fatalf("%s: cells %v selected, want %v", what, got, want)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.cell[aria-selected="true"]').length`); n != len(want) {
		t.Errorf("%s: %d cells aria-selected, want %d", what, n, len(want))
	}
}

// centre is the middle of cell i in the window.
func centre(t *testing.T, ctx context.Context, i int) (float64, float64) {
	t.Helper()
	p := eval[[]float64](t, ctx, fmt.Sprintf(`(r => [r.x + r.width / 2, r.y + r.height / 2])(document.querySelector('[data-i="%d"]').getBoundingClientRect())`, i))
	return p[0], p[1]
}

// held is the left button, held down.
func held(p *input.DispatchMouseEventParams) { p.Button, p.Buttons = input.MouseButtonLeft, 1 }

// dragOver presses the mouse on the first cell, moves it over the others
// (with a stop half way to each) and lets go on the last.
func dragOver(t *testing.T, ctx context.Context, cells ...int) {
	t.Helper()
	x, y := centre(t, ctx, cells[0])
	do(t, ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, held, chromedp.ClickCount(1)))
	for _, i := range cells[1:] {
		nx, ny := centre(t, ctx, i)
		do(t, ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (x+nx)/2, (y+ny)/2, held), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, nx, ny, held))
		x, y = nx, ny
	}
	do(t, ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x, y, held, chromedp.ClickCount(1)))
}

// clickCell clicks cell i, with modifier keys held.
func clickCell(t *testing.T, ctx context.Context, i int, mods ...chromedp.Modifier) {
	t.Helper()
	x, y := centre(t, ctx, i)
	do(t, ctx, chromedp.MouseClickXY(x, y, chromedp.ButtonModifiers(mods...)))
}

// shiftArrow presses an arrow key with Shift (or other modifiers).
func arrowKey(name string, vk int64, mods ...chromedp.Modifier) chromedp.Action[chromedp.Void] {
	return key(name, name, vk, mods...)
}

// TestBrowserMultiSelect: a mouse drag selects every cell it passes over
// and one centre mark goes in all of them as one undo step; Ctrl- and
// Shift-click add and take out cells, Shift/Ctrl+arrows extend, a digit
// fills the selection, Escape and a click on the one cell selected
// collapse and clear it, a double click selects a digit's cells, a
// finger's swipe selects too; the selection shows in both themes.
func TestBrowserMultiSelect(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	t.Run("DragMarksUndo", e.testDragMarks)
	t.Run("ClicksAndKeys", e.testSelectKeys)
	t.Run("Touch", e.testTouchSelect)
	t.Run("Themes", e.testSelectThemes)
}

func (e *browserEnv) testDragMarks(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	// r1c4, r1c3, r2c3, r2c2: four empty cells in a square.
	dragOver(t, ctx, 3, 2, 11, 10)
	wantSelected(t, ctx, "after the drag", 2, 3, 10, 11)
	do(t, ctx, key("KeyC", "c", 67), digit(5))
	for _, i := range []int{2, 3, 10, 11} {
		if got := label(t, ctx, i); !strings.HasSuffix(got, "centre marks 5") {
			t.Errorf("cell %d after a centre 5 on the selection: %q", i, got)
		}
	}
	do(t, ctx, chromedp.Click(`#undo`))
	for _, i := range []int{2, 3, 10, 11} {
		if got := label(t, ctx, i); strings.Contains(got, "centre") {
			t.Errorf("cell %d after one Undo: %q", i, got)
		}
	}
	if !eval[bool](t, ctx, `document.getElementById("undo").disabled`) {
		t.Error("Undo still on after undoing the one step")
	}
	// The toggle rule: with r1c3 alone holding 5, a 5 on the four puts
	// it in all; again, takes it out of all.
	do(t, ctx, chromedp.Click(`#redo`), key("KeyZ", "z", 90))
	clickCell(t, ctx, 2, chromedp.ModifierCtrl) // r1c3 out of the selection
	do(t, ctx, digit(5, chromedp.ModifierCtrl))
	if got := label(t, ctx, 2); !strings.HasSuffix(got, "centre marks 5") {
		t.Errorf("r1c3, left out of the selection: %q", got)
	}
	for _, i := range []int{3, 10, 11} {
		if got := label(t, ctx, i); strings.Contains(got, "centre") {
			t.Errorf("cell %d: all three had 5, it should be out: %q", i, got)
		}
	}
}

func (e *browserEnv) testSelectKeys(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	clickCell(t, ctx, 2)
	clickCell(t, ctx, 3, chromedp.ModifierCtrl)
	wantSelected(t, ctx, "Ctrl-click", 2, 3)
	clickCell(t, ctx, 18, chromedp.ModifierShift)
	wantSelected(t, ctx, "Shift-click", 2, 3, 18)
	clickCell(t, ctx, 3, chromedp.ModifierCtrl)
	wantSelected(t, ctx, "Ctrl-click on a selected cell", 2, 18)
	// A digit fills the selection, one step; the same again takes it out.
	do(t, ctx, digit(4))
	if a, b := label(t, ctx, 2), label(t, ctx, 18); !strings.HasPrefix(a, "row 1 column 3, 4") || !strings.HasPrefix(b, "row 3 column 1, 4") {
		t.Errorf("a 4 on the selection: %q, %q", a, b)
	}
	do(t, ctx, key("KeyZ", "z", 90, chromedp.ModifierCtrl))
	if a, b := label(t, ctx, 2), label(t, ctx, 18); !strings.Contains(a, "empty") || !strings.Contains(b, "empty") {
		t.Errorf("one undo: %q, %q", a, b)
	}

	// Shift+arrows and Ctrl+arrows extend; a plain arrow moves one cell.
	clickCell(t, ctx, 40)
	wantSelected(t, ctx, "a plain click", 40)
	do(t, ctx, arrowKey("ArrowRight", 39, chromedp.ModifierShift), arrowKey("ArrowDown", 40, chromedp.ModifierShift))
	wantSelected(t, ctx, "Shift+Right, Shift+Down", 40, 41, 50)
	do(t, ctx, arrowKey("ArrowLeft", 37, chromedp.ModifierCtrl))
	wantSelected(t, ctx, "Ctrl+Left", 40, 41, 49, 50)
	if f := eval[string](t, ctx, `document.activeElement.dataset.i`); f != "49" {
		t.Errorf("the focus is on cell %s, want 49 (the last one reached)", f)
	}
	// No shading of houses for a selection of several cells.
	if n := eval[int](t, ctx, `document.querySelectorAll(".cell.peer").length`); n != 0 {
		t.Errorf("%d cells shaded as peers of a selection of four", n)
	}
	do(t, ctx, right)
	wantSelected(t, ctx, "a plain arrow", 50)
	if n := eval[int](t, ctx, `document.querySelectorAll(".cell.peer").length`); n != 20 {
		t.Errorf("%d peers shaded for one cell, want 20", n)
	}
	// Escape collapses to the last cell, then clears.
	do(t, ctx, arrowKey("ArrowUp", 38, chromedp.ModifierShift), key("Escape", "Escape", 27))
	wantSelected(t, ctx, "Escape on two cells", 41)
	do(t, ctx, key("Escape", "Escape", 27))
	wantSelected(t, ctx, "Escape on one")
	do(t, ctx, right)
	wantSelected(t, ctx, "an arrow after Escape", 42)
	// A click on the one cell selected clears it.
	clickCell(t, ctx, 42)
	wantSelected(t, ctx, "a click on the one cell selected")
	clickCell(t, ctx, 42)
	wantSelected(t, ctx, "a click again", 42)
	// A double click on a 5 selects every 5.
	x, y := centre(t, ctx, 0)
	do(t, ctx, chromedp.MouseClickXY(x, y, chromedp.ClickCount(1)), chromedp.MouseClickXY(x, y, chromedp.ClickCount(2)))
	fives := []int{}
	for i := range 81 {
		if bEasy[i] == '5' {
			fives = append(fives, i)
		}
	}
	wantSelected(t, ctx, "a double click on a 5", fives...)
	// Ctrl+A selects all.
	do(t, ctx, key("KeyA", "a", 65, chromedp.ModifierCtrl))
	if n := len(selected(t, ctx)); n != 81 {
		t.Errorf("Ctrl+A: %d cells selected", n)
	}
}

// testTouchSelect swipes a finger over three cells of a phone's board.
func (e *browserEnv) testTouchSelect(t *testing.T) {
	ctx := e.tab(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch))
	e.open(t, ctx, "#p="+bEasy)
	touch := func(typ input.DispatchTouchEventType, i int, half int) {
		x, y := centre(t, ctx, i)
		if half >= 0 {
			hx, hy := centre(t, ctx, half)
			x, y = (x+hx)/2, (y+hy)/2
		}
		pts := []*input.TouchPoint{{X: x, Y: y}}
		if typ == input.DispatchTouchEventTypeTouchEnd {
			pts = []*input.TouchPoint{}
		}
		do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		}))
	}
	touch(input.DispatchTouchEventTypeTouchStart, 10, -1)
	touch(input.DispatchTouchEventTypeTouchMove, 10, 11)
	touch(input.DispatchTouchEventTypeTouchMove, 11, -1)
	touch(input.DispatchTouchEventTypeTouchMove, 11, 2)
	touch(input.DispatchTouchEventTypeTouchMove, 2, -1)
	touch(input.DispatchTouchEventTypeTouchEnd, 2, -1)
	wantSelected(t, ctx, "a swipe over r2c2, r2c3, r1c3", 2, 10, 11)
	if y := eval[float64](t, ctx, `window.scrollY`); y != 0 {
		t.Errorf("the swipe scrolled the page by %.0f px", y)
	}
}

// ringJS tells the colour of the selection's ring on cell i and its
// contrast with the selection's and the plain cell's background.
const ringJS = `(i => {
	const c = document.querySelector('[data-i="' + i + '"]'), s = getComputedStyle(c.querySelector(".k:not([hidden])") || c);
	const rgb = (t) => t.match(/[\d.]+/g).slice(0, 3).map(Number);
	const lum = ([r, g, b]) => [r, g, b].map(c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }).reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
	const ratio = (a, b) => { const x = lum(rgb(a)), y = lum(rgb(b)); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const plain = getComputedStyle(document.querySelector(".cell:not(.sel):not(.peer):not(.same)")).backgroundColor;
	const ring = s.boxShadow.match(/rgba?\([^)]*\)/)[0];
	return {ring: ratio(ring, getComputedStyle(c).backgroundColor), plain: ratio(ring, plain), bg: ratio(getComputedStyle(c).backgroundColor, plain)};
})`

func (e *browserEnv) testSelectThemes(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	dragOver(t, ctx, 30, 31, 32)
	for _, theme := range []string{"light", "dark"} {
		do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.documentElement.dataset.theme = %q`, theme)))
		wantSelected(t, ctx, theme, 30, 31, 32)
		for _, i := range []int{30, 32} {
			r := eval[map[string]float64](t, ctx, fmt.Sprintf(`%s(%d)`, ringJS, i))
			if r["ring"] < 3 || r["plain"] < 3 || r["bg"] < 1.2 {
				t.Errorf("%s: the selection's ring on cell %d is %.2f:1 on its cell, %.2f:1 on a plain cell (want 3:1); its background %.2f:1 to a plain cell", theme, i, r["ring"], r["plain"], r["bg"])
			}
		}
		e.shot(t, ctx, "desktop-multiselect-"+theme)
	}
}

// colourOf is the computed colour layer of cell i: its background colour
// or, with several colours, its gradient.
func colourOf(t *testing.T, ctx context.Context, i int) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(s => s.backgroundImage !== "none" ? s.backgroundImage : s.backgroundColor)(getComputedStyle(document.querySelector('[data-i="%d"] .k')))`, i))
}

// cssVar is the colour a custom property of the page's theme stands for.
func cssVar(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(() => { const p = document.createElement("div"); p.style.color = "var(%s)"; document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; })()`, name))
}

// TestBrowserColours: colour mode (the Colour button, V; Space cycles
// the four modes) puts colours on the selection with the toggle rule,
// several to a cell in slices, as one undo step; erase in colour mode
// clears them; they stay after a reload, travel in the share link (k=)
// to a fresh tab, and show in the dark theme in its own colours.
func TestBrowserColours(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	dragOver(t, ctx, 0, 1, 2) // a given's cell takes colours too
	do(t, ctx, key("KeyV", "v", 86))
	if p := eval[string](t, ctx, `document.querySelector('.modes [data-mode="colour"]').getAttribute("aria-pressed")`); p != "true" {
		t.Fatalf("V: the Colour mode button is aria-pressed=%q", p)
	}
	do(t, ctx, digit(3))
	for _, i := range []int{0, 1, 2} {
		if got := label(t, ctx, i); !strings.HasSuffix(got, "coloured orange") {
			t.Errorf("cell %d after colour 3: %q", i, got)
		}
	}
	if got, want := colourOf(t, ctx, 2), cssVar(t, ctx, "--k3"); got != want {
		t.Errorf("r1c3 is drawn in %s, want colour 3's %s", got, want)
	}
	// A second colour on r1c3 alone, from the pad: two slices.
	clickCell(t, ctx, 2)
	do(t, ctx, chromedp.Click(`#pad [data-digit="7"]`))
	if got := label(t, ctx, 2); !strings.HasSuffix(got, "coloured orange and blue") {
		t.Errorf("r1c3 with colours 3 and 7: %q", got)
	}
	if g := colourOf(t, ctx, 2); !strings.HasPrefix(g, "conic-gradient(") {
		t.Errorf("two colours drawn as %q, want slices (a conic gradient)", g)
	}
	e.shot(t, ctx, "desktop-colour-mode")
	// The toggle rule on a selection where one cell lacks the colour.
	dragOver(t, ctx, 2, 3)
	do(t, ctx, digit(3))
	if got := label(t, ctx, 3); !strings.HasSuffix(got, "coloured orange") {
		t.Errorf("r1c4 after colour 3 on r1c3 (had it) and r1c4 (had not): %q", got)
	}
	do(t, ctx, digit(3))
	if a, b := label(t, ctx, 2), label(t, ctx, 3); !strings.HasSuffix(a, "coloured blue") || strings.Contains(b, "coloured") {
		t.Errorf("colour 3 again, both had it: %q, %q", a, b)
	}
	do(t, ctx, key("KeyZ", "z", 90, chromedp.ModifierCtrl))
	if a, b := label(t, ctx, 2), label(t, ctx, 3); !strings.HasSuffix(a, "orange and blue") || !strings.HasSuffix(b, "coloured orange") {
		t.Errorf("one undo: %q, %q", a, b)
	}
	// Erase in colour mode clears the colours, never the digits.
	do(t, ctx, chromedp.Click(`.modes [data-mode="digit"]`), digit(4), key("KeyV", "v", 86), key("Backspace", "Backspace", 8))
	if a, b := label(t, ctx, 2), label(t, ctx, 3); a != "row 1 column 3, 4, conflict" || b != "row 1 column 4, 4, conflict" {
		t.Errorf("erase in colour mode: %q, %q", a, b)
	}
	do(t, ctx, key("KeyZ", "z", 90, chromedp.ModifierCtrl), key("KeyZ", "z", 90, chromedp.ModifierCtrl))
	// Space cycles the modes: colour, then digit.
	do(t, ctx, key("Space", " ", 32))
	if m := eval[string](t, ctx, `document.querySelector('.modes [aria-pressed="true"]').dataset.mode`); m != "digit" {
		t.Errorf("Space after colour mode: %q, want digit", m)
	}
	// A candidate coloured (HoDoKu): Shift+digit in colour mode, in the
	// colour last used (2 twice: red chosen, the cell left plain).
	clickCell(t, ctx, 5)
	do(t, ctx, key("KeyX", "x", 88), digit(4), key("KeyV", "v", 86), digit(2), digit(2), digit(4, chromedp.ModifierShift))
	if got := label(t, ctx, 5); got != "row 1 column 6, empty, corner marks 4, 4 coloured red" {
		t.Errorf("candidate 4 coloured red: %q", got)
	}
	if got, want := eval[string](t, ctx, `getComputedStyle(document.querySelector('[data-i="5"] .corner .q2')).backgroundColor`), cssVar(t, ctx, "--k2"); got != want {
		t.Errorf("the red candidate's disc is %s, want %s", got, want)
	}
	e.shot(t, ctx, "desktop-candidate-colour")
	do(t, ctx, key("KeyZ", "z", 90, chromedp.ModifierCtrl))
	if got := label(t, ctx, 5); got != "row 1 column 6, empty, corner marks 4" {
		t.Errorf("candidate colour undone: %q", got)
	}
	do(t, ctx, key("KeyZ", "z", 90))
	want := []string{label(t, ctx, 0), label(t, ctx, 2), label(t, ctx, 3)}
	if !strings.HasSuffix(want[1], "orange and blue") {
		t.Fatalf("before the reload r1c3 is %q", want[1])
	}
	keptIn := func(ctx context.Context, what string) {
		t.Helper()
		for k, i := range []int{0, 2, 3} {
			if got := label(t, ctx, i); got != want[k] {
				t.Errorf("%s: cell %d is %q, want %q", what, i, got, want[k])
			}
		}
	}
	do(t, ctx, chromedp.Reload())
	wait[bool](t, ctx, `document.documentElement.dataset.ready === "1" && !!document.querySelector('[data-i="80"][aria-label]')`)
	keptIn(ctx, "after a reload")

	// The share link carries the colours to a fresh tab (nothing saved).
	do(t, ctx, inMenu(`#share`), chromedp.Click(`#share-progress`))
	link := eval[string](t, ctx, `document.getElementById("share-url").value`)
	if !strings.Contains(link, "&k=0-3,1-3,2-37,3-3") {
		t.Errorf("share link %q, want the colours in k=", link)
	}
	ctx2 := e.tab(t)
	e.open(t, ctx2, link[strings.Index(link, "#"):])
	keptIn(ctx2, "from the share link")
	if got, want := colourOf(t, ctx2, 3), cssVar(t, ctx2, "--k3"); got != want {
		t.Errorf("r1c4 from the link drawn in %s, want %s", got, want)
	}
	// Dark theme: the dark palette, and the digits on it read.
	do(t, ctx2, chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "dark"`))
	dark := cssVar(t, ctx2, "--k3")
	if got := colourOf(t, ctx2, 3); got != dark || dark == want3Light(t, ctx2) {
		t.Errorf("dark theme: r1c4 drawn in %s, want the dark colour 3, %s", got, dark)
	}
	e.shot(t, ctx2, "desktop-colours-dark")
	do(t, ctx2, chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "light"`))
	e.shot(t, ctx2, "desktop-colours-light")
}

// want3Light is colour 3 of the light theme.
func want3Light(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `(() => { const h = document.documentElement, was = h.dataset.theme; h.dataset.theme = "light"; const p = document.createElement("div"); p.style.color = "var(--k3)"; document.body.append(p); const c = getComputedStyle(p).color; p.remove(); h.dataset.theme = was; return c; })()`)
}
