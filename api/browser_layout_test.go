package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sudoku"
	"sudoku/generate"
)

// layoutView is a screen of the layout tests: phones, phones held
// sideways, tablets (touch) and desktops.
type layoutView struct {
	name  string
	w, h  int64
	touch bool
}

var layoutViews = []layoutView{
	{"iPhoneSE", 375, 667, true}, {"iPhone14", 390, 844, true}, {"Pixel7", 412, 915, true},
	{"landscape844", 844, 390, true}, {"landscape667", 667, 375, true},
	{"iPad", 768, 1024, true}, {"iPadAir", 820, 1180, true},
	{"desktop1366", 1366, 768, false}, {"desktop1920", 1920, 1080, false},
}

func emulate(t *testing.T, ctx context.Context, v layoutView) {
	t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(2)}
	if v.touch {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	do(t, ctx, chromedp.EmulateViewport(v.w, v.h, opts...))
}

// outOfView lists the elements of a selector that are not wholly inside
// the window with the page scrolled to its top.
const outOfView = `((sel) => { window.scrollTo(0, 0); return [...document.querySelectorAll(sel)].filter(b => {
	const r = b.getBoundingClientRect();
	return r.width === 0 || r.top < -0.5 || r.left < -0.5 || r.bottom > window.innerHeight + 0.5 || r.right > window.innerWidth + 0.5;
}).map(b => b.id || b.textContent.trim()); })`

// hintToLevel3 opens a hint and steps it to its third level.
func hintToLevel3(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("hint").click()`))
	wait[bool](t, ctx, `document.getElementById("hint-title").textContent.startsWith("Hint 1")`)
	for l := 2; l <= 3; l++ {
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("hint-more").click()`))
		wait[bool](t, ctx, fmt.Sprintf(`document.getElementById("hint-title").textContent.startsWith("Hint %d")`, l))
	}
}

