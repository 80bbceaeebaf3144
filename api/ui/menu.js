// The menu: opening and closing it, the settings it holds (rules, level,
// symmetry, mistakes, theme, the settings of play) with the levels each rule set is made at,
// and the statistics.

import { get } from "./api.js";
import * as Stats from "./stats.js";
import { clock, plural } from "./words.js";
import { $, app, settings, saveJSON, SETTINGS_KEY, closeMenu, openMenu } from "./state.js";
import { render } from "./view.js";
import { checkPuzzle } from "./sources.js";

export function wireMenu() {
  $("menu-button").addEventListener("click", () => ($("menu").hidden ? openMenu() : closeMenu()));
  // Escape closes the menu (before the game's keys see it) and gives the
  // focus back to the menu button; a dialog's own Escape comes first.
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || $("menu").hidden || document.querySelector("dialog[open]")) return;
    closeMenu();
    $("menu-button").focus();
    e.preventDefault();
    e.stopPropagation();
  }, true);
  document.addEventListener("pointerdown", (e) => {
    if (!$("menu").hidden && !e.target.closest("#menu, #menu-button")) closeMenu();
  });
  $("stats").addEventListener("click", showStats);
  $("theme").addEventListener("change", () => {
    settings.theme = $("theme").checked ? "dark" : "light";
    saveJSON(SETTINGS_KEY, settings);
    applyTheme();
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", applyTheme);
  $("mistakes").addEventListener("change", (e) => {
    settings.mistakes = e.target.checked;
    saveJSON(SETTINGS_KEY, settings);
    const game = app.game;
    if (settings.mistakes && game && !game.solution && !game.several) checkPuzzle(game);
    render();
  });
  for (const [id, name] of Object.entries(TOGGLES)) {
    $(id).addEventListener("change", (e) => {
      settings[name] = e.target.checked;
      saveJSON(SETTINGS_KEY, settings);
      if (name === "digitFirst") app.chosen = 0;
      render();
    });
  }
  for (const id of ["level", "symmetry", "rules"]) {
    $(id).addEventListener("change", (e) => {
      settings[id] = e.target.value;
      if (id === "rules") offerLevels();
      saveJSON(SETTINGS_KEY, settings);
    });
  }
}

// ---- settings of play: the menu's check box of each, and its setting

const TOGGLES = { "auto-notes": "autoNotes", conflicts: "conflicts", "same-digit": "sameDigit", "digit-first": "digitFirst" };

// showSettings sets the menu's check boxes to the settings.
export function showSettings() {
  $("mistakes").checked = !!settings.mistakes;
  for (const [id, name] of Object.entries(TOGGLES)) $(id).checked = !!settings[name];
}

// ---- theme

export function applyTheme() {
  const root = document.documentElement;
  if (settings.theme) root.dataset.theme = settings.theme;
  else delete root.dataset.theme;
  $("theme").checked = settings.theme ? settings.theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
}

// ---- statistics

function showStats() {
  closeMenu();
  const st = Stats.streak(app.stats);
  $("stats-streak").textContent = `Streak: ${plural(st.current, "day")} in a row (best ${st.best}).`;
  // Each figure carries its heading too: a phone shows a level's figures
  // as labelled lines instead of the table's columns.
  const head = ["Level", "Played", "Won", "With hints", "Solver", "Best", "Average"];
  const rows = Stats.rows(app.stats).map((l) => tableRow([l.level, l.played, l.won, l.helped, l.solver, l.best ? clock(l.best) : "–", l.average ? clock(l.average) : "–"], "td", head));
  $("stats-table").replaceChildren(tableRow(head, "th"), ...rows);
  if (!rows.length) $("stats-table").replaceChildren(tableRow(["No games finished yet."], "td"));
  $("stats-dialog").showModal();
}

// tableRow makes a row of cells (tag td or th), each labelled with its
// heading of labels (data-label) when given.
function tableRow(cells, tag, labels = []) {
  const r = document.createElement("tr");
  cells.forEach((c, i) => {
    const e = document.createElement(tag);
    e.textContent = c;
    if (labels[i]) e.dataset.label = labels[i];
    r.append(e);
  });
  return r;
}

// ---- levels offered

// offered holds the levels each rule set is made at (/api/levels); a
// level the chosen rules are not made at is shown disabled, and the
// choice moves to the nearest level offered.
let offered = null;

export async function loadOffered() {
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
