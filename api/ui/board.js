// The board's DOM: a role=grid of n rows of n gridcells, each with its
// digit, corner-mark slots and a centre-mark line. Box and region edges
// are drawn thick, diagonals and windows shaded, killer cages outlined
// with their sums; the constraints' shapes (thermometers, dots, clues
// outside the grid) in an SVG layer under the digits (shapes.js). A
// step's pattern (pattern.js) marks the notes it concerns, showing its
// candidates even where the player has not noted them, and its links go
// in an SVG layer over the notes. Exploring solutions (explore.js) draws
// the puzzle alone: its givens, and in every other cell the true
// candidates (with their counts) or a solution's digit, in a layer and a
// style of their own; the player's digits and notes are left as they are
// and hidden meanwhile. The player's colours fill a layer under it all,
// one colour a cell or, with several, slices of it as SudokuPad draws them.

import { digitsOf, digitChar, COLOURS } from "./game.js";
import { shapeLayer, linkLayer } from "./shapes.js";
import { role, drawn } from "./pattern.js";
import { short, cellLabel } from "./solutions.js";

// RIM are the corner-note slots round a 3x3 cell's rim: corners, then
// edges.
const RIM = [0, 2, 6, 8, 1, 7, 3, 5];

// COLOUR_NAMES name the palette's colours 1..COLOURS (app.css's --k1…).
export const COLOUR_NAMES = ["grey", "red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"];

// colourFill is the background of a cell of colours mask: one colour, or
// a slice of the cell each, from the top right corner round.
export function colourFill(mask) {
  const cs = digitsOf(mask, COLOURS);
  if (cs.length < 2) return cs.length ? `var(--k${cs[0]})` : "";
  const at = (k) => `${((100 * k) / cs.length).toFixed(2)}%`;
  return `conic-gradient(from 45deg, ${cs.map((c, k) => `var(--k${c}) ${at(k)} ${at(k + 1)}`).join(", ")})`;
}

export class BoardView {
  // on: what the pointer does, {press(i, event), over(i), release(),
  // double(i)}: a press on cell i, the pointer carried on to cell i while
  // a button is down (a mouse drag, a finger's swipe), the press's end,
  // a double click on cell i.
  constructor(el, on) {
    this.el = el;
    this.on = on;
    this.layout = null;
    this.cells = [];
    this.links = { svg: null, key: "" }; // the layer of a step's links
    el.setAttribute("role", "grid");
    el.setAttribute("aria-multiselectable", "true");
    el.addEventListener("pointermove", (e) => {
      if (e.buttons) on.over(this.cellAt(e.clientX, e.clientY));
    });
    for (const t of ["pointerup", "pointercancel"]) window.addEventListener(t, () => on.release());
    el.addEventListener("dblclick", (e) => {
      const i = this.cellAt(e.clientX, e.clientY);
      if (i >= 0) on.double(i);
    });
  }

  // cellAt is the cell under the point (x, y) of the window, -1 if none:
  // a finger's events all go to the cell it first touched.
  cellAt(x, y) {
    const c = document.elementFromPoint(x, y)?.closest(".cell[data-i]");
    return c && this.el.contains(c) ? +c.dataset.i : -1;
  }

