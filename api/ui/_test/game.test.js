// Unit tests of the game model (game.js), run by Node's test runner
// without a browser: go test -run TestUIModules ./api/
// (or node --test api/ui/_test/*.test.js).

import { test } from "node:test";
import assert from "node:assert/strict";
import { Game, Layout, CLASSIC, cellName, cellIndex, houseCells, digitsOf, digitChar, isLine } from "../game.js";

const EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const bit = (d) => 1 << (d - 1);

test("the classic layout: 27 houses, 20 peers a cell, 9 boxes", () => {
  assert.equal(CLASSIC.units.length, 27);
  assert.ok(CLASSIC.classic);
  for (let i = 0; i < 81; i++) assert.equal(CLASSIC.peers[i].length, 20, `peers of ${cellName(i)}`);
  assert.deepEqual([CLASSIC.region[0], CLASSIC.region[40], CLASSIC.region[80]], [0, 4, 8]);
  assert.ok(CLASSIC.peers[0].includes(20) && !CLASSIC.peers[0].includes(30), "r1c1 sees r3c3, not r4c4");
});

test("anti-knight and anti-king layouts add moves to the peers", () => {
  const base = Layout.classic();
  const knight = new Layout(9, base.units, 27, base.region, { antiKnight: true });
  const king = new Layout(9, base.units, 27, base.region, { antiKing: true });
  const r5c5 = 40;
  assert.ok(knight.peers[r5c5].includes(cellIndex("r3c4")) && !base.peers[r5c5].includes(cellIndex("r3c4")));
  assert.equal(knight.peers[r5c5].length, 20 + 8, "8 knight moves, none in its houses");
  assert.equal(king.peers[r5c5].length, 20, "a king's diagonal steps stay in the box of r5c5");
  assert.ok(king.peers[cellIndex("r3c3")].includes(cellIndex("r4c4")));
});

test("cell names", () => {
  const cases = [
    { name: "r1c1", n: 9, i: 0 },
    { name: "r9c9", n: 9, i: 80 },
    { name: "r3c12", n: 16, i: 2 * 16 + 11 },
    { name: "r10c1", n: 9, i: -1 },
    { name: "r0c1", n: 9, i: -1 },
    { name: "x", n: 9, i: -1 },
  ];
  for (const c of cases) {
    assert.equal(cellIndex(c.name, c.n), c.i, c.name);
    if (c.i >= 0) assert.equal(cellName(c.i, c.n), c.name);
  }
});

test("houses, digits and lines", () => {
  assert.deepEqual(houseCells("row 2"), [9, 10, 11, 12, 13, 14, 15, 16, 17]);
  assert.deepEqual(houseCells("column 3"), [2, 11, 20, 29, 38, 47, 56, 65, 74]);
  assert.deepEqual(houseCells("box 6"), [33, 34, 35, 42, 43, 44, 51, 52, 53]);
  assert.deepEqual(houseCells("region 6"), []);
  assert.deepEqual(digitsOf(bit(1) | bit(5) | bit(9)), [1, 5, 9]);
  assert.deepEqual(digitsOf(bit(16), 16), [16]);
  assert.deepEqual([1, 9, 10, 16].map(digitChar), ["1", "9", "A", "G"]);
  assert.ok(isLine(EASY) && !isLine(EASY.slice(1)) && !isLine(null));
});

test("a game refuses what is not a puzzle", () => {
  assert.throws(() => new Game("123"));
  assert.throws(() => new Game(EASY.slice(0, 80) + "x"));
});

test("placing a digit clears it from its peers' notes, as one undo step", () => {
  const g = new Game(EASY, { solution: SOL });
  const r1c3 = 2, r1c4 = 3, r2c3 = 11;
  g.toggleMark(r1c3, "c", 4);
  g.toggleMark(r1c3, "m", 1);
  g.toggleMark(r1c4, "c", 4);
  assert.ok(g.place(r2c3, 4));
  assert.equal(g.corner[r1c3], 0, "the 4 of r1c3 (a peer) is out");
  assert.equal(g.centre[r1c3], bit(1), "its centre mark stays");
  assert.equal(g.corner[r1c4], bit(4), "r1c4 is no peer of r2c3");
  assert.equal(g.mistakes, 1, "the solution has 2 in r2c3");
  assert.ok(g.undo());
  assert.equal(g.entries[r2c3], 0);
  assert.equal(g.corner[r1c3], bit(4), "undo brings the mark back");
  assert.ok(g.redo());
  assert.equal(g.value(r2c3), 4);
  assert.ok(g.place(r2c3, 4), "the same digit again takes it out");
  assert.equal(g.value(r2c3), 0);
  assert.ok(!g.place(0, 1), "a given is locked");
  assert.ok(!g.redo(), "a new move drops the redo steps");
});

test("with automatic note removal off, a digit placed leaves its peers' notes", () => {
  const g = new Game(EASY, { solution: SOL });
  const r1c3 = 2, r2c2 = 10, r2c3 = 11;
  g.toggleMark(r1c3, "c", 4);
  g.toggleMark(r2c2, "m", 4);
  assert.ok(g.placeAll([r2c3], 4, { clearPeers: false }));
  assert.equal(g.value(r2c3), 4);
  assert.equal(g.corner[r1c3], bit(4), "the corner 4 of a peer stays");
  assert.equal(g.centre[r2c2], bit(4), "the centre 4 of a peer stays");
  assert.ok(g.undo());
  assert.equal(g.value(r2c3), 0, "one undo step, the digit alone");
  assert.ok(g.placeAll([r2c3], 4, { clearPeers: true }));
  assert.equal(g.corner[r1c3] | g.centre[r2c2], 0, "on, the peers' 4s go");
});

