// The web app: wires the game model, the board, the controls and the API.

import { Game, ROW, COL, cellIndex, houseCells, isLine } from "./game.js";
import { BoardView } from "./board.js";
import { get, post, parsePuzzle, download, copyText, shareHash, readHash, APIError } from "./api.js";

const $ = (id) => document.getElementById(id);
const GAME_KEY = "sudoku.game.v1";
const SETTINGS_KEY = "sudoku.settings.v1";

let game = null;
let sel = 40;
let mode = "digit";
let hint = null; // {pos, level, resp}
let mark = { cells: new Set(), houses: new Set(), wrong: new Set() };
let runningSince = 0; // performance.now() while the timer runs, else 0
const settings = { theme: "", mistakes: false, level: "Medium", symmetry: "" };

const board = new BoardView($("board"), (i) => select(i, true));
let photo = null; // the photo import, loaded on first use

// ---- persistence

function loadJSON(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function saveJSON(key, v) {
  try {
    localStorage.setItem(key, JSON.stringify(v));
    return true;
  } catch {
    return false; // storage full or disabled: play on without saving
  }
}

// save keeps the game in localStorage; when it is full, with less history.
function save() {
  if (!game) return;
  for (const keep of [500, 50, 0]) {
    const o = game.toJSON(keep);
    o.elapsed = elapsed();
    o.sel = sel;
    if (saveJSON(GAME_KEY, o)) return;
  }
}

// ---- timer

function elapsed() {
  if (!game) return 0;
  return game.elapsed + (runningSince ? performance.now() - runningSince : 0);
}

function pauseTimer() {
  if (!game || !runningSince) return;
  game.elapsed = elapsed();
  runningSince = 0;
}

function resumeTimer() {
  if (!game || runningSince || game.done || game.solvedBy || document.hidden) return;
  runningSince = performance.now();
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

function tick() {
  $("timer").textContent = clock(elapsed());
}

setInterval(tick, 1000);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    pauseTimer();
    save();
  } else resumeTimer();
});
window.addEventListener("pagehide", save);

// ---- messages

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

function apiMessage(e, what = "") {
  if (!(e instanceof APIError)) return String(e && e.message ? e.message : e);
  switch (e.code) {
    case "no_solution":
      return "This puzzle has no solution.";
    case "multiple_solutions":
      return `This puzzle has several solutions${what ? `, so ${what}` : ""}.`;
    case "conflict":
      return `Two equal digits clash${e.cell ? ` at ${e.cell}` : ""}: ${e.message}.`;
    case "stuck":
      return "No technique known here gets further from this position.";
    case "timeout":
      return "That took too long; try again, or an easier level.";
    case "network":
      return e.message;
  }
  return e.message;
}

// ---- rendering

function highlights() {
  return mark;
}

