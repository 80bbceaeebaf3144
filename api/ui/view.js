// The screen of the game: the board with its highlights, the pad, the
// buttons' states, the rules in words, the selection and the zoom of big
// boards. It draws app's state; it changes nothing but the selection,
// the highlights and the panels it closes.

import { cellIndex, houseCells, digitChar, COLOURS } from "./game.js";
import { BoardView, COLOUR_NAMES } from "./board.js";
import { $, app, settings, tick } from "./state.js";
import { cellWords } from "./solutions.js";
import { houseRule, levelBadge } from "./words.js";
import * as Sel from "./selection.js";

let drag = null; // a press on the board being dragged (selection.js)
let cellPress = null; // onCellPress's function

// onCellPress sets f(i), asked first at a plain press on cell i: true
// when it took the press (digit-first input entered its digit), which
// then selects nothing more.
export function onCellPress(f) {
  cellPress = f;
}

export const board = new BoardView($("board"), {
  press(i, e) {
    if (!(e.ctrlKey || e.metaKey || e.shiftKey) && cellPress && cellPress(i)) {
      drag = null;
      return;
    }
    drag = Sel.press(current(), i, e.ctrlKey || e.metaKey || e.shiftKey, board.hasFocus());
    setSelection(drag.sel, true);
  },
  over(i) {
    if (!drag || i === drag.last || i < 0) return;
    drag = Sel.over(drag, i);
    setSelection(drag.sel, true);
  },
  release() {
    const d = drag;
    drag = null;
    if (d && d.pending) setSelection(Sel.release(d), true); // else press and over selected already
  },
  double(i) {
    if (app.game) setSelection(Sel.same((j) => app.game.value(j), app.game.nn, i), true);
  },
});

// ---- rendering

