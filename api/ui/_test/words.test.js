// Unit tests of the app's words (words.js) and share links (api.js),
// without a browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clock, article, plural, capital, apiMessage } from "../words.js";
import { APIError, shareHash, readHash } from "../api.js";

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
