// The drawings of constraints (thermometers, kropki dots, XV, arrows,
// clues outside the grid, f-puzzles' drawings) as one SVG layer over the
// cells' backgrounds and under their digits and notes. Shapes come from
// /api/board in grid units: (0, 0) is the grid's top left corner, a cell
// is 1 by 1, clues outside the grid sit in the ring of cells round it
// (row or column -1 or n). The layer reaches into that ring only on the
// sides some shape uses; the board leaves room for it (CSS --mt, --mr,
// --mb, --ml: margins in cells). A step's links (pattern.js) are a layer
// of their own, over the notes: linkLayer.
//
// Colours follow the theme without a redraw: black, white and grey ink
// (the engine's thermometers, lines, dots, parity marks, and a setter's
// own greys) become the page's --sh-* colours (app.css), grey shapes get
// an outline so they stand out from the board at 3:1 in either theme
// while the digits over them stay readable, and a kropki dot keeps its
// meaning: a black dot is the dark-filled one, a white dot the
// light-filled one, in both themes. Any other colour a setter gives is
// kept, with a lighter variant for the dark theme where it would fall
// under 3:1 against the dark board (--fl/--fd, --sl/--sd).

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

// ---- theme colours

// DARK_CELL is the dark theme's --cell (app.css): the board a dark
// variant must stand out from.
const DARK_CELL = [0x1b, 0x1e, 0x24];
const NAMED = { black: "#000000", white: "#ffffff", grey: "#808080", gray: "#808080", silver: "#c0c0c0", lightgrey: "#d3d3d3", lightgray: "#d3d3d3", darkgrey: "#a9a9a9", darkgray: "#a9a9a9" };

// rgba reads a colour as [r, g, b, a] (0-255, a 0-1), or null for a
// name it does not know.
export function rgba(c) {
  const s = NAMED[c.toLowerCase()] || c;
  let h = /^#([0-9a-f]+)$/i.exec(s);
  if (!h) return null;
  h = h[1];
  if (h.length <= 4) h = [...h].map((x) => x + x).join("");
  const v = [0, 2, 4, 6].map((i) => parseInt(h.slice(i, i + 2) || "ff", 16));
  return [v[0], v[1], v[2], v[3] / 255];
}

const lum = ([r, g, b]) => [r, g, b].map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);

