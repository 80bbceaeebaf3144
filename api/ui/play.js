// Playing: the player's actions on the game (digits, notes, erase, undo,
// pause, the entry mode), what follows each one (the statistics, the
// finish) and the pad's keys.

import * as Stats from "./stats.js";
import { clock, plural } from "./words.js";
import { $, app, settings, save, saveJSON, STATS_KEY, pauseTimer, resumeTimer, say, moved } from "./state.js";
import { render, closeHint, setSelection } from "./view.js";
import { COLOURS } from "./game.js";

export const levelOf = (g) => g.meta.level || (g.rating && g.rating.level) || "Other";

// afterChange runs after every action on the game. A completed grid is
// a win only when the solver did not fill it; one finished with hints is
// marked as such. Whatever Clear and Undo do, help once taken stays
// counted, and the timer runs whenever the grid is not complete.
export function afterChange(move = true) {
  const game = app.game;
  if (app.hint && app.hint.pos !== game.position()) closeHint();
  if (move) moved();
  if (move && !game.meta.started && game.inProgress()) {
    game.meta.started = true;
    app.stats = Stats.started(app.stats, levelOf(game));
    saveJSON(STATS_KEY, app.stats);
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

// finish ends a completed game: the message, the statistics (once per
// game) and the finish screen.
function finish() {
  const game = app.game, h = game.helped, t = clock(game.elapsed);
  const how = h.solver ? "with the solver's help" : h.hints ? `with ${plural(h.hints, "hint")}` : "";
  say(how ? `Solved in ${t}, ${how}.` : `Solved in ${t}. Well done!`, "win", true);
  if (!game.meta.recorded) {
    game.meta.recorded = true;
    app.stats = Stats.finished(app.stats, { level: levelOf(game), ms: game.elapsed, hints: h.hints, solver: h.solver, daily: !!game.meta.daily, day: game.meta.daily || Stats.dayKey() });
    saveJSON(STATS_KEY, app.stats);
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
  const st = Stats.streak(app.stats);
  const counted = h.hints
    ? "Counted in your statistics as won with hints (best and average times count games without help). "
    : "Counted in your statistics as won. ";
  $("finish-streak").textContent = counted + `Streak: ${plural(st.current, "day")} (best ${st.best}).`;
  if (!$("finish-dialog").open) $("finish-dialog").showModal();
}

// ---- input: on every cell selected, one undo step

const LAYER = { corner: "c", centre: "m", colour: "k" };

// kind: "digit", "corner", "centre", "colour" (colour d), or "candidate"
// (candidate d in the colour last entered).
export function input(d, kind = app.mode) {
  const game = app.game, cells = [...app.cells];
  if (!game || !cells.length || app.paused || (kind === "colour" && d > COLOURS)) return;
  if (kind === "colour") app.brush = d;
  const changed = kind === "digit" ? game.placeAll(cells, d, { clearPeers: settings.autoNotes !== false }) : kind === "candidate" ? game.colourCandidate(cells, d, app.brush) : game.markAll(cells, LAYER[kind], d);
  if (changed) afterChange();
  else if (cells.length === 1 && game.isGiven(cells[0])) say(`Row ${Math.floor(cells[0] / game.n) + 1}, column ${(cells[0] % game.n) + 1} is a given.`);
}

// erase takes out the selection's entries, else its notes, else its
// colours; in colour mode, its colours.
export function erase() {
  if (app.game && app.cells.size && !app.paused && app.game.eraseAll([...app.cells], app.mode === "colour")) afterChange();
}

export function undo() {
  if (app.game && !app.paused && app.game.undo()) afterChange();
}

export function redo() {
  if (app.game && !app.paused && app.game.redo()) afterChange();
}

// autoCandidates fills in every candidate as corner notes.
export function autoCandidates() {
  if (app.game && !app.paused && app.game.autoCandidates()) afterChange();
}

export function setPaused(on) {
  if (!app.game) return;
  if (on) pauseTimer();
  app.paused = on;
  if (!on) resumeTimer();
  save();
  render();
}

export const MODES = ["digit", "corner", "centre", "colour"];

export function setMode(m) {
  app.mode = m;
  render();
}

// wirePad makes the pad's keys (view.buildPad) enter their digit: a tap
// in the current mode; a long press (half a second) toggles a corner
// note instead (a digit, in a notes mode).
export function wirePad() {
  const pad = $("pad");
  const keyOf = (e) => (e.target instanceof Element ? e.target.closest("#pad button[data-digit]") : null);
  let timer = 0, long = false;
  pad.addEventListener("pointerdown", (e) => {
    const b = keyOf(e);
    if (!b) return;
    long = false;
    timer = setTimeout(() => {
      long = true;
      input(+b.dataset.digit, app.mode === "digit" ? "corner" : "digit");
    }, 500);
  });
  const cancel = () => clearTimeout(timer);
  pad.addEventListener("pointerup", cancel);
  // pointerleave does not bubble: caught on its way down to the key left.
  pad.addEventListener("pointerleave", (e) => {
    if (e.target instanceof Element && e.target.matches("button[data-digit]")) cancel();
  }, true);
  pad.addEventListener("contextmenu", (e) => {
    if (keyOf(e)) e.preventDefault();
  });
  pad.addEventListener("click", (e) => {
    const b = keyOf(e);
    if (!b) return;
    if (long) long = false;
    else if (settings.digitFirst) choose(+b.dataset.digit);
    else input(+b.dataset.digit);
  });
}

// ---- digit-first input (settings.digitFirst)

// choose makes d the pad's chosen digit, or releases it when it is
// chosen already (0 releases any).
export function choose(d) {
  app.chosen = d && d !== app.chosen ? d : 0;
  render();
}

// pressCell enters the chosen digit into cell i, in the current mode,
// when digit-first input is on and a digit is chosen; it tells whether
// it did (else the press selects as ever).
export function pressCell(i) {
  if (!settings.digitFirst || !app.chosen || !app.game || app.paused) return false;
  setSelection({ cells: new Set([i]), cursor: i }, true);
  input(app.chosen);
  return true;
}