  // build makes the cells of layout, unless they are there already.
  build(layout) {
    if (this.layout === layout) return;
    this.layout = layout;
    const n = layout.n, el = this.el;
    const slotsPer = n <= 9 ? 9 : n <= 16 ? 16 : 25;
    el.replaceChildren();
    el.style.setProperty("--n", n);
    el.style.setProperty("--slots", Math.sqrt(slotsPer));
    el.setAttribute("aria-rowcount", n);
    el.setAttribute("aria-colcount", n);
    el.classList.toggle("big", n > 9);
    this.cells = [];
    this.links = { svg: null, key: "" };
    const shade = new Set();
    for (const u of layout.units) if (u.kind === "diagonal" || u.kind === "window" || u.kind === "extra region") for (const c of u.cells) shade.add(c);
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", r + 1);
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", c + 1);
        cell.tabIndex = -1;
        cell.dataset.i = i;
        const v = document.createElement("span");
        v.className = "v";
        v.setAttribute("aria-hidden", "true");
        const corner = document.createElement("span");
        corner.className = "corner";
        corner.setAttribute("aria-hidden", "true");
        const slots = [];
        for (let d = 0; d < slotsPer; d++) {
          const s = document.createElement("span");
          corner.append(s);
          slots.push(s);
        }
        const centre = document.createElement("span");
        centre.className = "centre";
        centre.setAttribute("aria-hidden", "true");
        // An explored puzzle's candidates: one slot per digit, as the
        // corner notes.
        const xc = document.createElement("span");
        xc.className = "xc";
        xc.setAttribute("aria-hidden", "true");
        const xslots = [];
        for (let d = 0; d < slotsPer; d++) {
          const s = document.createElement("span");
          xc.append(s);
          xslots.push(s);
        }
        cell.append(corner, centre, xc, v);
        const cage = layout.cageOf[i] >= 0 ? layout.units[layout.cageOf[i]] : null;
        if (cage) {
          const lines = cageEdges(layout, i);
          if (lines) {
            const outline = document.createElement("span");
            outline.className = "cage " + lines;
            outline.setAttribute("aria-hidden", "true");
            cell.append(outline);
          }
          if (cage.sum && Math.min(...cage.cells) === i) {
            const sum = document.createElement("span");
            sum.className = "sum";
            sum.textContent = cage.sum;
            cell.append(sum);
          }
        }
        cell.addEventListener("pointerdown", (e) => {
          e.preventDefault();
          if (e.target instanceof Element && e.target.hasPointerCapture(e.pointerId)) e.target.releasePointerCapture(e.pointerId);
          this.on.press(i, e);
        });
        row.append(cell);
        this.cells.push({ el: cell, v, slots, centre, xslots, k: null, fill: "", key: "", base: baseClass(layout, i, shade) });
      }
      el.append(row);
    }
    this.drawShapes(layout);
  }

  // drawShapes puts the layer of the constraints' shapes under the
  // digits, and leaves room round the board for clues outside the grid.
  drawShapes(layout) {
    const el = this.el, layer = shapeLayer(layout.constraints, layout.n);
    const m = layer ? layer.margin : { top: 0, right: 0, bottom: 0, left: 0 };
    const vars = { "--mt": m.top, "--mr": m.right, "--mb": m.bottom, "--ml": m.left, "--mx": m.left + m.right, "--my": m.top + m.bottom, "--mm": Math.max(m.left + m.right, m.top + m.bottom) };
    for (const [k, v] of Object.entries(vars)) {
      if (v) el.style.setProperty(k, v);
      else el.style.removeProperty(k);
    }
    el.classList.toggle("ringed", vars["--mm"] > 0);
    el.classList.toggle("shaped", !!layer);
    if (layer) el.prepend(layer.svg);
  }

  focus(i) {
    if (this.cells[i]) this.cells[i].el.focus({ preventScroll: true });
  }

  hasFocus() {
    return this.el.contains(document.activeElement);
  }

  // render draws game with view state s: {sel (the cursor), cells (the
  // cells selected, a Set), conflicts, wrong, sameDigit (false: the
  // selected cell's digit is not highlighted), chosen (the digit chosen
  // on the pad, highlighted instead, or 0), hint:
  // {cells, houses, wrong, digits} (Sets) and step ({drawing, shown}: a
  // step's pattern, its first shown links drawn), solved, explore: null,
  // or {data, sol} while exploring solutions (data: solutions.js's
  // readCandidates, sol: the solution previewed, n*n digits, or null)}.
  // Selecting a cell with a digit bolds that digit among the marks, not
  // the marks' cells; its houses and the cells of its digit are shaded
  // (for one cell selected: a selection of several shades nothing).
  render(game, s) {
    const layout = game.layout, n = layout.n;
    this.build(layout);
    const x = s.explore || null, xd = x && !x.sol ? x.data : null;
    const value = x ? (i) => game.givens[i] || (x.sol ? x.sol[i] : 0) : (i) => game.value(i);
    const one = s.cells.size === 1 ? [...s.cells][0] : -1;
    const selV = s.sameDigit === false ? 0 : s.chosen || (one >= 0 ? value(one) : 0);
    const dr = s.hint.step ? s.hint.step.drawing : null;
    const peers = new Set(one >= 0 ? layout.peers[one] : []);
    this.el.classList.toggle("counted", !!(xd && xd.counts));
    for (let i = 0; i < layout.nn; i++) {
      const c = this.cells[i];
      const v = value(i);
      const given = game.isGiven(i);
      const corner = v || x ? [] : digitsOf(game.corner[i], n);
      const centre = v || x ? [] : digitsOf(game.centre[i], n);
      const xs = xd && !given ? xd.cands[i] : [];
      const colours = x ? 0 : game.colour[i];
      // The pattern's candidates show, noted or not ("ghost" when not).
      const shown = v || !dr ? corner : [...new Set([...corner, ...drawn(dr, i)])].sort((a, b) => a - b);
      const roles = shown.map((d) => role(dr, i, d));
      const tint = (d) => (x || !game.candColour(i, d) ? "" : `q${game.candColour(i, d)}`); // a candidate's colour
      const tints = v ? "" : [...shown, 0, ...centre].map(tint).join();
      const cls = {
        given,
        entry: !given && v !== 0 && !x,
        preview: !given && v !== 0 && !!x,
        sel: s.cells.has(i),
        peer: peers.has(i),
        same: selV !== 0 && v === selV && i !== one,
        conflict: s.conflicts.has(i),
        wrong: s.wrong.has(i),
        hint: s.hint.cells.has(i),
        "hint-house": s.hint.houses.has(i),
        "hint-wrong": s.hint.wrong.has(i),
        "hint-digit": s.hint.digits.has(i),
        coloured: colours !== 0,
        both: corner.length > 0 && centre.length > 0, // corner notes round the rim, centre ones small in the middle
        solved: s.solved,
      };
      let className = c.base;
      for (const k in cls) if (cls[k]) className += " " + k;
      if (c.el.className !== className) c.el.className = className;
      this.paint(c, colours);
      const counts = xd && xd.counts ? xd.counts[i] : null;
      const key = `${v}|${corner}|${centre}|${selV}|${shown}|${roles}|${tints}|${xs}|${xs.length && counts ? counts : ""}`;
      if (c.key !== key) {
        c.key = key;
        for (const sl of c.xslots) {
          sl.replaceChildren();
          sl.className = "";
        }
        for (const d of xs) {
          const sl = c.xslots[d - 1];
          sl.append(digitChar(d));
          if (counts) sl.append(Object.assign(document.createElement("small"), { textContent: short(counts[d - 1]) }));
          if (xd.every[i].has(d)) sl.className = "all";
        }
        c.v.textContent = v ? digitChar(v) : "";
        // Corner notes sit at their digit's place; with centre notes too
        // (on boards up to 9x9), they go round the rim in order, corners
        // first, so the middle stays free for the centre notes (unless a
        // step's pattern is drawn in the cell: its links need the places).
        const inPattern = roles.some((r) => r === "pat" || r === "elim");
        const at = n <= 9 && corner.length && centre.length && !inPattern ? RIM : null;
        for (const sl of c.slots) sl.textContent = sl.className = "";
        shown.forEach((d, k) => {
          const sl = c.slots[at ? at[k % at.length] : d - 1];
          sl.textContent = digitChar(d);
          sl.className = [d === selV ? "hl" : "", roles[k], corner.includes(d) ? "" : "ghost", tint(d)].filter(Boolean).join(" ");
        });
        c.centre.replaceChildren(...centre.map((d) => {
          const e = document.createElement("span");
          e.textContent = digitChar(d);
          e.className = [d === selV ? "hl" : "", tint(d)].filter(Boolean).join(" ");
          return e;
        }));
        c.centre.classList.toggle("long", centre.length > 4);
      }
      let label = `row ${layout.row(i) + 1} column ${layout.col(i) + 1}, `;
      if (v) label += given ? `${digitChar(v)}, given` : x ? `${digitChar(v)} in this solution` : `${digitChar(v)}`;
      else if (x) label += xd ? `open, ${cellLabel(xd, i)}` : "open";
      else {
        label += "empty";
        if (corner.length) label += `, corner marks ${corner.map(digitChar).join(" ")}`;
        if (centre.length) label += `, centre marks ${centre.map(digitChar).join(" ")}`;
        for (const d of new Set([...corner, ...centre])) if (game.candColour(i, d)) label += `, ${digitChar(d)} coloured ${COLOUR_NAMES[game.candColour(i, d) - 1]}`;
      }
      if (colours) label += `, coloured ${digitsOf(colours, COLOURS).map((k) => COLOUR_NAMES[k - 1]).join(" and ")}`;
      if (cls.conflict) label += ", conflict";
      if (cls.wrong || cls["hint-wrong"]) label += ", wrong";
      if (cls.hint) label += ", hinted";
      if (c.el.getAttribute("aria-label") !== label) c.el.setAttribute("aria-label", label);
      c.el.setAttribute("aria-selected", cls.sel ? "true" : "false");
      if (given) c.el.setAttribute("aria-readonly", "true");
      else c.el.removeAttribute("aria-readonly");
      c.el.tabIndex = i === (s.sel >= 0 ? s.sel : 0) ? 0 : -1;
    }
    this.drawLinks(s.hint.step, n);
  }

  // paint fills cell c's colour layer with the colours of mask; the
  // layer is made at the cell's first colour (hundreds of empty layers
  // slow down every move on a big board).
  paint(c, mask) {
    const fill = colourFill(mask);
    if (c.fill === fill) return;
    c.fill = fill;
    if (!c.k) {
      c.k = document.createElement("span");
      c.k.className = "k";
      c.k.setAttribute("aria-hidden", "true");
      c.el.prepend(c.k);
    }
    c.k.style.background = fill;
    c.k.hidden = !fill;
  }

  // drawLinks puts the step's links shown in their layer over the notes.
  drawLinks(step, n) {
    const links = step && step.drawing ? step.drawing.links.slice(0, step.shown) : [];
    const key = JSON.stringify(links);
    if (this.links.key === key) return;
    if (this.links.svg) this.links.svg.remove();
    this.links = { svg: links.length ? linkLayer(links, n) : null, key };
    if (this.links.svg) this.el.append(this.links.svg);
  }
}

// baseClass is a cell's fixed classes: thick edges where the box or
// region changes, shading for diagonals, windows and extra regions.
function baseClass(layout, i, shade) {
  const n = layout.n, r = layout.row(i), c = layout.col(i), reg = layout.region;
  let cls = "cell";
  if (c < n - 1 && reg[i] !== reg[i + 1]) cls += " br";
  if (r < n - 1 && reg[i] !== reg[i + n]) cls += " bb";
  if (shade.has(i)) cls += " shade";
  const k = layout.cageOf ? layout.cageOf[i] : -1;
  if (k >= 0 && layout.units[k].sum && Math.min(...layout.units[k].cells) === i) cls += " has-sum";
  return cls;
}

// cageEdges names the sides of cell i where its cage ends: "t r b l".
function cageEdges(layout, i) {
  const n = layout.n, k = layout.cageOf[i], r = layout.row(i), c = layout.col(i);
  const other = (j) => layout.cageOf[j] !== k;
  const sides = [];
  if (r === 0 || other(i - n)) sides.push("t");
  if (c === n - 1 || other(i + 1)) sides.push("r");
  if (r === n - 1 || other(i + n)) sides.push("b");
  if (c === 0 || other(i - 1)) sides.push("l");
  return sides.join(" ");
}
