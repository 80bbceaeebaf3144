// The drawings of constraints (thermometers, kropki dots, XV, arrows,
// clues outside the grid, f-puzzles' drawings) as one SVG layer over the
// cells' backgrounds and under their digits and notes. Shapes come from
// /api/board in grid units: (0, 0) is the grid's top left corner, a cell
// is 1 by 1, clues outside the grid sit in the ring of cells round it
// (row or column -1 or n). The layer reaches into that ring only on the
// sides some shape uses; the board leaves room for it (CSS --mt, --mr,
// --mb, --ml: margins in cells). A step's links (pattern.js) are a layer
// of their own, over the notes: linkLayer.

import { linkPath } from "./pattern.js";

const NS = "http://www.w3.org/2000/svg";
const K = 100; // SVG units per cell: whole numbers for the browser's text
const RING = 2; // the widest ring drawn round the grid, in cells
const SLACK = 0.05; // how far a shape pokes out before a ring is added
const GREY = "#a0a0a0";
const INK = "#111111";
const HEAD = 0.3; // an arrowhead's sides, in cells

const num = (v) => typeof v === "number" && Number.isFinite(v);
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

// colour returns a CSS colour a shape gives ("#rgb", "#rgba", "#rrggbb",
// "#rrggbbaa" or a name), def for none, grey for anything else.
export function colour(c, def) {
  if (typeof c !== "string" || c.trim() === "" || c === "none") return def;
  const s = c.trim();
  if (/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(s) || /^[a-z]{3,20}$/i.test(s)) return s;
  return GREY;
}

// clean returns a shape with what its kind needs, numbers bounded, or
// null (a saved game may hold anything).
function clean(s, n) {
  if (!s || typeof s !== "object") return null;
  const lim = n + RING + 1;
  const points = (Array.isArray(s.points) ? s.points : []).filter((p) => p && num(p.r) && num(p.c)).map((p) => ({ r: clamp(p.r, -lim, lim), c: clamp(p.c, -lim, lim) }));
  const cells = (Array.isArray(s.cells) ? s.cells : []).filter((c) => Number.isInteger(c) && c >= 0 && c < n * n);
  const size = num(s.size) ? clamp(s.size, 0, lim) : 0;
  const text = typeof s.text === "string" ? s.text : s.text == null ? "" : String(s.text);
  const out = { kind: s.kind, points, cells, size, stroke: s.stroke, fill: s.fill, text, dashed: !!s.dashed };
  const need = { line: points.length >= 1, arrow: points.length >= 2, circle: points.length >= 1 && size > 0, rect: points.length >= 2, text: points.length >= 1 && text !== "", cage: cells.length > 0, shade: cells.length > 0 };
  return need[s.kind] ? out : null;
}

// shapesOf returns the clean shapes of a board's constraints.
export function shapesOf(constraints, n) {
  const out = [];
  for (const c of Array.isArray(constraints) ? constraints : []) {
    for (const s of (c && Array.isArray(c.shapes) ? c.shapes : [])) {
      const t = clean(s, n);
      if (t) out.push(t);
    }
  }
  return out;
}

const lineWidth = (s) => (s.size > 0 ? clamp(s.size, 0.005, 1) : 0.1);
const textSize = (s) => (s.size > 0 ? clamp(s.size, 0.05, 3) : 0.3);

// extent is the box a shape covers, in cells: [x0, y0, x1, y1].
function extent(s, n) {
  let e = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x, y, rx, ry) => (e = [Math.min(e[0], x - rx), Math.min(e[1], y - ry), Math.max(e[2], x + rx), Math.max(e[3], y + ry)]);
  const p = s.points[0];
  switch (s.kind) {
    case "line":
    case "arrow": {
      const r = s.kind === "arrow" ? Math.max(lineWidth(s) / 2, HEAD) : lineWidth(s) / 2;
      for (const q of s.points) add(q.c, q.r, r, r);
      break;
    }
    case "circle": add(p.c, p.r, s.size, s.size); break;
    case "rect": for (const q of s.points.slice(0, 2)) add(q.c, q.r, 0, 0); break;
    case "text": add(p.c, p.r, textSize(s) * 0.3 * [...s.text].length, textSize(s) / 2); break;
    default: add(0, 0, 0, 0); add(n, n, 0, 0);
  }
  return e;
}

