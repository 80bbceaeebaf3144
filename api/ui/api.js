// Calls to the JSON API. Errors come back as APIError with the API's code
// ({"error": {"code", "message", "cell"}}), or "network" when the server
// cannot be reached.

import { digitsOf, COLOURS } from "./game.js";

export class APIError extends Error {
  constructor(status, code, message, cell = "", conflict = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.cell = cell;
    this.conflict = conflict; // {cells: ["r1c1", "r1c2"], digit, house} for code "conflict"
  }
}

async function call(method, path, body, { blob = false, signal } = {}) {
  const opt = { method, headers: {}, signal };
  if (body instanceof FormData) opt.body = body;
  else if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, opt);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new APIError(0, "network", "The server cannot be reached.");
  }
  if (!res.ok) {
    let e = {};
    try {
      e = (await res.json()).error || {};
    } catch {
      // not the API's error body
    }
    throw new APIError(res.status, e.code || `http_${res.status}`, e.message || res.statusText || `HTTP ${res.status}`, e.cell || "", e.conflict || null);
  }
  return blob ? res.blob() : res.json();
}

export const get = (path, opt) => call("GET", path, undefined, opt);
export const post = (path, body, opt) => call("POST", path, body, opt);

// parsePuzzle turns any text form of a puzzle into its 81-character line.
// An 81-character line is taken as it is; anything else is parsed by the
// server, which reads every text form.
export async function parsePuzzle(text) {
  const compact = text.replace(/\s+/g, "");
  if (/^[0-9.]{81}$/.test(compact)) return compact.replace(/0/g, ".");
  const r = await post("/api/parse", { puzzle: text });
  return r.puzzle;
}

// download saves a blob under a file name.
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// copyText puts text on the clipboard; it returns whether that worked.
export async function copyText(text, fallbackInput) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackInput) return false;
    fallbackInput.select();
    return document.execCommand("copy");
  }
}

// Share links: #p=<81 chars>&e=<81 chars of entries>&k=<colours>.
export function shareHash(puzzle, entries, colour = []) {
  let h = `#p=${puzzle}`;
  if (entries && /[1-9]/.test(entries)) h += `&e=${entries}`;
  return h + colourParam(colour);
}

// colourParam writes the cells' colours (masks) for a link, as
// &k=<cell>-<colours>,… with cells from 0 and colours 1-9: "&k=0-12,40-3"
// colours r1c1 with 1 and 2, r5c5 with 3. No colours, no k=. Apps that
// know no colours open such a link all the same.
export function colourParam(colour) {
  const parts = [];
  colour.forEach((m, i) => {
    if (m) parts.push(`${i}-${digitsOf(m, COLOURS).join("")}`);
  });
  return parts.length ? "&k=" + parts.join(",") : "";
}

// readColours reads a link's colours for a board of nn cells: an array of
// masks, null when the link has none; cells out of the board are left out.
export function readColours(hash, nn) {
  const k = new URLSearchParams(hash.replace(/^#/, "")).get("k");
  if (!k) return null;
  const out = new Array(nn).fill(0);
  for (const part of k.split(",")) {
    const m = /^([0-9]+)-([1-9]+)$/.exec(part);
    if (m && +m[1] < nn) for (const c of m[2]) out[+m[1]] |= 2 ** (c - 1);
  }
  return out;
}

export function readHash(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const p = (q.get("p") || "").replace(/0/g, ".");
  if (!/^[0-9.]{81}$/.test(p)) return null;
  const e = (q.get("e") || "").replace(/0/g, ".");
  return { puzzle: p, entries: /^[0-9.]{81}$/.test(e) ? e : "" };
}

// linkPuzzle reads the puzzle a link to the app holds, from its hash and
// its query: #p= (81 characters, &e= the entries), #b= (any text form,
// &e= the entries comma-separated), and SudokuPad's own: a link or code
// after #p=, ?p=, ?b=, ?puzzle= or ?puzzleid= (sudokupad.app/scl…,
// /ctc…, /fpuzzles…, short links), or the whole hash (#scl…,
// #https://sudokupad.app/…). It returns { line, entries } for a classic
// puzzle, { board, entries } for text the server reads, { cut: true } for
// a #p= of digits that is not 81 long, or null when the link holds none.
export function linkPuzzle(hash = "", search = "") {
  const h = hash.replace(/^#/, ""), q = new URLSearchParams(h), s = new URLSearchParams(search.replace(/^\?/, ""));
  const pick = (k) => (q.has(k) ? q.get(k) : s.get(k));
  const e = pick("e") || "";
  const list = e ? e.split(",") : [];
  if (pick("b")) return { board: pick("b"), entries: list };
  const p = pick("p");
  if (p) {
    if (/^[0-9.]+$/.test(p)) {
      const shared = readHash("#" + new URLSearchParams({ p, e }).toString());
      return shared ? { line: shared.puzzle, entries: shared.entries } : { cut: true };
    }
    return { board: p, entries: list };
  }
  const sp = s.get("puzzle") || s.get("puzzleid");
  if (sp) return { board: sp, entries: [] };
  let raw = h;
  try {
    raw = decodeURIComponent(h);
  } catch {
    // kept as it is
  }
  if (/^(scl|ctc|fpuz)[A-Za-z0-9+/=%-]{8,}/.test(raw) || /^(https?:\/\/)?([a-z0-9-]+\.)*(sudokupad\.app|crackingthecryptic\.com|f-puzzles\.com)\//i.test(raw)) {
    return { board: raw, entries: [] };
  }
  return null;
}

// LINK_KEYS are the query's keys linkPuzzle reads, taken off the address
// once the puzzle is opened.
export const LINK_KEYS = ["p", "b", "e", "puzzle", "puzzleid"];