function render() {
  if (!game) return;
  board.render(game, {
    sel,
    conflicts: game.conflicts(),
    wrong: settings.mistakes ? game.wrong() : new Set(),
    hint: highlights(),
    solved: game.done,
  });
  for (const b of document.querySelectorAll(".modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
  const pad = $("pad");
  pad.classList.toggle("marks", mode !== "digit");
  for (const b of pad.querySelectorAll("button[data-digit]")) {
    const d = +b.dataset.digit;
    const left = 9 - game.count(d);
    b.querySelector("small").textContent = left > 0 ? `${left} left` : "done";
    b.setAttribute("aria-label", `${d}, ${left > 0 ? `${left} left` : "all placed"}`);
  }
  $("undo").disabled = !game.undoStack.length;
  $("redo").disabled = !game.redoStack.length;
  $("badge").textContent = game.rating ? `${game.rating.level} · ER ${game.rating.er}` : game.several ? "several solutions" : "";
  tick();
}

function setMark(m) {
  mark = { cells: new Set(m.cells || []), houses: new Set(m.houses || []), wrong: new Set(m.wrong || []) };
}

const namesToCells = (names) => (names || []).map(cellIndex).filter((i) => i >= 0);
const housesToCells = (names) => (names || []).flatMap(houseCells);

// afterChange runs after every action on the game.
function afterChange() {
  if (hint && hint.pos !== game.position()) closeHint();
  if (!game.solvedBy && !game.done && game.complete()) {
    pauseTimer();
    game.done = true;
    say(`Solved in ${clock(game.elapsed)}. Well done!`, "win");
  } else if ((game.done || game.solvedBy) && !game.full()) {
    game.done = false;
    game.solvedBy = "";
    say("");
    resumeTimer();
  }
  render();
  save();
}

// ---- selection and input

function select(i, focus) {
  sel = i;
  render();
  if (focus || board.hasFocus()) board.focus(i);
}

function move(dr, dc) {
  const r = (ROW(sel) + dr + 9) % 9, c = (COL(sel) + dc + 9) % 9;
  select(r * 9 + c, false);
}

function input(d, kind = mode) {
  if (!game || sel < 0) return;
  let changed;
  if (kind === "digit") changed = game.place(sel, d);
  else changed = game.toggleMark(sel, kind === "corner" ? "c" : "m", d);
  if (changed) afterChange();
  else if (game.isGiven(sel)) say(`r${ROW(sel) + 1}c${COL(sel) + 1} is a given.`);
}

function erase() {
  if (game && sel >= 0 && game.erase(sel)) afterChange();
}

function undo() {
  if (game && game.undo()) afterChange();
}

function redo() {
  if (game && game.redo()) afterChange();
}

function setMode(m) {
  mode = m;
  render();
}

const MODES = ["digit", "corner", "centre"];

document.addEventListener("keydown", (e) => {
  if (!game || document.querySelector("dialog[open]")) return;
  const t = e.target;
  if (t instanceof HTMLElement && t.matches("input, textarea, select")) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && key === "z") {
    e.shiftKey ? redo() : undo();
    e.preventDefault();
    return;
  }
  if (mod && key === "y") {
    redo();
    e.preventDefault();
    return;
  }
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
  if (m) {
    const d = +m[1];
    if (d === 0) erase();
    else input(d, e.shiftKey ? "corner" : mod || e.altKey ? "centre" : mode);
    e.preventDefault();
    return;
  }
  if (mod || e.altKey) return;
  switch (key) {
    case "ArrowUp": move(-1, 0); break;
    case "ArrowDown": move(1, 0); break;
    case "ArrowLeft": move(0, -1); break;
    case "ArrowRight": move(0, 1); break;
    case "Backspace":
    case "Delete": erase(); break;
    case "z": setMode("digit"); break;
    case "x": setMode("corner"); break;
    case "c": setMode("centre"); break;
    case " ":
      if (t instanceof HTMLElement && t.closest("button")) return;
      setMode(MODES[(MODES.indexOf(mode) + 1) % 3]);
      break;
    case "h": askHint(); break;
    case "Escape": closeHint(); closeExplain(); render(); break;
    default: return;
  }
  e.preventDefault();
});

// ---- controls

function buildPad() {
  const pad = $("pad");
  for (let d = 1; d <= 9; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.digit = d;
    const span = document.createElement("span");
    span.textContent = d;
    const small = document.createElement("small");
    b.append(span, small);
    b.addEventListener("click", () => input(d));
    pad.append(b);
  }
}

function busy(btn, on) {
  btn.disabled = on;
  btn.setAttribute("aria-busy", String(on));
}

// startGame begins a game of an 81-character puzzle.
function startGame(line, { solution = "", rating = null, entries = "", message = "" } = {}) {
  pauseTimer();
  game = new Game(line, { solution, rating });
  if (entries) {
    for (let i = 0; i < 81; i++) if (!game.isGiven(i) && /[1-9]/.test(entries[i])) game.entries[i] = +entries[i];
  }
  sel = game.givens.findIndex((g, i) => !g && !game.entries[i]);
  if (sel < 0) sel = 0;
  closeHint();
  closeExplain();
  say(message);
  runningSince = 0;
  resumeTimer();
  if (!game.solution) checkPuzzle(game);
  else if (!rating) rate(game);
  afterChange();
}

// checkPuzzle learns a game's solution, or that it has none or several.
async function checkPuzzle(g) {
  try {
    const r = await post("/api/solve", { puzzle: g.puzzle });
    if (r.unique) {
      g.solution = r.solution;
      rate(g);
    } else {
      g.several = true;
      if (g === game) say("This puzzle has several solutions: hints and the mistake check need a unique one.", "err");
    }
  } catch (e) {
    if (g === game) say(apiMessage(e), "err");
  }
  if (g === game) {
    render();
    save();
  }
}

async function rate(g) {
  try {
    g.rating = await post("/api/rate", { puzzle: g.puzzle });
    if (g === game) {
      render();
      save();
    }
  } catch {
    // no rating: the badge stays empty
  }
}

async function newPuzzle() {
  const level = $("level").value, symmetry = $("symmetry").value;
  const btn = $("new");
  busy(btn, true);
  say(`Finding ${/^[AEIOU]/.test(level) ? "an" : "a"} ${level} puzzle…`);
  try {
    let r = null;
    if (!symmetry) {
      try {
        r = await post(`/api/bank/pick?level=${encodeURIComponent(level)}`, {});
      } catch (e) {
        if (!(e instanceof APIError) || ![404, 503].includes(e.status)) throw e;
      }
    }
    if (!r) r = await post("/api/generate", { level, symmetry: symmetry === "none" ? "" : symmetry });
    startGame(r.puzzle, { solution: r.solution, rating: r.rating });
  } catch (e) {
    say(apiMessage(e), "err");
  } finally {
    busy(btn, false);
  }
}

// loadText checks a puzzle in any text form and plays it; it returns an
// error message, or "" when the puzzle was loaded.
async function loadText(text, { from = "" } = {}) {
  let line;
  try {
    line = await parsePuzzle(text);
  } catch (e) {
    return showLoadError(apiMessage(e), from);
  }
  if ((line.match(/[1-9]/g) || []).length === 0) return showLoadError("The puzzle is empty.", from);
  try {
    const r = await post("/api/solve", { puzzle: line });
    if (r.unique) startGame(line, { solution: r.solution });
    else {
      startGame(line, { message: "This puzzle has several solutions: hints and the mistake check need a unique one." });
      game.several = true;
      say($("message").textContent, "err");
      render();
      save();
    }
    return "";
  } catch (e) {
    return showLoadError(apiMessage(e), from);
  }
}

function showLoadError(msg, from) {
  if (from !== "dialog") say(msg, "err");
  return msg;
}

async function solve() {
  if (!game) return;
  busy($("solve"), true);
  try {
    const r = await post("/api/solve", { puzzle: game.puzzle });
    if (r.unique && !game.solution) game.solution = r.solution;
    game.fill(r.solution);
    game.solvedBy = "solver";
    pauseTimer();
    afterChange();
    say(r.unique ? "Solved by the solver." : "This puzzle has several solutions; one of them is shown.", r.unique ? "" : "err");
  } catch (e) {
    say(apiMessage(e), "err");
  } finally {
    busy($("solve"), false);
  }
}

// ---- hints

const HINT_MORE = ["", "Where?", "Show me", ""];

async function askHint(level) {
  if (!game) return;
  const pos = game.position();
  if (!level) level = hint && hint.pos === pos && hint.level < 3 ? hint.level + 1 : 1;
  closeExplain();
  const btn = $("hint");
  busy(btn, true);
  try {
    const r = await post("/api/hint", { puzzle: game.puzzle, position: pos, level });
    hint = { pos, level: r.level, resp: r };
    $("hint-panel").hidden = false;
    $("hint-title").textContent = `Hint ${r.level} of 3${r.technique && r.level > 1 ? ` · ${r.technique}` : ""}`;
    $("hint-text").textContent = r.text;
    const wrong = namesToCells(r.wrong);
    const wrongSet = new Set(wrong);
    setMark({ cells: namesToCells(r.cells).filter((i) => !wrongSet.has(i) || r.level < 2), houses: housesToCells(r.houses), wrong: r.level >= 2 ? wrong : [] });
    $("hint-more").hidden = r.level >= 3 || /solved/.test(r.text);
    $("hint-more").textContent = HINT_MORE[r.level] || "Tell me more";
    const st = r.step;
    $("hint-apply").hidden = !(r.level === 3 && st && ((st.placements && st.placements.length) || (st.eliminations && st.eliminations.length)));
    render();
  } catch (e) {
    hint = null;
    $("hint-panel").hidden = false;
    $("hint-title").textContent = "Hint";
    $("hint-text").textContent = apiMessage(e, "there is no single next step");
    $("hint-more").hidden = $("hint-apply").hidden = true;
    setMark({});
    render();
  } finally {
    busy(btn, false);
  }
}

function closeHint() {
  hint = null;
  $("hint-panel").hidden = true;
  setMark({});
}

function applyHint() {
  if (!hint || !hint.resp.step) return;
  const st = hint.resp.step;
  if (game.applyStep(st.placements, st.eliminations)) afterChange();
}

// ---- explain all

async function explain() {
  if (!game) return;
  closeHint();
  const panel = $("explain-panel"), list = $("explain-steps");
  panel.hidden = false;
  list.replaceChildren();
  $("explain-summary").textContent = "Working out the whole path…";
  busy($("explain"), true);
  try {
    const r = await post("/api/explain", { puzzle: game.puzzle });
    const rt = r.rating;
    $("explain-summary").textContent = `${r.steps.length} steps · ${rt.level} · ER ${rt.er} / EP ${rt.ep} / ED ${rt.ed}` +
      (r.stuck ? ". The techniques known here get stuck after these steps." : ". Pick a step to see it on the board.");
    r.steps.forEach((s, n) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      const t = document.createElement("b");
      t.textContent = `${s.technique} (${s.rating})`;
      b.append(t, document.createTextNode(`: ${s.explanation}`));
      b.addEventListener("click", () => {
        for (const x of list.querySelectorAll("[aria-current]")) x.removeAttribute("aria-current");
        b.setAttribute("aria-current", "true");
        const cells = [...namesToCells(s.cells), ...(s.placements || []).map((p) => cellIndex(p.cell)), ...(s.eliminations || []).map((p) => cellIndex(p.cell))];
        setMark({ cells, houses: housesToCells(s.houses) });
        render();
      });
      b.dataset.step = n + 1;
      li.append(b);
      list.append(li);
    });
  } catch (e) {
    $("explain-summary").textContent = apiMessage(e, "there is no single solving path");
  } finally {
    busy($("explain"), false);
  }
}