// ring returns the margins the shapes need round a grid of size n, in
// whole cells: {top, right, bottom, left}.
export function ring(shapes, n) {
  const m = { top: 0, right: 0, bottom: 0, left: 0 };
  for (const s of shapes) {
    const [x0, y0, x1, y1] = extent(s, n);
    if (x0 < -SLACK) m.left = Math.max(m.left, Math.min(RING, Math.ceil(-x0)));
    if (y0 < -SLACK) m.top = Math.max(m.top, Math.min(RING, Math.ceil(-y0)));
    if (x1 > n + SLACK) m.right = Math.max(m.right, Math.min(RING, Math.ceil(x1 - n)));
    if (y1 > n + SLACK) m.bottom = Math.max(m.bottom, Math.min(RING, Math.ceil(y1 - n)));
  }
  return m;
}

function el(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  return e;
}

const u = (v) => Math.round(v * K * 100) / 100; // cells to SVG units
const at = (p) => `${u(p.c)} ${u(p.r)}`;

// arrowHead returns the tip and the ends of an arrowhead's two sides.
function arrowHead(points) {
  const tip = points[points.length - 1];
  const from = [...points].reverse().find((p) => p.r !== tip.r || p.c !== tip.c);
  if (!from) return null;
  const l = Math.hypot(from.r - tip.r, from.c - tip.c);
  const dr = ((from.r - tip.r) / l) * HEAD, dc = ((from.c - tip.c) / l) * HEAD;
  const cos = Math.cos(0.61), sin = Math.sin(0.61);
  return [tip, { r: tip.r + dr * cos - dc * sin, c: tip.c + dr * sin + dc * cos }, { r: tip.r + dr * cos + dc * sin, c: tip.c - dr * sin + dc * cos }];
}

// cageOutline returns the path of a cage's outline inset into its cells,
// as killer cages are drawn.
function cageOutline(cells, n) {
  const set = new Set(cells), e = 0.1;
  const inside = (r, c) => r >= 0 && r < n && c >= 0 && c < n && set.has(r * n + c);
  const end = (nr, nc, dr, dc) => (!inside(nr, nc) ? e : !inside(dr, dc) ? 0 : -e);
  let d = "";
  const seg = (x1, y1, x2, y2) => (d += `M${u(x1)} ${u(y1)}L${u(x2)} ${u(y2)}`);
  for (const i of [...set].sort((a, b) => a - b)) {
    const r = Math.floor(i / n), c = i % n;
    if (!inside(r - 1, c)) seg(c + end(r, c - 1, r - 1, c - 1), r + e, c + 1 - end(r, c + 1, r - 1, c + 1), r + e);
    if (!inside(r + 1, c)) seg(c + end(r, c - 1, r + 1, c - 1), r + 1 - e, c + 1 - end(r, c + 1, r + 1, c + 1), r + 1 - e);
    if (!inside(r, c - 1)) seg(c + e, r + end(r - 1, c, r - 1, c - 1), c + e, r + 1 - end(r + 1, c, r + 1, c - 1));
    if (!inside(r, c + 1)) seg(c + 1 - e, r + end(r - 1, c, r - 1, c + 1), c + 1 - e, r + 1 - end(r + 1, c, r + 1, c + 1));
  }
  return d;
}

