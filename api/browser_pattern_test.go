package api_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPattern: a worked example and a level-3 hint draw the step's
// pattern on the board. An X-Wing's four corner candidates are coloured
// (two rows by two columns, one digit) and the candidates it takes out
// struck through; an X-chain's and an XY-chain's links are drawn one at
// a time with Next link, solid when strong and dashed when weak, as many
// as the step has.
func TestBrowserPattern(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	t.Run("XWing", e.testPatternXWing)
	for _, tech := range []string{"X-chain", "XY-chain"} {
		t.Run(tech, func(t *testing.T) { e.testPatternChain(t, tech) })
	}
}

// practise starts Practice on the technique named in the list and opens
// its worked example.
func (e *browserEnv) practise(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	e.open(t, ctx, "#p="+bEasy)
	do(t, ctx, inMenu(`#practice`))
	settle(t, ctx, `document.getElementById("practice-tech").options.length > 10`)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("practice-tech"); s.value = [...s.options].find(o => o.textContent === %q).value; })()`, name)))
	do(t, ctx, chromedp.Click(`#practice-start`))
	settle(t, ctx, fmt.Sprintf(`document.getElementById("hint-title").textContent === "Practice · %s" && !document.getElementById("hint-more").hidden`, name))
	do(t, ctx, chromedp.Click(`#hint-more`))
	settle(t, ctx, fmt.Sprintf(`document.getElementById("hint-title").textContent === "Hint 3 of 3 · %s"`, name))
}

// drawnCands lists the candidates drawn with class cls: [cell, digit].
func drawnCands(t *testing.T, ctx context.Context, cls string) [][2]int {
	var out [][2]int
	for _, s := range eval[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll(".corner span.%s")].map(s => s.closest(".cell").dataset.i + " " + s.textContent)`, cls)) {
		var c [2]int
		fmt.Sscan(s, &c[0], &c[1])
		out = append(out, c)
	}
	return out
}

func (e *browserEnv) testPatternXWing(t *testing.T) {
	ctx := e.tabFor(t, 60*time.Second)
	e.practise(t, ctx, "X-Wing")
	checkXWing(t, ctx, "worked example")
	e.shot(t, ctx, "desktop-pattern-xwing")
	// The hint ladder from the practice position reaches the same
	// technique, drawn the same way at level 3.
	do(t, ctx, chromedp.Click(`#hint-close`), chromedp.Click(`#hint`))
	settle(t, ctx, `/^Hint 1 of 3/.test(document.getElementById("hint-title").textContent)`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".corner span.pat, .corner span.elim").length`); n != 0 {
		t.Errorf("a level-1 hint draws %d pattern candidates, want none", n)
	}
	for level := 2; level <= 3; level++ {
		do(t, ctx, chromedp.Click(`#hint-more`))
		settle(t, ctx, fmt.Sprintf(`/^Hint %d of 3 · X-Wing/.test(document.getElementById("hint-title").textContent)`, level))
	}
	checkXWing(t, ctx, "level-3 hint")
	do(t, ctx, chromedp.Click(`#hint-close`))
	if n := eval[int](t, ctx, `document.querySelectorAll(".corner span.pat, .corner span.elim, .corner span.dim").length`); n != 0 {
		t.Errorf("closed, the hint leaves %d candidates drawn", n)
	}
}

