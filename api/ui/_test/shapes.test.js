// Unit tests of the constraints' shapes (shapes.js): cleaning what a
// board sends, colours, the ring round the grid. Drawing needs a DOM and
// is left to the browser tests.

import { test } from "node:test";
import assert from "node:assert/strict";
import { colour, shapesOf, ring, tone, darkVariant, rgba, contrast } from "../shapes.js";

test("colours", () => {
  const cases = [[undefined, "none-given"], ["", "none-given"], ["none", "none-given"], ["#abc", "#abc"], ["#AABBCC80", "#AABBCC80"], ["red", "red"], ["url(x)", "#a0a0a0"], ["#12", "#a0a0a0"]];
  for (const [c, want] of cases) assert.equal(colour(c, "none-given"), want, String(c));
});

test("tones: black, white and grey ink play a role, other colours keep theirs", () => {
  const cases = [["#000000", "ink"], ["#111", "ink"], ["black", "ink"], ["#202020", "ink"], ["#ffffff", "paper"], ["#F8F8F8", "paper"], ["white", "paper"],
    ["#c8c8c8", "grey"], ["#C0C0C0", "grey"], ["#d0d0d0", "grey"], ["#a0a0a0", "grey"], ["grey", "grey"], ["#ff0000", ""], ["#67F067", ""], ["#00000080", ""], ["red", ""], [undefined, ""]];
  for (const [c, want] of cases) assert.equal(tone(c), want, String(c));
});

test("dark variants: a setter's colour under 3:1 on the dark board is lightened, its hue kept", () => {
  const board = [0x1b, 0x1e, 0x24];
  for (const c of ["#0000ff", "#800080", "#a52a2a", "#e04040", "#20202080", "#008000"]) {
    const d = darkVariant(c), v = rgba(d);
    assert.ok(contrast(v, board) >= 3, `${c} -> ${d}: ${contrast(v, board).toFixed(2)}:1`);
    const [r, g, b] = rgba(c);
    assert.equal(v[0] >= v[1] && v[0] >= v[2], r >= g && r >= b, `${c} -> ${d}: the strongest channel stays`);
    assert.equal(v[3], rgba(c)[3], "alpha kept");
  }
  for (const c of ["#67F067", "#ffcf90", "#33bbbb", "red"]) assert.equal(darkVariant(c), c, `${c} stands out already (or is a name)`);
});

test("shapes are cleaned: what a kind needs, numbers bounded", () => {
  const cons = [
    { shapes: [{ kind: "line", points: [{ r: 0.5, c: 0.5 }, { r: 0.5, c: 2.5 }] }, { kind: "arrow", points: [{ r: 1, c: 1 }] }] },
    { shapes: [{ kind: "circle", points: [{ r: 1, c: 1 }], size: 0 }, { kind: "text", points: [{ r: -0.5, c: 1.5 }], text: 7 }] },
    { shapes: [{ kind: "cage", cells: [0, 1, 81, -1, 1.5] }, { kind: "shade", cells: [] }, { kind: "star", points: [{ r: 0, c: 0 }] }] },
    { shapes: [{ kind: "line", points: [{ r: 1e9, c: "x" }, { r: -1e9, c: 3 }] }] },
    null,
    { shapes: "x" },
  ];
  const got = shapesOf(cons, 9);
  assert.deepEqual(got.map((s) => s.kind), ["line", "text", "cage", "line"], "an arrow needs two points, a circle a size, a shade cells");
  assert.equal(got[1].text, "7");
  assert.deepEqual(got[2].cells, [0, 1], "cells off the board are dropped");
  assert.deepEqual(got[3].points, [{ r: -12, c: 3 }], "a point without numbers is dropped, the rest bounded");
  assert.deepEqual(shapesOf(undefined, 9), []);
});

test("the ring round the grid covers clues outside it, at most 2 cells", () => {
  const text = (r, c) => ({ shapes: [{ kind: "text", points: [{ r, c }], text: "12" }] });
  const cases = [
    { name: "inside", cons: [text(4.5, 4.5)], want: { top: 0, right: 0, bottom: 0, left: 0 } },
    { name: "above", cons: [text(-0.5, 2.5)], want: { top: 1, right: 0, bottom: 0, left: 0 } },
    { name: "left and below", cons: [text(4.5, -0.5), text(9.5, 4.5)], want: { top: 0, right: 0, bottom: 1, left: 1 } },
    { name: "far right", cons: [text(4.5, 15)], want: { top: 0, right: 2, bottom: 0, left: 0 } },
  ];
  for (const c of cases) assert.deepEqual(ring(shapesOf(c.cons, 9), 9), c.want, c.name);
});
