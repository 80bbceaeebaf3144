package api_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"sudoku"
	"sudoku/api"
	"sudoku/logic"
	"sudoku/render"
)

// The browser tests drive the web app in Debian's chromium against the
// real handler. They skip when chromium is absent, unless
// SUDOKU_REQUIRE_TOOLS=1. Screenshots of the main screens go to
// $SUDOKU_SCREENSHOTS (default: the temp dir's sudoku-screens).

const (
	bEasy    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	bEasySol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	bTwoSols = "........................................................................1234.5678"
)

// The bank's puzzle: the MathWorks example of the README.
const (
	bBank    = ".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2."
	bBankSol = "925631847618574293374982561749826135852413976163795482287359614491267358536148729"
)

// oneBank hands out bBank once per level, then is empty.
type oneBank struct {
	mu    sync.Mutex
	given map[logic.Level]bool
}

func (b *oneBank) Pick(ctx context.Context, l logic.Level) (api.BankPuzzle, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.given[l] {
		return api.BankPuzzle{}, api.ErrBankEmpty
	}
	b.given[l] = true
	return b.Daily(ctx, time.Time{}, l)
}

func (b *oneBank) Daily(ctx context.Context, day time.Time, l logic.Level) (api.BankPuzzle, error) {
	p, _ := sudoku.Parse(bBank)
	s, _ := sudoku.Parse(bBankSol)
	return api.BankPuzzle{Puzzle: p, Solution: s, Rating: logic.PuzzleRating{ER: 20, EP: 20, ED: 20, Level: l, Version: logic.RatingVersion}}, nil
}

// photoScanner stands in for the photo reader: any PNG reads as bEasy,
// with r1c4 doubtful, and the overlay is the solved board.
type photoScanner struct{ overlay []byte }

func (s photoScanner) Scan(ctx context.Context, photo io.Reader, overlay bool) (api.ScanResult, error) {
	b, err := io.ReadAll(photo)
	if err == nil && bytes.HasPrefix(b, []byte("\xff\xd8")) { // a JPEG: a real photo for the real reader
		return api.PhotoReader{}.Scan(ctx, bytes.NewReader(b), overlay)
	}
	if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		return api.ScanResult{}, api.ErrNoGrid
	}
	g, _ := sudoku.Parse(bEasy)
	sol, _ := sudoku.Parse(bEasySol)
	res := api.ScanResult{Grid: g, Low: []sudoku.Cell{3}, Solution: &sol, Width: 228, Height: 228,
		Corners: [4][2]float64{{6, 6}, {222, 6}, {222, 222}, {6, 222}}}
	res.Confidence[3] = 0.4
	if overlay {
		res.Overlay = s.overlay
	}
	return res, nil
}

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	if os.Getenv("SUDOKU_REQUIRE_TOOLS") == "1" {
		t.Fatal("chromium not found (apt-get install chromium) and SUDOKU_REQUIRE_TOOLS=1")
	}
	t.Skip("chromium not found: install Debian's chromium (apt-get install chromium) to run the browser tests")
	return ""
}

func screenDir(t *testing.T) string {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "sudoku-screens")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browserEnv is a running server and browser.
type browserEnv struct {
	t       *testing.T
	base    string
	browser context.Context
	screens string
}

func newBrowserEnv(t *testing.T) *browserEnv {
	exe := chromiumPath(t)
	var overlay bytes.Buffer
	g, _ := sudoku.Parse(bEasy)
	sol, _ := sudoku.Parse(bEasySol)
	if err := render.PNG(&overlay, &render.Board{Puzzle: g, Filled: &sol}, render.Options{CellSize: 24}); err != nil {
		t.Fatal(err)
	}
	srv := &api.Server{Scanner: photoScanner{overlay.Bytes()}, Bank: &oneBank{given: map[logic.Level]bool{}}}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.WindowSize(1200, 900), chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	bctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return &browserEnv{t: t, base: ts.URL, browser: bctx, screens: screenDir(t)}
}

// tab opens a new tab for one test, with a time limit. The test fails
// on any uncaught exception, console error or browser log error (CSP
// violations among them) in the tab.
func (e *browserEnv) tab(t *testing.T) context.Context { return e.tabFor(t, 20*time.Second) }

