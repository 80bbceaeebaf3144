// Puzzle book: sections of rules, level and count, made by the server
// (/api/book) into a PDF to print, the answers at the back.

import { get, post, download } from "./api.js";
import { apiMessage } from "./words.js";
import { $, busy, closeMenu } from "./state.js";

const MAX = 60; // puzzles in a book, as the server allows
let offered = null; // the levels each rule set is made at (/api/levels)

// wireBook makes the menu's Puzzle book open its dialog.
export function wireBook() {
  $("book").addEventListener("click", () => {
    closeMenu();
    $("book-status").textContent = "";
    if (!$("book-sections").children.length) addSection();
    $("book-dialog").showModal();
    loadOffered();
  });
  $("book-add").addEventListener("click", () => addSection());
  $("book-form").addEventListener("submit", (e) => {
    e.preventDefault();
    makeBook();
  });
}

// addSection adds a row: rules and level as New puzzle offers them, and
// a count.
function addSection() {
  const row = document.createElement("div");
  row.className = "actions book-section";
  const rules = choice("Rules", $("rules")), level = choice("Level", $("level"));
  const count = document.createElement("input");
  Object.assign(count, { type: "number", min: 1, max: MAX, value: 6, required: true });
  count.setAttribute("aria-label", "Puzzles");
  const remove = document.createElement("button");
  Object.assign(remove, { type: "button", textContent: "Remove", title: "Remove this section" });
  remove.addEventListener("click", () => { row.remove(); total(); });
  rules.addEventListener("change", () => offerLevels(row));
  count.addEventListener("input", total);
  row.append(rules, level, count, remove);
  $("book-sections").append(row);
  offerLevels(row);
  total();
}

// choice is a select with the options (and choice) of the menu's select.
function choice(label, from) {
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", label);
  for (const o of from.options) sel.append(new Option(o.textContent, o.value));
  sel.value = from.value;
  return sel;
}

async function loadOffered() {
  if (offered) return;
  try {
    offered = (await get("/api/levels")).offered || {};
    for (const row of $("book-sections").children) offerLevels(row);
  } catch {
    // offline or an old server: every level stays offered
  }
}

// offerLevels disables the levels a row's rules are not made at.
function offerLevels(row) {
  const [rules, level] = row.querySelectorAll("select");
  const list = offered && offered[rules.value];
  for (const o of level.options) o.disabled = !!list && !list.includes(o.value);
  if (level.selectedOptions[0] && level.selectedOptions[0].disabled) level.value = [...level.options].find((o) => !o.disabled)?.value;
}

// sections reads the rows as the request's sections.
function sections() {
  return [...$("book-sections").children].map((row) => {
    const [rules, level] = row.querySelectorAll("select");
    return { rules: rules.value, level: level.value, count: Number(row.querySelector("input").value) };
  });
}

// total says how many puzzles the book holds.
function total() {
  const n = sections().reduce((a, s) => a + (s.count || 0), 0);
  $("book-status").textContent = n > MAX ? `${n} puzzles: at most ${MAX} in a book.` : `${n} puzzles.`;
  return n;
}

// makeBook asks the server for the book and saves the PDF.
async function makeBook() {
  const secs = sections();
  if (!secs.length) return ($("book-status").textContent = "Add a section first.");
  if (total() > MAX) return;
  busy($("book-make"), true);
  $("book-status").textContent = "Making the book…";
  try {
    const blob = await post("/api/book", {
      sections: secs, perPage: Number($("book-per-page").value), paper: $("book-paper").value,
      title: $("book-name").value.trim(), answers: $("book-answers").checked,
    }, { blob: true });
    download(blob, "sudoku-book.pdf");
    $("book-status").textContent = `Saved sudoku-book.pdf (${Math.round(blob.size / 1024)} KB).`;
  } catch (err) {
    $("book-status").textContent = apiMessage(err);
  } finally {
    busy($("book-make"), false);
  }
}
