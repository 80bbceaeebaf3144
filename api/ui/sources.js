// Where games come from: a new puzzle (the bank, the generator, or one
// fetched ahead when offline), the daily puzzle, a puzzle typed in or
// read from a photo, a shared link, the game saved in this browser; and
// the solver's answer.

import { Game, isLine } from "./game.js";
import { get, post, parsePuzzle, linkPuzzle, LINK_KEYS, readColours, APIError } from "./api.js";
import * as Stats from "./stats.js";
import { clock, article, apiMessage } from "./words.js";
import { $, app, GAME_KEY, AHEAD_KEY, loadJSON, saveJSON, save, elapsed, pauseTimer, resumeTimer, restartTimer, say, busy, closeMenu, STATS_KEY, selectOne } from "./state.js";
import { render, closeHint, closeExplain } from "./view.js";
import { afterChange, levelOf } from "./play.js";
import { closeExplore } from "./explore.js";

const SEVERAL = "This puzzle has several solutions: hints and the mistake check need a unique one.";

// confirmLeave asks before a game in progress is replaced; it resolves
// to whether to go on. A finished or untouched game goes without asking.
export function confirmLeave(what) {
  if (!app.game || !app.game.inProgress()) return Promise.resolve(true);
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
export function startGame(line, { solution = "", rating = null, entries = "", colour = null, message = "", meta = {}, board: bd = null } = {}) {
  pauseTimer();
  app.paused = false;
  const game = new Game(line, { solution: bd ? bd.solution || [] : solution, rating: bd ? bd.rating || null : rating, board: bd });
  app.game = game;
  game.meta = { ...meta };
  if (bd && bd.several) game.several = true;
  if (entries) {
    const list = Array.isArray(entries) ? entries : [...entries];
    for (let i = 0; i < game.nn; i++) if (!game.isGiven(i) && +list[i] >= 1 && +list[i] <= game.n) game.entries[i] = +list[i];
  }
  if (colour && colour.length === game.nn) game.colour = colour;
  // A pencil-mark puzzle's given candidates start as centre marks.
  const marks = bd && Array.isArray(bd.givenMarks) && bd.givenMarks.length === game.nn ? bd.givenMarks : null;
  if (marks) for (let i = 0; i < game.nn; i++) if (!game.value(i) && Number.isInteger(marks[i]) && marks[i] > 0 && marks[i] < 2 ** game.n) game.centre[i] = marks[i];
  selectOne(Math.max(0, game.givens.findIndex((g, i) => !g && !game.entries[i])));
  closeExplore(false);
  closeHint();
  closeExplain();
  if ($("finish-dialog").open) $("finish-dialog").close();
  say(message);
  restartTimer();
  if (game.board) {
    if (game.several) say(SEVERAL, "err");
  } else if (!game.solution) checkPuzzle(game);
  else if (!rating) rate(game);
  afterChange(false);
  if (!game.board) fetchAhead(levelOf(game));
}

// checkPuzzle learns a game's solution, or that it has none or several.
export async function checkPuzzle(g) {
  if (g.board) return;
  try {
    const r = await post("/api/solve", { puzzle: g.puzzle });
    if (r.unique) {
      g.solution = r.solution;
      rate(g);
    } else {
      g.several = true;
      if (g === app.game) say(SEVERAL, "err");
    }
  } catch (e) {
    if (g === app.game) say(apiMessage(e), "err");
  }
  if (g === app.game) {
    render();
    save();
  }
}

async function rate(g) {
  if (g.board) return;
  try {
    g.rating = await post("/api/rate", { puzzle: g.puzzle });
    if (!g.rating || !g.rating.level) g.meta.unrated = true;
    if (g === app.game) fetchAhead(levelOf(g));
  } catch {
    g.meta.unrated = true; // the badge says "not rated"
  }
  if (g === app.game) {
    render();
    save();
  }
}

// RULES are the rule sets New puzzle offers: [variant, size].
const RULES = {
  x: ["x", 9], windoku: ["windoku", 9], jigsaw: ["jigsaw", 9], killer: ["killer", 9], "anti-knight": ["anti-knight", 9],
  "6x6": ["", 6], "12x12": ["", 12], "16x16": ["", 16],
};

export async function newPuzzle({ ask = true } = {}) {
  if (ask && !(await confirmLeave("New puzzle"))) return;
  closeMenu();
  const level = $("level").value, symmetry = $("symmetry").value, rules = $("rules").value;
  const btn = $("new");
  busy(btn, true);
  // While the generator works the old game's clock stops, the wait is
  // counted in the message, and Cancel gives the old game back.
  const what = `Finding ${article(level)} ${level} puzzle`;
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
export async function fetchAhead(level) {
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
export async function daily() {
  const level = $("level").value, game = app.game;
  if (game && game.meta.daily === Stats.dayKey() && levelOf(game) === level) return closeMenu();
  if (!(await confirmLeave("Daily puzzle"))) return;
  closeMenu();
  busy($("daily"), true);
  try {
    const r = await get(`/api/bank/daily?level=${encodeURIComponent(level)}`);
    const done = app.stats.daily[`${Stats.dayKey()} ${level}`];
    startGame(r.puzzle, { solution: r.solution, rating: r.rating, meta: { level, daily: Stats.dayKey() },
      message: done ? `You solved today's ${level} puzzle in ${clock(done.ms)}; play it again?` : `Today's ${level} puzzle.` });
  } catch (e) {
    say(e instanceof APIError && e.status === 404 ? "No daily puzzle of that level on this server." : apiMessage(e), "err");
  } finally {
    busy($("daily"), false);
  }
}

// FORMS_READ follows a puzzle that does not read: what Enter takes.
const FORMS_READ = " Enter takes a line of 81 digits (0 or . for empty cells), a grid, a Solo game ID (3x3:…), an f-puzzles link or its JSON, a SudokuPad link (sudokupad.app/scl…, ctc…, fpuzzles…) or its JSON, or a killer ID (3x3::k:…).";

// loadText checks a puzzle in any text form and plays it; it returns an
// error message, or "" when the puzzle was loaded.
export async function loadText(text, { from = "" } = {}) {
  let line, r, boardError = null;
  try {
    const bd = await boardOf(text);
    if (bd && bd.readError) boardError = bd.readError;
    else if (bd) {
      const ruled = (bd.constraints || []).some((c) => !c.cosmetic);
      if (!bd.cells.some((v) => v) && !bd.units.some((u) => u.sum) && !ruled) return showLoadError("The puzzle is empty.", from);
      if (!(await confirmLeave("Play this puzzle"))) return from === "dialog" ? "Kept your game." : "";
      startGame("", { board: bd, meta: { source: from } });
      return "";
    }
    try {
      line = await parsePuzzle(text);
    } catch (e) {
      // A link, a code or JSON the server reads as a board of other
      // rules: its reader says what is wrong, not the grid reader.
      throw boardError && !/^[0-9.\s|+\-_*]*$/.test(text.trim()) ? boardError : e;
    }
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
    startGame(line, { message: SEVERAL });
    app.game.several = true;
    say($("message").textContent, "err");
    render();
    save();
  }
  return "";
}

// boardOf reads a puzzle of other rules (a Solo game ID, f-puzzles JSON,
// an f-puzzles or SudokuPad link, a line with maps …) through
// /api/board; null for a classic 9x9 puzzle, which the classic path
// plays (one with drawings is a board: the drawings show); { readError }
// when the server cannot read it (the classic reader tries next).
async function boardOf(text) {
  const t = text.trim();
  if (/^[0-9.\s|+\-]*$/.test(t) && (t.match(/[0-9.]/g) || []).length === 81) return null;
  let bd;
  try {
    bd = await post("/api/board", { puzzle: t, rate: true });
  } catch (e) {
    if (e instanceof APIError && e.code === "invalid_puzzle") return { readError: e };
    throw e;
  }
  return bd.rules === "9x9" && !(bd.constraints || []).length ? null : bd;
}

function showLoadError(msg, from) {
  if (from !== "dialog") say(msg, "err");
  return msg;
}

// solve fills in the solution: the game counts as given up.
export async function solve() {
  const game = app.game;
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
      app.stats = Stats.finished(app.stats, { level: levelOf(game), ms: game.elapsed, solver: true });
      saveJSON(STATS_KEY, app.stats);
    }
    afterChange(false);
    say(r.unique ? "Solved by the solver." : "This puzzle has several solutions; one of them is shown.", r.unique ? "" : "err");
  } catch (e) {
    say(apiMessage(e), "err");
  } finally {
    busy($("solve"), false);
  }
}

// openLink plays the puzzle of a link to the app (#p=…, #b=…, or a
// SudokuPad link or code: api.linkPuzzle), asking before it replaces a
// game in progress; a link without a puzzle that can be played is
// refused, saying why, and the game kept.
export async function openLink(hash, search = "") {
  const link = linkPuzzle(hash, search);
  const q = new URLSearchParams(search);
  for (const k of LINK_KEYS) q.delete(k);
  history.replaceState(null, "", location.pathname + (q.toString() ? `?${q}` : ""));
  if (link && link.board) return openBoardLink(link.board, link.entries, hash);
  if (!link || !link.line) {
    say("That link does not hold a puzzle (it may be cut short): your game is kept.", "err");
    return false;
  }
  if (app.game && app.game.puzzle === link.line) return true;
  if (!(await confirmLeave("Play the shared puzzle"))) {
    say("Kept your game; the shared puzzle was not opened.");
    return true;
  }
  startGame(link.line, { entries: link.entries, colour: readColours(hash, 81), message: "Shared puzzle loaded.", meta: { source: "link" } });
  return true;
}

// openBoardLink plays the puzzle of other rules of a #b= link, or of a
// SudokuPad link: a classic 9x9 one is played as one.
async function openBoardLink(text, entries, hash = "") {
  let bd;
  try {
    bd = await post("/api/board", { puzzle: text, rate: true });
  } catch (e) {
    say(`That link does not hold a puzzle this app can play. ${apiMessage(e)} Your game is kept.`, "err");
    return false;
  }
  if (app.game && app.game.puzzle === bd.line) return true;
  if (!(await confirmLeave("Play the shared puzzle"))) {
    say("Kept your game; the shared puzzle was not opened.");
    return true;
  }
  startGame("", { board: bd, entries, colour: readColours(hash, bd.size * bd.size), message: "Shared puzzle loaded.", meta: { source: "link" } });
  return true;
}

// restore brings back the game saved in this browser.
export function restore() {
  const saved = loadJSON(GAME_KEY);
  if (!saved || !(isLine(saved.puzzle) || saved.board)) return;
  try {
    const game = Game.fromJSON(saved);
    app.game = game;
    selectOne(Number.isInteger(saved.sel) && saved.sel >= 0 && saved.sel < game.nn ? saved.sel : 0);
    if (game.done) say(`Solved in ${clock(game.elapsed)}.`, "win", true);
    app.paused = saved.paused === true && !game.done; // a reload keeps a pause, the timer stopped
    resumeTimer();
    render();
  } catch (e) {
    // Never lose a game to a bug: keep what was saved aside, start afresh.
    saveJSON(GAME_KEY + ".unreadable", saved);
    console.error("saved game unreadable:", e);
    app.game = null;
  }
}
