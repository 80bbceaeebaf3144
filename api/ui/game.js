// The game model: givens, the player's entries, corner and centre pencil
// marks, and undo/redo. No DOM here.
//
// Cells are 0..80, row-major. Marks are 9-bit masks (bit d-1 for digit d).
// Every action is one undo step: a list of changes {i, k, a, b} where k is
// "v" (entry), "c" (corner marks) or "m" (centre marks), a the value
// before and b after.

export const ROW = (i) => Math.floor(i / 9);
export const COL = (i) => i % 9;
export const BOX = (i) => Math.floor(ROW(i) / 3) * 3 + Math.floor(COL(i) / 3);

// HOUSES[h] lists the cells of house h: rows 0..8, columns 9..17, boxes 18..26.
export const HOUSES = [];
for (let h = 0; h < 27; h++) HOUSES.push([]);
for (let i = 0; i < 81; i++) {
  HOUSES[ROW(i)].push(i);
  HOUSES[9 + COL(i)].push(i);
  HOUSES[18 + BOX(i)].push(i);
}

// PEERS[i] lists the 20 cells sharing a house with i.
export const PEERS = [];
for (let i = 0; i < 81; i++) {
  const s = new Set([...HOUSES[ROW(i)], ...HOUSES[9 + COL(i)], ...HOUSES[18 + BOX(i)]]);
  s.delete(i);
  PEERS.push([...s]);
}

const bit = (d) => 1 << (d - 1);
export const digitsOf = (mask) => {
  const out = [];
  for (let d = 1; d <= 9; d++) if (mask & bit(d)) out.push(d);
  return out;
};

// cellName returns "r1c3" for cell 2; cellIndex is its inverse (-1 if bad).
export const cellName = (i) => `r${ROW(i) + 1}c${COL(i) + 1}`;
export function cellIndex(name) {
  const m = /^r([1-9])c([1-9])$/.exec(name);
  return m ? (m[1] - 1) * 9 + (m[2] - 1) : -1;
}

// houseCells returns the cells of "row 2", "column 3" or "box 6".
export function houseCells(name) {
  const m = /^(row|column|box) ([1-9])$/.exec(name);
  if (!m) return [];
  const base = { row: 0, column: 9, box: 18 }[m[1]];
  return HOUSES[base + (m[2] - 1)];
}

// isLine tells whether s is an 81-character puzzle line.
export const isLine = (s) => typeof s === "string" && /^[0-9.]{81}$/.test(s);

const MAX_HISTORY = 500;

// history returns the valid undo steps of a saved list, [] for junk.
function history(steps) {
  if (!Array.isArray(steps)) return [];
  const max = { v: 9, c: 511, m: 511 };
  const ok = (x, k) => Number.isInteger(x) && x >= 0 && x <= max[k];
  const valid = (c) => c && Number.isInteger(c.i) && c.i >= 0 && c.i < 81 && c.k in max && ok(c.a, c.k) && ok(c.b, c.k);
  return steps.filter((s) => Array.isArray(s) && s.length > 0 && s.every(valid));
}

export class Game {
  // puzzle: 81 chars, "." or "0" for empty.
  constructor(puzzle, { solution = "", rating = null } = {}) {
    if (!isLine(puzzle)) throw new Error("a puzzle is 81 characters of digits and dots");
    this.puzzle = puzzle.replace(/0/g, ".");
    this.givens = [...this.puzzle].map((ch) => (ch === "." ? 0 : +ch));
    this.entries = new Array(81).fill(0);
    this.corner = new Array(81).fill(0);
    this.centre = new Array(81).fill(0);
    this.solution = isLine(solution) && !solution.includes(".") && !solution.includes("0") ? solution : "";
    this.rating = rating;
    this.undoStack = [];
    this.redoStack = [];
    this.elapsed = 0; // ms of play
    this.done = false; // completed by the player
    this.solvedBy = ""; // "solver" when the Solve button filled the grid
    this.several = false; // the puzzle has several solutions
    this.helped = { hints: 0, solver: false }; // help taken: kept through Clear and Undo
    this.mistakes = 0; // entries placed that disagreed with the solution
    this.meta = {}; // {level, daily: "2026-11-25", started: bool, recorded: bool}
  }