export function render() {
  const game = app.game;
  if (!game) return;
  buildPad(game.n);
  // Exploring solutions (explore.js) draws the puzzle's candidates or a
  // solution instead of the player's digits and notes, which it hides.
  const x = app.explore;
  board.render(game, {
    sel: app.sel,
    cells: app.cells,
    conflicts: x || settings.conflicts === false ? new Set() : game.conflicts(),
    sameDigit: settings.sameDigit !== false,
    chosen: app.mode === "colour" ? 0 : app.chosen,
    wrong: settings.mistakes && !x ? game.wrong() : new Set(),
    hint: app.mark,
    solved: game.done && !x,
    explore: x ? { data: x.data, sol: x.sol } : null,
  });
  if (x) {
    const l = game.layout, name = (i) => `row ${l.row(i) + 1}, column ${l.col(i) + 1}`;
    $("explore-cell").textContent = app.sel >= 0 ? cellWords(x.data, x.sol, app.sel, game.givens[app.sel], name) : "";
  }
  for (const b of document.querySelectorAll(".modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === app.mode));
  document.querySelector('.modes [data-mode="colour"]').style.setProperty("--brush", `var(--k${app.brush})`);
  renderPad(game);
  $("undo").disabled = !game.undoStack.length;
  $("redo").disabled = !game.redoStack.length;
  $("badge").textContent = levelBadge(game.rating, { daily: !!game.meta.daily, several: game.several, unrated: !!game.board || !!game.meta.unrated });
  // in full where a phone cuts it short, with what ER means
  $("badge").title = $("badge").textContent + (game.rating ? " (ER: the rating of the hardest step, on Sukaku Explainer's scale)" : "");
  showRules();
  $("board").classList.toggle("hidden-digits", app.paused);
  $("paused").hidden = !app.paused;
  $("pause").setAttribute("aria-pressed", String(app.paused));
  // While paused the pad and the mode keys are off, and look it.
  for (const b of document.querySelectorAll("#pad button, .modes button")) b.disabled = app.paused;
  tick();
}

// renderPad writes on the pad's keys how many of each digit are left to
// place; in colour mode they are the palette's colours (1-9).
function renderPad(game) {
  const pad = $("pad"), colour = app.mode === "colour";
  if (!settings.digitFirst) app.chosen = 0;
  pad.classList.toggle("marks", app.mode !== "digit");
  pad.classList.toggle("colours", colour);
  for (const b of pad.querySelectorAll("button[data-digit]")) {
    const d = +b.dataset.digit;
    const left = Math.max(0, game.n - game.placed(d));
    b.querySelector("small").textContent = colour ? (d <= COLOURS ? COLOUR_NAMES[d - 1] : "") : left > 0 ? `${left} left` : "done";
    b.setAttribute("aria-label", colour ? (d <= COLOURS ? `colour ${d}, ${COLOUR_NAMES[d - 1]}` : `${digitChar(d)}, no colour`) : `${d}, ${left > 0 ? `${left} left` : "all placed"}`);
    b.hidden = colour && d > COLOURS;
    // Digit-first input: the chosen key stays pressed.
    if (settings.digitFirst) b.setAttribute("aria-pressed", String(d === app.chosen));
    else b.removeAttribute("aria-pressed");
  }
}

// showRules writes the rules of a puzzle under the board: the setter's
// title, credit and rules as they wrote them (puzzles from f-puzzles or
// SudokuPad), then the rules in words (regions, extra houses, moves,
// thermometers, dots, …), and what was drawn but not read as a rule.
// Classic puzzles without a setter's words show none.
function showRules() {
  const l = app.game.layout, box = $("rule-words"), bd = app.game.board || {};
  const house = l.units.some((u) => u.kind === "region") ? "region" : "box";
  const title = str(bd.title), author = str(bd.author), setter = str(bd.setterRules);
  const unread = Array.isArray(bd.unread) ? bd.unread.filter((w) => typeof w === "string") : [];
  const key = [house, !!bd.noBoxes, title, author, setter, ...unread, ...l.ruleWords].join("\n");
  box.hidden = !l.ruleWords.length && house === "box" && !bd.noBoxes && !title && !author && !setter && !unread.length;
  document.title = title ? `${title} · Sudoku` : "Sudoku";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  $("rule-words-title").textContent = title || "Rules";
  $("puzzle-credit").hidden = !author;
  $("puzzle-credit").textContent = author ? `Puzzle by ${author}` : "";
  $("setter-rules").hidden = !setter;
  $("setter-rules").replaceChildren(...setter.split(/\n\s*\n|\n/).filter((p) => p.trim()).map((t) => {
    const p = document.createElement("p");
    p.textContent = t.trim();
    return p;
  }));
  const first = houseRule(l.n, house, !!bd.noBoxes, digitChar);
  const words = [first, ...l.ruleWords];
  $("rule-words-list").replaceChildren(...words.map((w) => {
    const li = document.createElement("li");
    li.textContent = w;
    return li;
  }));
  const note = $("unread-note");
  note.hidden = !unread.length;
  note.textContent = unread.length ? `Drawn but not read as rules: ${unread.join("; ")}. Play it as drawn${bd.solutionBy === "setter" ? ": your entries are checked against the setter's solution" : ""}; hints and the solver are off for it.` : "";
}

// str is s when it is a string, else "".
const str = (s) => (typeof s === "string" ? s.trim() : "");

// buildPad makes one key per digit of the board's size (1-9, then A-P);
// play.wirePad makes them enter their digits.
export function buildPad(n = 9) {
  const pad = $("pad");
  if (pad.childElementCount === n) return;
  pad.replaceChildren();
  pad.classList.toggle("big", n > 9);
  $("zoom").hidden = n <= 9; // CSS shows it on small screens only
  setZoom(false);
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.digit = d;
    const span = document.createElement("span");
    span.textContent = digitChar(d);
    const small = document.createElement("small");
    b.append(span, small);
    pad.append(b);
  }
}

// ---- highlights

// setMark sets the highlights: cells, houses, wrong cells, the digits
// that rule cells out (cells holding one of digits that see a
// highlighted cell), and a step's pattern ({drawing, shown}: pattern.js,
// its first shown links drawn).
export function setMark(m) {
  const game = app.game;
  const mark = { cells: new Set(m.cells || []), houses: new Set(m.houses || []), wrong: new Set(m.wrong || []), digits: new Set(), step: m.step || null };
  app.mark = mark;
  const ds = new Set(m.digits || []);
  if (!ds.size || !game) return;
  const area = new Set([...mark.cells, ...mark.houses]);
  for (let i = 0; i < game.nn; i++) {
    if (!ds.has(game.value(i)) || area.has(i)) continue;
    if (game.layout.peers[i].some((p) => area.has(p))) mark.digits.add(i);
  }
}

export const namesToCells = (names) => (names || []).map((x) => (app.game ? app.game.cellIndex(x) : cellIndex(x))).filter((i) => i >= 0);
export const housesToCells = (names) => (app.game && app.game.board ? [] : (names || []).flatMap(houseCells));

// closeHint hides the hint and its highlights.
export function closeHint() {
  app.hint = null;
  $("hint-panel").hidden = true;
  $("hint-next").hidden = $("hint-link").hidden = true;
  setMark({});
}

// closeExplain hides the solving path and its highlights.
export function closeExplain() {
  if ($("explain-panel").hidden) return;
  $("explain-panel").hidden = true;
  setMark({});
}

// ---- selection (selection.js: the rules; app.cells and app.sel, the cursor)

const current = () => ({ cells: app.cells, cursor: app.sel });

// setSelection selects sel's cells, the cursor's cell focused (with
// focus, or when the board has the focus already).
export function setSelection(sel, focus) {
  app.sel = sel.cursor;
  app.cells = sel.cells;
  render();
  const i = sel.cursor;
  if (i < 0) return;
  if (focus || board.hasFocus()) board.focus(i);
  if (zoomed()) document.querySelector(`#board [data-i="${i}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// move moves the cursor dr rows and dc columns, round the edges: the
// selection with it, or with extend (Shift or Ctrl) the selection grows.
export function move(dr, dc, extend = false) {
  setSelection(Sel.arrow(current(), dr, dc, app.game.n, extend), false);
}

// escape collapses a selection of several cells to one, and clears one.
export function escapeSelection() {
  setSelection(Sel.escape(current()), false);
}

// selectAll selects every cell (Ctrl+A).
export function selectAll() {
  const nn = app.game.nn;
  setSelection({ cells: new Set(Array.from({ length: nn }, (_, i) => i)), cursor: app.sel >= 0 ? app.sel : 0 }, false);
}

// ---- zoom: big boards (12x12 and up) on small screens, cells of 44 px
// in a window that scrolls over the board.

export const zoomed = () => $("zoom").getAttribute("aria-pressed") === "true";

export function setZoom(on) {
  $("zoom").setAttribute("aria-pressed", String(on));
  $("zoom").textContent = on ? "Zoom out" : "Zoom in";
  document.querySelector(".board-wrap").classList.toggle("zoomed", on);
  if (on && app.sel >= 0) setSelection(current(), false);
}

// keyName names a button with its key where there is a keyboard: "Hint
// (H)"; on a touch screen, "Hint" alone.
export function keyName(name, key) {
  return matchMedia("(pointer: coarse)").matches ? name : `${name} (${key})`;
}