// tabFor is tab with a time limit of d.
func (e *browserEnv) tabFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := chromedp.NewContext(e.browser)
	t.Cleanup(cancel)
	var mu sync.Mutex
	var errs []string
	if err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "exception: " + ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				msg = "console.error"
				for _, a := range ev.Args {
					msg += " " + string(a.Value)
				}
			}
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError && !expectedLogError(ev.Entry.Text, ev.Entry.URL) {
				msg = fmt.Sprintf("log %s: %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
			}
		}
		if msg != "" {
			mu.Lock()
			errs = append(errs, msg)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range errs {
			t.Errorf("browser: %s", m)
		}
	})
	tctx, cancelT := context.WithTimeout(ctx, d)
	t.Cleanup(cancelT)
	return tctx
}

// expectedLogError tells the browser's logs of the API's error answers,
// which the tests provoke on purpose, from real errors.
func expectedLogError(text, url string) bool {
	switch {
	case !strings.Contains(url, "/api/"):
		return false
	case strings.Contains(text, "status of 4"):
		return true
	case strings.Contains(text, "status of 503") && strings.Contains(url, "/api/bank/"): // a server without a bank
		return true
	}
	return strings.Contains(text, "ERR_CONNECTION_REFUSED") // the offline test stops its server
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// wait polls a JavaScript expression until it is truthy and returns it.
func wait[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	for try := 0; ; try++ {
		v, err := chromedp.Run(ctx, chromedp.Poll[T](js, chromedp.WithPollingTimeout(10*time.Second), chromedp.WithPollingInterval(20*time.Millisecond)))
		// Right after a navigation the page's script context may be
		// replaced under a poll (Chromium's "Cannot find context"): poll
		// the new one.
		if err != nil && try < 3 && strings.Contains(err.Error(), "Cannot find context") {
			continue
		}
		if err != nil {
			t.Fatalf("waiting for %s: %v", js, err)
		}
		return v
	}
}

func (e *browserEnv) shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(e.screens, name+".png")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", p)
}

// key presses one key: code "Digit4", "ArrowRight", "KeyZ"; key the
// DOM key value; vk its Windows key code.
func key(code, key string, vk int64, mods ...chromedp.Modifier) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		var m int64
		for _, x := range mods {
			m |= int64(x)
		}
		down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Code: code, Key: key, WindowsVirtualKeyCode: vk, NativeVirtualKeyCode: vk, Modifiers: m}
		if len(key) == 1 && m&^int64(chromedp.ModifierShift) == 0 {
			down.Text = key
		} else {
			down.Type = input.DispatchKeyEventTypeRawKeyDown
		}
		if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, down); err != nil {
			return err
		}
		up := down
		up.Type, up.Text = input.DispatchKeyEventTypeKeyUp, ""
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, up)
		return err
	})
}

const openMenu = `(() => { const m = document.getElementById("menu"); if (m.hidden) document.getElementById("menu-button").click(); m.querySelector("details").open = true; })()`

// inMenu opens the menu and its More section, then clicks sel in it.
func inMenu(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		return chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](openMenu), chromedp.Click(sel))
	})
}

// setInMenu opens the menu and sets the value of the select sel.
func setInMenu(sel, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		return chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](openMenu), chromedp.SetValue(sel, value))
	})
}

func digit(d int, mods ...chromedp.Modifier) chromedp.Action[chromedp.Void] {
	k := fmt.Sprint(d)
	if len(mods) > 0 && mods[0] == chromedp.ModifierShift {
		k = string(")!@#$%^&*("[d])
	}
	return key(fmt.Sprintf("Digit%d", d), k, int64('0'+d), mods...)
}

var (
	right = key("ArrowRight", "ArrowRight", 39)
	down  = key("ArrowDown", "ArrowDown", 40)
)

