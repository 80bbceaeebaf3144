// The controller's shared state and the small services every part of it
// uses: element lookup, what is kept in the browser, the game's clock and
// the status message. The other modules (view, play, sources, hints,
// explain, practice, dialogs, menu) read and change the state here; only
// main.js wires them to the page.

import * as Stats from "./stats.js";
import { clock } from "./words.js";

export const $ = (id) => document.getElementById(id);

export const GAME_KEY = "sudoku.game.v1";
export const SETTINGS_KEY = "sudoku.settings.v1";
export const STATS_KEY = "sudoku.stats.v1";
export const AHEAD_KEY = "sudoku.ahead.v1"; // puzzles fetched ahead per level, for playing offline

// app is the state of the game on screen.
export const app = {
  game: null, // the Game played
  sel: 40, // the cursor: the cell selected last, the arrows move from it
  cells: new Set([40]), // the cells selected (selection.js), often the cursor's alone
  mode: "digit", // what a digit key enters: "digit", "corner", "centre" or "colour"
  chosen: 0, // digit-first input (settings.digitFirst): the pad's digit chosen, entered by each press on a cell; 0 for none
  brush: 1, // the colour last entered: Shift+digit in colour mode colours that candidate with it
  hint: null, // the hint shown: {pos, key, level, resp}
  mark: { cells: new Set(), houses: new Set(), wrong: new Set(), digits: new Set(), step: null }, // the board's highlights (view.setMark)
  paused: false,
  lesson: null, // the practice being played: its technique and worked example
  explore: null, // Explore solutions while open (explore.js): what it shows
  stats: Stats.emptyStats(),
};

// settings are the player's choices, kept in the browser. Those of
// play default to the app's behaviour before they were offered: notes
// cleared by a digit placed (autoNotes), conflicts in red, the selected
// digit highlighted (sameDigit), the selection first (digitFirst off).
export const settings = { theme: "", mistakes: false, level: "Medium", symmetry: "", rules: "classic", exploreCounts: true, autoNotes: true, conflicts: true, sameDigit: true, digitFirst: false };

// selectOne makes cell i the selection, alone (none for -1).
export function selectOne(i) {
  app.sel = i;
  app.cells = new Set(i >= 0 ? [i] : []);
}

// ---- persistence

export function loadJSON(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

export function saveJSON(key, v) {
  try {
    localStorage.setItem(key, JSON.stringify(v));
    return true;
  } catch {
    return false; // storage full or disabled: play on without saving
  }
}

// save keeps the game in localStorage; when it is full, with less history.
export function save() {
  const game = app.game;
  if (!game) return;
  for (const keep of [500, 50, 0]) {
    const o = game.toJSON(keep);
    o.elapsed = elapsed();
    o.sel = app.sel;
    o.paused = app.paused;
    if (saveJSON(GAME_KEY, o)) return;
  }
}

// ---- timer

let runningSince = 0; // performance.now() while the timer runs, else 0

export function elapsed() {
  if (!app.game) return 0;
  return app.game.elapsed + (runningSince ? performance.now() - runningSince : 0);
}

export function pauseTimer() {
  if (!app.game || !runningSince) return;
  app.game.elapsed = elapsed();
  runningSince = 0;
  tick(); // the time it stopped at, not the last second's
}

export function resumeTimer() {
  const game = app.game;
  if (!game || runningSince || app.paused || game.done || game.solvedBy || document.hidden) return;
  runningSince = performance.now();
}

// restartTimer forgets the running clock of the game replaced.
export function restartTimer() {
  runningSince = 0;
  resumeTimer();
}

export function tick() {
  $("timer").textContent = clock(elapsed());
}

// ---- messages

let msgSticky = false; // the message stays after the next move (a win)

// say shows a status message; it goes at the next move unless sticky.
export function say(text, kind = "", sticky = false) {
  const m = $("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
  msgSticky = sticky;
}

// moved drops the message at a move, unless it is sticky.
export function moved() {
  if (!msgSticky) say("");
}

// busy marks a button as working (disabled) or done.
export function busy(btn, on) {
  btn.disabled = on;
  btn.setAttribute("aria-busy", String(on));
}

// closeMenu hides the menu; the focus, if it was in the menu, goes back
// to the menu button (a dialog the menu opens takes it from there).
export function closeMenu() {
  const inside = $("menu").contains(document.activeElement);
  $("menu").hidden = true;
  $("menu-button").setAttribute("aria-expanded", "false");
  if (inside) $("menu-button").focus();
}

// openMenu shows the menu and puts the focus on its first control.
export function openMenu() {
  $("menu").hidden = false;
  $("menu-button").setAttribute("aria-expanded", "true");
  const first = $("menu").querySelector("button:not(:disabled), select:not(:disabled), input:not(:disabled), summary, [tabindex]:not([tabindex='-1'])");
  if (first) first.focus();
}
