// Practice: a puzzle set just before the step that needs a technique,
// every candidate noted, and the technique's worked example on it.

import { get, post } from "./api.js";
import { apiMessage, article } from "./words.js";
import { $, app, save, say, busy, closeMenu, selectOne } from "./state.js";
import { keyName } from "./view.js";
import { afterChange } from "./play.js";
import { confirmLeave, startGame } from "./sources.js";
import { showHint } from "./hints.js";

// wirePractice makes the menu's Practice open its dialog, and Start play
// the technique chosen.
export function wirePractice() {
  $("practice").addEventListener("click", () => {
    closeMenu();
    $("practice-status").textContent = "";
    $("practice-dialog").showModal();
    practiceList();
  });
  $("practice-form").addEventListener("submit", (e) => {
    e.preventDefault();
    practise($("practice-tech").value);
  });
}

// practiceList fills the Practice list from the server's technique table
// (once), X-Wing chosen.
async function practiceList() {
  const sel = $("practice-tech");
  if (sel.options.length) return;
  try {
    const r = await get("/api/levels");
    sel.replaceChildren(...(r.practice || []).map((t) => {
      const o = document.createElement("option");
      o.value = t.needs;
      o.textContent = t.name;
      o.title = t.summary;
      o.selected = t.needs === "x-wing";
      return o;
    }));
  } catch (err) {
    $("practice-status").textContent = apiMessage(err);
  }
}

// practise asks for a puzzle that needs the technique and plays it.
async function practise(needs) {
  busy($("practice-start"), true);
  $("practice-status").textContent = "Finding a puzzle that needs it…";
  try {
    const r = await post("/api/generate", { needs, onlyBefore: $("practice-easy").checked ? "intersections" : "" });
    if (!r.practice) throw new Error("no practice position came back");
    if (!(await confirmLeave("Practice"))) {
      $("practice-status").textContent = "Kept your game.";
      return;
    }
    $("practice-dialog").close();
    startPractice(r);
  } catch (err) {
    $("practice-status").textContent = apiMessage(err);
  } finally {
    busy($("practice-start"), false);
  }
}

// startPractice plays a puzzle from its practice position: the digits
// placed by logic up to the step as entries, every candidate left as
// corner notes (the starting point, not an undo step).
function startPractice(r) {
  const p = r.practice;
  startGame(r.puzzle, { solution: r.solution, rating: r.rating, entries: p.position, meta: { practice: p.technique, practiceAt: p.position, level: r.rating.level } });
  const game = app.game;
  for (let i = 0; i < 81; i++) if (!game.value(i)) game.corner[i] = p.marks[i];
  selectOne(game.givens.findIndex((g, i) => !g && !game.entries[i]));
  const a = article(p.technique);
  say(`Practice: the next step is ${a} ${p.technique}. ${keyName("Hint", "H")} shows where.`, "", true);
  afterChange(false);
  showLesson(p, a);
}

// showLesson opens the hint panel on the technique practised: what it is,
// and the worked example of this puzzle (its step, explained on the board)
// one tap away.
function showLesson(p, a) {
  app.hint = null;
  $("hint-panel").hidden = false;
  $("hint-title").textContent = `Practice · ${p.technique}`;
  $("hint-summary").textContent = p.summary;
  $("hint-text").textContent = `This position needs ${a} ${p.technique} next: every candidate is in the notes. Find it, or see it worked out on this puzzle.`;
  $("hint-more").hidden = !p.example;
  $("hint-more").textContent = "Show the worked example";
  $("hint-more").dataset.level = "3";
  $("hint-more").dataset.example = "1";
  $("hint-apply").hidden = true;
  app.lesson = p;
}

// exampleOffered tells whether the hint panel offers the worked example.
export const exampleOffered = () => $("hint-more").dataset.example === "1" && !!app.lesson && !!app.lesson.example;

// showExample shows the practice's worked example: a step of the very
// technique chosen (the hint's own next step may be another one).
export function showExample() {
  const r = app.lesson.example, game = app.game;
  $("hint-more").dataset.example = "";
  app.hint = { pos: game.position(), key: game.position() + game.marks().join(","), level: 3, resp: r };
  game.helped.hints++;
  showHint(r);
  save();
}
