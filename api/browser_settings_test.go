package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The settings of play in the menu (issue 39.11), each on by default
// but digit-first input, each remembered after a reload: automatic note
// removal, conflicts in red, the selected digit highlighted, and
// digit-first input (a digit picked on the pad, then cells tapped).
func TestBrowserSettings(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	t.Run("AutoNotes", e.testSettingAutoNotes)
	t.Run("Conflicts", e.testSettingConflicts)
	t.Run("SameDigit", e.testSettingSameDigit)
	t.Run("DigitFirst", e.testSettingDigitFirst)
	t.Run("OnPhones", e.testSettingsOnPhones)
}

// testSettingsOnPhones: with More open, every setting of the menu can
// be reached and ticked on a phone, upright and held sideways.
func (e *browserEnv) testSettingsOnPhones(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	for _, vp := range [][2]int64{{375, 667}, {667, 375}, {320, 568}} {
		do(t, ctx, chromedp.EmulateViewport(vp[0], vp[1], chromedp.EmulateMobile), chromedp.Evaluate[chromedp.Void](openMenu))
		for _, id := range []string{"mistakes", "auto-notes", "conflicts", "same-digit", "digit-first", "theme"} {
			js := fmt.Sprintf(`(() => { const b = document.getElementById(%q); b.scrollIntoView({block: "nearest"}); const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
				return x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight && !!document.elementFromPoint(x, y)?.closest("label")?.contains(b); })()`, id)
			if !eval[bool](t, ctx, js) {
				t.Errorf("%dx%d: the menu's %s cannot be reached", vp[0], vp[1], id)
			}
		}
		e.shot(t, ctx, fmt.Sprintf("settings-menu-%dx%d", vp[0], vp[1]))
		do(t, ctx, closeMenu)
	}
	do(t, ctx, chromedp.EmulateViewport(1200, 900))
}

// closeMenu closes the menu if it is open.
var closeMenu = chromedp.Evaluate[chromedp.Void](`(() => { if (!document.getElementById("menu").hidden) document.getElementById("menu-button").click(); })()`)

// toggle clicks the menu's check box id and closes the menu.
func toggle(id string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		return chromedp.Do(ctx, inMenu("#"+id), closeMenu)
	})
}

// reload loads the app again, its localStorage kept, and waits for it.
func (e *browserEnv) reload(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(e.base+"/api/levels"), chromedp.Navigate(e.base+"/"))
	wait[bool](t, ctx, `document.documentElement.dataset.ready === "1" && !!document.querySelector('[data-i="80"][aria-label]')`)
}

func checked(t *testing.T, ctx context.Context, id string) bool {
	t.Helper()
	return eval[bool](t, ctx, fmt.Sprintf(`document.getElementById(%q).checked`, id))
}

func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	return eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
}

func (e *browserEnv) testSettingAutoNotes(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	if !checked(t, ctx, "auto-notes") {
		t.Fatal("automatic note removal is off by default")
	}
	// Off: a 4 placed in r2c3 leaves the corner 4 of its peer r1c3.
	do(t, ctx, chromedp.Click(`[data-i="2"]`), digit(4, chromedp.ModifierShift), toggle("auto-notes"),
		chromedp.Click(`[data-i="11"]`), digit(4))
	if got := label(t, ctx, 11); got != "row 2 column 3, 4" {
		t.Fatalf("r2c3: got %q", got)
	}
	if got, want := label(t, ctx, 2), "row 1 column 3, empty, corner marks 4"; got != want {
		t.Fatalf("off, the peer's marks after placing: got %q, want %q", got, want)
	}
	// Kept after a reload, and still off.
	e.reload(t, ctx)
	if checked(t, ctx, "auto-notes") {
		t.Fatal("after a reload, automatic note removal is on again")
	}
	do(t, ctx, chromedp.Click(`[data-i="3"]`), chromedp.Click(`[data-i="11"]`), key("Backspace", "Backspace", 8), digit(4))
	if got := label(t, ctx, 2); !strings.Contains(got, "corner marks 4") {
		t.Fatalf("off after a reload, the peer's marks after placing: got %q", got)
	}
	// On again: the 4 comes out.
	do(t, ctx, toggle("auto-notes"), chromedp.Click(`[data-i="3"]`), chromedp.Click(`[data-i="11"]`), key("Backspace", "Backspace", 8), digit(4))
	if got := label(t, ctx, 2); got != "row 1 column 3, empty" {
		t.Fatalf("on, the peer's marks after placing: got %q", got)
	}
}