func label(t *testing.T, ctx context.Context, i int) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('[data-i="%d"]').getAttribute('aria-label')`, i))
}

// open loads the app at a share link (hash may be "") and waits for it.
func (e *browserEnv) open(t *testing.T, ctx context.Context, hash string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(e.base+"/api/levels"), chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate(e.base+"/"+hash))
	wait[bool](t, ctx, `document.documentElement.dataset.ready === "1" && !!document.querySelector('[data-i="80"][aria-label]')`)
}

func setDark(t *testing.T, ctx context.Context, dark bool) {
	v := "light"
	if dark {
		v = "dark"
	}
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}})
		return err
	}))
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	e := newBrowserEnv(t)
	t.Run("SharedLinkPlayToCompletion", e.testPlay)
	t.Run("PencilMarksAndUndo", e.testMarks)
	t.Run("HintAndExplain", e.testHint)
	t.Run("NoSolutionAndSeveral", e.testEnter)
	t.Run("PhotoOverlay", e.testPhoto)
	t.Run("RealPhoto", e.testRealPhoto)
	t.Run("NewPuzzleAndShare", e.testNewAndShare)
	t.Run("PhoneAndDark", e.testPhone)
	t.Run("HintsFollowNotes", e.testHintsFollowNotes)
	t.Run("HelpIsCounted", e.testHelpCounted)
	t.Run("ProgressKept", e.testProgressKept)
	t.Run("PhoneLayout", e.testPhoneLayout)
	t.Run("Contrast", e.testContrast)
	t.Run("ShapesContrast", e.testShapesContrast)
	t.Run("KeyboardMenu", e.testKeyboardMenu)
	t.Run("DailyAndStats", e.testDailyStats)
	t.Run("Offline", e.testOffline)
	t.Run("SmallFixes", e.testSmallFixes)
	t.Run("Variants", e.testVariants)
	t.Run("Practice", e.testPractice)
	t.Run("PauseKept", e.testPauseKept)
	t.Run("ExplainOnPhone", e.testExplainOnPhone)
	t.Run("StatsOnPhone", e.testStatsOnPhone)
	t.Run("WindowsHatched", e.testWindowsHatched)
	t.Run("Zoom16", e.testZoom16)
	t.Run("FixIt", e.testFixIt)
	t.Run("NewCancel", e.testNewCancel)
	t.Run("LevelsOffered", e.testLevelsOffered)
}

// blanks are the cells left open in the shared almost-solved game.
var blanks = []int{2, 40, 78}

func (e *browserEnv) testPlay(t *testing.T) {
	ctx := e.tab(t)
	entries := []byte(bEasySol)
	for i := range entries {
		if bEasy[i] != '.' {
			entries[i] = '.'
		}
	}
	for _, i := range blanks {
		entries[i] = '.'
	}
	e.open(t, ctx, "#p="+bEasy+"&e="+string(entries))

	// A cold load: the first page this browser loads from the server. The
	// times are logged, not checked (speed is never timed in tests); the
	// budget is 300 ms to interactive on loopback.
	timing := eval[map[string]float64](t, ctx, `(() => { const n = performance.getEntriesByType("navigation")[0];
		const r = performance.getEntriesByName("sudoku-ready")[0];
		return {domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd, ready: r ? r.startTime : -1,
			bytes: performance.getEntriesByType("resource").reduce((s, x) => s + x.encodedBodySize, n.encodedBodySize)}; })()`)
	t.Logf("cold load: domInteractive %.0f ms, DOMContentLoaded %.0f ms, app ready %.0f ms, load %.0f ms, %.0f bytes",
		timing["domInteractive"], timing["domContentLoaded"], timing["ready"], timing["load"], timing["bytes"])
	if timing["ready"] < 0 {
		t.Error("the app never marked itself ready")
	}

	// The shared link restored the puzzle and the entries, and left the URL.
	if got, want := label(t, ctx, 0), "row 1 column 1, 5, given"; got != want {
		t.Errorf("r1c1: got %q, want %q", got, want)
	}
	if got, want := label(t, ctx, 3), "row 1 column 4, 6"; got != want {
		t.Errorf("r1c4: got %q, want %q", got, want)
	}
	if got := label(t, ctx, 2); !strings.Contains(got, "empty") {
		t.Errorf("r1c3: got %q, want empty", got)
	}
	if h := eval[string](t, ctx, `location.hash`); h != "" {
		t.Errorf("hash left in the URL: %q", h)
	}

	// Play the three open cells by keyboard: the first one is selected.
	do(t, ctx, chromedp.Focus(`[data-i="2"]`), digit(int(bEasySol[2]-'0')))
	for range 4 {
		do(t, ctx, down)
	}
	for range 2 {
		do(t, ctx, right)
	}
	if sel := eval[string](t, ctx, `document.activeElement.dataset.i`); sel != "40" {
		t.Fatalf("after the arrows the focus is on cell %s, want 40", sel)
	}
	do(t, ctx, digit(int(bEasySol[40]-'0')))
	for range 4 {
		do(t, ctx, down)
	}
	for range 2 {
		do(t, ctx, right)
	}
	do(t, ctx, digit(int(bEasySol[78]-'0')))
	msg := wait[string](t, ctx, `/Solved in/.test(document.getElementById("message").textContent) && document.getElementById("message").textContent`)
	t.Logf("completion message: %q", msg)
	e.shot(t, ctx, "desktop-solved")

	// The progress survives a reload.
	do(t, ctx, chromedp.Reload())
	wait[bool](t, ctx, `document.documentElement.dataset.ready === "1"`)
	t.Logf("warm reload: app ready %.0f ms", eval[float64](t, ctx, `performance.getEntriesByName("sudoku-ready")[0].startTime`))
	if got := label(t, ctx, 40); got != "row 5 column 5, 5" {
		t.Errorf("after reload r5c5: got %q", got)
	}
}

func (e *browserEnv) testMarks(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	// r1c3 (cell 2): corner 4 by Shift, centre 1 and 2 by Ctrl.
	do(t, ctx, chromedp.Click(`[data-i="2"]`), digit(4, chromedp.ModifierShift), digit(1, chromedp.ModifierCtrl), digit(2, chromedp.ModifierCtrl))
	if got, want := label(t, ctx, 2), "row 1 column 3, empty, corner marks 4, centre marks 1 2"; got != want {
		t.Fatalf("after marks: got %q, want %q", got, want)
	}
	// r1c4 (cell 3, not a peer of r2c3): corner 4 with the mode switch and the pad.
	do(t, ctx, chromedp.Click(`[data-i="3"]`), chromedp.Click(`.modes [data-mode="corner"]`), chromedp.Click(`#pad [data-digit="4"]`),
		chromedp.Click(`.modes [data-mode="digit"]`))
	if got := label(t, ctx, 3); got != "row 1 column 4, empty, corner marks 4" {
		t.Fatalf("pad mark: got %q", got)
	}
	// Placing 4 in r2c3 clears the 4 of its peer r1c3, not of r1c4.
	do(t, ctx, chromedp.Click(`[data-i="11"]`), digit(4))
	if got := label(t, ctx, 2); got != "row 1 column 3, empty, centre marks 1 2" {
		t.Errorf("peer's marks after placing: got %q", got)
	}
	if got := label(t, ctx, 3); !strings.Contains(got, "corner marks 4") {
		t.Errorf("non-peer's marks after placing: got %q", got)
	}
	// One undo takes back the digit and the mark it cleared.
	do(t, ctx, key("KeyZ", "z", 90, chromedp.ModifierCtrl))
	if got := label(t, ctx, 11); got != "row 2 column 3, empty" {
		t.Errorf("after undo r2c3: got %q", got)
	}
	if got := label(t, ctx, 2); got != "row 1 column 3, empty, corner marks 4, centre marks 1 2" {
		t.Errorf("after undo r1c3: got %q", got)
	}
	do(t, ctx, key("KeyY", "y", 89, chromedp.ModifierCtrl))
	if got := label(t, ctx, 11); got != "row 2 column 3, 4" {
		t.Errorf("after redo r2c3: got %q", got)
	}
	// A wrong 4 in r2c3 (the solution has 2), and a conflict: 5 in r1c3.
	do(t, ctx, inMenu(`#mistakes`))
	wait[bool](t, ctx, `document.querySelector('[data-i="11"]').classList.contains("wrong")`)
	do(t, ctx, chromedp.Click(`[data-i="2"]`), digit(5))
	if got := label(t, ctx, 2); !strings.HasSuffix(got, "conflict, wrong") {
		t.Errorf("conflicting entry: got %q", got)
	}
	do(t, ctx, key("Backspace", "Backspace", 8), chromedp.Click(`#cands`))
	// Notes fill every candidate as corner marks and clear centre marks.
	if got := label(t, ctx, 2); got != "row 1 column 3, empty, corner marks 1 2" {
		t.Errorf("auto candidates r1c3: got %q", got)
	}
	do(t, ctx, chromedp.Click(`[data-i="40"]`))
	e.shot(t, ctx, "desktop-marks")
	do(t, ctx, inMenu(`#mistakes`))
}

