// The board's DOM: a role=grid of 9 rows of 9 gridcells, each with its
// digit, nine corner-mark slots and a centre-mark line.

import { ROW, COL, PEERS, digitsOf } from "./game.js";

// RIM are the corner-note slots round a cell's rim: corners, then edges.
const RIM = [0, 2, 6, 8, 1, 7, 3, 5];

export class BoardView {
  // onSelect(i) is called when a cell is clicked.
  constructor(el, onSelect) {
    this.el = el;
    this.cells = [];
    el.setAttribute("role", "grid");
    el.replaceChildren();
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", r + 1);
      for (let c = 0; c < 9; c++) {
        const i = r * 9 + c;
        const cell = document.createElement("div");
        cell.className = "cell";
        if (c === 2 || c === 5) cell.classList.add("br");
        if (r === 2 || r === 5) cell.classList.add("bb");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", c + 1);
        cell.tabIndex = -1;
        cell.dataset.i = i;
        const v = document.createElement("span");
        v.className = "v";
        const corner = document.createElement("span");
        corner.className = "corner";
        corner.setAttribute("aria-hidden", "true");
        const slots = [];
        for (let d = 1; d <= 9; d++) {
          const s = document.createElement("span");
          corner.append(s);
          slots.push(s);
        }
        const centre = document.createElement("span");
        centre.className = "centre";
        centre.setAttribute("aria-hidden", "true");
        v.setAttribute("aria-hidden", "true");
        cell.append(corner, centre, v);
        cell.addEventListener("pointerdown", (e) => {
          e.preventDefault();
          onSelect(i, true);
        });
        row.append(cell);
        this.cells.push({ el: cell, v, slots, centre, key: "" });
      }
      el.append(row);
    }
  }

  focus(i) {
    this.cells[i].el.focus({ preventScroll: true });
  }

  hasFocus() {
    return this.el.contains(document.activeElement);
  }

  // render draws game with view state s: {sel, conflicts, wrong, hint:
  // {cells, houses, wrong, digits} (Sets), solved}. Selecting a cell with
  // a digit bolds that digit among the marks, not the marks' cells.
  render(game, s) {
    const selV = s.sel >= 0 ? game.value(s.sel) : 0;
    const peers = new Set(s.sel >= 0 ? PEERS[s.sel] : []);
    for (let i = 0; i < 81; i++) {
      const c = this.cells[i];
      const v = game.value(i);
      const given = game.isGiven(i);
      const corner = v ? [] : digitsOf(game.corner[i]);
      const centre = v ? [] : digitsOf(game.centre[i]);
      const cls = {
        given,
        entry: !given && v !== 0,
        sel: i === s.sel,
        peer: peers.has(i),
        same: selV !== 0 && v === selV && i !== s.sel,
        conflict: s.conflicts.has(i),
        wrong: s.wrong.has(i),
        hint: s.hint.cells.has(i),
        "hint-house": s.hint.houses.has(i),
        "hint-wrong": s.hint.wrong.has(i),
        "hint-digit": s.hint.digits.has(i),
        both: corner.length > 0 && centre.length > 0, // corner notes round the rim, centre ones small in the middle
        solved: s.solved,
      };
      let className = "cell";
      if (COL(i) === 2 || COL(i) === 5) className += " br";
      if (ROW(i) === 2 || ROW(i) === 5) className += " bb";
      for (const k in cls) if (cls[k]) className += " " + k;
      if (c.el.className !== className) c.el.className = className;
      const key = `${v}|${corner}|${centre}|${selV}`;
      if (c.key !== key) {
        c.key = key;
        c.v.textContent = v || "";
        // Corner notes sit at their digit's place; with centre notes too,
        // they go round the rim in order (corners first), so the middle
        // stays free for the centre notes.
        const at = corner.length && centre.length ? RIM : null;
        for (const sl of c.slots) sl.textContent = sl.className = "";
        corner.forEach((d, k) => {
          const sl = c.slots[at ? at[k % at.length] : d - 1];
          sl.textContent = d;
          if (d === selV) sl.className = "hl";
        });
        c.centre.replaceChildren(...centre.map((d) => {
          const e = document.createElement("span");
          e.textContent = d;
          if (d === selV) e.className = "hl";
          return e;
        }));
        c.centre.classList.toggle("long", centre.length > 4);
      }
      let label = `row ${ROW(i) + 1} column ${COL(i) + 1}, `;
      if (v) label += given ? `${v}, given` : `${v}`;
      else {
        label += "empty";
        if (corner.length) label += `, corner marks ${corner.join(" ")}`;
        if (centre.length) label += `, centre marks ${centre.join(" ")}`;
      }
      if (cls.conflict) label += ", conflict";
      if (cls.wrong || cls["hint-wrong"]) label += ", wrong";
      if (cls.hint) label += ", hinted";
      if (c.el.getAttribute("aria-label") !== label) c.el.setAttribute("aria-label", label);
      c.el.setAttribute("aria-selected", i === s.sel ? "true" : "false");
      if (given) c.el.setAttribute("aria-readonly", "true");
      c.el.tabIndex = i === (s.sel >= 0 ? s.sel : 0) ? 0 : -1;
    }
  }
}