function closeExplain() {
  if ($("explain-panel").hidden) return;
  $("explain-panel").hidden = true;
  setMark({});
}

// ---- dialogs

for (const b of document.querySelectorAll("dialog [data-close]")) {
  b.addEventListener("click", () => b.closest("dialog").close());
}
for (const d of document.querySelectorAll("dialog")) {
  d.addEventListener("close", () => {
    if (game) board.focus(sel);
  });
}

$("enter").addEventListener("click", () => {
  $("enter-error").textContent = "";
  $("enter-dialog").showModal();
  $("enter-text").focus();
});

$("enter-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("enter-text").value;
  if (!text.trim()) {
    $("enter-error").textContent = "Type or paste a puzzle first.";
    return;
  }
  busy($("enter-load"), true);
  $("enter-error").textContent = "Checking…";
  const err = await loadText(text, { from: "dialog" });
  busy($("enter-load"), false);
  $("enter-error").textContent = err;
  if (!err) $("enter-dialog").close();
});

function shareURL() {
  const entries = $("share-progress").checked ? game.entriesLine() : "";
  return location.origin + location.pathname + shareHash(game.puzzle, entries);
}

function updateShare() {
  $("share-url").value = shareURL();
  $("share-line").value = game.puzzle;
  $("share-status").textContent = "";
}

