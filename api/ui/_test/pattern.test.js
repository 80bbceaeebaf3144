// Unit tests of a step's drawing (pattern.js), without a browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { drawingOf, role, drawn, slotCentre, linkPath, linkWords, K } from "../pattern.js";
import { cellIndex, cellName } from "../game.js";

const c = (cell, digit) => ({ cell, digit });

// An X-Wing on 2 in rows 2 and 5, columns 3 and 4, as the API sends it.
const XWING = {
  technique: "X-Wing", digits: [2], houses: ["row 2", "row 5", "column 3", "column 4"],
  pattern: [c("r2c3", 2), c("r2c4", 2), c("r5c3", 2), c("r5c4", 2)],
  eliminations: [c("r3c3", 2), c("r7c4", 2)],
};

// An X-chain on 6: strong, weak, strong.
const XCHAIN = {
  technique: "X-chain", digits: [6],
  pattern: [c("r2c2", 6), c("r2c6", 6), c("r1c4", 6), c("r5c4", 6)],
  eliminations: [c("r5c2", 6)],
  links: [
    { from: c("r2c2", 6), to: c("r2c6", 6), strong: true },
    { from: c("r2c6", 6), to: c("r1c4", 6), strong: false },
    { from: c("r1c4", 6), to: c("r5c4", 6), strong: true },
  ],
};

test("an X-Wing: four corners coloured, its eliminations struck, other 2s dimmed", () => {
  const dr = drawingOf(XWING, (x) => cellIndex(x));
  const cases = [
    { name: "corner", cell: "r2c3", d: 2, want: "pat" },
    { name: "corner", cell: "r5c4", d: 2, want: "pat" },
    { name: "taken out", cell: "r3c3", d: 2, want: "elim" },
    { name: "another 2", cell: "r9c9", d: 2, want: "dim" },
    { name: "another digit in a corner", cell: "r2c3", d: 5, want: "" },
  ];
  for (const t of cases) assert.equal(role(dr, cellIndex(t.cell), t.d), t.want, `${t.name} ${t.cell}#${t.d}`);
  assert.equal([...dr.pattern.values()].reduce((n, s) => n + s.size, 0), 4);
  assert.deepEqual(drawn(dr, cellIndex("r3c3")), [2], "drawn even where the player has no note");
  assert.deepEqual(drawn(dr, cellIndex("r9c9")), []);
  assert.equal(dr.links.length, 0);
});

test("nothing to draw, or junk", () => {
  const idx = (x) => cellIndex(x);
  assert.equal(drawingOf(null, idx), null);
  assert.equal(drawingOf({ technique: "Hidden single" }, idx), null);
  const dr = drawingOf({ pattern: [c("r0c1", 1), c("r1c1", 0), { cell: 5 }], eliminations: "x", links: [{ from: c("r1c1", 1) }, null] }, idx);
  assert.equal(dr, null, "bad cells, digits and links are dropped");
  assert.equal(role(null, 0, 1), "");
});

test("a chain's links keep their order and kinds", () => {
  const dr = drawingOf(XCHAIN, (x) => cellIndex(x));
  assert.deepEqual(dr.links.map((l) => l.strong), [true, false, true]);
  assert.deepEqual(dr.links[1].from, { i: cellIndex("r2c6"), d: 6 });
});

test("links in words", () => {
  const name = (i) => cellName(i);
  const l = (a, b, strong) => ({ from: { i: cellIndex(a.cell), d: a.digit }, to: { i: cellIndex(b.cell), d: b.digit }, strong });
  const cases = [
    { name: "strong, one digit", l: l(c("r2c2", 6), c("r2c6", 6), true), want: "6 is in row 2, column 2 or row 2, column 6: if one is not 6, the other is" },
    { name: "weak, one digit", l: l(c("r2c6", 6), c("r1c4", 6), false), want: "row 2, column 6 and row 1, column 4 see each other: if one is 6, the other is not" },
    { name: "strong in a cell", l: l(c("r3c6", 6), c("r3c6", 9), true), want: "row 3, column 6 is 6 or 9: if it is not 6, it is 9" },
    { name: "weak in a cell", l: l(c("r3c6", 9), c("r3c6", 6), false), want: "row 3, column 6 holds one digit: if it is 9, it is not 6" },
    { name: "two cells, two digits", l: l(c("r1c1", 1), c("r9c9", 2), true), want: "row 1, column 1 is 1 or row 9, column 9 is 2" },
  ];
  for (const t of cases) assert.equal(linkWords(t.l, name), t.want, t.name);
});

test("candidates sit at their digit's place in the cell", () => {
  const near = (got, want, what) => {
    assert.ok(Math.abs(got.r - want.r) < 1e-9 && Math.abs(got.c - want.c) < 1e-9, `${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  near(slotCentre(40, 5, 9), { r: 4.5, c: 4.5 }, "5 is in the middle of r5c5");
  const one = slotCentre(0, 1, 9), nine = slotCentre(0, 9, 9);
  assert.ok(one.r < 0.2 && one.c < 0.2 && nine.r > 0.8 && nine.c > 0.8, "1 top left, 9 bottom right");
  assert.ok(Math.abs(one.r + nine.r - 1) < 1e-9, "symmetric in the cell");
  const g = slotCentre(0, 16, 16);
  assert.ok(g.r > 0.8 && g.c > 0.8, "on 16x16, G is the last of 4x4 places");
});

test("a link's path runs from one candidate to the other, with a head at the end", () => {
  const a = { i: cellIndex("r2c2"), d: 6 }, b = { i: cellIndex("r2c6"), d: 6 };
  const p = linkPath(a, b, 9);
  const nums = (s) => s.match(/-?[\d.]+/g).map(Number);
  const [sx, sy] = nums(p.d), end = nums(p.d).slice(-2);
  const from = slotCentre(a.i, a.d, 9), to = slotCentre(b.i, b.d, 9);
  assert.ok(Math.abs(sx - from.c * K) < 20 && Math.abs(sy - from.r * K) < 20, `starts near ${a.i}: ${p.d}`);
  assert.ok(Math.abs(end[0] - to.c * K) < 20 && Math.abs(end[1] - to.r * K) < 20, `ends near ${b.i}: ${p.d}`);
  assert.ok(sx > from.c * K && end[0] < to.c * K, "stops short of the discs");
  assert.match(p.head, /^M[\d. ]+L[\d. ]+L[\d. ]+Z$/);
  assert.equal(nums(p.head)[0], end[0], "the head's tip is the path's end");
  const back = linkPath(b, a, 9);
  assert.notEqual(nums(back.d)[3], nums(p.d)[3], "there and back bend apart");
});