func (e *browserEnv) testHint(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	do(t, ctx, chromedp.Click(`#hint`))
	h1 := wait[string](t, ctx, `document.getElementById("hint-text").textContent`)
	do(t, ctx, chromedp.Click(`#hint-more`))
	wait[bool](t, ctx, `document.getElementById("hint-title").textContent.startsWith("Hint 2")`)
	h2 := eval[string](t, ctx, `document.getElementById("hint-text").textContent`)
	houses := eval[int](t, ctx, `document.querySelectorAll(".cell.hint-house").length`)
	do(t, ctx, chromedp.Click(`#hint-more`))
	wait[bool](t, ctx, `document.getElementById("hint-title").textContent.startsWith("Hint 3")`)
	h3 := eval[string](t, ctx, `document.getElementById("hint-text").textContent`)
	hinted := eval[[]string](t, ctx, `[...document.querySelectorAll(".cell.hint")].map(c => c.dataset.i)`)
	t.Logf("hints: %q / %q / %q; %d house cells, hinted cells %v", h1, h2, h3, houses, hinted)
	if !strings.HasPrefix(h1, "Look for") || !strings.Contains(h2, " in ") || !regexp.MustCompile(`(?i)row \d, column \d is \d`).MatchString(h3) {
		t.Errorf("hint texts: %q, %q, %q", h1, h2, h3)
	}
	if houses < 9 || len(hinted) == 0 {
		t.Errorf("highlight: %d house cells, %d hinted cells", houses, len(hinted))
	}
	e.shot(t, ctx, "desktop-hint")
	// Applying the step places its digit; the hint closes with the change.
	before := eval[int](t, ctx, `[...document.querySelectorAll(".cell.entry")].length`)
	do(t, ctx, chromedp.Click(`#hint-apply`))
	after := eval[int](t, ctx, `[...document.querySelectorAll(".cell.entry")].length`)
	if after != before+1 || !eval[bool](t, ctx, `document.getElementById("hint-panel").hidden`) {
		t.Errorf("apply: entries %d -> %d", before, after)
	}

	do(t, ctx, inMenu(`#explain`))
	n := wait[int](t, ctx, `document.querySelectorAll("#explain-steps li").length`)
	// Explain all starts from the player's position: one step was applied.
	if n != 50 {
		t.Errorf("explain: %d steps from the position after one step, want 50 (51 from the start)", n)
	}
	do(t, ctx, chromedp.Click(`#explain-steps li:nth-child(3) button`))
	if c := eval[int](t, ctx, `document.querySelectorAll(".cell.hint").length`); c == 0 {
		t.Error("explain step: no cell highlighted")
	}
	e.shot(t, ctx, "desktop-explain")
}

