// The game model: givens, the player's entries, corner and centre pencil
// marks, and undo/redo. No DOM here.
//
// A game is played on a Layout: its size n (cells 0..n*n-1, row-major),
// its units (rows, columns, boxes or regions, diagonals, windows, cages
// … each a list of cells whose digits differ), and its peers. Marks are
// bit masks (bit d-1 for digit d), and so are a cell's colours (bit c-1
// for colour c of COLOURS). Every action is one undo step: a list of
// changes {i, k, a, b} where k is "v" (entry), "c" (corner marks), "m"
// (centre marks), "k" (colours) or "q1".."q9" (the candidates coloured
// with colour 1..9, a digit mask), a the value before and b after. An
// action on several cells (a selection) is one step too.

// Layout is the rules of a board as the app needs them.
export class Layout {
  // units: [{kind, cells, sum}]; houses: how many of units hold every
  // digit; region: each cell's box or region (for drawing); moves: anti
  // knight / king.
  constructor(n, units, houses, region, { antiKnight = false, antiKing = false, rules = "", constraints = [], ruleWords = [] } = {}) {
    this.n = n;
    this.constraints = Array.isArray(constraints) ? constraints : []; // [{kind, name, cosmetic, shapes}], drawn by shapes.js
    this.ruleWords = Array.isArray(ruleWords) ? ruleWords.filter((w) => typeof w === "string") : [];
    this.nn = n * n;
    this.units = units;
    this.houses = houses;
    this.region = region;
    this.antiKnight = antiKnight;
    this.antiKing = antiKing;
    this.rules = rules || `${n}x${n}`;
    this.unitsOf = Array.from({ length: this.nn }, () => []);
    units.forEach((u, k) => u.cells.forEach((c) => this.unitsOf[c].push(k)));
    this.cageOf = new Array(this.nn).fill(-1);
    units.forEach((u, k) => { if (u.kind === "cage") u.cells.forEach((c) => (this.cageOf[c] = k)); });
    this.peers = [];
    const steps = [];
    if (antiKnight) steps.push([-2, -1], [-2, 1], [-1, -2], [-1, 2], [1, -2], [1, 2], [2, -1], [2, 1]);
    if (antiKing) steps.push([-1, -1], [-1, 1], [1, -1], [1, 1]);
    for (let i = 0; i < this.nn; i++) {
      const set = new Set();
      for (const k of this.unitsOf[i]) for (const c of units[k].cells) set.add(c);
      for (const [dr, dc] of steps) {
        const r = Math.floor(i / n) + dr, c = (i % n) + dc;
        if (r >= 0 && c >= 0 && r < n && c < n) set.add(r * n + c);
      }
      set.delete(i);
      this.peers.push([...set]);
    }
  }

  get classic() { return this.rules === "9x9" && this.n === 9 && this.units.length === 27; }

  // ruled tells whether constraints beyond the units rule the digits
  // (thermometers, dots, …): only the solution then tells a finished grid.
  get ruled() { return this.constraints.some((c) => c && !c.cosmetic); }

  row(i) { return Math.floor(i / this.n); }
  col(i) { return i % this.n; }

  // fromBoard builds the layout of an /api/board answer.
  static fromBoard(b) {
    return new Layout(b.size, b.units, b.houses, b.region, { antiKnight: b.antiKnight, antiKing: b.antiKing, rules: b.rules, constraints: b.constraints, ruleWords: b.ruleWords });
  }

  static classic() {
    const units = [], region = [];
    for (let r = 0; r < 9; r++) units.push({ kind: "row", cells: Array.from({ length: 9 }, (_, c) => r * 9 + c) });
    for (let c = 0; c < 9; c++) units.push({ kind: "column", cells: Array.from({ length: 9 }, (_, r) => r * 9 + c) });
    for (let b = 0; b < 9; b++) {
      const cells = [];
      for (let k = 0; k < 9; k++) cells.push((Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3));
      units.push({ kind: "box", cells });
    }
    for (let i = 0; i < 81; i++) region.push(Math.floor(Math.floor(i / 9) / 3) * 3 + Math.floor((i % 9) / 3));
    return new Layout(9, units, 27, region, { rules: "9x9" });
  }
}

