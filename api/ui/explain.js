// Explain all: the rest of the solving path from the player's position,
// each step shown on the board on request. Seeing it counts as help.

import { post } from "./api.js";
import { apiMessage } from "./words.js";
import { $, app, save, busy, closeMenu } from "./state.js";
import { render, setMark, namesToCells, housesToCells, closeHint } from "./view.js";
import { closeExplore } from "./explore.js";

export async function explain() {
  const game = app.game;
  if (!game || app.paused) return;
  closeMenu();
  closeExplore();
  closeHint();
  const panel = $("explain-panel"), list = $("explain-steps");
  panel.hidden = false;
  list.replaceChildren();
  $("explain-summary").textContent = "Working out the whole path (it counts as help)…";
  panel.scrollIntoView({ block: "nearest", behavior: "smooth" }); // below the board on a phone
  busy($("explain"), true);
  try {
    const r = await post("/api/explain", game.board ? { puzzle: game.puzzle, position: game.position() } : { puzzle: game.puzzle, position: game.position(), marks: game.marks() });
    const rt = r.rating;
    game.helped.hints++;
    save();
    $("explain-summary").textContent = `${r.steps.length} steps · ${rt.level} · ER ${rt.er} / EP ${rt.ep} / ED ${rt.ed}` +
      ` (Sukaku Explainer's scale: ER the hardest step, EP the hardest before the first digit is placed, ED the first step)` +
      (r.stuck ? ". The techniques known here get stuck after these steps." : ". Pick a step to see it on the board.") +
      " Seeing the path counts as help for this game.";
    r.steps.forEach((s, n) => list.append(stepItem(s, n, list)));
  } catch (e) {
    $("explain-summary").textContent = apiMessage(e, "there is no single solving path");
  } finally {
    busy($("explain"), false);
  }
}

// stepItem is the list item of step s (the n-th, from 0): a button that
// shows the step on the board.
function stepItem(s, n, list) {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  const t = document.createElement("b");
  t.textContent = `${s.technique} (${s.rating})`;
  b.append(t, document.createTextNode(`: ${s.words || s.explanation}`));
  b.addEventListener("click", () => {
    for (const x of list.querySelectorAll("[aria-current]")) x.removeAttribute("aria-current");
    b.setAttribute("aria-current", "true");
    const cells = [...namesToCells(s.cells), ...namesToCells((s.placements || []).map((p) => p.cell)), ...namesToCells((s.eliminations || []).map((p) => p.cell))];
    setMark({ cells, houses: housesToCells(s.houses), digits: [...(s.placements || []), ...(s.eliminations || [])].map((c) => c.digit) });
    render();
  });
  b.dataset.step = n + 1;
  li.append(b);
  return li;
}