func (e *browserEnv) testSettingConflicts(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	if !checked(t, ctx, "conflicts") {
		t.Fatal("conflict highlighting is off by default")
	}
	// A 5 in r1c3 clashes with the given 5 of r1c1.
	do(t, ctx, chromedp.Click(`[data-i="2"]`), digit(5))
	if n := count(t, ctx, "#board .cell.conflict"); n != 2 {
		t.Fatalf("on: %d cells in conflict, want 2", n)
	}
	do(t, ctx, toggle("conflicts"))
	if n := count(t, ctx, "#board .cell.conflict"); n != 0 {
		t.Fatalf("off: %d cells in conflict, want none", n)
	}
	if got := label(t, ctx, 2); got != "row 1 column 3, 5" {
		t.Errorf("off: r1c3 reads %q", got)
	}
	e.reload(t, ctx)
	if checked(t, ctx, "conflicts") {
		t.Fatal("after a reload, conflict highlighting is on again")
	}
	if got := label(t, ctx, 2); got != "row 1 column 3, 5" {
		t.Fatalf("after a reload: r1c3 reads %q", got)
	}
	if n := count(t, ctx, "#board .cell.conflict"); n != 0 {
		t.Fatalf("off after a reload: %d cells in conflict", n)
	}
	do(t, ctx, toggle("conflicts"))
	if n := count(t, ctx, "#board .cell.conflict"); n != 2 {
		t.Fatalf("on again: %d cells in conflict, want 2", n)
	}
}

func (e *browserEnv) testSettingSameDigit(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	if !checked(t, ctx, "same-digit") {
		t.Fatal("the selected digit's highlight is off by default")
	}
	// A corner 5 in r1c3, then r1c1 (a given 5) selected: the other 5s
	// are shaded and the note's 5 bold.
	do(t, ctx, chromedp.Click(`[data-i="2"]`), digit(5, chromedp.ModifierShift), chromedp.Click(`[data-i="0"]`))
	if n := count(t, ctx, "#board .cell.same"); n == 0 {
		t.Fatal("on: no cell of the same digit shaded")
	}
	if n := count(t, ctx, "#board .hl"); n != 1 {
		t.Fatalf("on: %d notes bold, want 1", n)
	}
	do(t, ctx, toggle("same-digit"))
	if n, m := count(t, ctx, "#board .cell.same"), count(t, ctx, "#board .hl"); n+m != 0 {
		t.Fatalf("off: %d cells shaded, %d notes bold", n, m)
	}
	if n := count(t, ctx, "#board .cell.peer"); n == 0 {
		t.Fatal("off: the selected cell's houses are not shaded any more")
	}
	e.reload(t, ctx)
	if checked(t, ctx, "same-digit") {
		t.Fatal("after a reload, the highlight is on again")
	}
	do(t, ctx, chromedp.Click(`[data-i="1"]`), chromedp.Click(`[data-i="0"]`))
	if n, m := count(t, ctx, "#board .cell.same"), count(t, ctx, "#board .hl"); n+m != 0 {
		t.Fatalf("off after a reload: %d cells shaded, %d notes bold", n, m)
	}
	do(t, ctx, toggle("same-digit"), chromedp.Click(`[data-i="1"]`), chromedp.Click(`[data-i="0"]`))
	if n := count(t, ctx, "#board .hl"); n != 1 {
		t.Fatalf("on again: %d notes bold, want 1", n)
	}
}