export const CLASSIC = Layout.classic();

export const ROW = (i) => Math.floor(i / 9);
export const COL = (i) => i % 9;
export const BOX = (i) => Math.floor(ROW(i) / 3) * 3 + Math.floor(COL(i) / 3);

// HOUSES[h] lists the cells of classic house h: rows 0..8, columns 9..17,
// boxes 18..26; PEERS[i] the 20 cells sharing a house with i.
export const HOUSES = CLASSIC.units.map((u) => u.cells);
export const PEERS = CLASSIC.peers;

const bit = (d) => 2 ** (d - 1);
export const digitsOf = (mask, n = 9) => {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & bit(d)) out.push(d);
  return out;
};

// digitChar writes digit d as the app shows it: 1-9, then A-P.
export const digitChar = (d) => (d <= 9 ? String(d) : String.fromCharCode(55 + d));

// cellName returns "r1c3" for cell 2 (of a board of size n);
// cellIndex is its inverse (-1 if bad).
export const cellName = (i, n = 9) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
export function cellIndex(name, n = 9) {
  const m = /^r([0-9]+)c([0-9]+)$/.exec(name);
  if (!m || +m[1] < 1 || +m[2] < 1 || +m[1] > n || +m[2] > n) return -1;
  return (m[1] - 1) * n + (m[2] - 1);
}

// houseCells returns the cells of "row 2", "column 3" or "box 6" on a
// classic board.
export function houseCells(name) {
  const m = /^(row|column|box) ([1-9])$/.exec(name);
  if (!m) return [];
  const base = { row: 0, column: 9, box: 18 }[m[1]];
  return HOUSES[base + (m[2] - 1)];
}

// isLine tells whether s is an 81-character puzzle line.
export const isLine = (s) => typeof s === "string" && /^[0-9.]{81}$/.test(s);

const MAX_HISTORY = 500;

// COLOURS is how many colours the palette has (keys 1-9 in colour mode).
export const COLOURS = 9;

// CAND_LAYERS are the keys of the candidates' colours: "q1".."q9".
export const CAND_LAYERS = Array.from({ length: COLOURS }, (_, c) => `q${c + 1}`);

// history returns the valid undo steps of a saved list, [] for junk.
function history(steps, n = 9) {
  if (!Array.isArray(steps)) return [];
  const max = { v: n, c: 2 ** n - 1, m: 2 ** n - 1, k: 2 ** COLOURS - 1 };
  for (const q of CAND_LAYERS) max[q] = 2 ** n - 1;
  const ok = (x, k) => Number.isInteger(x) && x >= 0 && x <= max[k];
  const valid = (c) => c && Number.isInteger(c.i) && c.i >= 0 && c.i < n * n && c.k in max && ok(c.a, c.k) && ok(c.b, c.k);
  return steps.filter((s) => Array.isArray(s) && s.length > 0 && s.every(valid));
}