func (e *browserEnv) testEnter(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	// A grid form the server parses; r1c9 has no candidate left.
	noSol := "1 2 3 | 4 5 6 | 7 8 .\n. . . | . . . | . . 9\n" + strings.Repeat(". . . | . . . | . . .\n", 7)
	do(t, ctx, inMenu(`#enter`), chromedp.SetValue(`#enter-text`, noSol), chromedp.Click(`#enter-load`))
	msg := wait[string](t, ctx, `/no solution/.test(document.getElementById("enter-error").textContent) && document.getElementById("enter-error").textContent`)
	t.Logf("no solution: %q", msg)
	e.shot(t, ctx, "desktop-no-solution")
	if got := label(t, ctx, 0); got != "row 1 column 1, 5, given" {
		t.Errorf("the old game changed: r1c1 %q", got)
	}
	// An invalid Solo ID: what is wrong, and the forms Enter takes.
	do(t, ctx, chromedp.SetValue(`#enter-text`, "3x3:zzz"), chromedp.Click(`#enter-load`))
	bad := wait[string](t, ctx, `/Enter takes/.test(document.getElementById("enter-error").textContent) && document.getElementById("enter-error").textContent`)
	if !strings.Contains(bad, "Solo game ID") || !strings.Contains(bad, "cells") {
		t.Errorf("an invalid Solo ID: %q, want what is wrong and the forms taken", bad)
	}
	// Several solutions: loaded with a warning; Solve shows one.
	do(t, ctx, chromedp.SetValue(`#enter-text`, bTwoSols), chromedp.Click(`#enter-load`))
	wait[bool](t, ctx, `!document.getElementById("enter-dialog").open`)
	msg = wait[string](t, ctx, `/several solutions/.test(document.getElementById("message").textContent) && document.getElementById("message").textContent`)
	t.Logf("several: %q", msg)
	do(t, ctx, inMenu(`#solve`))
	msg = wait[string](t, ctx, `/one of them is shown/.test(document.getElementById("message").textContent) && document.getElementById("message").textContent`)
	if n := eval[int](t, ctx, `document.querySelectorAll(".cell.entry").length`); n != 81-8 {
		t.Errorf("solve filled %d cells, want 73", n)
	}
	t.Logf("solve: %q", msg)
}