$("share").addEventListener("click", () => {
  if (!game) return;
  updateShare();
  $("share-dialog").showModal();
});
$("share-progress").addEventListener("change", updateShare);
$("copy-url").addEventListener("click", async () => {
  $("share-status").textContent = (await copyText($("share-url").value, $("share-url"))) ? "Link copied." : "Select the link and copy it.";
});
$("copy-line").addEventListener("click", async () => {
  $("share-status").textContent = (await copyText($("share-line").value, $("share-line"))) ? "Puzzle copied." : "Select the text and copy it.";
});
for (const b of document.querySelectorAll("[data-format]")) {
  b.addEventListener("click", async () => {
    const format = b.dataset.format, what = $("export-what").value;
    const body = { puzzle: game.puzzle, format };
    if (what === "solution") body.solution = true;
    if (what === "filled") body.filled = game.position();
    $("share-status").textContent = "Drawing…";
    try {
      download(await post("/api/render", body, { blob: true }), `sudoku.${format}`);
      $("share-status").textContent = `Saved sudoku.${format}.`;
    } catch (e) {
      $("share-status").textContent = apiMessage(e);
    }
  });
}
$("print").addEventListener("click", () => {
  $("share-dialog").close();
  window.print();
});

$("photo").addEventListener("click", async () => {
  if (!photo) {
    const { PhotoImport } = await import("./photo.js");
    photo ||= new PhotoImport((line) => loadText(line, { from: "photo" }));
  }
  photo.open();
});