export class Game {
  // puzzle: 81 chars, "." or "0" for empty (a classic game); or, with
  // board (an /api/board answer), the board's plain line.
  constructor(puzzle, { solution = "", rating = null, board = null } = {}) {
    this.board = board;
    if (board) {
      this.layout = Layout.fromBoard(board);
      this.puzzle = board.line;
      this.givens = board.cells.slice();
    } else {
      if (!isLine(puzzle)) throw new Error("a puzzle is 81 characters of digits and dots");
      this.layout = CLASSIC;
      this.puzzle = puzzle.replace(/0/g, ".");
      this.givens = [...this.puzzle].map((ch) => (ch === "." ? 0 : +ch));
    }
    this.n = this.layout.n;
    this.nn = this.layout.nn;
    this.entries = new Array(this.nn).fill(0);
    this.corner = new Array(this.nn).fill(0);
    this.centre = new Array(this.nn).fill(0);
    this.colour = new Array(this.nn).fill(0); // the player's colours, givens' cells too
    this.cands = CAND_LAYERS.map(() => new Array(this.nn).fill(0)); // the digits of cands[c-1][i] are coloured c
    this.sol = solutionArray(solution, this.nn, this.n);
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

  // solution is the known solution as 81 characters (classic games) or
  // "" when unknown; set it with a string or an array.
  get solution() { return this.sol.length ? this.sol.join("") : ""; }
  set solution(s) { this.sol = solutionArray(s, this.nn, this.n); }

  static fromJSON(o) {
    const g = new Game(o.puzzle, { solution: o.sol || o.solution, rating: o.rating, board: o.board && validBoard(o.board) ? o.board : null });
    const n = g.n, nn = g.nn, maxMask = 2 ** n - 1;
    const arr = (a, max) => (Array.isArray(a) && a.length === nn ? a.map((x) => (Number.isInteger(x) && x >= 0 && x <= max ? x : 0)) : null);
    g.entries = arr(o.entries, n) || g.entries;
    g.corner = arr(o.corner, maxMask) || g.corner;
    g.centre = arr(o.centre, maxMask) || g.centre;
    g.colour = arr(o.colour, 2 ** COLOURS - 1) || g.colour;
    if (Array.isArray(o.cands)) g.cands = g.cands.map((q, c) => arr(o.cands[c], maxMask) || q);
    for (let i = 0; i < nn; i++) if (g.givens[i]) g.entries[i] = 0;
    g.undoStack = history(o.undo, n);
    g.redoStack = history(o.redo, n);
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
      puzzle: this.puzzle, sol: this.sol, rating: this.rating, board: this.board,
      entries: this.entries, corner: this.corner, centre: this.centre, colour: this.colour, cands: this.cands,
      undo: keep ? this.undoStack.slice(-keep) : [], redo: keep ? this.redoStack.slice(-keep) : [],
      elapsed: this.elapsed, done: this.done, solvedBy: this.solvedBy, several: this.several,
      helped: this.helped, mistakes: this.mistakes, meta: this.meta,
    };
  }

  // name of cell i as the API writes it: "r3c12".
  cellName(i) { return cellName(i, this.n); }
  cellIndex(name) { return cellIndex(name, this.n); }

  value(i) { return this.givens[i] || this.entries[i]; }
  isGiven(i) { return this.givens[i] !== 0; }

  // position is the givens plus the entries, 81 chars with "." for empty.
  position() {
    if (this.board) return this.givens.map((g, i) => g || this.entries[i]).join(",");
    let s = "";
    for (let i = 0; i < 81; i++) s += this.value(i) || ".";
    return s;
  }

  // entriesLine is the player's entries only, "." elsewhere.
  entriesLine() {
    return this.entries.map((v) => v || ".").join("");
  }

  layer(k) {
    if (k[0] === "q") return this.cands[k.slice(1) - 1];
    return k === "v" ? this.entries : k === "c" ? this.corner : k === "k" ? this.colour : this.centre;
  }
  get(k, i) { return this.layer(k)[i]; }
  set(k, i, x) { this.layer(k)[i] = x; }

