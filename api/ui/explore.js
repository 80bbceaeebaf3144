// Explore solutions, a setter's tool: the puzzle's true candidates drawn
// in its open cells (with how many solutions put each digit there, when
// Counts is on), how many solutions it has (an estimate when there are
// too many to count), and its solutions one by one as a preview on the
// board. It never writes into the game: the player's entries and notes
// are hidden while it is open, and closing it brings the view back as it
// was (selection, hint or solving path, highlights).

import { post } from "./api.js";
import { apiMessage } from "./words.js";
import { $, app, settings, saveJSON, save, SETTINGS_KEY, closeMenu } from "./state.js";
import { board, render, setMark } from "./view.js";
import { PAGE, MAX_SOLUTIONS, readCandidates, withCandidates, readSolution, readEstimate, summary, note, estimateWords, total, stepWords } from "./solutions.js";

let before = null; // the view when the tool opened: {sel, mark, hint, explain}

export function wireExplore() {
  $("explore").addEventListener("click", openExplore);
  $("explore-close").addEventListener("click", () => closeExplore());
  $("explore-prev").addEventListener("click", () => step(-1));
  $("explore-next").addEventListener("click", () => step(1));
  $("explore-counts").addEventListener("change", (e) => {
    settings.exploreCounts = e.target.checked;
    saveJSON(SETTINGS_KEY, settings);
    if (app.explore) ask(app.explore);
  });
}

// openExplore opens the tool on the game's puzzle, the focus in it.
export function openExplore() {
  closeMenu();
  const game = app.game;
  if (!game || app.paused) return;
  if (app.explore) app.explore.abort.abort();
  else {
    before = { sel: app.sel, cells: app.cells, mark: app.mark, hint: $("hint-panel").hidden, explain: $("explain-panel").hidden };
    $("hint-panel").hidden = $("explain-panel").hidden = true;
    setMark({});
  }
  // k: the solution previewed (-1: the candidates); pages: the solutions
  // fetched, by offset ({sols, more}).
  app.explore = { game, data: null, estimate: null, error: "", loading: "", stepError: "", busy: false, k: -1, sol: null, pages: new Map(), abort: new AbortController(), counted: false };
  $("explore-counts").checked = settings.exploreCounts !== false;
  $("explore-panel").hidden = false;
  document.querySelector(".side").classList.add("exploring");
  $("board").classList.add("exploring");
  ask(app.explore);
  $("explore-counts").focus({ preventScroll: true });
  $("explore-panel").scrollIntoView({ block: "nearest" }); // under the board on a phone
}

// closeExplore closes the tool; with restore (a close by the player) the
// view comes back as it was and the focus goes back to the board.
// Starting another game closes it without.
export function closeExplore(restore = true) {
  const x = app.explore;
  if (!x) return;
  x.abort.abort();
  app.explore = null;
  $("explore-panel").hidden = true;
  document.querySelector(".side").classList.remove("exploring");
  $("board").classList.remove("exploring");
  if (restore && before && x.game === app.game) {
    app.sel = before.sel;
    app.cells = before.cells;
    app.mark = before.mark;
    $("hint-panel").hidden = before.hint;
    $("explain-panel").hidden = before.explain;
  }
  before = null;
  if (restore) {
    render();
    board.focus(app.sel);
  }
}

// ask asks for the candidates (with counts when Counts is on) and, when
// there are too many solutions to count, for an estimate of how many.
async function ask(x) {
  const counts = settings.exploreCounts !== false;
  x.seq = (x.seq || 0) + 1;
  const seq = x.seq, live = () => app.explore === x && x.seq === seq;
  x.data = x.estimate = null;
  x.error = "";
  if (!x.game.puzzle) {
    // (a board /api/board could write in no form that reads back)
    x.error = "This puzzle has no form the server reads back, so its solutions cannot be explored here.";
    show();
    return;
  }
  x.loading = counts ? "Counting the solutions…" : "Working out the candidates…";
  show();
  try {
    const r = await post("/api/candidates", { puzzle: x.game.puzzle, counts }, { signal: x.abort.signal });
    if (!live()) return;
    x.data = readCandidates(r, x.game.n);
    if (!x.data) throw new Error("The server's answer could not be read.");
    // Seeing the solutions is help, as the solving path is.
    const game = x.game;
    if (!x.counted && !game.done && !game.solvedBy) {
      x.counted = true;
      game.helped.hints++;
      save();
    }
    if (!x.data.complete) estimate(x, live);
  } catch (e) {
    if (e.name === "AbortError" || !live()) return;
    x.error = words(e, counts);
  }
  x.loading = "";
  show();
  render();
}

