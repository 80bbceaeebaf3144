// Hints: three levels (what to look for, where, the step itself) from the
// player's position and notes; the step applied, or a wrong entry taken
// out, on request.

import { post } from "./api.js";
import { apiMessage } from "./words.js";
import { $, app, save, say, busy, selectOne } from "./state.js";
import { render, setMark, namesToCells, housesToCells, closeHint, closeExplain } from "./view.js";
import { afterChange } from "./play.js";
import { drawingOf, linkWords } from "./pattern.js";

const HINT_MORE = ["", "Where?", "Show me", ""];

// askHint asks for the next hint: level 1 for a new position, one more
// for the same position and notes, or level.
export async function askHint(level) {
  const game = app.game;
  if (!game || app.paused) return;
  const pos = game.position(), marks = game.marks();
  const key = pos + marks.join(",");
  if (!level) level = app.hint && app.hint.key === key && app.hint.level < 3 ? app.hint.level + 1 : 1;
  closeExplain();
  const btn = $("hint");
  busy(btn, true);
  try {
    const body = game.board ? { puzzle: game.puzzle, entries: game.entries, marks, level } : { puzzle: game.puzzle, position: pos, marks, level };
    if (!game.board && game.meta.practiceAt === pos) body.practice = game.meta.practice; // the hint at a practice position is the technique's
    const r = await post("/api/hint", body);
    if (!app.hint || app.hint.key !== key) game.helped.hints++;
    app.hint = { pos, key, level: r.level, resp: r };
    showHint(r);
    save();
  } catch (e) {
    app.hint = null;
    $("hint-panel").hidden = false;
    $("hint-title").textContent = "Hint";
    $("hint-summary").textContent = "";
    $("hint-text").textContent = apiMessage(e, "there is no single next step");
    $("hint-more").hidden = $("hint-apply").hidden = $("hint-fix").hidden = true;
    setMark({});
    showLink();
    render();
  } finally {
    busy(btn, false);
  }
}

// moreHint is the hint panel's "Tell me more": the next level, or the
// level the panel offers.
export function moreHint() {
  askHint(app.hint ? app.hint.level + 1 : Number($("hint-more").dataset.level) || 1);
}

// showHint shows a hint's words and highlights; at level 3 it draws the
// step's pattern (its links one at a time) and offers to apply the step,
// filling in candidates first when the step takes candidates out of
// cells that have no notes yet.
export function showHint(r) {
  const game = app.game;
  $("hint-panel").hidden = false;
  $("hint-more").dataset.level = "";
  $("hint-more").dataset.example = "";
  $("hint-title").textContent = `Hint ${r.level} of 3${r.technique && r.level > 1 ? ` · ${r.technique}` : ""}`;
  $("hint-summary").textContent = r.summary || "";
  $("hint-text").textContent = r.text;
  const wrong = [...namesToCells(r.wrong), ...namesToCells(r.wrongMarks)];
  const wrongSet = new Set(wrong);
  const st = r.step;
  const digits = st ? [...(st.placements || []), ...(st.eliminations || [])].map((c) => c.digit) : [];
  const dr = r.level === 3 ? drawingOf(st, (x) => game.cellIndex(x)) : null;
  const step = dr ? { drawing: dr, shown: dr.links.length ? 1 : 0 } : null;
  setMark({ cells: namesToCells(r.cells).filter((i) => !wrongSet.has(i) || r.level < 2), houses: housesToCells(r.houses), wrong: r.level >= 2 ? wrong : [], digits, step });
  showLink();
  $("hint-more").hidden = r.level >= 3 || /solved/.test(r.text);
  $("hint-more").textContent = HINT_MORE[r.level] || "Tell me more";
  const elims = (st && st.eliminations) || [];
  const apply = r.level === 3 && st && ((st.placements && st.placements.length) || elims.length);
  $("hint-apply").hidden = !apply;
  // level 1 only says there is one; a wrong entry is taken out, notes
  // that leave out a cell's digit get it back
  $("hint-fix").hidden = !(r.level >= 2 && ((r.wrong && r.wrong.length) || (r.wrongMarks && r.wrongMarks.length && game.sol.length)));
  if (apply) {
    const bare = elims.some((e) => !game.hasMarks(game.cellIndex(e.cell)));
    $("hint-apply").textContent = bare ? "Fill in notes and apply" : "Apply the step";
    $("hint-apply").dataset.fill = bare ? "1" : "";
  }
  render();
}

// showLink says what the last link drawn means, and offers the next.
function showLink() {
  const step = app.mark.step, links = step ? step.drawing.links : [];
  $("hint-next").hidden = $("hint-link").hidden = !links.length;
  if (!links.length) return;
  const l = links[step.shown - 1], name = (i) => app.game.cellName(i);
  $("hint-link").textContent = `Link ${step.shown} of ${links.length} (${l.strong ? "strong" : "weak"}): ${linkWords(l, name)}.`;
  $("hint-next").textContent = step.shown < links.length ? "Next link" : "From the start";
}

// nextLink draws the step's next link; after the last, the first alone.
export function nextLink() {
  const step = app.mark.step;
  if (!step || !step.drawing.links.length) return;
  step.shown = step.shown < step.drawing.links.length ? step.shown + 1 : 1;
  showLink();
  render();
}

// applyHint makes the step: placements become entries, eliminations come
// out of the notes (filled in first if the cells had none); the selection
// moves to the step's first cell.
export function applyHint() {
  const game = app.game, hint = app.hint;
  if (!hint || !hint.resp.step) return;
  const st = hint.resp.step;
  const first = [...(st.placements || []), ...(st.eliminations || [])].map((c) => game.cellIndex(c.cell)).find((i) => i >= 0);
  if (game.applyStep(st.placements, st.eliminations, $("hint-apply").dataset.fill === "1")) {
    if (first !== undefined) selectOne(first);
    afterChange();
    if (!game.done) say(st.placements && st.placements.length ? "Step applied." : "Step applied: those candidates are out of your notes.");
  }
}

// fixWrong takes the wrong entries a hint names out (one undo step each),
// or puts back the digit that the notes the hint names leave out (in the
// corner marks, or the centre marks of a cell with those alone), all in
// one undo step.
export function fixWrong() {
  const hint = app.hint, game = app.game;
  if (hint && !(hint.resp.wrong && hint.resp.wrong.length) && hint.resp.wrongMarks && hint.resp.wrongMarks.length) {
    const cells = namesToCells(hint.resp.wrongMarks).filter((i) => !game.value(i) && game.sol[i]);
    const changes = cells.map((i) => {
      const k = game.corner[i] || !game.centre[i] ? "c" : "m", m = game.get(k, i);
      return { i, k, a: m, b: m | (1 << (game.sol[i] - 1)) };
    });
    game.commit(changes);
    closeHint();
    afterChange();
    say(cells.length === 1 ? "The cell's notes have its digit back." : `${cells.length} cells' notes have their digits back.`);
    return;
  }
  if (!hint || !hint.resp.wrong) return;
  const cells = namesToCells(hint.resp.wrong);
  for (const i of cells) app.game.erase(i);
  closeHint();
  afterChange();
  say(cells.length === 1 ? "The wrong entry is out." : `${cells.length} wrong entries are out.`);
}