  static fromJSON(o) {
    const g = new Game(o.puzzle, { solution: o.solution, rating: o.rating });
    const arr = (a, max) => (Array.isArray(a) && a.length === 81 ? a.map((x) => (Number.isInteger(x) && x >= 0 && x <= max ? x : 0)) : null);
    g.entries = arr(o.entries, 9) || g.entries;
    g.corner = arr(o.corner, 511) || g.corner;
    g.centre = arr(o.centre, 511) || g.centre;
    for (let i = 0; i < 81; i++) if (g.givens[i]) g.entries[i] = 0;
    g.undoStack = history(o.undo);
    g.redoStack = history(o.redo);
    g.elapsed = +o.elapsed || 0;
    g.done = !!o.done;
    g.solvedBy = o.solvedBy || "";
    g.several = !!o.several;
    const h = o.helped || {};
    g.helped = { hints: Number.isInteger(h.hints) && h.hints >= 0 ? h.hints : 0, solver: !!h.solver };
    g.mistakes = Number.isInteger(o.mistakes) && o.mistakes >= 0 ? o.mistakes : 0;
    g.meta = o.meta && typeof o.meta === "object" ? o.meta : {};
    return g;
  }

  // toJSON keeps the last keep steps of undo and redo.
  toJSON(keep = MAX_HISTORY) {
    return {
      puzzle: this.puzzle, solution: this.solution, rating: this.rating,
      entries: this.entries, corner: this.corner, centre: this.centre,
      undo: keep ? this.undoStack.slice(-keep) : [], redo: keep ? this.redoStack.slice(-keep) : [],
      elapsed: this.elapsed, done: this.done, solvedBy: this.solvedBy, several: this.several,
      helped: this.helped, mistakes: this.mistakes, meta: this.meta,
    };
  }

  value(i) { return this.givens[i] || this.entries[i]; }
  isGiven(i) { return this.givens[i] !== 0; }

  // position is the givens plus the entries, 81 chars with "." for empty.
  position() {
    let s = "";
    for (let i = 0; i < 81; i++) s += this.value(i) || ".";
    return s;
  }

  // entriesLine is the player's entries only, "." elsewhere.
  entriesLine() {
    return this.entries.map((v) => v || ".").join("");
  }

  get(k, i) { return k === "v" ? this.entries[i] : k === "c" ? this.corner[i] : this.centre[i]; }
  set(k, i, x) {
    if (k === "v") this.entries[i] = x;
    else if (k === "c") this.corner[i] = x;
    else this.centre[i] = x;
  }

  // commit applies changes as one undo step; it returns whether anything changed.
  commit(changes) {
    changes = changes.filter((c) => c.a !== c.b);
    if (!changes.length) return false;
    for (const c of changes) this.set(c.k, c.i, c.b);
    this.undoStack.push(changes);
    if (this.undoStack.length > MAX_HISTORY) this.undoStack.shift();
    this.redoStack = [];
    return true;
  }

  undo() {
    const step = this.undoStack.pop();
    if (!step) return false;
    for (let j = step.length - 1; j >= 0; j--) this.set(step[j].k, step[j].i, step[j].a);
    this.redoStack.push(step);
    return true;
  }

  redo() {
    const step = this.redoStack.pop();
    if (!step) return false;
    for (const c of step) this.set(c.k, c.i, c.b);
    this.undoStack.push(step);
    return true;
  }

  // placeChanges are the changes of placing d in i: the entry, and d
  // cleared from the marks of i's peers.
  placeChanges(i, d) {
    const ch = [{ i, k: "v", a: this.entries[i], b: d }];
    if (d) {
      for (const p of PEERS[i]) {
        for (const k of ["c", "m"]) {
          const m = this.get(k, p);
          if (m & bit(d)) ch.push({ i: p, k, a: m, b: m & ~bit(d) });
        }
      }
    }
    return ch;
  }

  // place puts d in i, or takes it out if i already holds d. A digit
  // that disagrees with the known solution counts as a mistake.
  place(i, d) {
    if (this.isGiven(i)) return false;
    if (this.entries[i] === d) d = 0;
    const changed = this.commit(this.placeChanges(i, d));
    if (changed && d && this.solution && +this.solution[i] !== d) this.mistakes++;
    return changed;
  }

  // progress tells whether the player has done anything worth keeping:
  // an entry or a mark, in a game not finished.
  inProgress() {
    if (this.done || this.solvedBy) return false;
    for (let i = 0; i < 81; i++) if (this.entries[i] || this.corner[i] || this.centre[i]) return true;
    return false;
  }

  // marks are the player's pencil marks per cell (corner and centre
  // together), 0 for a cell without any or with a digit: what a hint
  // takes as the candidates already ruled out.
  marks() {
    return this.corner.map((m, i) => (this.value(i) ? 0 : m | this.centre[i]));
  }

  // hasMarks tells whether cell i has pencil marks.
  hasMarks(i) { return (this.corner[i] | this.centre[i]) !== 0; }

