// The pattern of a step, as the board draws it for a level-3 hint or a
// worked example: the candidates that make it on coloured discs (an
// X-Wing's four corners, a chain's nodes), the candidates it takes out
// struck through, the other candidates of its digits dimmed, and its
// links, solid when strong (one of the two ends is true) and dashed when
// weak (at most one is), shown one at a time. The step comes from the API
// ({pattern, eliminations, digits, links: [{from, to, strong}]}, cells
// named "r3c4"). Pure: board.js and shapes.js draw it.

export const K = 100; // SVG units per cell, as shapes.js

// drawingOf reads a step; null when it has nothing to draw. cellIndex
// turns "r3c4" into a cell (-1 when bad).
export function drawingOf(step, cellIndex) {
  if (!step || typeof step !== "object") return null;
  const cand = (c) => ({ i: c && typeof c.cell === "string" ? cellIndex(c.cell) : -1, d: c ? c.digit : 0 });
  const ok = (c) => c.i >= 0 && Number.isInteger(c.d) && c.d >= 1;
  const list = (l) => (Array.isArray(l) ? l.map(cand).filter(ok) : []);
  const pattern = list(step.pattern), elim = list(step.eliminations);
  const links = (Array.isArray(step.links) ? step.links : [])
    .map((l) => ({ from: cand(l && l.from), to: cand(l && l.to), strong: !!(l && l.strong) }))
    .filter((l) => ok(l.from) && ok(l.to));
  if (!pattern.length && !elim.length && !links.length) return null;
  const digits = new Set([...pattern, ...elim].map((c) => c.d));
  return { pattern: byCell(pattern), elim: byCell(elim), digits, links };
}

// byCell groups candidates by cell: Map(cell, Set(digit)).
function byCell(cands) {
  const m = new Map();
  for (const { i, d } of cands) {
    if (!m.has(i)) m.set(i, new Set());
    m.get(i).add(d);
  }
  return m;
}

// role is how candidate d of cell i is drawn: "pat" (in the pattern),
// "elim" (taken out), "dim" (another candidate of the pattern's digits)
// or "".
export function role(dr, i, d) {
  if (!dr) return "";
  if (dr.elim.has(i) && dr.elim.get(i).has(d)) return "elim";
  if (dr.pattern.has(i) && dr.pattern.get(i).has(d)) return "pat";
  return dr.digits.has(d) ? "dim" : "";
}

// drawn returns the digits of cell i the drawing shows, whether in the
// player's notes or not.
export function drawn(dr, i) {
  if (!dr) return [];
  return [...(dr.pattern.get(i) || []), ...(dr.elim.get(i) || [])];
}

// slotCentre is where candidate d of cell i sits on a board of size n,
// in cells ({r, c}): its place in the cell's grid of corner notes (3x3
// up to 9x9, 4x4 up to 16x16, else 5x5), inside the notes' inset.
export function slotCentre(i, d, n) {
  const k = n <= 9 ? 3 : n <= 16 ? 4 : 5;
  const inset = 0.004 * n; // .corner's inset, 0.4cqi, in cells
  const step = (1 - 2 * inset) / k;
  const r = Math.floor(i / n), c = i % n;
  return { r: r + inset + (Math.floor((d - 1) / k) + 0.5) * step, c: c + inset + (((d - 1) % k) + 0.5) * step };
}

const u = (v) => Math.round(v * K * 10) / 10;

// linkPath returns the SVG path of a link from candidate a to b on a
// board of size n, in SVG units: a gentle curve (links back and forth
// between the same candidates do not overlap) that stops short of the
// discs, and its arrowhead at b.
export function linkPath(a, b, n) {
  const p = slotCentre(a.i, a.d, n), q = slotCentre(b.i, b.d, n);
  const dr = q.r - p.r, dc = q.c - p.c, len = Math.hypot(dr, dc) || 1;
  const er = dr / len, ec = dc / len;
  const gap = Math.min(0.13, len * 0.3);
  const s = { r: p.r + er * gap, c: p.c + ec * gap }, e = { r: q.r - er * gap, c: q.c - ec * gap };
  const bend = Math.min(0.25, 0.12 * len);
  const m = { r: (s.r + e.r) / 2 - ec * bend, c: (s.c + e.c) / 2 + er * bend };
  const tr = e.r - m.r, tc = e.c - m.c, tl = Math.hypot(tr, tc) || 1;
  const h = Math.min(0.12, len * 0.3), w = h * 0.55;
  const br = e.r - (tr / tl) * h, bc = e.c - (tc / tl) * h;
  const at = (x) => `${u(x.c)} ${u(x.r)}`;
  return {
    d: `M${at(s)}Q${at(m)} ${at(e)}`,
    head: `M${at(e)}L${at({ r: br + (tc / tl) * w, c: bc - (tr / tl) * w })}L${at({ r: br - (tc / tl) * w, c: bc + (tr / tl) * w })}Z`,
  };
}

// cellWords writes "r3c1" as "row 3, column 1".
const cellWords = (name) => name.replace(/^r(\d+)c(\d+)$/, "row $1, column $2");

// linkWords says what a link means, naming cells with name(i):
// "6 is in row 2, column 2 or row 2, column 6: if one is not 6, the other is".
export function linkWords(l, name) {
  const a = cellWords(name(l.from.i)), b = cellWords(name(l.to.i)), x = l.from.d, y = l.to.d;
  if (l.from.i === l.to.i) {
    return l.strong ? `${a} is ${x} or ${y}: if it is not ${x}, it is ${y}` : `${a} holds one digit: if it is ${x}, it is not ${y}`;
  }
  if (x === y) {
    return l.strong ? `${x} is in ${a} or ${b}: if one is not ${x}, the other is` : `${a} and ${b} see each other: if one is ${x}, the other is not`;
  }
  return l.strong ? `${a} is ${x} or ${b} is ${y}` : `${a} is not ${x} or ${b} is not ${y}`;
}
