// The web app: wires the game model, the board, the controls and the API.

import { Game, cellIndex, houseCells, isLine, digitChar } from "./game.js";
import { BoardView } from "./board.js";
import { get, post, parsePuzzle, download, copyText, shareHash, readHash, APIError } from "./api.js";
import * as Stats from "./stats.js";

const $ = (id) => document.getElementById(id);
const GAME_KEY = "sudoku.game.v1";
const SETTINGS_KEY = "sudoku.settings.v1";
const STATS_KEY = "sudoku.stats.v1";
const AHEAD_KEY = "sudoku.ahead.v1"; // puzzles fetched ahead per level, for playing offline

let game = null;
let sel = 40;
let mode = "digit";
let hint = null; // {pos, level, resp}
let mark = { cells: new Set(), houses: new Set(), wrong: new Set(), digits: new Set() };
let runningSince = 0; // performance.now() while the timer runs, else 0
let paused = false;
let lesson = null; // the practice being played: its technique and worked example
let msgSticky = false; // the message stays after the next move (a win)
const settings = { theme: "", mistakes: false, level: "Medium", symmetry: "", rules: "classic" };
let stats = Stats.emptyStats();

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
    o.paused = paused;
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
  if (!game || runningSince || paused || game.done || game.solvedBy || document.hidden) return;
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

// say shows a status message; it goes at the next move unless sticky.
function say(text, kind = "", sticky = false) {
  const m = $("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
  msgSticky = sticky;
}

// cellWords writes "r3c1" as "row 3, column 1".
const cellWords = (name) => name.replace(/r([1-9])c([1-9])/g, "row $1, column $2");
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function apiMessage(e, what = "") {
  if (!(e instanceof APIError)) return String(e && e.message ? e.message : e);
  switch (e.code) {
    case "no_solution":
      return "This puzzle has no solution.";
    case "multiple_solutions":
      return `This puzzle has several solutions${what ? `, so ${what}` : ""}.`;
    case "conflict": {
      const c = e.conflict;
      if (c) return `${capital(c.house)} has two ${c.digit}s (${c.cells[0]} and ${c.cells[1]}).`;
      return "Two equal digits share a row, column or box.";
    }
    case "invalid_puzzle":
      return "That doesn't look like a puzzle: type 81 digits with 0 or . for empty cells, or paste a grid.";
    case "entries_wrong":
      return e.message;
    case "stuck":
      return "No technique known here gets further from this position.";
    case "timeout":
      return "That took too long; try again, or an easier level.";
    case "network":
      return "You're offline: this needs the server. Play on; it will work again when you're back online.";
    case "busy":
      return "The server is busy: try again in a moment.";
  }
  return e.message;
}

// ---- rendering

function highlights() {
  return mark;
}

function render() {
  if (!game) return;
  buildPad(game.n);
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
    const left = Math.max(0, game.n - game.placed(d));
    b.querySelector("small").textContent = left > 0 ? `${left} left` : "done";
    b.setAttribute("aria-label", `${d}, ${left > 0 ? `${left} left` : "all placed"}`);
  }
  $("undo").disabled = !game.undoStack.length;
  $("redo").disabled = !game.redoStack.length;
  $("badge").textContent = game.rating ? `${game.meta.daily ? "Daily · " : ""}${game.rating.level} · ER ${game.rating.er}` : game.several ? "several solutions" : "";
  $("badge").title = $("badge").textContent; // in full where a phone cuts it short
  showRules();
  $("board").classList.toggle("hidden-digits", paused);
  $("paused").hidden = !paused;
  $("pause").setAttribute("aria-pressed", String(paused));
  // While paused the pad and the mode keys are off, and look it.
  for (const b of document.querySelectorAll("#pad button, .modes button")) b.disabled = paused;
  tick();
}

// showRules writes the rules of a puzzle with constraints in words
// under the board (regions, extra houses, moves, thermometers, dots, …);
// classic puzzles show none.
function showRules() {
  const l = game.layout, box = $("rule-words");
  const house = l.units.some((u) => u.kind === "region") ? "region" : "box";
  const key = house + "\n" + l.ruleWords.join("\n");
  box.hidden = !l.ruleWords.length && house === "box";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const words = [`Each row, column and ${house} holds the digits 1 to ${digitChar(l.n)} once.`, ...l.ruleWords];
  $("rule-words-list").replaceChildren(...words.map((w) => {
    const li = document.createElement("li");
    li.textContent = w;
    return li;
  }));
}

// setMark sets the highlights: cells, houses, wrong cells, and the
// digits that rule cells out (cells holding one of digits that see a
// highlighted cell).
function setMark(m) {
  mark = { cells: new Set(m.cells || []), houses: new Set(m.houses || []), wrong: new Set(m.wrong || []), digits: new Set() };
  const ds = new Set(m.digits || []);
  if (!ds.size || !game) return;
  const area = new Set([...mark.cells, ...mark.houses]);
  for (let i = 0; i < game.nn; i++) {
    if (!ds.has(game.value(i)) || area.has(i)) continue;
    if (game.layout.peers[i].some((p) => area.has(p))) mark.digits.add(i);
  }
}

