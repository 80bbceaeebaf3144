// Unit tests of the app's words (words.js) and share links (api.js),
// without a browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clock, article, plural, capital, apiMessage, houseRule, levelBadge } from "../words.js";
import { APIError, shareHash, readHash, linkPuzzle } from "../api.js";

const EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

test("clock", () => {
  const cases = [[0, "0:00"], [999, "0:00"], [65000, "1:05"], [3600000, "1:00:00"], [3725000, "1:02:05"]];
  for (const [ms, want] of cases) assert.equal(clock(ms), want, `${ms} ms`);
});

test("articles and plurals", () => {
  const cases = [["Easy", "an"], ["Medium", "a"], ["Expert", "an"], ["Extreme", "an"], ["Diabolical", "a"], ["X-Wing", "an"], ["XY-chain", "an"], ["Swordfish", "a"], ["Skyscraper", "a"]];
  for (const [w, a] of cases) assert.equal(article(w), a, w);
  assert.equal(plural(1, "day"), "1 day");
  assert.equal(plural(0, "hint"), "0 hints");
  assert.equal(capital("row 3"), "Row 3");
});

test("API errors in players' words", () => {
  const cases = [
    { name: "conflict", e: new APIError(422, "conflict", "x", "", { house: "row 1", digit: 5, cells: ["r1c1", "r1c4"] }), want: "Row 1 has two 5s (r1c1 and r1c4)." },
    { name: "conflict without cells", e: new APIError(422, "conflict", "x"), want: "Two equal digits share a row, column or box." },
    { name: "several", e: new APIError(422, "multiple_solutions", "x"), what: "there is no single next step", want: "This puzzle has several solutions, so there is no single next step." },
    { name: "offline", e: new APIError(0, "network", "x"), want: /offline/ },
    { name: "entries wrong", e: new APIError(422, "entries_wrong", "Row 1, column 3 is 4, not 2."), want: "Row 1, column 3 is 4, not 2." },
    { name: "unread: the reader's words, where", e: new APIError(400, "invalid_puzzle", "puzzle: SudokuPad puzzle: r1c2 has the pencil mark \"x\", want 1 to 6"),
      want: "This puzzle cannot be read: SudokuPad puzzle: r1c2 has the pencil mark \"x\", want 1 to 6." },
    { name: "unread without words", e: new APIError(400, "invalid_puzzle", ""), want: /doesn't look like a puzzle/ },
    { name: "short link", e: new APIError(400, "short_link", "sudokupad.app/psxc3j9q0f is a SudokuPad short link: the puzzle is kept on SudokuPad's server and must be fetched from it; this server does not fetch puzzles"),
      want: "Sudokupad.app/psxc3j9q0f is a SudokuPad short link: the puzzle is kept on SudokuPad's server and must be fetched from it; this server does not fetch puzzles." },
    { name: "another code", e: new APIError(500, "http_500", "Internal Server Error"), want: "Internal Server Error" },
    { name: "not an API error", e: new Error("boom"), want: "boom" },
  ];
  for (const c of cases) {
    const got = apiMessage(c.e, c.what);
    if (c.want instanceof RegExp) assert.match(got, c.want, c.name);
    else assert.equal(got, c.want, c.name);
  }
});

test("share links", () => {
  assert.equal(shareHash(EASY, ""), "#p=" + EASY);
  assert.equal(shareHash(EASY, ".".repeat(81)), "#p=" + EASY, "no entries, no e=");
  const entries = "..4" + ".".repeat(78);
  assert.deepEqual(readHash(shareHash(EASY, entries)), { puzzle: EASY, entries });
  assert.deepEqual(readHash("#p=" + EASY.replace(/\./g, "0")), { puzzle: EASY, entries: "" });
  assert.equal(readHash("#p=" + EASY.slice(1)), null, "cut short");
  assert.deepEqual(readHash("#p=" + EASY + "&e=123"), { puzzle: EASY, entries: "" }, "bad entries are dropped");
});

test("links to the app: ours and SudokuPad's", () => {
  const code = "sclN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l+x";
  const cases = [
    ["#p=" + EASY, "", { line: EASY, entries: "" }],
    ["#p=" + EASY + "&e=..4" + ".".repeat(78), "", { line: EASY, entries: "..4" + ".".repeat(78) }],
    ["#p=12345", "", { cut: true }],
    ["#b=3x3:abc&e=1,2", "", { board: "3x3:abc", entries: ["1", "2"] }],
    ["#p=" + encodeURIComponent("https://sudokupad.app/" + code), "", { board: "https://sudokupad.app/" + code, entries: [] }],
    ["#p=" + encodeURIComponent(code), "", { board: code, entries: [] }],
    ["", "?puzzle=" + encodeURIComponent(code), { board: code, entries: [] }],
    ["", "?puzzleid=" + encodeURIComponent(code), { board: code, entries: [] }],
    ["", "?p=" + EASY, { line: EASY, entries: "" }],
    ["#" + code, "", { board: code, entries: [] }],
    ["#https://sudokupad.app/" + code, "", { board: "https://sudokupad.app/" + code, entries: [] }],
    ["#" + encodeURIComponent("https://sudokupad.app/psxc3j9q0f"), "", { board: "https://sudokupad.app/psxc3j9q0f", entries: [] }],
    ["#sudokupad.app/psxc3j9q0f", "", { board: "sudokupad.app/psxc3j9q0f", entries: [] }],
    ["#menu", "", null],
    ["", "", null],
    ["", "?theme=dark", null],
  ];
  for (const [hash, search, want] of cases) assert.deepEqual(linkPuzzle(hash, search), want, hash + search);
});

test("the rules' first line: rows, columns and boxes, or no regions", () => {
  assert.equal(houseRule(9, "box", false), "Each row, column and box holds the digits 1 to 9 once.");
  assert.equal(houseRule(6, "region", false), "Each row, column and region holds the digits 1 to 6 once.");
  const none = houseRule(6, "box", true);
  assert.match(none, /^Each row and column holds the digits 1 to 6 once; there are no regions/);
  assert.doesNotMatch(none, /each region/i);
  assert.equal(houseRule(16, "box", false, (d) => "0123456789ABCDEFG"[d]), "Each row, column and box holds the digits 1 to G once.");
});

test("the level badge", () => {
  assert.equal(levelBadge({ level: "Hard", er: 3.4 }), "Hard · ER 3.4");
  assert.equal(levelBadge({ level: "Easy", er: 1.2 }, { daily: true }), "Daily · Easy · ER 1.2");
  assert.equal(levelBadge(null, { several: true, unrated: true }), "several solutions");
  assert.equal(levelBadge(null, { unrated: true }), "not rated", "a board the rater cannot rate");
  assert.equal(levelBadge({ er: 0, level: "" }, { unrated: true }), "not rated");
  assert.equal(levelBadge(null), "", "while the rating is asked");
});
