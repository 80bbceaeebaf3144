// Photo import: upload a photo to /api/scan, show what was read with the
// doubtful cells flagged for correction, then the solution drawn on the
// photo (the server's overlay, or drawn here when cells were corrected).

import { post, APIError } from "./api.js";
import { cellIndex } from "./game.js";

const $ = (id) => document.getElementById(id);

// homography maps the unit square onto the quadrilateral corners (top
// left, top right, bottom right, bottom left): (u, v) -> [x, y].
function homography([[x0, y0], [x1, y1], [x2, y2], [x3, y3]]) {
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  let g = 0, h = 0;
  const det = dx1 * dy2 - dx2 * dy1;
  if ((dx3 || dy3) && det) {
    g = (dx3 * dy2 - dx2 * dy3) / det;
    h = (dx1 * dy3 - dx3 * dy1) / det;
  }
  const a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, c = x0;
  const d = y1 - y0 + g * y1, e = y3 - y0 + h * y3, f = y0;
  return (u, v) => {
    const w = g * u + h * v + 1;
    return [(a * u + b * v + c) / w, (d * u + e * v + f) / w];
  };
}

export class PhotoImport {
  // onPlay(line) loads an 81-character puzzle as a new game.
  constructor(onPlay) {
    this.dialog = $("photo-dialog");
    this.img = $("photo-img");
    this.grid = $("photo-grid");
    this.status = $("photo-status");
    this.onPlay = onPlay;
    this.result = null;
    this.photoURL = "";
    this.inputs = [];
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      for (let c = 0; c < 9; c++) {
        const cell = document.createElement("span");
        cell.setAttribute("role", "gridcell");
        cell.className = "mc";
        const inp = document.createElement("input");
        inp.maxLength = 1;
        inp.inputMode = "numeric";
        inp.autocomplete = "off";
        inp.setAttribute("aria-label", `row ${r + 1} column ${c + 1}`);
        if (c === 2 || c === 5) inp.classList.add("br");
        if (r === 2 || r === 5) inp.classList.add("bb");
        inp.addEventListener("input", () => {
          inp.value = inp.value.replace(/[^1-9]/g, "").slice(-1);
          inp.classList.add("fixed");
          inp.classList.remove("low");
        });
        cell.append(inp);
        row.append(cell);
        this.inputs.push(inp);
      }
      this.grid.append(row);
    }
    for (const id of ["photo-file", "photo-camera"]) {
      $(id).addEventListener("change", (e) => {
        const f = e.target.files && e.target.files[0];
        e.target.value = "";
        if (f) this.scan(f);
      });
    }
    $("photo-solve").addEventListener("click", () => this.solve());
    $("photo-play").addEventListener("click", () => {
      this.dialog.close();
      this.onPlay(this.line());
    });
  }

  open() {
    this.dialog.showModal();
  }

  say(text, err = false) {
    this.status.textContent = text;
    this.status.classList.toggle("error", err);
  }

  line() {
    return this.inputs.map((x) => x.value || ".").join("");
  }

  async scan(file) {
    if (!/^image\//.test(file.type)) {
      this.img.hidden = true;
      this.grid.hidden = true;
      $("photo-caption").textContent = "";
      $("photo-solve").disabled = $("photo-play").disabled = true;
      this.result = null;
      this.say("That file is not a photo: choose a picture (JPEG, PNG, HEIC…) of a printed puzzle.", true);
      return;
    }
    if (this.photoURL) URL.revokeObjectURL(this.photoURL);
    this.img.onerror = () => { this.img.hidden = true; };
    this.photoURL = URL.createObjectURL(file);
    this.img.src = this.photoURL;
    this.img.alt = "Your photo";
    this.img.hidden = false;
    $("photo-caption").textContent = "";
    this.grid.hidden = true;
    $("photo-solve").disabled = $("photo-play").disabled = true;
    this.result = null;
    this.say("Reading the photo…");
    const form = new FormData();
    form.append("photo", file);
    form.append("overlay", "1");
    let r;
    try {
      r = await post("/api/scan", form);
    } catch (e) {
      this.say(scanError(e), true);
      return;
    }
    this.result = r;
    const low = new Set((r.low || []).map((x) => cellIndex(x)));
    this.inputs.forEach((inp, i) => {
      inp.value = /[1-9]/.test(r.grid[i]) ? r.grid[i] : "";
      inp.classList.toggle("low", low.has(i));
      inp.classList.remove("fixed");
      inp.setAttribute("aria-invalid", low.has(i) ? "true" : "false");
    });
    this.grid.hidden = false;
    $("photo-caption").textContent = "The photo as sent. Right: the grid read from it.";
    $("photo-solve").disabled = $("photo-play").disabled = false;
    const n = low.size;
    this.say(n ? `Read the grid. ${n} ${n === 1 ? "cell is" : "cells are"} doubtful (marked): check ${n === 1 ? "it" : "them"} against the photo, then solve.`
      : "Read the grid. Check it against the photo, then solve.");
  }

  async solve() {
    const r = this.result;
    if (!r) return;
    const line = this.line();
    if (line === r.grid && r.overlay) {
      this.showOverlay(r.overlay);
      return;
    }
    this.say("Solving…");
    let s;
    try {
      s = await post("/api/solve", { puzzle: line });
    } catch (e) {
      this.say(e.code === "no_solution" ? "This grid has no solution: check the digits read from the photo." : e.message, true);
      return;
    }
    if (!s.unique) {
      this.say("This grid has several solutions: a digit may be missing.", true);
      return;
    }
    try {
      this.showOverlay(await this.draw(line, s.solution));
    } catch {
      this.say("Could not draw on the photo.", true);
    }
  }

  showOverlay(url) {
    this.img.src = url;
    this.img.alt = "The photo with the solution drawn on it";
    this.img.classList.add("overlay");
    $("photo-caption").textContent = "The solution drawn on your photo.";
    this.say("Solved.");
  }

  // draw writes the solution's digits into the photo's empty cells,
  // following the grid's corners.
  async draw(line, solution) {
    const photo = new Image();
    photo.src = this.photoURL;
    await photo.decode();
    const canvas = document.createElement("canvas");
    canvas.width = photo.naturalWidth;
    canvas.height = photo.naturalHeight;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(photo, 0, 0);
    let corners = this.result.corners;
    if (!corners || corners.every(([x, y]) => !x && !y)) {
      const w = canvas.width, h = canvas.height;
      corners = [[0, 0], [w, 0], [w, h], [0, h]];
    }
    const map = homography(corners);
    ctx.fillStyle = "rgba(29, 91, 192, 0.95)";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const read = this.result.grid;
    for (let i = 0; i < 81; i++) {
      // Draw where the photo has no digit: cells read empty, or left empty.
      if (line[i] !== "." && /[1-9]/.test(read[i])) continue;
      const r = Math.floor(i / 9), c = i % 9;
      const [x, y] = map((c + 0.5) / 9, (r + 0.5) / 9);
      const [, yTop] = map((c + 0.5) / 9, r / 9);
      const [, yBot] = map((c + 0.5) / 9, (r + 1) / 9);
      ctx.font = `600 ${Math.max(8, Math.abs(yBot - yTop) * 0.7)}px system-ui, sans-serif`;
      ctx.fillText(solution[i], x, y);
    }
    return canvas.toDataURL("image/png");
  }
}

function scanError(e) {
  if (!(e instanceof APIError)) return String(e);
  switch (e.code) {
    case "unavailable":
      return "The photo reader is not available on this server yet.";
    case "bad_photo":
    case "unsupported":
      return "That file is not a photo this app can read: try a JPEG or PNG picture.";
    case "no_grid":
      return "No Sudoku grid was found in the photo. Try again closer, flat and well lit.";
    case "too_large":
      return "The photo is too large.";
  }
  return e.message;
}