test("erase takes the entry, then the notes", () => {
  const g = new Game(EASY);
  g.toggleMark(2, "c", 1);
  g.toggleMark(2, "m", 2);
  assert.deepEqual(g.marks().slice(0, 3), [0, 0, bit(1) | bit(2)]);
  assert.ok(g.hasMarks(2));
  g.place(2, 4);
  assert.deepEqual(g.marks().slice(0, 3), [0, 0, 0], "a cell with a digit has no marks to count");
  assert.ok(g.erase(2));
  assert.equal(g.value(2), 0);
  assert.ok(g.hasMarks(2), "the marks under the digit are back in view");
  assert.ok(g.erase(2));
  assert.ok(!g.hasMarks(2));
  assert.ok(!g.erase(2), "nothing left to erase");
  assert.ok(!g.erase(0), "a given stays");
});

test("candidates and Notes", () => {
  const g = new Game(EASY);
  assert.deepEqual(digitsOf(g.candidates(2)), [1, 2, 4]);
  assert.equal(g.candidates(0), 0, "a given has none");
  g.toggleMark(2, "m", 9);
  assert.ok(g.autoCandidates());
  assert.equal(g.corner[2], bit(1) | bit(2) | bit(4));
  assert.equal(g.centre[2], 0, "centre notes go: one set of notes");
  assert.ok(!g.autoCandidates(), "nothing changes the second time");
  assert.ok(g.inProgress());
});

test("applyStep: placements, eliminations, notes filled first, one undo step", () => {
  const g = new Game(EASY);
  assert.ok(!g.applyStep([], [{ cell: "r1c3", digit: 4 }]), "no notes to take 4 out of");
  assert.ok(g.applyStep([{ cell: "r5c5", digit: 5 }], [{ cell: "r1c3", digit: 4 }, { cell: "bad", digit: 1 }], true));
  assert.equal(g.value(40), 5);
  assert.equal(g.corner[2], bit(1) | bit(2), "the 4 is out of the filled notes");
  assert.equal(g.marks()[40], 0, "the placed cell counts no notes");
  assert.equal(g.corner[39] & bit(5), 0, "5 is out of the peers' notes");
  assert.equal(g.undoStack.length, 1);
  g.undo();
  assert.equal(g.value(40), 0);
  assert.ok(!g.hasMarks(2), "undo takes the filled notes back out");
});

test("conflicts, wrong entries, completion", () => {
  const g = new Game(EASY, { solution: SOL });
  g.place(2, 5); // r1c1 is a given 5
  assert.deepEqual([...g.conflicts()].sort((a, b) => a - b), [0, 2]);
  assert.deepEqual([...g.wrong()], [2]);
  g.fill(SOL);
  assert.equal(g.conflicts().size, 0);
  assert.ok(g.full() && g.complete());
  assert.equal(g.placed(5), 9);
  g.place(2, 7);
  assert.ok(!g.complete(), "a clash is not a solution");
  assert.equal(g.placed(4), 8, "the pad counts every digit placed");
});

test("killer cages must add up", () => {
  const base = Layout.classic();
  const cage = { kind: "cage", cells: [0, 1], sum: 8 };
  const board = { size: 9, cells: [...SOL].map(Number), units: [...base.units, cage], houses: 27, region: base.region, line: SOL, solution: [] };
  board.cells[0] = board.cells[1] = 0;
  const g = new Game("", { board });
  g.place(0, 5);
  g.place(1, 3);
  assert.ok(g.complete(), "5 + 3 = 8");
  const wrongSum = { ...board, units: [...base.units, { ...cage, sum: 9 }] };
  const h = new Game("", { board: wrongSum });
  h.place(0, 5);
  h.place(1, 3);
  assert.ok(h.full() && !h.complete(), "5 + 3 is not 9");
});

test("saved games come back, junk left out", () => {
  const g = new Game(EASY, { solution: SOL, rating: { level: "Easy", er: 2 } });
  g.place(2, 4);
  g.toggleMark(3, "c", 6);
  g.helped.hints = 2;
  g.meta = { level: "Easy" };
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
  assert.deepEqual(back.entries, g.entries);
  assert.deepEqual(back.corner, g.corner);
  assert.equal(back.solution, SOL);
  assert.equal(back.helped.hints, 2);
  assert.equal(back.undoStack.length, 2);
  assert.ok(back.undo() && back.undo() && back.value(2) === 0);
  assert.deepEqual(g.toJSON(0).undo, [], "keep 0 drops the history");

  const junk = Game.fromJSON({ puzzle: EASY, entries: [1, 2], corner: "x", undo: [[{ i: 999, k: "v", a: 0, b: 1 }], [{ i: 2, k: "v", a: 0, b: 4 }]], helped: { hints: -3 }, mistakes: "many", meta: 7 });
  assert.equal(junk.entries.length, 81);
  assert.equal(junk.undoStack.length, 1, "the step on cell 999 is dropped");
  assert.equal(junk.helped.hints, 0);
  assert.equal(junk.mistakes, 0);
  assert.deepEqual(junk.meta, {});
  const given = Game.fromJSON({ puzzle: EASY, entries: [9, ...new Array(80).fill(0)] });
  assert.equal(given.entries[0], 0, "no entry over a given");
  const badBoard = Game.fromJSON({ puzzle: EASY, board: { size: 9, cells: [1] } });
  assert.equal(badBoard.board, null, "a malformed board is read as the classic puzzle");
});

test("clear takes everything out in one undo step", () => {
  const g = new Game(EASY);
  g.place(2, 4);
  g.toggleMark(3, "c", 6);
  assert.ok(g.clearAll());
  assert.ok(!g.inProgress());
  assert.ok(!g.clearAll(), "nothing left to clear");
  g.undo();
  assert.equal(g.value(2), 4);
  assert.equal(g.corner[3], bit(6));
});