  // edit gathers the changes of one step: put(i, k, b) changes from the
  // value the step has left so far (a cell's marks may change twice).
  edit() {
    const now = new Map(), ch = [];
    const get = (k, i) => (now.has(k + i) ? now.get(k + i) : this.get(k, i));
    const put = (i, k, b) => {
      ch.push({ i, k, a: get(k, i), b });
      now.set(k + i, b);
    };
    return { ch, get, put };
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

  // place puts d in i, or takes it out if i already holds d. A digit
  // that disagrees with the known solution counts as a mistake.
  place(i, d) { return this.placeAll([i], d); }

  // placeAll puts d in every non-given cell of cells, or takes it out of
  // them all when they all hold it already: one undo step. The digit
  // placed comes out of its peers' pencil marks, unless clearPeers is
  // false (the player's setting: automatic note removal off).
  placeAll(cells, d, { clearPeers = true } = {}) {
    const open = cells.filter((i) => !this.isGiven(i));
    if (!open.length) return false;
    if (open.every((i) => this.entries[i] === d)) d = 0;
    const e = this.edit();
    for (const i of open) {
      e.put(i, "v", d);
      if (d && clearPeers) for (const p of this.layout.peers[i]) for (const k of ["c", "m"]) if (e.get(k, p) & bit(d)) e.put(p, k, e.get(k, p) & ~bit(d));
    }
    const changed = this.commit(e.ch);
    if (changed && d && this.sol.length) this.mistakes += open.filter((i) => this.sol[i] !== d).length;
    return changed;
  }

  // progress tells whether the player has done anything worth keeping:
  // an entry or a mark, in a game not finished.
  inProgress() {
    if (this.done || this.solvedBy) return false;
    for (let i = 0; i < this.nn; i++) if (this.entries[i] || this.corner[i] || this.centre[i] || this.colour[i] || this.candColour(i, 0)) return true;
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
  toggleMark(i, k, d) { return this.markAll([i], k, d); }

  // markAll toggles mark d ("c", "m", or "k" for colour d) as SudokuPad
  // does on a selection: out of every cell when they all have it, else
  // into all. Marks go in empty cells only, colours in any cell.
  markAll(cells, k, d) {
    const open = k === "k" ? cells : cells.filter((i) => !this.value(i));
    if (!open.length) return false;
    const all = open.every((i) => this.get(k, i) & bit(d));
    return this.commit(open.map((i) => {
      const m = this.get(k, i);
      return { i, k, a: m, b: all ? m & ~bit(d) : m | bit(d) };
    }));
  }

  // colourAll toggles colour c (1..COLOURS) on cells.
  colourAll(cells, c) { return this.markAll(cells, "k", c); }

  // candColour is the colour of candidate d of cell i, 0 for none; with
  // d 0, whether any of its candidates is coloured.
  candColour(i, d) {
    const c = this.cands.findIndex((q) => (d ? q[i] & bit(d) : q[i]));
    return c + 1;
  }

  // colourCandidate colours candidate d of the empty cells of cells with
  // colour c (one colour a candidate, as HoDoKu has it), or takes it off
  // when they all have it already: one undo step.
  colourCandidate(cells, d, c) {
    const open = cells.filter((i) => !this.value(i));
    if (!open.length) return false;
    const all = open.every((i) => this.candColour(i, d) === c), e = this.edit();
    for (const i of open) {
      for (const q of CAND_LAYERS) if (e.get(q, i) & bit(d)) e.put(i, q, e.get(q, i) & ~bit(d));
      if (!all) e.put(i, `q${c}`, e.get(`q${c}`, i) | bit(d));
    }
    return this.commit(e.ch);
  }

  // erase takes out the entry of i, or its marks when it has none.
  erase(i) { return this.eraseAll([i]); }

  // eraseAll takes out the entries of cells; when they hold none, their
  // marks; then their colours. With colours, only the colours.
  eraseAll(cells, colours = false) {
    const open = cells.filter((i) => !this.isGiven(i));
    const layers = colours ? [["k", ...CAND_LAYERS]] : [["v"], ["c", "m"], ["k", ...CAND_LAYERS]];
    for (const ks of layers) {
      const from = ks[0] === "k" ? cells : open;
      const ch = from.flatMap((i) => ks.map((k) => ({ i, k, a: this.get(k, i), b: 0 })));
      if (this.commit(ch)) return true;
    }
    return false;
  }

  // candidates returns the digits not yet seen by an empty cell, as a mask.
  candidates(i) {
    if (this.value(i)) return 0;
    let m = 2 ** this.n - 1;
    for (const p of this.layout.peers[i]) if (this.value(p)) m &= ~bit(this.value(p));
    return m;
  }

  // autoCandidates fills every empty cell's corner marks with its
  // candidates and clears its centre marks: one set of notes, not two.
  autoCandidates() {
    const ch = [];
    for (let i = 0; i < this.nn; i++) {
      if (!this.value(i)) ch.push({ i, k: "c", a: this.corner[i], b: this.candidates(i) }, { i, k: "m", a: this.centre[i], b: 0 });
    }
    return this.commit(ch);
  }

  // clearAll takes out every entry and mark.
  clearAll() {
    const ch = [];
    for (let i = 0; i < this.nn; i++) {
      for (const k of ["v", "c", "m", "k", ...CAND_LAYERS]) ch.push({ i, k, a: this.get(k, i), b: 0 });
    }
    const changed = this.commit(ch);
    if (changed) this.done = false, this.solvedBy = "";
    return changed;
  }

  // fill puts a full grid's digits in every non-given cell.
  fill(grid) {
    const ch = [];
    for (let i = 0; i < this.nn; i++) if (!this.isGiven(i)) ch.push({ i, k: "v", a: this.entries[i], b: +grid[i] });
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
      for (let i = 0; i < this.nn; i++) if (!this.value(i) && !this.hasMarks(i)) push(i, "c", this.candidates(i));
    }
    for (const p of placements) {
      const i = this.cellIndex(p.cell);
      if (i < 0 || this.isGiven(i)) continue;
      push(i, "v", p.digit);
      for (const q of this.layout.peers[i]) {
        for (const k of ["c", "m"]) if (cur[k][q] & bit(p.digit)) push(q, k, cur[k][q] & ~bit(p.digit));
      }
    }
    for (const e of eliminations) {
      const i = this.cellIndex(e.cell);
      if (i < 0) continue;
      for (const k of ["c", "m"]) if (cur[k][i] & bit(e.digit)) push(i, k, cur[k][i] & ~bit(e.digit));
    }
    return this.commit(ch);
  }

  // conflicts returns the cells whose digit another cell of a house also holds.
  // (in any unit, or a knight's or king's move apart where the rules
  // forbid it).
  conflicts() {
    const out = new Set();
    for (const u of this.layout.units) {
      const seen = new Map();
      for (const i of u.cells) {
        const v = this.value(i);
        if (!v) continue;
        if (seen.has(v)) out.add(i).add(seen.get(v));
        else seen.set(v, i);
      }
    }
    if (this.layout.antiKnight || this.layout.antiKing) {
      for (let i = 0; i < this.nn; i++) {
        const v = this.value(i);
        if (v) for (const p of this.layout.peers[i]) if (this.value(p) === v) out.add(i).add(p);
      }
    }
    return out;
  }

  // wrong returns the entries that disagree with the known solution.
  wrong() {
    const out = new Set();
    if (!this.sol.length) return out;
    for (let i = 0; i < this.nn; i++) if (this.entries[i] && this.entries[i] !== this.sol[i]) out.add(i);
    return out;
  }

  full() { return this.givens.every((g, i) => g || this.entries[i]); }

  // complete tells whether the grid is full without conflicts and, with
  // killer cages, every cage at its sum (then it is a solution). With
  // constraints (thermometers, dots, …) the grid must be the solution.
  complete() {
    if (!this.full() || this.conflicts().size) return false;
    if (this.layout.ruled && this.sol.length) return this.sol.every((d, i) => this.value(i) === d);
    return this.layout.units.every((u) => !u.sum || u.cells.reduce((s, i) => s + this.value(i), 0) === u.sum);
  }

  // placed returns how many cells hold d rightly: givens, and entries that
  // agree with the solution (or, without one, clash with nothing).
  placed(d) {
    // Every digit placed counts, right or wrong: counting only the right
    // ones would give mistakes away with "Show mistakes" off.
    let n = 0;
    for (let i = 0; i < this.nn; i++) if (this.value(i) === d) n++;
    return n;
  }
}

// solutionArray reads a solution given as a string of digits (classic),
// an array of numbers, or nothing; [] when unknown or malformed.
function solutionArray(s, nn, n) {
  let a = [];
  if (Array.isArray(s)) a = s.map(Number);
  else if (typeof s === "string" && s.length === nn && n <= 9) a = [...s].map(Number);
  return a.length === nn && a.every((d) => Number.isInteger(d) && d >= 1 && d <= n) ? a : [];
}

// validBoard checks a saved board has what a Layout needs.
function validBoard(b) {
  const n = b.size;
  return Number.isInteger(n) && n >= 4 && n <= 25 && Array.isArray(b.cells) && b.cells.length === n * n && Array.isArray(b.units) &&
    b.units.every((u) => u && Array.isArray(u.cells) && u.cells.every((c) => Number.isInteger(c) && c >= 0 && c < n * n)) &&
    Array.isArray(b.region) && b.region.length === n * n && typeof b.line === "string";
}
