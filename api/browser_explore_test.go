package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// bThirtyTwo is bEasySol with six unique rectangles opened (21 cells,
// some shared): 32 solutions, more than a page of 20.
const bThirtyTwo = "534..89126721953..1983..567859...42.42685.79.713...856961.372..287.1.63.345286179"

// killer4 is a 4x4 killer with 8 solutions.
const killer4 = "................ aabbccddeeffgghh a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"

// TestBrowserExplore: Explore solutions, from the menu, draws the
// puzzle's true candidates with their counts in its open cells (each
// cell's counts summing to the number of solutions), steps through the
// solutions (a page of 20 and the next), each a valid grid on the
// candidates, and closes with Escape onto the board exactly as it was,
// the player's entries and notes hidden meanwhile and never touched; on
// a killer of 4x4 too, with Counts off and on; a puzzle with too many
// solutions to count says "at least"; on a phone in the dark theme the
// panel takes the pad's place on screen.
func TestBrowserExplore(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	t.Run("StepAndRestore", e.testExploreClassic)
	t.Run("KillerCounts", e.testExploreKiller)
	t.Run("TooManyToCount", e.testExploreMany)
	t.Run("PhoneDark", e.testExplorePhone)
}

// exploreCell is what an open cell shows while exploring: its candidates
// and their counts (-1 without).
type exploreCell struct {
	Digits []int `json:"digits"`
	Counts []int `json:"counts"`
}

// exploredJS reads every cell's explored candidates (null for a given).
const exploredJS = `[...document.querySelectorAll("#board .cell")].map(c => c.classList.contains("given") ? null : {
	digits: [...c.querySelectorAll(".xc > span")].filter(s => s.firstChild).map(s => parseInt(s.firstChild.textContent, 36)),
	counts: [...c.querySelectorAll(".xc > span")].filter(s => s.firstChild).map(s => s.querySelector("small") ? +s.querySelector("small").textContent : -1)})`

// previewJS reads the digits the board shows: givens and the solution
// previewed.
const previewJS = `[...document.querySelectorAll("#board .cell")].map(c => (c.classList.contains("given") || c.classList.contains("preview")) ? parseInt(c.querySelector(".v").textContent, 36) : 0)`

// viewJS is what closing the tool must bring back: every cell's label
// and classes, what its notes show, and the game kept in the browser.
const viewJS = `JSON.stringify({cells: [...document.querySelectorAll("#board .cell")].map(c => [c.className, c.getAttribute("aria-label"), c.querySelector(".v").textContent, c.querySelector(".corner").textContent, c.querySelector(".centre").textContent]),
	game: (({entries, corner, centre, undo}) => ({entries, corner, centre, undo}))(JSON.parse(localStorage.getItem("sudoku.game.v1")))})`

const exploreSummary = `document.getElementById("explore-summary").textContent`

// openExplore opens the tool from the menu and waits for its summary.
func openExplore(t *testing.T, ctx context.Context, summary string) {
	t.Helper()
	do(t, ctx, inMenu(`#explore`))
	settle(t, ctx, fmt.Sprintf(`!document.getElementById("explore-panel").hidden && %s.test(%s)`, summary, exploreSummary))
}

// stepTo clicks a stepping button and waits for the step's words.
func stepTo(t *testing.T, ctx context.Context, button, words string) {
	t.Helper()
	do(t, ctx, chromedp.Click(button))
	settle(t, ctx, fmt.Sprintf(`document.getElementById("explore-at").textContent === %q`, words))
}

