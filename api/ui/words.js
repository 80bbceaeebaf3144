// The app's words: times, articles and the API's errors as players read
// them. Pure functions, no DOM.

import { APIError } from "./api.js";

// clock writes ms of play as "4:05" or "1:02:03".
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// article is the article before a level or a technique: "an Expert",
// "an X-Wing", "a Swordfish".
export const article = (word) => (/^[AEIOUX]/.test(word) ? "an" : "a");

// plural writes "1 day", "2 days".
export const plural = (n, word) => `${n} ${n === 1 ? word : word + "s"}`;

// apiMessage says what went wrong for a player; what finishes the
// sentence of a puzzle with several solutions ("so there is no single
// next step").
export function apiMessage(e, what = "") {
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
    case "invalid_puzzle": {
      // the reader's own words, which say where: "line 1, column 8: …"
      const why = (e.message || "").replace(/^puzzle: /, "").trim();
      return why ? `This puzzle cannot be read: ${stop(why)}` : "That doesn't look like a puzzle: type 81 digits with 0 or . for empty cells, or paste a grid.";
    }
    case "short_link":
      return capital(stop(e.message));
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

// stop ends a sentence with a full stop unless it has one.
const stop = (s) => (/[.!?]$/.test(s) ? s : s + ".");

// houseRule is the first of a board's rules in words: what each row,
// column and box (or region) holds, or, on a grid that has neither
// (noBoxes: a SudokuPad or f-puzzles puzzle that draws no regions), its
// rows and columns alone. digit writes the largest digit (1-9, A-P).
export function houseRule(n, house, noBoxes, digit = String) {
  return noBoxes
    ? `Each row and column holds the digits 1 to ${digit(n)} once; there are no regions (no boxes).`
    : `Each row, column and ${house} holds the digits 1 to ${digit(n)} once.`;
}

// levelBadge is the badge by the title: the level and ER of the puzzle
// played, "several solutions", "not rated" when the rater gave none (a
// board it cannot rate, a rating that failed), or "" while it is asked.
export function levelBadge(rating, { daily = false, several = false, unrated = false } = {}) {
  if (rating && rating.level) return `${daily ? "Daily · " : ""}${rating.level} · ER ${rating.er}`;
  if (several) return "several solutions";
  return unrated ? "not rated" : "";
}