func (e *browserEnv) testPhoto(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bTwoSols)
	photo, err := filepath.Abs(filepath.Join("testdata", "photo.png"))
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, inMenu(`#photo`))
	wait[bool](t, ctx, `document.getElementById("photo-dialog").open`)
	do(t, ctx, chromedp.SetUploadFiles(`#photo-file`, []string{photo}))
	wait[bool](t, ctx, `!document.getElementById("photo-grid").hidden`)
	low := eval[[]string](t, ctx, `[...document.querySelectorAll("#photo-grid input.low")].map(x => x.getAttribute("aria-label"))`)
	if len(low) != 1 || low[0] != "row 1 column 4" {
		t.Errorf("doubtful cells: %v, want [row 1 column 4]", low)
	}
	e.shot(t, ctx, "desktop-photo-read")
	do(t, ctx, chromedp.Click(`#photo-solve`))
	src := wait[string](t, ctx, `document.getElementById("photo-img").classList.contains("overlay") && document.getElementById("photo-img").src`)
	if !strings.HasPrefix(src, "data:image/png;base64,") {
		t.Errorf("overlay src %.40q", src)
	}
	wait[bool](t, ctx, `document.getElementById("photo-img").complete && document.getElementById("photo-img").naturalWidth > 0`)
	e.shot(t, ctx, "desktop-photo-overlay")
	// A corrected grid (r1c3 filled in): the solution is drawn here, on
	// the photo, along the grid's corners.
	do(t, ctx, chromedp.SetValue(`#photo-grid input[aria-label="row 1 column 3"]`, "4"), chromedp.Click(`#photo-solve`))
	drawn := wait[string](t, ctx, fmt.Sprintf(`document.getElementById("photo-img").src !== %q && document.getElementById("photo-img").src`, src))
	if !strings.HasPrefix(drawn, "data:image/png;base64,") || drawn == src {
		t.Errorf("drawn overlay src %.40q", drawn)
	}
	wait[bool](t, ctx, `document.getElementById("photo-img").complete && document.getElementById("photo-img").naturalWidth === 228`)
	e.shot(t, ctx, "desktop-photo-drawn")
	// Play the grid read from the photo.
	do(t, ctx, chromedp.Click(`#photo-play`))
	wait[bool](t, ctx, `!document.getElementById("photo-dialog").open && /, 5, given/.test(document.querySelector('[data-i="0"]').getAttribute("aria-label"))`)
}