  // toggleMark toggles pencil mark d ("c" corner or "m" centre) in an empty cell.
  toggleMark(i, k, d) {
    if (this.value(i)) return false;
    const m = this.get(k, i);
    return this.commit([{ i, k, a: m, b: m ^ bit(d) }]);
  }

  // erase takes out the entry of i, or its marks when it has none.
  erase(i) {
    if (this.isGiven(i)) return false;
    if (this.entries[i]) return this.commit([{ i, k: "v", a: this.entries[i], b: 0 }]);
    return this.commit([
      { i, k: "c", a: this.corner[i], b: 0 },
      { i, k: "m", a: this.centre[i], b: 0 },
    ]);
  }

  // candidates returns the digits not yet seen by an empty cell, as a mask.
  candidates(i) {
    if (this.value(i)) return 0;
    let m = 511;
    for (const p of PEERS[i]) if (this.value(p)) m &= ~bit(this.value(p));
    return m;
  }

  // autoCandidates fills every empty cell's corner marks with its
  // candidates and clears its centre marks: one set of notes, not two.
  autoCandidates() {
    const ch = [];
    for (let i = 0; i < 81; i++) {
      if (!this.value(i)) ch.push({ i, k: "c", a: this.corner[i], b: this.candidates(i) }, { i, k: "m", a: this.centre[i], b: 0 });
    }
    return this.commit(ch);
  }

  // clearAll takes out every entry and mark.
  clearAll() {
    const ch = [];
    for (let i = 0; i < 81; i++) {
      ch.push({ i, k: "v", a: this.entries[i], b: 0 }, { i, k: "c", a: this.corner[i], b: 0 }, { i, k: "m", a: this.centre[i], b: 0 });
    }
    const changed = this.commit(ch);
    if (changed) this.done = false, this.solvedBy = "";
    return changed;
  }

  // fill puts a full grid's digits in every non-given cell.
  fill(grid) {
    const ch = [];
    for (let i = 0; i < 81; i++) if (!this.isGiven(i)) ch.push({ i, k: "v", a: this.entries[i], b: +grid[i] });
    return this.commit(ch);
  }

  // applyStep places the placements and takes out the eliminations
  // ([{cell: "r1c2", digit}]) from the marks: one undo step.
  // With fill, empty cells without marks first get their candidates as
  // corner marks, so an elimination has marks to come out of.
  applyStep(placements = [], eliminations = [], fill = false) {
    const ch = [];
    const cur = { v: [...this.entries], c: [...this.corner], m: [...this.centre] };
    const push = (i, k, b) => {
      ch.push({ i, k, a: cur[k][i], b });
      cur[k][i] = b;
    };
    if (fill) {
      for (let i = 0; i < 81; i++) if (!this.value(i) && !this.hasMarks(i)) push(i, "c", this.candidates(i));
    }
    for (const p of placements) {
      const i = cellIndex(p.cell);
      if (i < 0 || this.isGiven(i)) continue;
      push(i, "v", p.digit);
      for (const q of PEERS[i]) {
        for (const k of ["c", "m"]) if (cur[k][q] & bit(p.digit)) push(q, k, cur[k][q] & ~bit(p.digit));
      }
    }
    for (const e of eliminations) {
      const i = cellIndex(e.cell);
      if (i < 0) continue;
      for (const k of ["c", "m"]) if (cur[k][i] & bit(e.digit)) push(i, k, cur[k][i] & ~bit(e.digit));
    }
    return this.commit(ch);
  }

  // conflicts returns the cells whose digit another cell of a house also holds.
  conflicts() {
    const out = new Set();
    for (const h of HOUSES) {
      const seen = new Map();
      for (const i of h) {
        const v = this.value(i);
        if (!v) continue;
        if (seen.has(v)) out.add(i).add(seen.get(v));
        else seen.set(v, i);
      }
    }
    return out;
  }

  // wrong returns the entries that disagree with the known solution.
  wrong() {
    const out = new Set();
    if (!this.solution) return out;
    for (let i = 0; i < 81; i++) if (this.entries[i] && this.entries[i] !== +this.solution[i]) out.add(i);
    return out;
  }

  full() { return this.givens.every((g, i) => g || this.entries[i]); }

  // complete tells whether the grid is full without conflicts (then it is a
  // solution of the puzzle).
  complete() { return this.full() && this.conflicts().size === 0; }

  // placed returns how many cells hold d rightly: givens, and entries that
  // agree with the solution (or, without one, clash with nothing).
  placed(d) {
    const bad = this.solution ? this.wrong() : this.conflicts();
    let n = 0;
    for (let i = 0; i < 81; i++) if (this.value(i) === d && (this.isGiven(i) || !bad.has(i))) n++;
    return n;
  }
}