const namesToCells = (names) => (names || []).map((x) => (game ? game.cellIndex(x) : cellIndex(x))).filter((i) => i >= 0);
const housesToCells = (names) => (game && game.board ? [] : (names || []).flatMap(houseCells));

// afterChange runs after every action on the game. A completed grid is
// a win only when the solver did not fill it; one finished with hints is
// marked as such. Whatever Clear and Undo do, help once taken stays
// counted, and the timer runs whenever the grid is not complete.
function afterChange(move = true) {
  if (hint && hint.pos !== game.position()) closeHint();
  if (move && !msgSticky) say("");
  if (move && !game.meta.started && game.inProgress()) {
    game.meta.started = true;
    stats = Stats.started(stats, levelOf(game));
    saveJSON(STATS_KEY, stats);
  }
  if (!game.solvedBy && !game.done && game.complete()) {
    pauseTimer();
    game.done = true;
    finish();
  } else if ((game.done || game.solvedBy) && !game.full()) {
    game.done = false;
    game.solvedBy = "";
    say("");
  }
  if (!game.done && !game.solvedBy) resumeTimer();
  render();
  save();
}

const levelOf = (g) => g.meta.level || (g.rating && g.rating.level) || "Other";

// finish ends a completed game: the message, the statistics (once per
// game) and the finish screen.
function finish() {
  const h = game.helped, t = clock(game.elapsed);
  const how = h.solver ? "with the solver's help" : h.hints ? `with ${h.hints} ${h.hints === 1 ? "hint" : "hints"}` : "";
  say(how ? `Solved in ${t}, ${how}.` : `Solved in ${t}. Well done!`, "win", true);
  if (!game.meta.recorded) {
    game.meta.recorded = true;
    stats = Stats.finished(stats, { level: levelOf(game), ms: game.elapsed, hints: h.hints, solver: h.solver, daily: !!game.meta.daily, day: game.meta.daily || Stats.dayKey() });
    saveJSON(STATS_KEY, stats);
  }
  if (h.solver) return;
  const facts = [["Time", t], ["Level", levelOf(game)], ["Hints", String(h.hints)], ["Mistakes", String(game.mistakes)]];
  $("finish-title").textContent = h.hints ? "Solved, with help" : "Solved!";
  $("finish-facts").replaceChildren(...facts.flatMap(([k, v]) => {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k;
    dd.textContent = v;
    return [dt, dd];
  }));
  const st = Stats.streak(stats);
  const counted = h.hints
    ? "Counted in your statistics as won with hints (best and average times count games without help). "
    : "Counted in your statistics as won. ";
  $("finish-streak").textContent = counted + `Streak: ${st.current} ${st.current === 1 ? "day" : "days"} (best ${st.best}).`;
  if (!$("finish-dialog").open) $("finish-dialog").showModal();
}

// ---- selection and input