// draw returns the SVG elements of one shape.
function draw(s, n) {
  const p = s.points[0];
  switch (s.kind) {
    case "shade":
      return s.cells.map((i) => el("rect", { x: u(i % n), y: u(Math.floor(i / n)), width: K, height: K, fill: colour(s.fill, GREY) }));
    case "line":
    case "arrow": {
      let d = "M" + s.points.map(at).join("L");
      if (s.points.length === 1) d += "z";
      const head = s.kind === "arrow" && arrowHead(s.points);
      if (head) d += `M${at(head[1])}L${at(head[0])}L${at(head[2])}`;
      return [el("path", { d, fill: "none", stroke: colour(s.stroke, GREY), "stroke-width": u(lineWidth(s)), "stroke-linecap": "round", "stroke-linejoin": "round" })];
    }
    case "circle":
      return [el("circle", { cx: u(p.c), cy: u(p.r), r: u(s.size), fill: colour(s.fill, "none"), stroke: colour(s.stroke, "none"), "stroke-width": u(0.03) })];
    case "rect": {
      const [a, b] = s.points;
      return [el("rect", { x: u(Math.min(a.c, b.c)), y: u(Math.min(a.r, b.r)), width: u(Math.abs(a.c - b.c)), height: u(Math.abs(a.r - b.r)), fill: colour(s.fill, "none"), stroke: colour(s.stroke, "none"), "stroke-width": u(0.03) })];
    }
    case "text": {
      const h = textSize(s), halo = colour(s.stroke, null);
      const t = el("text", { x: u(p.c), y: u(p.r), "font-size": u(h), "text-anchor": "middle", "dominant-baseline": "central", fill: colour(s.fill, INK) });
      if (halo) for (const [k, v] of Object.entries({ stroke: halo, "stroke-width": u(h * 0.24), "paint-order": "stroke", "stroke-linejoin": "round" })) t.setAttribute(k, v);
      t.textContent = s.text;
      return [t];
    }
    case "cage": {
      const ink = colour(s.stroke, INK);
      const out = [el("path", { d: cageOutline(s.cells, n), fill: "none", stroke: ink, "stroke-width": u(0.03), "stroke-dasharray": s.dashed ? `${u(0.08)} ${u(0.08)}` : null })];
      if (s.text) {
        const first = Math.min(...s.cells), x = (first % n) + 0.04, y = Math.floor(first / n) + 0.02;
        out.push(el("rect", { x: u(x), y: u(y), width: u(0.15 * [...s.text].length + 0.04), height: u(0.25), fill: "#ffffff" }));
        const t = el("text", { x: u(x + 0.02), y: u(y + 0.2), "font-size": u(0.22), fill: ink });
        t.textContent = s.text;
        out.push(t);
      }
      return out;
    }
  }
  return [];
}

// shapeLayer returns the SVG layer of shapes on a grid of size n and the
// margins it reaches into, or null when there is nothing to draw.
export function shapeLayer(constraints, n) {
  const shapes = shapesOf(constraints, n);
  if (!shapes.length) return null;
  const m = ring(shapes, n);
  const w = n + m.left + m.right, h = n + m.top + m.bottom;
  const svg = el("svg", { class: "shapes", viewBox: `${-m.left * K} ${-m.top * K} ${w * K} ${h * K}`, preserveAspectRatio: "none", "aria-hidden": "true" });
  // Shades first: the rest draws over them.
  for (const s of shapes) if (s.kind === "shade") svg.append(...draw(s, n));
  for (const s of shapes) if (s.kind !== "shade") svg.append(...draw(s, n));
  return { svg, margin: m, count: shapes.length };
}

// linkLayer returns the SVG layer of a step's links on a grid of size n
// (pattern.js): each a path of class "link strong" (solid) or "link weak"
// (dashed) with its arrowhead, the last one drawn also "now". Its colours
// come from the page's CSS (.links), so the theme applies.
export function linkLayer(links, n) {
  const svg = el("svg", { class: "links", viewBox: `0 0 ${n * K} ${n * K}`, preserveAspectRatio: "none", "aria-hidden": "true" });
  links.forEach((l, k) => {
    const p = linkPath(l.from, l.to, n), now = k === links.length - 1 ? " now" : "";
    svg.append(el("path", { class: `link ${l.strong ? "strong" : "weak"}${now}`, d: p.d, "data-ends": `${l.from.i} ${l.from.d} ${l.to.i} ${l.to.d}` }), el("path", { class: "head" + now, d: p.head }));
  });
  return svg;
}
