// The dialogs: Enter a puzzle, Share and export, Puzzle from a photo.
// Every dialog is modal: it takes the focus when it opens (the browser
// puts it on its first control), Escape closes it, and the focus goes
// back to the control that had it before (the menu button for a dialog
// the menu opened), or to the board when that control is gone.

import { post, download, copyText, shareHash, colourParam } from "./api.js";
import { apiMessage } from "./words.js";
import { $, app, busy, closeMenu } from "./state.js";
import { board } from "./view.js";
import { loadText } from "./sources.js";

let photo = null; // the photo import, loaded on first use

export function wireDialogs() {
  for (const b of document.querySelectorAll("dialog [data-close]")) {
    b.addEventListener("click", () => b.closest("dialog").close());
  }
  // opener is the last control focused outside any dialog.
  let opener = null;
  document.addEventListener("focusin", (e) => {
    if (e.target instanceof HTMLElement && !e.target.closest("dialog")) opener = e.target;
  });
  for (const d of document.querySelectorAll("dialog")) {
    d.addEventListener("close", () => {
      if (document.querySelector("dialog[open]")) return; // another dialog took over
      const o = opener && opener.closest("#menu") ? $("menu-button") : opener;
      if (o && o.isConnected && o !== document.body && (!o.checkVisibility || o.checkVisibility()) && !o.closest(".board")) o.focus();
      else if (app.game) board.focus(app.sel);
    });
  }
  wireEnter();
  wireShare();
  $("photo").addEventListener("click", async () => {
    closeMenu(); // not left open behind the dialog
    if (!photo) {
      const { PhotoImport } = await import("./photo.js");
      photo ||= new PhotoImport((line) => loadText(line, { from: "photo" }));
    }
    photo.open();
  });
}

// ---- enter a puzzle

function wireEnter() {
  $("enter").addEventListener("click", () => {
    closeMenu(); // not left open behind the dialog
    $("enter-error").textContent = "";
    $("enter-dialog").showModal();
    $("enter-text").focus();
  });
  $("enter-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("enter-text").value;
    if (!text.trim()) {
      $("enter-error").textContent = "Type or paste a puzzle first.";
      return;
    }
    busy($("enter-load"), true);
    $("enter-error").textContent = "Checking…";
    const err = await loadText(text, { from: "dialog" });
    busy($("enter-load"), false);
    $("enter-error").textContent = err;
    if (!err) $("enter-dialog").close();
  });
}

// ---- share and export

function shareURL() {
  const game = app.game;
  if (game.board) {
    let h = "#b=" + encodeURIComponent(game.puzzle);
    const mine = $("share-progress").checked;
    if (mine && game.entries.some((v) => v)) h += "&e=" + game.entries.join(",");
    return location.origin + location.pathname + h + (mine ? colourParam(game.colour) : "");
  }
  const mine = $("share-progress").checked;
  return location.origin + location.pathname + shareHash(game.puzzle, mine ? game.entriesLine() : "", mine ? game.colour : []);
}

function updateShare() {
  $("share-url").value = shareURL();
  $("share-line").value = app.game.puzzle;
  $("share-status").textContent = "";
}

function wireShare() {
  $("share").addEventListener("click", () => {
    if (!app.game) return;
    closeMenu(); // not left open behind the dialog
    updateShare();
    $("share-dialog").showModal();
  });
  $("share-progress").addEventListener("change", updateShare);
  $("copy-url").addEventListener("click", async () => {
    $("share-status").textContent = (await copyText($("share-url").value, $("share-url"))) ? "Link copied." : "Select the link and copy it.";
  });
  $("copy-line").addEventListener("click", async () => {
    $("share-status").textContent = (await copyText($("share-line").value, $("share-line"))) ? "Puzzle copied." : "Select the text and copy it.";
  });
  for (const b of document.querySelectorAll("[data-format]")) b.addEventListener("click", () => exportAs(b.dataset.format));
  $("print").addEventListener("click", () => {
    $("share-dialog").close();
    window.print();
  });
}

// exportAs downloads the game drawn as format (pdf, png, svg).
async function exportAs(format) {
  const game = app.game, what = $("export-what").value;
  const body = { puzzle: game.puzzle, format };
  if (what === "solution") body.solution = true;
  if (what === "filled") body.filled = game.position();
  $("share-status").textContent = "Drawing…";
  try {
    download(await post("/api/render", body, { blob: true }), `sudoku.${format}`);
    $("share-status").textContent = `Saved sudoku.${format}.`;
  } catch (e) {
    $("share-status").textContent = apiMessage(e);
  }
}
