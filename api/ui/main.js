// The web app: wires the controller's modules to the page and starts.
//
//   state.js     the shared state, saving, the clock, the message
//   view.js      the board, the pad, highlights, selection, zoom
//   play.js      the player's actions and what follows them; the pad keys
//   sources.js   new, daily, typed, photo and shared puzzles; the solver
//   hints.js     the hint ladder, a step's pattern drawn (pattern.js);
//                explain.js the whole solving path
//   practice.js  a puzzle set before a technique, and its worked example
//   book.js      Puzzle book: sections of rules, level and count, a PDF
//   explore.js   Explore solutions: the puzzle's candidates, counts and
//                solutions one by one (solutions.js reads and words them)
//   dialogs.js   Enter, Share and export, Photo; menu.js the menu,
//                settings, levels offered and statistics
// Below them: game.js (the model), stats.js, words.js, api.js, board.js,
// shapes.js, solutions.js and photo.js.

import { linkPuzzle } from "./api.js";
import * as Stats from "./stats.js";
import { $, app, settings, loadJSON, STATS_KEY, SETTINGS_KEY, save, tick, pauseTimer, resumeTimer, say, closeMenu } from "./state.js";
import { render, buildPad, onCellPress, move, setZoom, zoomed, closeHint, closeExplain, escapeSelection, selectAll } from "./view.js";
import { input, erase, undo, redo, autoCandidates, setPaused, setMode, MODES, wirePad, choose, pressCell, afterChange, levelOf } from "./play.js";
import { newPuzzle, daily, solve, openLink, restore, fetchAhead } from "./sources.js";
import { askHint, moreHint, nextLink, applyHint, fixWrong } from "./hints.js";
import { explain } from "./explain.js";
import { wirePractice, exampleOffered, showExample } from "./practice.js";
import { wireBook } from "./book.js";
import { wireDialogs } from "./dialogs.js";
import { wireMenu, applyTheme, showSettings, loadOffered } from "./menu.js";
import { wireExplore, closeExplore } from "./explore.js";

// ---- keyboard

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// onEscape releases the digit chosen on the pad (digit-first input),
// else closes the hint and the solving path; with neither open, it
// collapses the selection (several cells to one, one to none).
function onEscape() {
  if (app.chosen) return choose(0);
  if ($("hint-panel").hidden && $("explain-panel").hidden) return escapeSelection();
  closeHint();
  closeExplain();
  render();
}

function onKey(e) {
  const game = app.game;
  if (!game || document.querySelector("dialog[open]")) return;
  const t = e.target;
  // Exploring solutions enters nothing: Escape closes it, the arrows
  // move the selection.
  if (app.explore) {
    if (e.key === "Escape") {
      closeExplore();
      e.preventDefault();
      return;
    }
    if (!e.key.startsWith("Arrow")) return;
  }
  if (t instanceof HTMLElement && t.matches("input, textarea, select")) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  // A plain arrow moves the selection; with Shift, Ctrl or Cmd it grows.
  if (ARROWS[key] && !e.altKey) {
    move(...ARROWS[key], mod || e.shiftKey);
    e.preventDefault();
    return;
  }
  // Ctrl+A selects every cell (on boards above 9x9, A is a digit).
  if (mod && key === "a" && game.n <= 9 && !app.explore) {
    selectAll();
    e.preventDefault();
    return;
  }
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
    else input(d, e.shiftKey ? (app.mode === "colour" ? "candidate" : "corner") : mod || e.altKey ? "centre" : app.mode);
    e.preventDefault();
    return;
  }
  if (mod || e.altKey) return;
  switch (key) {
    case "Backspace":
    case "Delete": erase(); break;
    case "z": setMode("digit"); break;
    case "x": setMode("corner"); break;
    case "c": setMode("centre"); break;
    case "v": setMode("colour"); break;
    case " ":
      if (t instanceof HTMLElement && t.closest("button")) return;
      setMode(MODES[(MODES.indexOf(app.mode) + 1) % MODES.length]);
      break;
    case "h": askHint(); break;
    case "p": setPaused(!app.paused); break;
    case "Escape": onEscape(); break;
    default: return;
  }
  e.preventDefault();
}

// ---- wiring

function wire() {
  setInterval(tick, 1000);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      pauseTimer();
      save();
    } else resumeTimer();
  });
  window.addEventListener("pagehide", save);
  document.addEventListener("keydown", onKey);
  $("zoom").addEventListener("click", () => setZoom(!zoomed()));
  wirePad();
  onCellPress(pressCell);
  for (const b of document.querySelectorAll(".modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
  $("erase").addEventListener("click", erase);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("cands").addEventListener("click", autoCandidates);
  $("hint").addEventListener("click", () => askHint());
  $("hint-more").addEventListener("click", () => (exampleOffered() ? showExample() : moreHint()));
  $("hint-next").addEventListener("click", nextLink);
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
    closeExplore();
    solve();
  });
  $("clear").addEventListener("click", () => {
    closeMenu();
    closeExplore();
    if (app.game && app.game.clearAll()) {
      afterChange();
      say("Cleared. Undo brings it all back.");
    }
  });
  $("new").addEventListener("click", () => newPuzzle());
  $("pause").addEventListener("click", () => setPaused(!app.paused));
  $("resume").addEventListener("click", () => setPaused(false));
  $("daily").addEventListener("click", daily);
  $("finish-next").addEventListener("click", () => newPuzzle({ ask: false }));
  wireMenu();
  wireDialogs();
  wirePractice();
  wireBook();
  wireExplore();
  window.addEventListener("hashchange", () => {
    if (linkPuzzle(location.hash)) openLink(location.hash);
  });
}

function start() {
  Object.assign(settings, loadJSON(SETTINGS_KEY) || {});
  app.stats = Stats.validStats(loadJSON(STATS_KEY));
  applyTheme();
  showSettings();
  $("level").value = settings.level;
  $("symmetry").value = settings.symmetry;
  $("rules").value = settings.rules || "classic";
  loadOffered();
  restore();
  const linked = linkPuzzle(location.hash, location.search) ? openLink(location.hash, location.search) : Promise.resolve(false);
  linked.then((ok) => {
    if (!app.game) newPuzzle({ ask: false });
    else if (app.game.solution) fetchAhead(levelOf(app.game));
    document.documentElement.dataset.ready = "1";
    performance.mark("sudoku-ready");
  });
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
}

buildPad();
wire();
start();
