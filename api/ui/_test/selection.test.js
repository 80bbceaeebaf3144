// Unit tests of the selection (selection.js) and of entries on a
// selection in the model (game.js): go test -run TestUIModules ./api/

import { test } from "node:test";
import assert from "node:assert/strict";
import * as Sel from "../selection.js";
import { Game, COLOURS } from "../game.js";
import { colourFill } from "../board.js";
import { shareHash, readHash, colourParam, readColours } from "../api.js";

const EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const bit = (d) => 1 << (d - 1);
const cells = (sel) => [...sel.cells].sort((a, b) => a - b);

test("a drag selects every cell passed over, the cursor on the last", () => {
  let d = Sel.press(Sel.single(40), 2, false, true);
  for (const i of [3, 3, 12, 11, -1]) d = Sel.over(d, i);
  const sel = Sel.release(d);
  assert.deepEqual(cells(sel), [2, 3, 11, 12]);
  assert.equal(sel.cursor, 11);
});

test("Ctrl/Shift-click adds a cell, or takes it out; a drag from there takes out", () => {
  let sel = Sel.release(Sel.press(Sel.single(2), 5, true, true));
  assert.deepEqual(cells(sel), [2, 5]);
  assert.equal(sel.cursor, 5);
  sel = Sel.release(Sel.press(sel, 7, true, true));
  assert.deepEqual(cells(sel), [2, 5, 7]);
  let d = Sel.press(sel, 5, true, true);
  assert.deepEqual(cells(d.sel), [2, 7], "a selected cell comes out");
  d = Sel.over(d, 7);
  sel = Sel.release(d);
  assert.deepEqual(cells(sel), [2], "dragging on takes the cells passed over out");
  assert.equal(sel.cursor, 2);
  sel = Sel.release(Sel.press(sel, 2, true, true));
  assert.equal(sel.cells.size, 0);
  assert.equal(sel.cursor, 2, "the cursor stays for the keys");
});

test("a click on the one cell selected clears it; on one of several, selects it alone", () => {
  assert.equal(Sel.release(Sel.press(Sel.single(4), 4, false, true)).cells.size, 0);
  assert.deepEqual(cells(Sel.release(Sel.press(Sel.single(4), 4, false, false))), [4], "not when the board had no focus (the app's own pick)");
  const many = { cells: new Set([1, 2, 3]), cursor: 3 };
  assert.deepEqual(cells(Sel.release(Sel.press(many, 2, false, true))), [2]);
  let d = Sel.press(Sel.single(4), 4, false, true);
  d = Sel.over(d, 5);
  assert.deepEqual(cells(Sel.release(d)), [4, 5], "a drag from it keeps it");
});

test("arrows move one cell round the edges; Shift or Ctrl with them extend", () => {
  assert.deepEqual(cells(Sel.arrow(Sel.single(8), 0, 1, 9, false)), [0], "wraps round");
  assert.deepEqual(cells(Sel.arrow(Sel.single(0), -1, 0, 9, false)), [72]);
  let sel = Sel.arrow(Sel.single(40), 0, 1, 9, true);
  sel = Sel.arrow(sel, 1, 0, 9, true);
  assert.deepEqual(cells(sel), [40, 41, 50]);
  assert.equal(sel.cursor, 50);
  assert.deepEqual(cells(Sel.arrow(sel, 0, -1, 9, false)), [49], "a plain arrow moves a single selection");
  assert.deepEqual(cells(Sel.arrow({ cells: new Set(), cursor: -1 }, 0, 1, 9, false)), [0]);
});

test("Escape collapses several cells to the cursor, then clears", () => {
  const one = Sel.escape({ cells: new Set([1, 2, 3]), cursor: 2 });
  assert.deepEqual(cells(one), [2]);
  const none = Sel.escape(one);
  assert.equal(none.cells.size, 0);
  assert.equal(none.cursor, 2);
});