// ---- theme

function applyTheme() {
  const root = document.documentElement;
  if (settings.theme) root.dataset.theme = settings.theme;
  else delete root.dataset.theme;
  const dark = settings.theme ? settings.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  $("theme").setAttribute("aria-pressed", String(dark));
}

$("theme").addEventListener("click", () => {
  const dark = $("theme").getAttribute("aria-pressed") === "true";
  settings.theme = dark ? "light" : "dark";
  saveJSON(SETTINGS_KEY, settings);
  applyTheme();
});
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", applyTheme);

// ---- wiring

buildPad();
for (const b of document.querySelectorAll(".modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
$("erase").addEventListener("click", erase);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("cands").addEventListener("click", () => {
  if (game && game.autoCandidates()) afterChange();
});
$("hint").addEventListener("click", () => askHint());
$("hint-more").addEventListener("click", () => askHint(hint ? hint.level + 1 : 1));
$("hint-apply").addEventListener("click", applyHint);
$("hint-close").addEventListener("click", () => {
  closeHint();
  render();
});
$("explain").addEventListener("click", explain);
$("explain-close").addEventListener("click", () => {
  closeExplain();
  render();
});
$("solve").addEventListener("click", solve);
$("clear").addEventListener("click", () => {
  if (game && game.clearAll()) {
    afterChange();
    say("Cleared. Undo brings it all back.");
  }
});
$("new").addEventListener("click", newPuzzle);
$("mistakes").addEventListener("change", (e) => {
  settings.mistakes = e.target.checked;
  saveJSON(SETTINGS_KEY, settings);
  if (settings.mistakes && game && !game.solution && !game.several) checkPuzzle(game);
  render();
});
for (const id of ["level", "symmetry"]) {
  $(id).addEventListener("change", (e) => {
    settings[id] = e.target.value;
    saveJSON(SETTINGS_KEY, settings);
  });
}

function start() {
  Object.assign(settings, loadJSON(SETTINGS_KEY) || {});
  applyTheme();
  $("mistakes").checked = !!settings.mistakes;
  $("level").value = settings.level;
  $("symmetry").value = settings.symmetry;
  const shared = readHash(location.hash);
  if (shared) {
    history.replaceState(null, "", location.pathname + location.search);
    startGame(shared.puzzle, { entries: shared.entries, message: "Shared puzzle loaded." });
  } else {
    const saved = loadJSON(GAME_KEY);
    if (saved && isLine(saved.puzzle)) {
      try {
        game = Game.fromJSON(saved);
        sel = Number.isInteger(saved.sel) && saved.sel >= 0 && saved.sel < 81 ? saved.sel : 40;
        if (game.done) say(`Solved in ${clock(game.elapsed)}.`, "win");
        resumeTimer();
        render();
      } catch {
        game = null;
      }
    }
    if (!game) newPuzzle();
  }
  document.documentElement.dataset.ready = "1";
  performance.mark("sudoku-ready");
}

window.addEventListener("hashchange", () => {
  const shared = readHash(location.hash);
  if (!shared) return;
  history.replaceState(null, "", location.pathname + location.search);
  startGame(shared.puzzle, { entries: shared.entries, message: "Shared puzzle loaded." });
});

start();