// checkGrid checks a previewed solution: full, on the candidates drawn,
// with no digit twice in a row, column or box of a 9x9.
func checkGrid(t *testing.T, what string, grid []int, cands []*exploreCell) {
	t.Helper()
	for i, d := range grid {
		if d < 1 || d > 9 {
			t.Fatalf("%s: cell %d shows %d", what, i, d)
		}
		if c := cands[i]; c != nil && !contains(c.Digits, d) {
			t.Errorf("%s: cell %d is %d, not one of its candidates %v", what, i, d, c.Digits)
		}
	}
	for h := range 27 {
		seen := map[int]bool{}
		for k := range 9 {
			var i int
			switch {
			case h < 9:
				i = h*9 + k
			case h < 18:
				i = k*9 + h - 9
			default:
				b := h - 18
				i = (b/3*3+k/3)*9 + b%3*3 + k%3
			}
			if seen[grid[i]] {
				t.Fatalf("%s: house %d holds %d twice: %v", what, h, grid[i], grid)
			}
			seen[grid[i]] = true
		}
	}
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func (e *browserEnv) testExploreClassic(t *testing.T) {
	ctx := e.tabFor(t, 60*time.Second)
	e.open(t, ctx, "#p="+bThirtyTwo)
	// The player's game: an entry in r1c4, a corner note in r1c5, a
	// centre note in r2c8, r5c5 selected.
	pick := func(i int) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector('[data-i="%d"]').dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}))`, i))
	}
	do(t, ctx, pick(3), digit(7), pick(4), digit(6, chromedp.ModifierShift), pick(16), digit(4, chromedp.ModifierCtrl), pick(40))
	before := eval[string](t, ctx, viewJS)
	if !strings.Contains(label(t, ctx, 3), ", 7") || !strings.Contains(label(t, ctx, 4), "corner marks 6") {
		t.Fatalf("the game before exploring: r1c4 %q, r1c5 %q", label(t, ctx, 3), label(t, ctx, 4))
	}

	openExplore(t, ctx, `/^32 solutions/`)
	if !eval[bool](t, ctx, `document.getElementById("explore-panel").contains(document.activeElement)`) {
		t.Error("opening the tool leaves the focus outside it")
	}
	cands := eval[[]*exploreCell](t, ctx, exploredJS)
	open := 0
	for i, c := range cands {
		if c == nil {
			continue
		}
		open++
		sum := 0
		for _, k := range c.Counts {
			sum += k
		}
		if len(c.Digits) < 2 || sum != 32 {
			t.Errorf("cell %d: candidates %v with counts %v (sum %d), want several summing to the 32 solutions", i, c.Digits, c.Counts, sum)
		}
	}
	if want := strings.Count(bThirtyTwo, "."); open != want {
		t.Errorf("%d open cells show candidates, want %d", open, want)
	}
	// The player's entry and notes are hidden, not drawn as candidates.
	if l := label(t, ctx, 3); !strings.HasPrefix(l, "row 1 column 4, open, candidates") {
		t.Errorf("r1c4 while exploring: %q, want its candidates (the entry hidden)", l)
	}
	if n := eval[int](t, ctx, `[...document.querySelectorAll("#board .corner span, #board .centre span")].filter(s => s.textContent).length`); n != 0 {
		t.Errorf("%d of the player's notes drawn while exploring", n)
	}
	// The selected cell's counts in words.
	if w := eval[string](t, ctx, `document.getElementById("explore-cell").textContent`); !regexp.MustCompile(`^Row 5, column 5 is given`).MatchString(w) {
		t.Errorf("selected cell in words: %q", w)
	}
	do(t, ctx, pick(3))
	if w := eval[string](t, ctx, `document.getElementById("explore-cell").textContent`); !regexp.MustCompile(`^Row 1, column 4: \d in \d+ solutions, \d in \d+\.$`).MatchString(w) {
		t.Errorf("r1c4 in words: %q", w)
	}
	e.shot(t, ctx, "desktop-explore-counts")

	// Step through the solutions: the first page of 20 and into the next.
	seen := map[string]int{}
	for k := 1; k <= 21; k++ {
		button := `#explore-next`
		stepTo(t, ctx, button, fmt.Sprintf("Solution %d of 32", k))
		grid := eval[[]int](t, ctx, previewJS)
		checkGrid(t, fmt.Sprintf("solution %d", k), grid, cands)
		key := fmt.Sprint(grid)
		if j, ok := seen[key]; ok {
			t.Fatalf("solution %d is solution %d again", k, j)
		}
		seen[key] = k
		if k == 2 {
			e.shot(t, ctx, "desktop-explore-solution")
		}
	}
	stepTo(t, ctx, `#explore-prev`, "Solution 20 of 32")
	if n, want := eval[int](t, ctx, `document.querySelectorAll("#board .cell.preview").length`), strings.Count(bThirtyTwo, "."); n != want {
		t.Errorf("a solution previews %d cells, want the %d open ones", n, want)
	}

	// Escape closes it: the board and the game as they were, the focus
	// back on the board.
	do(t, ctx, key("Escape", "Escape", 27))
	settle(t, ctx, `document.getElementById("explore-panel").hidden`)
	if after := eval[string](t, ctx, viewJS); after != before {
		t.Errorf("closing the tool changed the view or the game:\nbefore %s\nafter  %s", before, after)
	}
	if !eval[bool](t, ctx, `!!document.activeElement.closest("#board")`) {
		t.Errorf("after Escape the focus is on %s, want the board", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	if eval[bool](t, ctx, `document.querySelector(".side").classList.contains("exploring") || !!document.querySelector("#board .cell.preview")`) {
		t.Error("the tool's drawing stays after it closed")
	}
}

func (e *browserEnv) testExploreKiller(t *testing.T) {
	ctx := e.tabFor(t, 60*time.Second)
	e.open(t, ctx, "#p="+bEasy)
	pasteBoard(t, ctx, killer4, 16)
	openExplore(t, ctx, `/^8 solutions/`)
	cands := eval[[]*exploreCell](t, ctx, exploredJS)
	if len(cands) != 16 {
		t.Fatalf("%d cells", len(cands))
	}
	sum := 0
	for _, k := range cands[0].Counts {
		sum += k
	}
	if sum != 8 || len(cands[0].Digits) < 2 {
		t.Errorf("r1c1: candidates %v, counts %v: want several, summing to the 8 solutions", cands[0].Digits, cands[0].Counts)
	}
	e.shot(t, ctx, "desktop-explore-killer")
	// Counts off: the candidates alone.
	do(t, ctx, chromedp.Click(`#explore-counts`))
	settle(t, ctx, `/^Several solutions/.test(`+exploreSummary+`)`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .xc small").length`); n != 0 {
		t.Errorf("Counts off: %d counts drawn", n)
	}
	if got := eval[[]*exploreCell](t, ctx, exploredJS); fmt.Sprint(got[0].Digits) != fmt.Sprint(cands[0].Digits) {
		t.Errorf("Counts off: r1c1 candidates %v, with counts %v", got[0].Digits, cands[0].Digits)
	}
	// Not counted, the page of solutions tells how many there are.
	stepTo(t, ctx, `#explore-next`, "Solution 1 of 8")
	stepTo(t, ctx, `#explore-next`, "Solution 2 of 8")
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cell.preview").length`); n != 16 {
		t.Errorf("a 4x4 solution previews %d cells, want 16", n)
	}
	do(t, ctx, chromedp.Click(`#explore-counts`))
	settle(t, ctx, `/^8 solutions/.test(`+exploreSummary+`)`)
	if w := eval[string](t, ctx, `document.getElementById("explore-at").textContent`); w != "Solution 2 of 8" {
		t.Errorf("Counts on again, previewing: %q, want Solution 2 of 8", w)
	}
	// At the last solution Next is off, and the focus it had goes to
	// Previous.
	for k := 3; k <= 8; k++ {
		stepTo(t, ctx, `#explore-next`, fmt.Sprintf("Solution %d of 8", k))
	}
	if got := eval[string](t, ctx, `[document.getElementById("explore-next").disabled, document.activeElement.id].join(" ")`); got != "true explore-prev" {
		t.Errorf("at the last solution Next disabled, focus on: %q, want true explore-prev", got)
	}
	do(t, ctx, chromedp.Click(`#explore-close`))
	settle(t, ctx, `document.getElementById("explore-panel").hidden && !document.querySelector("#board .cell.preview")`)
}