func (e *browserEnv) testSettingDigitFirst(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	if checked(t, ctx, "digit-first") {
		t.Fatal("digit-first input is on by default")
	}
	pressed := func(d int) string {
		return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#pad [data-digit="%d"]').getAttribute("aria-pressed") || ""`, d))
	}
	// Off: a pad key enters its digit into the selection at once.
	do(t, ctx, chromedp.Click(`[data-i="2"]`), chromedp.Click(`#pad [data-digit="4"]`))
	if got := label(t, ctx, 2); got != "row 1 column 3, 4" || pressed(4) != "" {
		t.Fatalf("off: r1c3 reads %q, the key pressed %q", got, pressed(4))
	}
	do(t, ctx, chromedp.Click(`[data-i="2"]`), key("Backspace", "Backspace", 8))

	// On: the key chosen stays pressed and enters nothing by itself; each
	// cell pressed takes it, in the current mode.
	do(t, ctx, toggle("digit-first"), chromedp.Click(`[data-i="6"]`), chromedp.Click(`#pad [data-digit="4"]`))
	if pressed(4) != "true" || pressed(5) != "false" {
		t.Fatalf("on: key 4 pressed %q, key 5 %q", pressed(4), pressed(5))
	}
	if got := label(t, ctx, 6); got != "row 1 column 7, empty" {
		t.Fatalf("on: choosing a digit entered it: r1c7 reads %q", got)
	}
	do(t, ctx, chromedp.Click(`[data-i="11"]`), chromedp.Click(`[data-i="6"]`))
	if a, b := label(t, ctx, 11), label(t, ctx, 6); a != "row 2 column 3, 4" || b != "row 1 column 7, 4" {
		t.Fatalf("on: cells tapped read %q and %q", a, b)
	}
	// The digit chosen is the one highlighted, wherever the selection is.
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#board .cell.same")].map(c => c.dataset.i).join(" ")`); got != "11 36 66" {
		t.Errorf("on: the cells shaded for the chosen 4 are %q, want 11 36 66 (the givens of r5c1 and r8c4, the cell selected left out)", got)
	}
	do(t, ctx, chromedp.Click(`[data-i="11"]`))
	if got := label(t, ctx, 11); got != "row 2 column 3, empty" {
		t.Fatalf("on: the cell tapped again reads %q, want its 4 out", got)
	}
	do(t, ctx, chromedp.Click(`.modes [data-mode="corner"]`), chromedp.Click(`[data-i="5"]`),
		chromedp.Click(`.modes [data-mode="centre"]`), chromedp.Click(`[data-i="7"]`), chromedp.Click(`.modes [data-mode="digit"]`))
	if a, b := label(t, ctx, 5), label(t, ctx, 7); a != "row 1 column 6, empty, corner marks 4" || b != "row 1 column 8, empty, centre marks 4" {
		t.Fatalf("on, corner and centre modes: cells tapped read %q and %q", a, b)
	}
	// The chosen key again releases it: a tap selects again.
	do(t, ctx, chromedp.Click(`#pad [data-digit="4"]`), chromedp.Click(`[data-i="8"]`))
	if got := label(t, ctx, 8); pressed(4) != "false" || got != "row 1 column 9, empty" {
		t.Fatalf("released: key 4 pressed %q, r1c9 reads %q", pressed(4), got)
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-i="8"]').getAttribute("aria-selected") === "true"`) {
		t.Fatal("released: the cell tapped is not selected")
	}
	// Escape releases it too; the keyboard enters into the selection as
	// ever, a digit chosen or not.
	do(t, ctx, chromedp.Click(`#pad [data-digit="7"]`), key("Escape", "Escape", 27))
	if pressed(7) != "false" {
		t.Fatal("Escape did not release the chosen digit")
	}
	do(t, ctx, chromedp.Click(`#pad [data-digit="7"]`), digit(2))
	if got := label(t, ctx, 8); got != "row 1 column 9, 2" || pressed(7) != "true" {
		t.Fatalf("keyboard: r1c9 reads %q, key 7 pressed %q", got, pressed(7))
	}
	// Kept after a reload (the digit chosen is not).
	e.reload(t, ctx)
	if !checked(t, ctx, "digit-first") {
		t.Fatal("after a reload, digit-first input is off again")
	}
	if pressed(7) != "false" {
		t.Fatalf("after a reload, key 7 pressed %q", pressed(7))
	}
	do(t, ctx, chromedp.Click(`#pad [data-digit="3"]`), chromedp.Click(`[data-i="15"]`))
	if got := label(t, ctx, 15); got != "row 2 column 7, 3" {
		t.Fatalf("after a reload: r2c7 reads %q", got)
	}
	// Off again: the pad enters into the selection at once.
	do(t, ctx, toggle("digit-first"), chromedp.Click(`[data-i="10"]`), chromedp.Click(`#pad [data-digit="7"]`))
	if got := label(t, ctx, 10); got != "row 2 column 2, 7" || pressed(3) != "" {
		t.Fatalf("off again: r2c2 reads %q, key 3 pressed %q", got, pressed(3))
	}
}
