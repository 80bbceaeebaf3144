package api_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserViewports: on every screen of the table the page does not
// scroll sideways, the whole board and every control are on screen (the
// page may scroll down on short screens), and the board is at least 280
// px wide where the screen allows it.
func TestBrowserViewports(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	for _, v := range []struct {
		w, h   int
		mobile bool
	}{
		{320, 568, true}, {375, 667, true}, {414, 896, true}, {667, 375, true}, {740, 400, true},
		{768, 1024, true}, {820, 1180, true}, {1024, 768, false}, {1280, 900, false}, {1920, 1080, false},
	} {
		t.Run(fmt.Sprintf("%dx%d", v.w, v.h), func(t *testing.T) {
			ctx := e.tab(t)
			opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(2)}
			if v.mobile {
				opts = append(opts, chromedp.EmulateMobile)
			}
			do(t, ctx, chromedp.EmulateViewport(int64(v.w), int64(v.h), opts...))
			e.open(t, ctx, "#p="+bEasy)
			e.shot(t, ctx, fmt.Sprintf("viewport-%dx%d", v.w, v.h))
			got := eval[[]float64](t, ctx, `[document.documentElement.scrollWidth, window.innerWidth]`)
			if got[0] > got[1]+1 {
				t.Errorf("the page is %.0f px wide in a %.0f px window: it scrolls sideways", got[0], got[1])
			}
			out := eval[[]string](t, ctx, `["#board", "#pad", ".modes", "#undo", "#redo", "#erase", "#cands", "#hint", "#menu-button", "#pause"].filter(s => {
				const r = document.querySelector(s).getBoundingClientRect();
				return r.left < -1 || r.right > window.innerWidth + 1 || r.width === 0;
			})`)
			if len(out) > 0 {
				t.Errorf("off screen sideways: %v", out)
			}
			if w := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().width`); w < 280 && min(v.w, v.h) >= 320 {
				t.Errorf("board %.0f px wide, want at least 280", w)
			}
		})
	}
}