func (e *browserEnv) testExploreMany(t *testing.T) {
	ctx := e.tabFor(t, 60*time.Second)
	e.open(t, ctx, "#p="+bTwoSols)
	openExplore(t, ctx, `/^At least 10,000 solutions/`)
	// A second request brings the true candidates (and an estimate,
	// where the server makes one): r9c5 is 9 in every solution, drawn
	// apart, its count the 10,000 counted.
	settle(t, ctx, `document.getElementById("explore-note").textContent === "Counting stops there: the counts are of the first 10,000 found."`)
	if all := eval[[]string](t, ctx, `[...document.querySelectorAll("#board .xc span.all")].map(s => s.closest(".cell").dataset.i + ":" + s.textContent)`); len(all) != 1 || all[0] != "76:910k" {
		t.Errorf("candidates in every solution: %v, want r9c5's 9 alone (76:910k)", all)
	}
	if w := eval[string](t, ctx, `getComputedStyle(document.querySelector("#board .xc span.all")).fontWeight`); w < "700" {
		t.Errorf("a candidate of every solution has font-weight %s, want bold", w)
	}
	stepTo(t, ctx, `#explore-next`, "Solution 1 (more follow)")
	time.Sleep(300 * time.Millisecond)
	est := eval[string](t, ctx, `document.getElementById("explore-estimate").hidden ? "" : document.getElementById("explore-estimate").textContent`)
	t.Logf("the server's estimate: %q", est)
	// With an estimate in the answer (the server's, or one the page's
	// fetch adds where the server has none), it is said to be one.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](addEstimate), chromedp.Click(`#explore-counts`))
	settle(t, ctx, `/^Several solutions/.test(`+exploreSummary+`)`)
	do(t, ctx, chromedp.Click(`#explore-counts`))
	settle(t, ctx, `!document.getElementById("explore-estimate").hidden`)
	if est := eval[string](t, ctx, `document.getElementById("explore-estimate").textContent`); !regexp.MustCompile(`^About [0-9.,]+(\S*| [a-z]+illion) solutions \(estimate, 95%: .+–.+\)\.$`).MatchString(est) {
		t.Errorf("estimate line %q", est)
	} else {
		t.Logf("estimate line: %q", est)
	}
	e.shot(t, ctx, "desktop-explore-many")
}