// checkXWing: four corners of one digit on two rows and two columns;
// every candidate struck out is that digit, on a corner's row or column
// and no corner; the other candidates of the digit dimmed.
func checkXWing(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	corners, elims := drawnCands(t, ctx, "pat"), drawnCands(t, ctx, "elim")
	t.Logf("%s: corners %v, struck %v", what, corners, elims)
	rows, cols, isCorner := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, c := range corners {
		rows[c[0]/9], cols[c[0]%9], isCorner[c[0]] = true, true, true
	}
	if len(corners) != 4 || len(rows) != 2 || len(cols) != 2 {
		t.Fatalf("%s: corners %v, want 4 on 2 rows and 2 columns", what, corners)
	}
	d := corners[0][1]
	for _, c := range append(corners, elims...) {
		if c[1] != d {
			t.Errorf("%s: %v drawn, want only the digit %d", what, c, d)
		}
	}
	if len(elims) == 0 {
		t.Errorf("%s: no candidate struck out", what)
	}
	for _, c := range elims {
		if isCorner[c[0]] || !rows[c[0]/9] && !cols[c[0]%9] {
			t.Errorf("%s: cell %d struck out: not on the X-Wing's lines, or a corner", what, c[0])
		}
	}
	if s := eval[string](t, ctx, `getComputedStyle(document.querySelector(".corner span.elim")).textDecorationLine`); s != "line-through" {
		t.Errorf("%s: an eliminated candidate has text-decoration %q, want line-through", what, s)
	}
	dim := eval[[]string](t, ctx, `[...document.querySelectorAll(".corner span.dim")].map(s => s.textContent)`)
	for _, x := range dim {
		if x != strconv.Itoa(d) {
			t.Errorf("%s: %s dimmed, want only other %ds", what, x, d)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.links path.link").length`); n != 0 || !eval[bool](t, ctx, `document.getElementById("hint-next").hidden`) {
		t.Errorf("%s: an X-Wing draws %d links, or offers Next link", what, n)
	}
}

var linkCaption = regexp.MustCompile(`^Link (\d+) of (\d+) \((strong|weak)\): `)

// testPatternChain steps through a chain's links: one more is drawn at
// each Next link, strong ones solid and weak ones dashed, alternating from
// a strong one; at the end as many lines as the step has links, and
// From the start goes back to the first.
func (e *browserEnv) testPatternChain(t *testing.T, tech string) {
	ctx := e.tabFor(t, 60*time.Second)
	e.practise(t, ctx, tech)
	lines := `document.querySelectorAll("svg.links path.link").length`
	m := linkCaption.FindStringSubmatch(eval[string](t, ctx, `document.getElementById("hint-link").textContent`))
	if m == nil || m[1] != "1" || eval[int](t, ctx, lines) != 1 {
		t.Fatalf("the example shows %d links and says %q, want the first", eval[int](t, ctx, lines), eval[string](t, ctx, `document.getElementById("hint-link").textContent`))
	}
	n, _ := strconv.Atoi(m[2])
	kinds := []string{m[3]}
	for k := 2; k <= n; k++ {
		do(t, ctx, chromedp.Click(`#hint-next`))
		caption := eval[string](t, ctx, `document.getElementById("hint-link").textContent`)
		m := linkCaption.FindStringSubmatch(caption)
		if m == nil || m[1] != strconv.Itoa(k) || eval[int](t, ctx, lines) != k {
			t.Fatalf("after %d Next link: %d lines, caption %q", k-1, eval[int](t, ctx, lines), caption)
		}
		kinds = append(kinds, m[3])
	}
	strong, weak := 0, 0
	for k, kind := range kinds {
		want := map[bool]string{true: "strong", false: "weak"}[k%2 == 0]
		if kind != want {
			t.Errorf("link %d is %s, want %s (a chain alternates from a strong link)", k+1, kind, want)
		}
		if kind == "strong" {
			strong++
		} else {
			weak++
		}
	}
	got := eval[[]int](t, ctx, `["strong", "weak"].map(k => document.querySelectorAll("svg.links path.link." + k).length)`)
	if got[0] != strong || got[1] != weak {
		t.Errorf("%d strong and %d weak lines drawn, want %d and %d", got[0], got[1], strong, weak)
	}
	dash := eval[[]string](t, ctx, `["strong", "weak"].map(k => getComputedStyle(document.querySelector("svg.links path.link." + k) || document.body).strokeDasharray)`)
	if dash[0] != "none" || weak > 0 && dash[1] == "none" {
		t.Errorf("stroke-dasharray: strong %q, weak %q; want solid and dashed", dash[0], dash[1])
	}
	checkChainNodes(t, ctx)
	t.Logf("%s: %d links (%d strong, %d weak), %d candidates coloured, %d struck", tech, n, strong, weak, len(drawnCands(t, ctx, "pat")), len(drawnCands(t, ctx, "elim")))
	e.shot(t, ctx, "desktop-pattern-"+tech)
	if txt := eval[string](t, ctx, `document.getElementById("hint-next").textContent`); txt != "From the start" {
		t.Errorf("after the last link the button says %q", txt)
	}
	do(t, ctx, chromedp.Click(`#hint-next`))
	if k := eval[int](t, ctx, lines); k != 1 {
		t.Errorf("From the start: %d lines, want 1", k)
	}
	// The hint ladder at the practice position names the technique
	// chosen, not the solving order's name for its next step.
	do(t, ctx, chromedp.Click(`#hint-close`), chromedp.Click(`#hint`))
	settle(t, ctx, `/^Hint 1 of 3/.test(document.getElementById("hint-title").textContent)`)
	if txt := eval[string](t, ctx, `document.getElementById("hint-text").textContent`); !strings.Contains(strings.ToLower(txt), strings.ToLower(tech)) {
		t.Errorf("the first hint says %q, want it to name %s", txt, tech)
	}
	do(t, ctx, chromedp.Click(`#hint-more`))
	settle(t, ctx, fmt.Sprintf(`document.getElementById("hint-title").textContent === "Hint 2 of 3 · %s"`, tech))
}

// checkChainNodes checks that every node of the chain's links drawn (the
// candidates at their ends, data-ends) is coloured, or struck when the
// step takes it out (a chain may end on a candidate a node also sees).
func checkChainNodes(t *testing.T, ctx context.Context) {
	t.Helper()
	drawn := map[[2]int]string{}
	for _, cls := range []string{"pat", "elim"} {
		for _, c := range drawnCands(t, ctx, cls) {
			drawn[c] = cls
		}
	}
	for _, ends := range eval[[]string](t, ctx, `[...document.querySelectorAll("svg.links path.link")].map(p => p.dataset.ends)`) {
		var e [4]int
		if _, err := fmt.Sscan(ends, &e[0], &e[1], &e[2], &e[3]); err != nil {
			t.Fatalf("link ends %q: %v", ends, err)
		}
		for _, c := range [][2]int{{e[0], e[1]}, {e[2], e[3]}} {
			if drawn[c] == "" {
				t.Errorf("node %d of cell %d is not drawn (coloured or struck)", c[1], c[0])
			}
		}
	}
}