// contrast is the WCAG contrast ratio of two colours ([r, g, b]).
export function contrast(a, b) {
  const x = lum(a), y = lum(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

// tone names the ink an opaque black, white or grey plays: "ink",
// "paper" or "grey"; "" for any other colour.
export function tone(c) {
  const v = typeof c === "string" ? rgba(c) : null;
  if (!v || v[3] < 1 || Math.max(...v.slice(0, 3)) - Math.min(...v.slice(0, 3)) > 24) return "";
  const l = (Math.max(...v.slice(0, 3)) + Math.min(...v.slice(0, 3))) / 510;
  return l <= 0.2 ? "ink" : l >= 0.94 ? "paper" : "grey";
}

// darkVariant returns colour c lightened (its hue kept) until it stands
// out at 3:1 from the dark board, or c when it does already.
export function darkVariant(c) {
  const v = rgba(c);
  if (!v || contrast(v, DARK_CELL) >= 3) return c;
  let [h, s, l] = hsl(v);
  let out = v;
  while (l < 0.97 && contrast(out, DARK_CELL) < 3) {
    l = Math.min(0.97, l + 0.03);
    out = rgbOf(h, s, l);
  }
  const hex = out.slice(0, 3).map((x) => Math.round(x).toString(16).padStart(2, "0")).join("");
  return "#" + hex + (v[3] < 1 ? Math.round(v[3] * 255).toString(16).padStart(2, "0") : "");
}

function hsl([r, g, b]) {
  r /= 255; g /= 255; b /= 255;
  const mx = Math.max(r, g, b), mn = Math.min(r, g, b), l = (mx + mn) / 2, d = mx - mn;
  if (!d) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = mx === r ? ((g - b) / d + 6) % 6 : mx === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function rgbOf(h, s, l) {
  const c = (1 - Math.abs(2 * l - 1)) * s, x = c * (1 - Math.abs(((h / 60) % 2) - 1)), m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255, 1];
}

// paint gives element e its fill or stroke (prop) of colour c: a
// theme's --sh-* colour for a role ("ink", "paper", "grey", "edge",
// "dot-black"...), or c itself with a dark variant where it needs one.
function paint(e, prop, c, role) {
  if (role) return e.style.setProperty(prop, `var(--sh-${role})`);
  if (c === "none" || c == null) return e.setAttribute(prop, "none");
  const t = tone(c);
  if (t) return e.style.setProperty(prop, `var(--sh-${t === "grey" ? "edge" : t})`);
  const d = darkVariant(c);
  if (d === c) return e.setAttribute(prop, c);
  const k = prop === "fill" ? "f" : "s";
  e.style.setProperty(`--${k}l`, c);
  e.style.setProperty(`--${k}d`, d);
  e.classList.add("p" + k);
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

// A grey line at least WIDE cells wide (a thermometer, a palindrome) is
// drawn pale over an outline EDGE wide each side (class "under": every
// outline goes under every shape, so a bulb and its tube make one
// outline); a thinner one in the outline's grey.
const WIDE = 0.12;
const EDGE = 0.03;
const DOT = 0.32; // a black or white circle up to this size is a dot

const isDot = (s) => s.kind === "circle" && s.size <= DOT && ["ink", "paper"].includes(tone(colour(s.fill, "none")));
const spot = (p) => `${Math.round(p.r * 1000)},${Math.round(p.c * 1000)}`;

// under returns the outline drawn under a pale grey shape.
function under(tag, attrs, prop) {
  const e = el(tag, attrs);
  e.classList.add("under");
  paint(e, prop, null, "edge");
  if (prop === "stroke") e.setAttribute("fill", "none");
  return e;
}

// draw returns the SVG elements of one shape; dots holds the spots of
// kropki-like dots, where text keeps its own colours (it is read on the
// dot, which keeps its fill's meaning in both themes).
function draw(s, n, dots) {
  const p = s.points[0];
  switch (s.kind) {
    case "shade":
      return s.cells.map((i) => {
        const e = el("rect", { x: u(i % n), y: u(Math.floor(i / n)), width: K, height: K });
        const f = colour(s.fill, GREY);
        paint(e, "fill", f, tone(f) === "grey" ? "shade" : null);
        return e;
      });
    case "line":
    case "arrow": {
      let d = "M" + s.points.map(at).join("L");
      if (s.points.length === 1) d += "z";
      const head = s.kind === "arrow" && arrowHead(s.points);
      if (head) d += `M${at(head[1])}L${at(head[0])}L${at(head[2])}`;
      const stroke = colour(s.stroke, GREY), w = lineWidth(s);
      const attrs = { d, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
      const e = el("path", { ...attrs, "stroke-width": u(w) });
      if (tone(stroke) === "grey" && w >= WIDE) {
        paint(e, "stroke", null, "grey");
        return [under("path", { ...attrs, "stroke-width": u(w + 2 * EDGE) }, "stroke"), e];
      }
      paint(e, "stroke", stroke);
      return [e];
    }
    case "circle": {
      const fill = colour(s.fill, "none"), stroke = colour(s.stroke, "none");
      const e = el("circle", { cx: u(p.c), cy: u(p.r), r: u(s.size), "stroke-width": u(EDGE) });
      if (isDot(s)) {
        // A black dot stays the dark one, a white dot the light one.
        const kind = tone(fill) === "ink" ? "dot-black" : "dot-white";
        e.classList.add(kind);
        paint(e, "fill", null, kind);
        paint(e, "stroke", null, kind + "-rim");
        return [e];
      }
      paint(e, "stroke", stroke);
      if (fill !== "none" && tone(fill) === "grey") {
        paint(e, "fill", null, "grey");
        return stroke === "none" ? [under("circle", { cx: u(p.c), cy: u(p.r), r: u(s.size + EDGE) }, "fill"), e] : [e];
      }
      paint(e, "fill", fill);
      return [e];
    }
    case "rect": {
      const [a, b] = s.points;
      const box = (g) => ({ x: u(Math.min(a.c, b.c) - g), y: u(Math.min(a.r, b.r) - g), width: u(Math.abs(a.c - b.c) + 2 * g), height: u(Math.abs(a.r - b.r) + 2 * g) });
      const fill = colour(s.fill, "none"), stroke = colour(s.stroke, "none");
      const e = el("rect", { ...box(0), "stroke-width": u(EDGE) });
      paint(e, "stroke", stroke);
      if (fill !== "none" && tone(fill) === "grey") {
        paint(e, "fill", null, "grey");
        return stroke === "none" ? [under("rect", box(EDGE), "fill"), e] : [e];
      }
      paint(e, "fill", fill);
      return [e];
    }
    case "text": {
      const h = textSize(s), halo = colour(s.stroke, null), own = dots.has(spot(p));
      const t = el("text", { x: u(p.c), y: u(p.r), "font-size": u(h), "text-anchor": "middle", "dominant-baseline": "central" });
      const ink = colour(s.fill, INK);
      if (own) t.setAttribute("fill", ink);
      else paint(t, "fill", ink);
      if (halo) {
        for (const [k, v] of Object.entries({ "stroke-width": u(h * 0.24), "paint-order": "stroke", "stroke-linejoin": "round" })) t.setAttribute(k, v);
        if (own) t.setAttribute("stroke", halo);
        else paint(t, "stroke", halo);
      }
      t.textContent = s.text;
      return [t];
    }
    case "cage": {
      const ink = colour(s.stroke, INK);
      const line = el("path", { d: cageOutline(s.cells, n), fill: "none", "stroke-width": u(0.03), "stroke-dasharray": s.dashed ? `${u(0.08)} ${u(0.08)}` : null });
      paint(line, "stroke", ink);
      const out = [line];
      if (s.text) {
        const first = Math.min(...s.cells), x = (first % n) + 0.04, y = Math.floor(first / n) + 0.02;
        const bg = el("rect", { x: u(x), y: u(y), width: u(0.15 * [...s.text].length + 0.04), height: u(0.25) });
        paint(bg, "fill", null, "paper");
        out.push(bg);
        const t = el("text", { x: u(x + 0.02), y: u(y + 0.2), "font-size": u(0.22) });
        paint(t, "fill", ink);
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
  const dots = new Set(shapes.filter(isDot).map((s) => spot(s.points[0])));
  // Shades first, then the pale shapes' outlines: the rest draws over
  // them.
  for (const s of shapes) if (s.kind === "shade") svg.append(...draw(s, n, dots));
  const drawn = shapes.filter((s) => s.kind !== "shade").flatMap((s) => draw(s, n, dots));
  svg.append(...drawn.filter((e) => e.classList.contains("under")), ...drawn.filter((e) => !e.classList.contains("under")));
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