// testRealPhoto uploads a newspaper photo (vision/testdata, Wicht &
// Hennebert, sudoku_dataset, CC-BY-4.0) read by the real photo reader, and
// waits for the solution drawn on it.
func (e *browserEnv) testRealPhoto(t *testing.T) {
	ctx := e.tab(t)
	e.open(t, ctx, "#p="+bEasy)
	photo, err := filepath.Abs(filepath.Join("..", "vision", "testdata", "printed-image1.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, inMenu(`#photo`))
	wait[bool](t, ctx, `document.getElementById("photo-dialog").open`)
	do(t, ctx, chromedp.SetUploadFiles(`#photo-file`, []string{photo}))
	wait[bool](t, ctx, `!document.getElementById("photo-grid").hidden`)
	do(t, ctx, chromedp.Click(`#photo-solve`))
	wait[bool](t, ctx, `document.getElementById("photo-img").classList.contains("overlay") && document.getElementById("photo-img").complete && document.getElementById("photo-img").naturalWidth > 600`)
	e.shot(t, ctx, "desktop-real-photo-overlay")
}

func (e *browserEnv) testPhone(t *testing.T) {
	ctx := e.tab(t)
	do(t, ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	e.open(t, ctx, "#p="+bEasy)
	do(t, ctx, chromedp.Click(`[data-i="2"]`), digit(4, chromedp.ModifierShift), digit(7, chromedp.ModifierShift), chromedp.Click(`[data-i="30"]`))
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("page is %d px wide at 360 px", w)
	}
	board := eval[float64](t, ctx, `document.getElementById("board").getBoundingClientRect().width`)
	if board < 320 || board > 360 {
		t.Errorf("board %.0f px wide on a 360 px phone", board)
	}
	e.shot(t, ctx, "phone-light")
	setDark(t, ctx, true)
	wait[bool](t, ctx, `document.getElementById("theme").checked`)
	e.shot(t, ctx, "phone-dark")
	do(t, ctx, chromedp.EmulateViewport(1200, 900))
	e.shot(t, ctx, "desktop-dark")
	// The toggle wins over the system setting.
	do(t, ctx, inMenu(`#theme`))
	if th := eval[string](t, ctx, `document.documentElement.dataset.theme`); th != "light" {
		t.Errorf("theme after toggle: %q", th)
	}
	do(t, ctx, inMenu(`#theme`))
	setDark(t, ctx, false)
}

func (e *browserEnv) testNewAndShare(t *testing.T) {
	ctx := e.tab(t)
	givens := `[...document.querySelectorAll(".cell")].map(c => c.classList.contains("given") ? c.textContent : ".").join("")`
	// A first visit (nothing saved, no link) starts with a Medium puzzle
	// of the bank.
	do(t, ctx, chromedp.Navigate(e.base+"/api/levels"), chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate(e.base+"/"))
	wait[bool](t, ctx, fmt.Sprintf(`%s === %q`, givens, bBank))
	// The bank has no other Medium puzzle (404): one is generated.
	do(t, ctx, inMenu(`#new`))
	wait[bool](t, ctx, fmt.Sprintf(`(g => g !== %q && !g.includes("undefined"))(%s) && /^Medium · ER/.test(document.getElementById("badge").textContent)`, bBank, givens))
	// With a symmetry, New puzzle generates one.
	e.open(t, ctx, "#p="+bEasy)
	do(t, ctx, setInMenu(`#level`, "Easy"), setInMenu(`#symmetry`, "rot180"), inMenu(`#new`))
	line := wait[string](t, ctx, fmt.Sprintf(`(g => g !== %q && g)(%s)`, bEasy, givens))
	badge := wait[string](t, ctx, `/^Easy · ER/.test(document.getElementById("badge").textContent) && document.getElementById("badge").textContent`)
	if len(line) != 81 {
		t.Fatalf("new puzzle: %q", line)
	}
	for i := range 81 {
		if (line[i] == '.') != (line[80-i] == '.') {
			t.Fatalf("new puzzle %s is not symmetric under a 180° turn", line)
		}
	}
	t.Logf("new puzzle %s (%s)", line, badge)

	// Share: the link holds the puzzle, and the entries on request.
	do(t, ctx, chromedp.Click(`.cell:not(.given)`), digit(1), inMenu(`#share`))
	url := eval[string](t, ctx, `document.getElementById("share-url").value`)
	if !strings.HasSuffix(url, "/#p="+line) {
		t.Errorf("share link %q, want it to end in #p=%s", url, line)
	}
	if got := eval[string](t, ctx, `document.getElementById("share-line").value`); got != line {
		t.Errorf("81 characters: %q", got)
	}
	do(t, ctx, chromedp.Click(`#share-progress`))
	url = eval[string](t, ctx, `document.getElementById("share-url").value`)
	if !strings.Contains(url, "#p="+line+"&e=") {
		t.Errorf("share link with progress %q", url)
	}
	e.shot(t, ctx, "desktop-share")
	for _, f := range []string{"png", "svg", "pdf"} {
		do(t, ctx, chromedp.Click(`[data-format="`+f+`"]`))
		wait[bool](t, ctx, `document.getElementById("share-status").textContent === "Saved sudoku.`+f+`."`)
	}
	// The link restores the game in a new tab.
	ctx2 := e.tab(t)
	do(t, ctx2, chromedp.Navigate(url))
	wait[bool](t, ctx2, `document.documentElement.dataset.ready === "1"`)
	got := eval[string](t, ctx2, givens)
	entries := eval[int](t, ctx2, `document.querySelectorAll(".cell.entry").length`)
	if got != line || entries != 1 {
		t.Errorf("restored %q with %d entries, want %q with 1", got, entries, line)
	}
}