test("a double click selects the cells of the same digit", () => {
  const g = new Game(EASY);
  const sel = Sel.same((i) => g.value(i), 81, 0);
  assert.equal(sel.cells.size, [...EASY].filter((c) => c === "5").length);
  assert.ok([...sel.cells].every((i) => g.value(i) === 5));
  assert.deepEqual(cells(Sel.same((i) => g.value(i), 81, 2)), [2], "an empty cell alone");
});

test("marks on a selection: added to all unless all have it, one undo step", () => {
  const g = new Game(EASY);
  const sel = [2, 3, 11, 0]; // r1c1 is a given: no marks there
  assert.ok(g.markAll(sel, "m", 6));
  assert.deepEqual([2, 3, 11, 0].map((i) => g.centre[i]), [bit(6), bit(6), bit(6), 0]);
  assert.equal(g.undoStack.length, 1);
  g.toggleMark(3, "m", 6); // r1c4 loses it: the selection is mixed
  assert.ok(g.markAll(sel, "m", 6));
  assert.deepEqual([2, 3, 11].map((i) => g.centre[i]), [bit(6), bit(6), bit(6)], "mixed: added to all");
  assert.ok(g.markAll(sel, "m", 6));
  assert.deepEqual([2, 3, 11].map((i) => g.centre[i]), [0, 0, 0], "all had it: out of all");
  assert.ok(g.undo());
  assert.deepEqual([2, 3, 11].map((i) => g.centre[i]), [bit(6), bit(6), bit(6)], "one undo brings all three back");
  assert.ok(!g.markAll([0, 1], "c", 1), "givens take no marks");
});

test("a digit on a selection fills every non-given cell, one step, peers' notes cleared", () => {
  const g = new Game(EASY, { solution: SOL });
  assert.ok(g.toggleMark(18, "c", 4)); // r3c1 sees r1c3
  assert.ok(g.placeAll([0, 2, 3], 4));
  assert.deepEqual([0, 2, 3].map((i) => g.value(i)), [5, 4, 4]);
  assert.equal(g.corner[18], 0);
  assert.equal(g.mistakes, 1, "r1c3 is 4, r1c4 is 6 in the solution");
  assert.ok(g.placeAll([2, 3], 4), "all hold it: it comes out");
  assert.deepEqual([2, 3].map((i) => g.value(i)), [0, 0]);
  g.undo();
  g.undo();
  assert.deepEqual([2, 3].map((i) => g.value(i)), [0, 0]);
  assert.equal(g.corner[18], bit(4));
  assert.ok(!g.placeAll([0, 1], 3), "givens only: nothing");
});

test("colours: toggled on a selection as marks are, givens too, undone in one step, erased", () => {
  const g = new Game(EASY);
  assert.equal(COLOURS, 9);
  assert.ok(g.colourAll([0, 2], 3));
  assert.deepEqual([g.colour[0], g.colour[2]], [bit(3), bit(3)], "a given's cell takes colours");
  assert.ok(g.colourAll([2, 3], 5));
  assert.equal(g.colour[2], bit(3) | bit(5), "several colours a cell");
  assert.ok(g.colourAll([0, 2, 3], 3), "r1c4 lacks 3: added to all");
  assert.equal(g.colour[3], bit(3) | bit(5));
  assert.ok(g.colourAll([0, 2, 3], 3), "all have 3: out of all");
  assert.deepEqual([0, 2, 3].map((i) => g.colour[i]), [0, bit(5), bit(5)]);
  assert.ok(g.undo());
  assert.deepEqual([0, 2, 3].map((i) => g.colour[i]), [bit(3), bit(3) | bit(5), bit(3) | bit(5)]);
  assert.ok(g.inProgress(), "colours are progress");
  g.place(2, 4);
  assert.ok(g.eraseAll([2, 3], true), "erase in colour mode");
  assert.deepEqual([g.value(2), g.colour[2], g.colour[3]], [4, 0, 0], "only the colours go");
  g.undo();
  assert.ok(g.eraseAll([2, 3]) && g.value(2) === 0 && g.colour[2] !== 0, "erase: the digit first");
  assert.ok(g.eraseAll([2, 3]) && g.colour[2] === 0 && g.colour[3] === 0, "then, no notes there, the colours");
  assert.ok(g.eraseAll([0]) && g.colour[0] === 0, "a given's colours are erased; the given stays");
  assert.ok(!g.eraseAll([0]));
});

