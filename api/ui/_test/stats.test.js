// Unit tests of the statistics (stats.js), without a browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as Stats from "../stats.js";

const win = (s, level, ms, day, more = {}) => Stats.finished(s, { level, ms, day, ...more });

test("dayKey is the local date", () => {
  assert.equal(Stats.dayKey(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
  assert.equal(Stats.dayKey(new Date(2026, 10, 25)), "2026-11-25");
});

test("validStats keeps stats and replaces junk", () => {
  const cases = [
    { name: "null", in: null, levels: {} },
    { name: "a string", in: "x", levels: {} },
    { name: "no days", in: { levels: {} }, levels: {} },
    { name: "good", in: { levels: { Easy: { played: 1 } }, days: [] }, levels: { Easy: { played: 1 } } },
  ];
  for (const c of cases) {
    const s = Stats.validStats(c.in);
    assert.deepEqual(s.levels, c.levels, c.name);
    assert.ok(Array.isArray(s.days) && typeof s.daily === "object", c.name);
  }
});

test("wins, wins with hints and games the solver finished are counted apart", () => {
  let s = Stats.emptyStats();
  for (let k = 0; k < 4; k++) s = Stats.started(s, "Hard");
  s = win(s, "Hard", 300000, "2026-11-20");
  s = win(s, "Hard", 200000, "2026-11-21");
  s = win(s, "Hard", 100000, "2026-11-21", { hints: 1 }); // one hint is help
  s = win(s, "Hard", 50000, "2026-11-22", { solver: true });
  const h = s.levels.Hard;
  assert.deepEqual({ played: h.played, won: h.won, helped: h.helped, solver: h.solver, best: h.best }, { played: 4, won: 2, helped: 1, solver: 1, best: 200000 });
  assert.deepEqual(s.days, ["2026-11-20", "2026-11-21"], "a game the solver finished keeps no day");
  const [row] = Stats.rows(s);
  assert.equal(row.average, 250000, "the average counts wins without help only");
});

test("levels outside the list count as Other, rows in level order", () => {
  let s = Stats.emptyStats();
  s = win(Stats.started(s, "Mystery"), "Mystery", 1000, "2026-11-01");
  s = win(Stats.started(s, "Diabolical"), "Diabolical", 1000, "2026-11-01");
  s = win(Stats.started(s, "Easy"), "Easy", 1000, "2026-11-01");
  assert.deepEqual(Stats.rows(s).map((r) => r.level), ["Easy", "Diabolical", "Other"]);
});

test("the daily puzzle is remembered by day and level", () => {
  let s = win(Stats.emptyStats(), "Medium", 90000, "2026-11-25", { daily: true, hints: 1 });
  s = win(s, "Easy", 1000, "2026-11-25", { daily: true, solver: true });
  assert.deepEqual(s.daily, { "2026-11-25 Medium": { ms: 90000, hints: 1 } });
});

test("streaks", () => {
  const cases = [
    { name: "none", days: [], today: "2026-11-25", current: 0, best: 0 },
    { name: "today", days: ["2026-11-25"], today: "2026-11-25", current: 1, best: 1 },
    { name: "ends yesterday", days: ["2026-11-23", "2026-11-24"], today: "2026-11-25", current: 2, best: 2 },
    { name: "broken", days: ["2026-11-22", "2026-11-23"], today: "2026-11-25", current: 0, best: 2 },
    { name: "over a month end", days: ["2026-10-30", "2026-10-31", "2026-11-01"], today: "2026-11-01", current: 3, best: 3 },
    { name: "best earlier", days: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-11-24", "2026-11-25"], today: "2026-11-25", current: 2, best: 3 },
  ];
  for (const c of cases) {
    assert.deepEqual(Stats.streak({ days: c.days }, c.today), { current: c.current, best: c.best }, c.name);
  }
});

test("days are kept sorted, at most 400", () => {
  let s = Stats.emptyStats();
  s = win(s, "Easy", 1, "2026-11-25");
  s = win(s, "Easy", 1, "2026-11-01");
  assert.deepEqual(s.days, ["2026-11-01", "2026-11-25"]);
  for (let k = 0; k < 450; k++) s = win(s, "Easy", 1, Stats.dayKey(new Date(2024, 0, 1 + k)));
  assert.equal(s.days.length, 400);
  assert.equal(s.days[s.days.length - 1], "2026-11-25");
});