function select(i, focus) {
  sel = i;
  render();
  if (focus || board.hasFocus()) board.focus(i);
  if (zoomed()) document.querySelector(`#board [data-i="${i}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// ---- zoom: big boards (12x12 and up) on small screens, cells of 44 px
// in a window that scrolls over the board.

const zoomed = () => $("zoom").getAttribute("aria-pressed") === "true";

function setZoom(on) {
  $("zoom").setAttribute("aria-pressed", String(on));
  $("zoom").textContent = on ? "Zoom out" : "Zoom in";
  document.querySelector(".board-wrap").classList.toggle("zoomed", on);
  if (on && sel >= 0) select(sel, false);
}
$("zoom").addEventListener("click", () => setZoom(!zoomed()));

function move(dr, dc) {
  const n = game.n;
  const r = (Math.floor(sel / n) + dr + n) % n, c = ((sel % n) + dc + n) % n;
  select(r * n + c, false);
}

function input(d, kind = mode) {
  if (!game || sel < 0 || paused) return;
  let changed;
  if (kind === "digit") changed = game.place(sel, d);
  else changed = game.toggleMark(sel, kind === "corner" ? "c" : "m", d);
  if (changed) afterChange();
  else if (game.isGiven(sel)) say(`Row ${Math.floor(sel / game.n) + 1}, column ${(sel % game.n) + 1} is a given.`);
}

function erase() {
  if (game && sel >= 0 && !paused && game.erase(sel)) afterChange();
}

function undo() {
  if (game && !paused && game.undo()) afterChange();
}

function redo() {
  if (game && !paused && game.redo()) afterChange();
}

function setPaused(on) {
  if (!game) return;
  if (on) pauseTimer();
  paused = on;
  if (!on) resumeTimer();
  save();
  render();
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
  const letter = /^Key([A-P])$/.exec(e.code);
  const d = m ? +m[1] : letter && game.n > 9 ? letter[1].charCodeAt(0) - 55 : -1;
  if (d >= 0 && d <= game.n) {
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
    case "p": setPaused(!paused); break;
    case "Escape": closeHint(); closeExplain(); render(); break;
    default: return;
  }
  e.preventDefault();
});

// ---- controls

// buildPad makes one key per digit of the board's size (1-9, then A-P).
function buildPad(n = 9) {
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
    // A tap enters in the current mode; a long press (half a second)
    // toggles a corner note instead.
    let timer = 0, long = false;
    b.addEventListener("pointerdown", () => {
      long = false;
      timer = setTimeout(() => {
        long = true;
        input(d, mode === "digit" ? "corner" : "digit");
      }, 500);
    });
    const cancel = () => clearTimeout(timer);
    b.addEventListener("pointerup", cancel);
    b.addEventListener("pointerleave", cancel);
    b.addEventListener("contextmenu", (e) => e.preventDefault());
    b.addEventListener("click", () => {
      if (long) long = false;
      else input(d);
    });
    pad.append(b);
  }
}

function busy(btn, on) {
  btn.disabled = on;
  btn.setAttribute("aria-busy", String(on));
}

// confirmLeave asks before a game in progress is replaced; it resolves
// to whether to go on. A finished or untouched game goes without asking.
function confirmLeave(what) {
  if (!game || !game.inProgress()) return Promise.resolve(true);
  const d = $("confirm-dialog");
  $("confirm-title").textContent = `${what}?`;
  $("confirm-text").textContent = `Your game in progress (${clock(elapsed())} played) will be replaced and cannot be brought back.`;
  $("confirm-yes").textContent = what;
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true }));
}

// startGame begins a game of an 81-character puzzle, or with board (an
// /api/board answer) a game of other rules.
function startGame(line, { solution = "", rating = null, entries = "", message = "", meta = {}, board: bd = null } = {}) {
  pauseTimer();
  paused = false;
  game = new Game(line, { solution: bd ? bd.solution || [] : solution, rating: bd ? bd.rating || null : rating, board: bd });
  game.meta = { ...meta };
  if (bd && bd.several) game.several = true;
  if (entries) {
    const list = Array.isArray(entries) ? entries : [...entries];
    for (let i = 0; i < game.nn; i++) if (!game.isGiven(i) && +list[i] >= 1 && +list[i] <= game.n) game.entries[i] = +list[i];
  }
  sel = game.givens.findIndex((g, i) => !g && !game.entries[i]);
  if (sel < 0) sel = 0;
  closeHint();
  closeExplain();
  if ($("finish-dialog").open) $("finish-dialog").close();
  say(message);
  runningSince = 0;
  resumeTimer();
  if (game.board) {
    if (game.several) say("This puzzle has several solutions: hints and the mistake check need a unique one.", "err");
  } else if (!game.solution) checkPuzzle(game);
  else if (!rating) rate(game);
  afterChange(false);
  if (!game.board) fetchAhead(levelOf(game));
}

// checkPuzzle learns a game's solution, or that it has none or several.
async function checkPuzzle(g) {
  if (g.board) return;
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
  if (g.board) return;
  try {
    g.rating = await post("/api/rate", { puzzle: g.puzzle });
    if (g === game) {
      render();
      save();
      fetchAhead(levelOf(g));
    }
  } catch {
    // no rating: the badge stays empty
  }
}

async function newPuzzle({ ask = true } = {}) {
  if (ask && !(await confirmLeave("New puzzle"))) return;
  closeMenu();
  const level = $("level").value, symmetry = $("symmetry").value, rules = $("rules").value;
  const btn = $("new");
  busy(btn, true);
  // While the generator works the old game's clock stops, the wait is
  // counted in the message, and Cancel gives the old game back.
  const what = `Finding ${/^[AEIOU]/.test(level) ? "an" : "a"} ${level} puzzle`;
  const started = performance.now(), abort = new AbortController();
  pauseTimer();
  say(`${what}…`, "", true);
  const ticker = setInterval(() => say(`${what}… ${Math.round((performance.now() - started) / 1000)} s`, "", true), 1000);
  $("new-cancel").hidden = false;
  $("new-cancel").onclick = () => abort.abort();
  try {
    if (rules !== "classic") {
      const [variant, size] = RULES[rules];
      const bd = await post("/api/generate", { variant, size, level, symmetry: symmetry === "none" ? "" : symmetry }, { signal: abort.signal });
      startGame("", { board: bd, meta: { level, rules } });
      return;
    }
    const r = await findPuzzle(level, symmetry, abort.signal);
    startGame(r.puzzle, { solution: r.solution, rating: r.rating, meta: { level }, message: r.offline ? "You're offline: here is a puzzle kept for you." : "" });
  } catch (e) {
    if (e.name === "AbortError") say("Cancelled: your game goes on.");
    else say(apiMessage(e), "err");
    resumeTimer();
  } finally {
    clearInterval(ticker);
    $("new-cancel").hidden = true;
    busy(btn, false);
  }
}

// RULES are the rule sets New puzzle offers: [variant, size].
const RULES = {
  x: ["x", 9], windoku: ["windoku", 9], jigsaw: ["jigsaw", 9], killer: ["killer", 9], "anti-knight": ["anti-knight", 9],
  "6x6": ["", 6], "12x12": ["", 12], "16x16": ["", 16],
};

// findPuzzle asks the bank, then the generator; offline it takes a puzzle
// fetched ahead.
async function findPuzzle(level, symmetry, signal) {
  try {
    if (!symmetry) {
      try {
        return await post(`/api/bank/pick?level=${encodeURIComponent(level)}`, {}, { signal });
      } catch (e) {
        if (!(e instanceof APIError) || ![404, 503].includes(e.status)) throw e;
      }
    }
    return await post("/api/generate", { level, symmetry: symmetry === "none" ? "" : symmetry }, { signal });
  } catch (e) {
    if (e.name === "AbortError") throw e; // cancelled: keep the puzzles fetched ahead
    const kept = takeAhead(level);
    if (e instanceof APIError && e.code === "network" && kept) return { ...kept, offline: true };
    throw e;
  }
}

// Puzzles fetched ahead: one or two per level played, so New puzzle works
// offline.
function takeAhead(level) {
  const ahead = loadJSON(AHEAD_KEY) || {};
  const list = Array.isArray(ahead[level]) ? ahead[level] : [];
  const p = list.shift();
  ahead[level] = list;
  saveJSON(AHEAD_KEY, ahead);
  return p && isLine(p.puzzle) ? p : null;
}

let fetching = false;
async function fetchAhead(level) {
  if (fetching || !Stats.LEVELS.includes(level) || !navigator.onLine) return;
  const ahead = loadJSON(AHEAD_KEY) || {};
  if ((ahead[level] || []).length >= 2) return;
  fetching = true;
  try {
    let r;
    try {
      r = await post(`/api/bank/pick?level=${encodeURIComponent(level)}`, {});
    } catch (e) {
      if (!(e instanceof APIError) || ![404, 503].includes(e.status)) throw e;
      r = await post("/api/generate", { level });
    }
    const now = loadJSON(AHEAD_KEY) || {};
    now[level] = [...(now[level] || []), { puzzle: r.puzzle, solution: r.solution, rating: r.rating }].slice(-2);
    saveJSON(AHEAD_KEY, now);
  } catch {
    // nothing kept ahead this time
  } finally {
    fetching = false;
  }
}

// daily plays the day's puzzle of the chosen level.
async function daily() {
  const level = $("level").value;
  if (game && game.meta.daily === Stats.dayKey() && levelOf(game) === level) return closeMenu();
  if (!(await confirmLeave("Daily puzzle"))) return;
  closeMenu();
  busy($("daily"), true);
  try {
    const r = await get(`/api/bank/daily?level=${encodeURIComponent(level)}`);
    const done = stats.daily[`${Stats.dayKey()} ${level}`];
    startGame(r.puzzle, { solution: r.solution, rating: r.rating, meta: { level, daily: Stats.dayKey() },
      message: done ? `You solved today's ${level} puzzle in ${clock(done.ms)}; play it again?` : `Today's ${level} puzzle.` });
  } catch (e) {
    say(e instanceof APIError && e.status === 404 ? "No daily puzzle of that level on this server." : apiMessage(e), "err");
  } finally {
    busy($("daily"), false);
  }
}

// FORMS_READ follows a puzzle that does not read: what Enter takes.
const FORMS_READ = " Enter takes a line of 81 digits (0 or . for empty cells), a grid, a Solo game ID (3x3:…), an f-puzzles link or its JSON, or a SudokuPad link to an f-puzzles puzzle.";

// loadText checks a puzzle in any text form and plays it; it returns an
// error message, or "" when the puzzle was loaded.
async function loadText(text, { from = "" } = {}) {
  let line, r;
  try {
    const bd = await boardOf(text);
    if (bd) {
      const ruled = (bd.constraints || []).some((c) => !c.cosmetic);
      if (!bd.cells.some((v) => v) && !bd.units.some((u) => u.sum) && !ruled) return showLoadError("The puzzle is empty.", from);
      if (!(await confirmLeave("Play this puzzle"))) return from === "dialog" ? "Kept your game." : "";
      startGame("", { board: bd, meta: { source: from } });
      return "";
    }
    line = await parsePuzzle(text);
    if ((line.match(/[1-9]/g) || []).length === 0) return showLoadError("The puzzle is empty.", from);
    r = await post("/api/solve", { puzzle: line });
  } catch (e) {
    const unread = e instanceof APIError && (e.code === "invalid_puzzle" || e.code === "bad_request");
    return showLoadError(apiMessage(e) + (unread && from === "dialog" ? FORMS_READ : ""), from);
  }
  // Only a puzzle that can be played replaces the game, and only if the
  // player agrees.
  if (!(await confirmLeave("Play this puzzle"))) return from === "dialog" ? "Kept your game." : "";
  if (r.unique) startGame(line, { solution: r.solution, meta: { source: from } });
  else {
    startGame(line, { message: "This puzzle has several solutions: hints and the mistake check need a unique one." });
    game.several = true;
    say($("message").textContent, "err");
    render();
    save();
  }
  return "";
}

// boardOf reads a puzzle of other rules (a Solo game ID, f-puzzles JSON,
// an f-puzzles or SudokuPad link, a line with maps …) through
// /api/board; null for a classic 9x9 puzzle, which the classic path
// plays (one with drawings is a board: the drawings show).
async function boardOf(text) {
  const t = text.trim();
  if (/^[0-9.\s|+\-]*$/.test(t) && (t.match(/[0-9.]/g) || []).length === 81) return null;
  let bd;
  try {
    bd = await post("/api/board", { puzzle: t, rate: true });
  } catch (e) {
    if (e instanceof APIError && e.code === "invalid_puzzle") return null; // let the classic reader say what is wrong
    throw e;
  }
  return bd.rules === "9x9" && !(bd.constraints || []).length ? null : bd;
}

function showLoadError(msg, from) {
  if (from !== "dialog") say(msg, "err");
  return msg;
}

async function solve() {
  if (!game) return;
  if (game.board) {
    if (!game.sol.length) return say("This puzzle has several solutions: there is no one answer to show.", "err");
    game.fill(game.sol);
    game.solvedBy = "solver";
    game.helped.solver = true;
    pauseTimer();
    afterChange(false);
    say("Solved by the solver.");
    return;
  }
  busy($("solve"), true);
  try {
    const r = await post("/api/solve", { puzzle: game.puzzle });
    if (r.unique && !game.solution) game.solution = r.solution;
    game.fill(r.solution);
    game.solvedBy = "solver";
    game.helped.solver = true;
    pauseTimer();
    if (!game.meta.recorded && game.meta.started) {
      game.meta.recorded = true;
      stats = Stats.finished(stats, { level: levelOf(game), ms: game.elapsed, solver: true });
      saveJSON(STATS_KEY, stats);
    }
    afterChange(false);
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
  if (!game || paused) return;
  const pos = game.position(), marks = game.marks();
  const key = pos + marks.join(",");
  if (!level) level = hint && hint.key === key && hint.level < 3 ? hint.level + 1 : 1;
  closeExplain();
  const btn = $("hint");
  busy(btn, true);
  try {
    const body = game.board ? { puzzle: game.puzzle, entries: game.entries, marks, level } : { puzzle: game.puzzle, position: pos, marks, level };
    const r = await post("/api/hint", body);
    if (!hint || hint.key !== key) game.helped.hints++;
    hint = { pos, key, level: r.level, resp: r };
    showHint(r);
    save();
  } catch (e) {
    hint = null;
    $("hint-panel").hidden = false;
    $("hint-title").textContent = "Hint";
    $("hint-summary").textContent = "";
    $("hint-text").textContent = apiMessage(e, "there is no single next step");
    $("hint-more").hidden = $("hint-apply").hidden = $("hint-fix").hidden = true;
    setMark({});
    render();
  } finally {
    busy(btn, false);
  }
}

// showHint shows a hint's words and highlights; at level 3 it offers to
// apply the step, filling in candidates first when the step takes
// candidates out of cells that have no notes yet.
function showHint(r) {
  $("hint-panel").hidden = false;
  $("hint-more").dataset.level = "";
  $("hint-more").dataset.example = "";
  $("hint-title").textContent = `Hint ${r.level} of 3${r.technique && r.level > 1 ? ` · ${r.technique}` : ""}`;
  $("hint-summary").textContent = r.summary || "";
  $("hint-text").textContent = r.text;
  const wrong = [...namesToCells(r.wrong), ...namesToCells(r.wrongMarks)];
  const wrongSet = new Set(wrong);
  const st = r.step;
  const digits = st ? [...(st.placements || []), ...(st.eliminations || [])].map((c) => c.digit) : [];
  setMark({ cells: namesToCells(r.cells).filter((i) => !wrongSet.has(i) || r.level < 2), houses: housesToCells(r.houses), wrong: r.level >= 2 ? wrong : [], digits });
  $("hint-more").hidden = r.level >= 3 || /solved/.test(r.text);
  $("hint-more").textContent = HINT_MORE[r.level] || "Tell me more";
  const elims = (st && st.eliminations) || [];
  const apply = r.level === 3 && st && ((st.placements && st.placements.length) || elims.length);
  $("hint-apply").hidden = !apply;
  $("hint-fix").hidden = !(r.level >= 2 && r.wrong && r.wrong.length); // level 1 only says there is one
  if (apply) {
    const bare = elims.some((e) => !game.hasMarks(game.cellIndex(e.cell)));
    $("hint-apply").textContent = bare ? "Fill in notes and apply" : "Apply the step";
    $("hint-apply").dataset.fill = bare ? "1" : "";
  }
  render();
}

function closeHint() {
  hint = null;
  $("hint-panel").hidden = true;
  setMark({});
}

// applyHint makes the step: placements become entries, eliminations come
// out of the notes (filled in first if the cells had none); the selection
// moves to the step's first cell.
function applyHint() {
  if (!hint || !hint.resp.step) return;
  const st = hint.resp.step;
  const first = [...(st.placements || []), ...(st.eliminations || [])].map((c) => game.cellIndex(c.cell)).find((i) => i >= 0);
  if (game.applyStep(st.placements, st.eliminations, $("hint-apply").dataset.fill === "1")) {
    if (first !== undefined) sel = first;
    afterChange();
    if (!game.done) say(st.placements && st.placements.length ? "Step applied." : "Step applied: those candidates are out of your notes.");
  }
}

// fixWrong takes the wrong entries a hint names out (one undo step each).
function fixWrong() {
  if (!hint || !hint.resp.wrong) return;
  const cells = namesToCells(hint.resp.wrong);
  for (const i of cells) game.erase(i);
  closeHint();
  afterChange();
  say(cells.length === 1 ? "The wrong entry is out." : `${cells.length} wrong entries are out.`);
}

// ---- explain all

async function explain() {
  if (!game || paused) return;
  closeMenu();
  closeHint();
  const panel = $("explain-panel"), list = $("explain-steps");
  panel.hidden = false;
  list.replaceChildren();
  $("explain-summary").textContent = "Working out the whole path (it counts as help)…";
  panel.scrollIntoView({ block: "nearest", behavior: "smooth" }); // below the board on a phone
  busy($("explain"), true);
  try {
    const r = await post("/api/explain", game.board ? { puzzle: game.puzzle, position: game.position() } : { puzzle: game.puzzle, position: game.position(), marks: game.marks() });
    const rt = r.rating;
    game.helped.hints++;
    save();
    $("explain-summary").textContent = `${r.steps.length} steps · ${rt.level} · ER ${rt.er} / EP ${rt.ep} / ED ${rt.ed}` +
      (r.stuck ? ". The techniques known here get stuck after these steps." : ". Pick a step to see it on the board.") +
      " Seeing the path counts as help for this game.";
    r.steps.forEach((s, n) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      const t = document.createElement("b");
      t.textContent = `${s.technique} (${s.rating})`;
      b.append(t, document.createTextNode(`: ${s.words || s.explanation}`));
      b.addEventListener("click", () => {
        for (const x of list.querySelectorAll("[aria-current]")) x.removeAttribute("aria-current");
        b.setAttribute("aria-current", "true");
        const cells = [...namesToCells(s.cells), ...namesToCells((s.placements || []).map((p) => p.cell)), ...namesToCells((s.eliminations || []).map((p) => p.cell))];
        setMark({ cells, houses: housesToCells(s.houses), digits: [...(s.placements || []), ...(s.eliminations || [])].map((c) => c.digit) });
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
  if (game.board) {
    let h = "#b=" + encodeURIComponent(game.puzzle);
    if ($("share-progress").checked && game.entries.some((v) => v)) h += "&e=" + game.entries.join(",");
    return location.origin + location.pathname + h;
  }
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
  $("theme").checked = settings.theme ? settings.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
}

$("theme").addEventListener("change", () => {
  settings.theme = $("theme").checked ? "dark" : "light";
  saveJSON(SETTINGS_KEY, settings);
  applyTheme();
});
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", applyTheme);

// ---- menu, pause, statistics

function closeMenu() {
  $("menu").hidden = true;
  $("menu-button").setAttribute("aria-expanded", "false");
}

$("menu-button").addEventListener("click", () => {
  const open = $("menu").hidden;
  $("menu").hidden = !open;
  $("menu-button").setAttribute("aria-expanded", String(open));
});
document.addEventListener("pointerdown", (e) => {
  if (!$("menu").hidden && !e.target.closest("#menu, #menu-button")) closeMenu();
});
$("pause").addEventListener("click", () => setPaused(!paused));
$("resume").addEventListener("click", () => setPaused(false));
$("daily").addEventListener("click", daily);
$("finish-next").addEventListener("click", () => newPuzzle({ ask: false }));

function showStats() {
  closeMenu();
  const st = Stats.streak(stats);
  $("stats-streak").textContent = `Streak: ${st.current} ${st.current === 1 ? "day" : "days"} in a row (best ${st.best}).`;
  // Each heading has a short form for narrow screens (CSS picks one).
  const head = [["Level", "Level"], ["Played", "Pl."], ["Won", "Won"], ["With hints", "Hints"], ["Solver", "Solv."], ["Best", "Best"], ["Average", "Avg."]];
  const tr = (cells, tag) => {
    const r = document.createElement("tr");
    for (const c of cells) {
      const e = document.createElement(tag);
      if (Array.isArray(c)) {
        const [long, short] = c.map((t, i) => Object.assign(document.createElement("span"), { textContent: t, className: i ? "short" : "long" }));
        if (c[0] !== c[1]) e.title = c[0];
        e.append(long, short);
      } else e.textContent = c;
      r.append(e);
    }
    return r;
  };
  const rows = Stats.rows(stats).map((l) => tr([l.level, l.played, l.won, l.helped, l.solver, l.best ? clock(l.best) : "–", l.average ? clock(l.average) : "–"], "td"));
  $("stats-table").replaceChildren(tr(head, "th"), ...rows);
  if (!rows.length) $("stats-table").replaceChildren(tr(["No games finished yet."], "td"));
  $("stats-dialog").showModal();
}
$("stats").addEventListener("click", showStats);

// ---- practice: a puzzle set just before the step that needs a technique

$("practice").addEventListener("click", () => {
  closeMenu();
  $("practice-status").textContent = "";
  $("practice-dialog").showModal();
  practiceList();
});

// practiceList fills the Practice list from the server's technique table
// (once), X-Wing chosen.
async function practiceList() {
  const sel = $("practice-tech");
  if (sel.options.length) return;
  try {
    const r = await get("/api/levels");
    sel.replaceChildren(...(r.practice || []).map((t) => {
      const o = document.createElement("option");
      o.value = t.needs;
      o.textContent = t.name;
      o.title = t.summary;
      o.selected = t.needs === "x-wing";
      return o;
    }));
  } catch (err) {
    $("practice-status").textContent = apiMessage(err);
  }
}

$("practice-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const needs = $("practice-tech").value;
  busy($("practice-start"), true);
  $("practice-status").textContent = "Finding a puzzle that needs it…";
  try {
    const r = await post("/api/generate", { needs, onlyBefore: $("practice-easy").checked ? "intersections" : "" });
    if (!r.practice) throw new Error("no practice position came back");
    if (!(await confirmLeave("Practise"))) {
      $("practice-status").textContent = "Kept your game.";
      return;
    }
    $("practice-dialog").close();
    startPractice(r);
  } catch (err) {
    $("practice-status").textContent = apiMessage(err);
  } finally {
    busy($("practice-start"), false);
  }
});

// keyName names a button with its key where there is a keyboard: "Hint
// (H)"; on a touch screen, "Hint" alone.
function keyName(name, key) {
  return matchMedia("(pointer: coarse)").matches ? name : `${name} (${key})`;
}

// startPractice plays a puzzle from its practice position: the digits
// placed by logic up to the step as entries, every candidate left as
// corner notes (the starting point, not an undo step).
function startPractice(r) {
  const p = r.practice;
  startGame(r.puzzle, { solution: r.solution, rating: r.rating, entries: p.position, meta: { practice: p.technique, level: r.rating.level } });
  for (let i = 0; i < 81; i++) if (!game.value(i)) game.corner[i] = p.marks[i];
  sel = game.givens.findIndex((g, i) => !g && !game.entries[i]);
  const a = /^[AEIOUX]/.test(p.technique) ? "an" : "a";
  say(`Practice: the next step is ${a} ${p.technique}. ${keyName("Hint", "H")} shows where.`, "", true);
  afterChange(false);
  showLesson(p, a);
}

// showLesson opens the hint panel on the technique practised: what it is,
// and the worked example of this puzzle (its step, explained on the board)
// one tap away.
function showLesson(p, a) {
  hint = null;
  $("hint-panel").hidden = false;
  $("hint-title").textContent = `Practice · ${p.technique}`;
  $("hint-summary").textContent = p.summary;
  $("hint-text").textContent = `This position needs ${a} ${p.technique} next: every candidate is in the notes. Find it, or see it worked out on this puzzle.`;
  $("hint-more").hidden = !p.example;
  $("hint-more").textContent = "Show the worked example";
  $("hint-more").dataset.level = "3";
  $("hint-more").dataset.example = "1";
  $("hint-apply").hidden = true;
  lesson = p;
}

// showExample shows the practice's worked example: a step of the very
// technique chosen (the hint's own next step may be another one).
function showExample() {
  const r = lesson.example;
  $("hint-more").dataset.example = "";
  hint = { pos: game.position(), key: game.position() + game.marks().join(","), level: 3, resp: r };
  game.helped.hints++;
  showHint(r);
  save();
}

// ---- wiring

buildPad();
for (const b of document.querySelectorAll(".modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
$("erase").addEventListener("click", erase);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("cands").addEventListener("click", () => {
  if (game && !paused && game.autoCandidates()) afterChange();
});
$("hint").addEventListener("click", () => askHint());
$("hint-more").addEventListener("click", () => {
  if ($("hint-more").dataset.example === "1" && lesson && lesson.example) showExample();
  else askHint(hint ? hint.level + 1 : Number($("hint-more").dataset.level) || 1);
});
$("hint-apply").addEventListener("click", applyHint);
$("hint-fix").addEventListener("click", fixWrong);
$("hint-close").addEventListener("click", () => {
  closeHint();
  render();
});
$("explain").addEventListener("click", explain);
$("explain-close").addEventListener("click", () => {
  closeExplain();
  render();
});
$("solve").addEventListener("click", () => {
  closeMenu();
  solve();
});
$("clear").addEventListener("click", () => {
  closeMenu();
  if (game && game.clearAll()) {
    afterChange();
    say("Cleared. Undo brings it all back.");
  }
});
$("new").addEventListener("click", () => newPuzzle());
$("mistakes").addEventListener("change", (e) => {
  settings.mistakes = e.target.checked;
  saveJSON(SETTINGS_KEY, settings);
  if (settings.mistakes && game && !game.solution && !game.several) checkPuzzle(game);
  render();
});
for (const id of ["level", "symmetry", "rules"]) {
  $(id).addEventListener("change", (e) => {
    settings[id] = e.target.value;
    if (id === "rules") offerLevels();
    saveJSON(SETTINGS_KEY, settings);
  });
}

// offered holds the levels each rule set is made at (/api/levels); a
// level the chosen rules are not made at is shown disabled, and the
// choice moves to the nearest level offered.
let offered = null;

async function loadOffered() {
  try {
    offered = (await get("/api/levels")).offered || {};
    offerLevels();
  } catch {
    // offline or an old server: every level stays offered
  }
}

function offerLevels() {
  const list = offered && offered[$("rules").value];
  const opts = [...$("level").options];
  for (const o of opts) {
    o.disabled = !!list && !list.includes(o.value);
    o.title = o.disabled ? `${$("rules").selectedOptions[0].textContent} puzzles are not made at this level` : "";
  }
  const sel = $("level").selectedIndex;
  if (!opts[sel] || !opts[sel].disabled) return;
  const near = opts.map((o, i) => [Math.abs(i - sel) + (i > sel ? 0.5 : 0), o]).filter(([, o]) => !o.disabled).sort((a, b) => a[0] - b[0]);
  if (near.length) {
    $("level").value = near[0][1].value;
    settings.level = $("level").value;
  }
}

// openLink plays the puzzle of a shared link (#p=…), asking before it
// replaces a game in progress; a link without a valid puzzle is refused
// and the game kept.
async function openLink(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (q.has("b")) {
    history.replaceState(null, "", location.pathname + location.search);
    return openBoardLink(q.get("b"), (q.get("e") || "").split(","));
  }
  const shared = readHash(hash);
  history.replaceState(null, "", location.pathname + location.search);
  if (!shared) {
    say("That link does not hold a puzzle (it may be cut short): your game is kept.", "err");
    return false;
  }
  if (game && game.puzzle === shared.puzzle) return true;
  if (!(await confirmLeave("Play the shared puzzle"))) {
    say("Kept your game; the shared puzzle was not opened.");
    return true;
  }
  startGame(shared.puzzle, { entries: shared.entries, message: "Shared puzzle loaded.", meta: { source: "link" } });
  return true;
}

// openBoardLink plays the puzzle of other rules of a #b= link.
async function openBoardLink(text, entries) {
  let bd;
  try {
    bd = await post("/api/board", { puzzle: text, rate: true });
  } catch (e) {
    say(`That link does not hold a puzzle this app can play (${apiMessage(e)}): your game is kept.`, "err");
    return false;
  }
  if (game && game.puzzle === bd.line) return true;
  if (!(await confirmLeave("Play the shared puzzle"))) {
    say("Kept your game; the shared puzzle was not opened.");
    return true;
  }
  startGame("", { board: bd, entries, message: "Shared puzzle loaded.", meta: { source: "link" } });
  return true;
}

function restore() {
  const saved = loadJSON(GAME_KEY);
  if (!saved || !(isLine(saved.puzzle) || saved.board)) return;
  try {
    game = Game.fromJSON(saved);
    sel = Number.isInteger(saved.sel) && saved.sel >= 0 && saved.sel < game.nn ? saved.sel : 0;
    if (game.done) say(`Solved in ${clock(game.elapsed)}.`, "win", true);
    paused = saved.paused === true && !game.done; // a reload keeps a pause, the timer stopped
    resumeTimer();
    render();
  } catch (e) {
    // Never lose a game to a bug: keep what was saved aside, start afresh.
    saveJSON(GAME_KEY + ".unreadable", saved);
    console.error("saved game unreadable:", e);
    game = null;
  }
}

function start() {
  Object.assign(settings, loadJSON(SETTINGS_KEY) || {});
  stats = Stats.validStats(loadJSON(STATS_KEY));
  applyTheme();
  $("mistakes").checked = !!settings.mistakes;
  $("level").value = settings.level;
  $("symmetry").value = settings.symmetry;
  $("rules").value = settings.rules || "classic";
  loadOffered();
  restore();
  const linked = /[#&][pb]=/.test(location.hash) ? openLink(location.hash) : Promise.resolve(false);
  linked.then((ok) => {
    if (!game) newPuzzle({ ask: false });
    else if (game.solution) fetchAhead(levelOf(game));
    document.documentElement.dataset.ready = "1";
    performance.mark("sudoku-ready");
  });
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
}

window.addEventListener("hashchange", () => {
  if (/[#&][pb]=/.test(location.hash)) openLink(location.hash);
});

start();