// estimate asks how many solutions there are, about, and the true
// candidates (counted ones stop at the count's limit); a server that does
// not estimate (an older one refuses the field) is asked for the
// candidates alone, and the summary says "at least".
async function estimate(x, live) {
  const call = (body) => post("/api/candidates", { puzzle: x.game.puzzle, ...body }, { signal: x.abort.signal });
  let r;
  try {
    r = await call({ estimate: true });
  } catch (e) {
    if (e.name === "AbortError" || !live() || e.code !== "bad_request") return;
    try {
      r = await call({});
    } catch {
      return;
    }
  }
  if (!live()) return;
  x.estimate = readEstimate(r.estimate);
  x.data = withCandidates(x.data, readCandidates(r, x.game.n));
  show();
  render();
}

// step previews the next (dir 1) or previous (-1) solution, fetching a
// page of them when needed; before the first come the candidates.
async function step(dir) {
  const x = app.explore;
  if (!x || x.busy) return;
  const k = x.k + dir;
  if (k < -1 || k >= MAX_SOLUTIONS) return;
  if (k === -1) {
    x.k = -1;
    x.sol = null;
    show();
    render();
    return;
  }
  const off = Math.floor(k / PAGE) * PAGE;
  let page = x.pages.get(off);
  x.stepError = "";
  if (!page) {
    x.busy = true;
    show();
    try {
      const r = await post("/api/candidates", { puzzle: x.game.puzzle, solutions: PAGE, offset: off }, { signal: x.abort.signal });
      page = { sols: (Array.isArray(r.page) ? r.page : []).map((s) => readSolution(s, x.game.n)).filter(Boolean), more: r.more === true };
      x.pages.set(off, page);
    } catch (e) {
      if (e.name === "AbortError" || app.explore !== x) return;
      x.busy = false;
      x.stepError = words(e, false);
      show();
      return;
    }
    x.busy = false;
    if (app.explore !== x) return;
  }
  if (k - off < page.sols.length) {
    x.k = k;
    x.sol = page.sols[k - off];
  }
  show();
  render();
}

// known is how many solutions there are, when known: counted (by the
// counts or the estimate), or seen to the last page.
function known(x) {
  const t = total(x.data);
  if (t !== null) return t;
  if (x.estimate && x.estimate.exact) return Math.round(x.estimate.solutions);
  for (const [off, p] of x.pages) if (!p.more) return off + p.sols.length;
  return null;
}

// hasNext tells whether a solution follows the one previewed.
function hasNext(x) {
  const k = x.k + 1, all = known(x);
  if (k >= MAX_SOLUTIONS) return false;
  if (all !== null) return k < all;
  const p = x.pages.get(Math.floor(k / PAGE) * PAGE);
  return !p || k % PAGE < p.sols.length;
}

// show writes the panel: how many solutions (or the wait, or why not),
// the estimate, the solution previewed and the buttons that step. A
// stepping button that turns off hands the focus to the other one (or
// to Close). While a page is fetched the buttons stay on (a press waits
// for it), so the focus stays where it is.
function show() {
  const x = app.explore;
  if (!x) return;
  const focused = document.activeElement;
  $("explore-summary").textContent = x.error || x.loading || (x.data ? summary(x.data) : "");
  $("explore-summary").classList.toggle("err", !!x.error);
  $("explore-note").textContent = x.data && !x.error ? note(x.data) : "";
  $("explore-note").hidden = !$("explore-note").textContent;
  $("explore-estimate").hidden = !x.estimate;
  $("explore-estimate").textContent = x.estimate ? estimateWords(x.estimate) : "";
  const more = hasNext(x);
  $("explore-at").textContent = x.stepError || (x.busy ? "Finding solutions…" : stepWords(x.k, known(x), more));
  $("explore-at").classList.toggle("err", !!x.stepError);
  $("explore-prev").disabled = x.k < 0;
  $("explore-prev").textContent = x.k === 0 ? "Candidates" : "Previous";
  $("explore-prev").title = x.k === 0 ? "Back to the candidates" : "";
  $("explore-next").disabled = !more || x.error !== "" && !x.pages.size;
  $("explore-next").textContent = x.k < 0 ? "First solution" : "Next";
  $("explore-panel").setAttribute("aria-busy", String(x.busy || !!x.loading));
  $("explore-help").hidden = x.game.done || !!x.game.solvedBy;
  if (focused instanceof HTMLButtonElement && focused.disabled) {
    const other = [$("explore-prev"), $("explore-next"), $("explore-close")].find((b) => b !== focused && !b.disabled);
    other.focus();
  }
}

// words says why exploring failed: it needs the server, above all.
function words(e, counts) {
  switch (e.code) {
    case "network":
      return "Exploring solutions needs the server, and it cannot be reached: you're offline. Play on; it works again when you're back online.";
    case "no_solution":
      return "This puzzle has no solution: there is nothing to explore.";
    case "timeout":
      if (counts) return "Counting the solutions took too long: turn Counts off to see the candidates alone.";
  }
  return apiMessage(e);
}