// addEstimate makes the page's fetch add an estimate to a candidates
// answer asked for one, where the server gives none (it refuses the
// field): the app's side of the estimate, whatever the server's.
const addEstimate = `(() => {
	const real = window.fetch;
	window.fetch = async (url, opt) => {
		const body = opt && typeof opt.body === "string" ? JSON.parse(opt.body) : {};
		if (url !== "/api/candidates" || !body.estimate) return real(url, opt);
		const r = await real(url, opt);
		if (r.ok) return r;
		delete body.estimate;
		const j = await (await real(url, {...opt, body: JSON.stringify(body)})).json();
		j.estimate = {solutions: 6.67e21, low: 6.1e21, high: 7.3e21, probes: 1000, exact: false};
		return new Response(JSON.stringify(j), {status: 200, headers: {"Content-Type": "application/json"}});
	};
})()`

func (e *browserEnv) testExplorePhone(t *testing.T) {
	ctx := e.tab(t)
	do(t, ctx, chromedp.EmulateViewport(375, 667, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	e.open(t, ctx, "#p="+bThirtyTwo)
	setDark(t, ctx, true)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](openMenu))
	e.shot(t, ctx, "phone-dark-menu")
	openExplore(t, ctx, `/^32 solutions/`)
	stepTo(t, ctx, `#explore-next`, "Solution 1 of 32")
	e.shot(t, ctx, "phone-dark-explore")
	out := eval[[]string](t, ctx, `["#board", "#explore-summary", "#explore-counts", "#explore-prev", "#explore-next", "#explore-close"].filter(s => {
		const r = document.querySelector(s).getBoundingClientRect();
		return r.left < -1 || r.right > window.innerWidth + 1 || r.top < -1 || r.bottom > window.innerHeight + 1 || r.width === 0;
	})`)
	if len(out) > 0 {
		t.Errorf("off a 375x667 screen while exploring: %v", out)
	}
	small := eval[[]string](t, ctx, `["#explore-prev", "#explore-next", "#explore-close"].filter(s => document.querySelector(s).getBoundingClientRect().height < 44)`)
	if len(small) > 0 {
		t.Errorf("controls under 44 px on a phone: %v", small)
	}
	var colours []string
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify([getComputedStyle(document.querySelector("#board .cell.preview .v")).color, getComputedStyle(document.querySelector("#board .cell.given .v")).color])`)), &colours); err != nil || colours[0] == colours[1] {
		t.Errorf("a previewed digit and a given share the colour %v (%v)", colours, err)
	}
	do(t, ctx, chromedp.Click(`#explore-prev`))
	settle(t, ctx, `!!document.querySelector("#board .xc small")`)
	e.shot(t, ctx, "phone-dark-explore-counts")
}