// TestBrowserLayout: the layout promises of docs/web.md at the screens
// of layoutViews (issue 39.2, 39.8, 39.9, 39.10).
func TestBrowserLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)

	// An open hint, at its most detailed level, never pushes a pad key
	// off the screen: every key, and the hint's own Apply and Close, is
	// in view without scrolling; held sideways the page fits the screen
	// with no hint open.
	t.Run("HintKeepsPad", func(t *testing.T) {
		for i, v := range layoutViews {
			t.Run(v.name, func(t *testing.T) {
				ctx := e.tab(t)
				emulate(t, ctx, v)
				e.open(t, ctx, "#p="+bEasy)
				do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.documentElement.dataset.theme = %q`, []string{"light", "dark"}[i%2])))
				settle(t, ctx, `document.querySelectorAll("#pad button").length === 9`)
				board := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().width`)
				scroll := eval[float64](t, ctx, `document.documentElement.scrollHeight - window.innerHeight`)
				if v.w > v.h && v.h < 520 && scroll > 0 {
					t.Errorf("held sideways with no hint open the page scrolls %.0f px", scroll)
				}
				hintToLevel3(t, ctx)
				e.shot(t, ctx, "layout-hint3-"+v.name)
				out := eval[[]string](t, ctx, outOfView+`("#pad button, .modes button, .tools button, #hint-apply, #hint-close, #hint-title")`)
				if len(out) > 0 {
					t.Errorf("with a level-3 hint open, out of view: %q", out)
				}
				// The hint's buttons are whole inside it, and its words have
				// two lines at least (scrolling inside).
				hint := eval[[]float64](t, ctx, `(() => { const p = document.getElementById("hint-panel").getBoundingClientRect(), b = document.querySelector(".hint-body") || document.getElementById("hint-text");
					return [Math.max(...[...document.querySelectorAll("#hint-panel .actions button")].filter(x => x.offsetParent).map(x => x.getBoundingClientRect().bottom - p.bottom)), b.clientHeight, parseFloat(getComputedStyle(b).lineHeight) || 20, document.getElementById("board").getBoundingClientRect().width, p.height,
						window.innerHeight - Math.max(...[...document.querySelectorAll("#pad button, .tools button")].map(x => x.getBoundingClientRect().bottom))]; })()`)
				if hint[0] > 0 {
					t.Errorf("the hint's buttons are cut off %.0f px at its bottom", hint[0])
				}
				if hint[1] < 1.9*hint[2] {
					t.Errorf("the hint's words get %.0f px, under two lines", hint[1])
				}
				t.Logf("%dx%d: board %.0f px, page scrolls %.0f px without a hint; with a level-3 hint (a %.0f px bar) board %.0f px, %d controls out of view (%.0f px to spare)", v.w, v.h, board, scroll, hint[4], hint[3], len(out), hint[5])
			})
		}
	})

	// The longest hint, a chain's worked example (its words, a link's
	// caption, three buttons), on the smallest screens.
	t.Run("ChainHint", func(t *testing.T) {
		for _, v := range []layoutView{layoutViews[0], layoutViews[4]} {
			t.Run(v.name, func(t *testing.T) {
				ctx := e.tabFor(t, 60*time.Second)
				emulate(t, ctx, v)
				e.practise(t, ctx, "XY-chain")
				e.shot(t, ctx, "layout-chain-"+v.name)
				if out := eval[[]string](t, ctx, outOfView+`("#pad button, .modes button, .tools button, #hint-panel .actions button:not([hidden]), #hint-title")`); len(out) > 0 {
					t.Errorf("with a chain's example open, out of view: %q", out)
				}
				cut := eval[float64](t, ctx, `(() => { const p = document.getElementById("hint-panel").getBoundingClientRect(); return Math.max(...[...document.querySelectorAll("#hint-panel .actions button")].filter(x => x.offsetParent).map(x => x.getBoundingClientRect().bottom - p.bottom)); })()`)
				if cut > 0 {
					t.Errorf("the hint's buttons are cut off %.0f px at its bottom", cut)
				}
			})
		}
	})

	// Tablets and large screens: the board fills the screen's short side,
	// less the controls (below it when the screen is tall, beside it when
	// wide), and the page does not scroll.
	t.Run("BigScreens", func(t *testing.T) {
		for _, v := range layoutViews[5:] {
			t.Run(v.name, func(t *testing.T) {
				ctx := e.tab(t)
				emulate(t, ctx, v)
				e.open(t, ctx, "#p="+bEasy)
				got := eval[[]float64](t, ctx, `(() => { const b = document.getElementById("board").getBoundingClientRect(), h = document.querySelector(".top").getBoundingClientRect();
					return [b.width, h.bottom, document.documentElement.scrollHeight, window.innerHeight]; })()`)
				board, head := got[0], got[1]
				// Room for the controls: 240 px under the board, or a 300
				// px column beside it.
				below := min(float64(v.w)-16, float64(v.h)-head-240)
				beside := min(float64(v.h)-head-16, float64(v.w)-300)
				want := 0.9 * max(below, beside)
				t.Logf("%dx%d: board %.0f px (want at least %.0f)", v.w, v.h, board, want)
				if board < want {
					t.Errorf("board %.0f px, want at least %.0f (90%% of %.0f)", board, want, want/0.9)
				}
				if got[2] > got[3]+1 {
					t.Errorf("the page scrolls %.0f px", got[2]-got[3])
				}
				e.shot(t, ctx, "layout-big-"+v.name)
			})
		}
	})

	// On a touch screen every control (the menu's and the hint's too) is
	// at least 44 px tall.
	t.Run("TouchTargets", func(t *testing.T) {
		for _, v := range []layoutView{layoutViews[0], layoutViews[3], layoutViews[5], layoutViews[6]} {
			t.Run(v.name, func(t *testing.T) {
				ctx := e.tab(t)
				emulate(t, ctx, v)
				e.open(t, ctx, "#p="+bEasy)
				small := `[...document.querySelectorAll("button, select")].filter(b => b.offsetParent !== null && b.getBoundingClientRect().height < 43.5).map(b => (b.id || b.textContent.trim()) + " " + Math.round(b.getBoundingClientRect().height))`
				got := eval[[]string](t, ctx, small)
				hintToLevel3(t, ctx)
				got = append(got, eval[[]string](t, ctx, small)...)
				do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("hint-close").click()`), chromedp.Evaluate[chromedp.Void](openMenu))
				got = append(got, eval[[]string](t, ctx, small)...)
				if len(got) > 0 {
					t.Errorf("controls under 44 px tall: %q", got)
				}
			})
		}
	})

	// A 16x16 on an iPhone SE: the board, the 16 keys of the pad and the
	// tool row are on screen.
	t.Run("Sixteen", func(t *testing.T) {
		sixteen, _ := sudoku.Sized(16)
		p, err := generate.Generate(context.Background(), generate.Options{Rules: sixteen}, generate.Source(21, 0))
		if err != nil {
			t.Fatal(err)
		}
		id, err := sudoku.FormatBoard(p.Puzzle, "solo")
		if err != nil {
			t.Fatal(err)
		}
		ctx := e.tabFor(t, 30*time.Second)
		emulate(t, ctx, layoutViews[0])
		e.open(t, ctx, "#b="+url.QueryEscape(id))
		settle(t, ctx, `document.querySelectorAll(".cell").length === 256 && document.querySelectorAll("#pad button").length === 16`)
		e.shot(t, ctx, "layout-16x16-se")
		if out := eval[[]string](t, ctx, outOfView+`("#board, #pad button, .tools button, .modes button, #menu-button")`); len(out) > 0 {
			t.Errorf("16x16 at 375x667, out of view: %q", out)
		}
		t.Logf("16x16 at 375x667: board %.0f px", eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().width`))
		// Zoomed, the window over the board is the board's own square:
		// the header, the pad and the tools stay, and the page does not
		// scroll.
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("zoom").click()`))
		settle(t, ctx, `document.querySelector(".board-wrap").classList.contains("zoomed")`)
		e.shot(t, ctx, "layout-16x16-se-zoomed")
		if out := eval[[]string](t, ctx, outOfView+`(".board-wrap, #pad button, .tools button, .modes button, #menu-button, #zoom")`); len(out) > 0 {
			t.Errorf("16x16 zoomed at 375x667, out of view: %q", out)
		}
		if got := eval[[]float64](t, ctx, `[document.documentElement.scrollHeight, window.innerHeight]`); got[0] > got[1]+1 {
			t.Errorf("16x16 zoomed: the page is %.0f px tall in %.0f", got[0], got[1])
		}
		// Held sideways too.
		for _, v := range layoutViews[3:5] {
			emulate(t, ctx, v)
			e.open(t, ctx, "#b="+url.QueryEscape(id))
			settle(t, ctx, `document.querySelectorAll(".cell").length === 256 && document.querySelectorAll("#pad button").length === 16`)
			e.shot(t, ctx, "layout-16x16-"+v.name)
			if out := eval[[]string](t, ctx, outOfView+`("#board, #pad button, .tools button, .modes button, #menu-button")`); len(out) > 0 {
				t.Errorf("16x16 at %dx%d, out of view: %q", v.w, v.h, out)
			}
			small := eval[[]string](t, ctx, `[...document.querySelectorAll("#pad button")].filter(b => b.getBoundingClientRect().width < 43.5 || b.getBoundingClientRect().height < 43.5).map(b => b.textContent)`)
			if len(small) > 0 {
				t.Errorf("16x16 at %dx%d, pad keys under 44 px: %q", v.w, v.h, small)
			}
			if got := eval[[]float64](t, ctx, `[document.documentElement.scrollHeight, window.innerHeight]`); got[0] > got[1]+1 {
				t.Errorf("16x16 at %dx%d: the page is %.0f px tall", v.w, v.h, got[0])
			}
		}
	})

	// A quadruple's digits are at least 10 px on a phone.
	t.Run("QuadrupleText", func(t *testing.T) {
		var fp map[string]any
		if err := json.Unmarshal([]byte(fpText(t, bEasy)), &fp); err != nil {
			t.Fatal(err)
		}
		fp["quadruple"] = []map[string]any{{"cells": []string{"R1C1", "R1C2", "R2C1", "R2C2"}, "values": []int{3, 5, 6, 7}}, {"cells": []string{"R5C5", "R5C6", "R6C5", "R6C6"}, "values": []int{2, 3}}}
		b, _ := json.Marshal(fp)
		ctx := e.tabFor(t, 30*time.Second)
		emulate(t, ctx, layoutViews[0])
		e.open(t, ctx, "#p="+bEasy)
		do(t, ctx, inMenu(`#enter`))
		settle(t, ctx, `document.getElementById("enter-dialog").open`)
		do(t, ctx, chromedp.SetValue(`#enter-text`, string(b)), chromedp.Click(`#enter-load`))
		settle(t, ctx, `!document.getElementById("enter-dialog").open && document.querySelectorAll(".shapes text").length > 0`)
		e.shot(t, ctx, "layout-quadruple-se")
		sizes := eval[[]float64](t, ctx, `[...document.querySelectorAll(".shapes text")].map(s => s.getBoundingClientRect().height)`)
		glyph := eval[[]float64](t, ctx, `[...document.querySelectorAll(".shapes text")].map(s => { const m = s.getScreenCTM(); return parseFloat(s.getAttribute("font-size")) * m.a; })`)
		t.Logf("quadruple text: %.1f px font (boxes %.1f px tall)", glyph, sizes)
		for _, g := range glyph {
			if g < 10 {
				t.Errorf("a quadruple's digits are %.1f px, want at least 10", g)
			}
		}
		// The digits stay inside their circle.
		if out := eval[int](t, ctx, `(() => { const cs = [...document.querySelectorAll(".shapes circle")].map(c => c.getBoundingClientRect());
			return [...document.querySelectorAll(".shapes text")].filter(s => { const r = s.getBBox(), m = s.getScreenCTM(), l = r.x * m.a + m.e, w = r.width * m.a;
				return !cs.some(c => l >= c.left - 1 && l + w <= c.right + 1); }).length; })()`); out > 0 {
			t.Errorf("%d quadruples' digits spill out of their circle", out)
		}
	})

	// A long rules box on a laptop screen stays on it, scrolling inside.
	t.Run("RulesBounded", func(t *testing.T) {
		var fp map[string]any
		if err := json.Unmarshal([]byte(thermoJSON(t)), &fp); err != nil {
			t.Fatal(err)
		}
		long := ""
		for i := range 30 {
			long += fmt.Sprintf("Rule paragraph %d: digits along a thermometer increase from its bulb, and so on at some length.\n", i+1)
		}
		fp["ruleset"] = long
		b, _ := json.Marshal(fp)
		ctx := e.tabFor(t, 30*time.Second)
		emulate(t, ctx, layoutViews[7])
		e.open(t, ctx, "#p="+bEasy)
		do(t, ctx, inMenu(`#enter`))
		settle(t, ctx, `document.getElementById("enter-dialog").open`)
		do(t, ctx, chromedp.SetValue(`#enter-text`, string(b)), chromedp.Click(`#enter-load`))
		settle(t, ctx, `!document.getElementById("enter-dialog").open && !document.getElementById("setter-rules").hidden`)
		e.shot(t, ctx, "layout-rules-1366")
		got := eval[[]float64](t, ctx, `[document.getElementById("rule-words").getBoundingClientRect().bottom, window.innerHeight, document.documentElement.scrollHeight]`)
		t.Logf("rules box ends at %.0f px of %.0f (page %.0f px tall)", got[0], got[1], got[2])
		if got[0] > got[1]+0.5 || got[2] > got[1]+1 {
			t.Errorf("the rules box ends at %.0f px, below the %.0f px window (page %.0f px)", got[0], got[1], got[2])
		}
	})

	// The statistics' headings are whole words on a phone, and the table
	// fits.
	t.Run("StatsHeadings", func(t *testing.T) {
		for _, v := range []layoutView{{"SE", 375, 667, true}, {"small", 320, 568, true}} {
			t.Run(v.name, func(t *testing.T) {
				ctx := e.tab(t)
				emulate(t, ctx, v)
				e.open(t, ctx, "#p="+bEasy)
				stats := `{"levels":{"Medium":{"played":12,"won":9,"helped":2,"solver":1,"best":252000,"totalMs":3780000},"Diabolical":{"played":3,"won":1,"helped":1,"solver":1,"best":3725000,"totalMs":3725000}},"days":[],"daily":{}}`
				do(t, ctx, chromedp.Evaluate[chromedp.Void](`localStorage.setItem("sudoku.stats.v1", `+jsString(stats)+`)`), chromedp.Reload())
				wait[bool](t, ctx, `document.documentElement.dataset.ready === "1"`)
				do(t, ctx, inMenu(`#stats`))
				settle(t, ctx, `document.getElementById("stats-dialog").open && document.querySelectorAll("#stats-table tr").length > 1`)
				e.shot(t, ctx, "layout-stats-"+v.name)
				// Each figure of a level is on screen after its heading, a whole
				// word, in text of 11 px at least, and the dialog does not
				// scroll sideways.
				cells := eval[[]map[string]any](t, ctx, `[...document.querySelectorAll("#stats-table td:not(:first-child)")].map(c => { const r = c.getBoundingClientRect(), w = document.querySelector("#stats-dialog .table-wrap").getBoundingClientRect();
					return {label: getComputedStyle(c, "::before").content, text: c.textContent, size: parseFloat(getComputedStyle(c).fontSize), in: r.left >= w.left - 0.5 && r.right <= w.right + 0.5 && r.width > 0}; })`)
				if len(cells) != 12 {
					t.Fatalf("%d figures, want 12", len(cells))
				}
				for _, c := range cells {
					switch c["label"] {
					case `"Played "`, `"Won "`, `"With hints "`, `"Solver "`, `"Best "`, `"Average "`:
					default:
						t.Errorf("figure %v has the heading %v, want a whole word", c["text"], c["label"])
					}
					if c["in"] != true || c["size"].(float64) < 11 {
						t.Errorf("figure %v (%v): %.1f px, inside the dialog %v", c["label"], c["text"], c["size"], c["in"])
					}
				}
				fit := eval[[]float64](t, ctx, `(() => { const w = document.querySelector("#stats-dialog .table-wrap"); return [w.scrollWidth, w.clientWidth]; })()`)
				if fit[0] > fit[1]+1 {
					t.Errorf("stats table %.0f px wide in %.0f", fit[0], fit[1])
				}
				t.Logf("figures %v", cells)
			})
		}
	})
}