test("colours are saved with the game and its undo steps, junk left out", () => {
  const g = new Game(EASY);
  g.colourAll([4, 5], 9);
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
  assert.deepEqual(back.colour, g.colour);
  assert.ok(back.undo() && back.colour[4] === 0);
  const old = Game.fromJSON({ puzzle: EASY });
  assert.deepEqual(old.colour, new Array(81).fill(0), "a game saved before colours");
  const junk = Game.fromJSON({ puzzle: EASY, colour: new Array(81).fill(1024), undo: [[{ i: 1, k: "k", a: 0, b: 1024 }]] });
  assert.equal(junk.colour[0], 0);
  assert.equal(junk.undoStack.length, 0);
  assert.ok(g.clearAll() && g.colour[4] === 0, "Clear takes colours out too");
});

test("colour links: k= beside p= and e=, old links unchanged", () => {
  const colour = new Array(81).fill(0);
  colour[0] = bit(1) | bit(2);
  colour[40] = bit(3);
  assert.equal(colourParam(colour), "&k=0-12,40-3");
  assert.equal(colourParam(new Array(81).fill(0)), "");
  const h = shareHash(EASY, "", colour);
  assert.equal(h, "#p=" + EASY + "&k=0-12,40-3");
  assert.deepEqual(readHash(h), { puzzle: EASY, entries: "" }, "the puzzle reads as before");
  assert.deepEqual(readColours(h, 81), colour);
  assert.equal(readColours("#p=" + EASY, 81), null, "an old link has none");
  const bad = readColours("#p=x&k=0-0,99-1,5-x,3-9", 81);
  assert.equal(bad[3], bit(9));
  assert.equal(bad.filter(Boolean).length, 1, "bad parts are left out");
});

test("colourFill: one colour flat, several in slices", () => {
  assert.equal(colourFill(0), "");
  assert.equal(colourFill(bit(4)), "var(--k4)");
  assert.equal(colourFill(bit(1) | bit(7)), "conic-gradient(from 45deg, var(--k1) 0.00% 50.00%, var(--k7) 50.00% 100.00%)");
});

test("candidate colours (HoDoKu): one colour a candidate, toggled on a selection, one step, saved, erased", () => {
  const g = new Game(EASY);
  g.markAll([2, 3], "c", 4);
  assert.ok(g.colourCandidate([0, 2, 3], 4, 2), "r1c1 is a given: left out");
  assert.deepEqual([g.candColour(2, 4), g.candColour(3, 4), g.candColour(0, 4)], [2, 2, 0]);
  assert.equal(g.undoStack.length, 2);
  assert.ok(g.colourCandidate([2], 4, 7), "another colour replaces it");
  assert.deepEqual([g.candColour(2, 4), g.candColour(3, 4)], [7, 2]);
  assert.ok(g.colourCandidate([2, 3], 4, 7), "mixed: colour 7 on both");
  assert.ok(g.colourCandidate([2, 3], 4, 7), "both had it: off both");
  assert.deepEqual([g.candColour(2, 4), g.candColour(3, 4)], [0, 0]);
  g.undo();
  assert.deepEqual([g.candColour(2, 4), g.candColour(3, 4)], [7, 7]);
  assert.ok(g.inProgress());
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
  assert.equal(back.candColour(3, 4), 7);
  assert.ok(back.undo() && back.candColour(3, 4) === 2, "the steps come back with the game");
  assert.ok(g.eraseAll([2, 3], true) && g.candColour(2, 4) === 0 && g.corner[2] === bit(4), "erase in colour mode: colours only");
  assert.equal(Game.fromJSON({ puzzle: EASY, cands: "x" }).candColour(2, 4), 0, "junk");
});
