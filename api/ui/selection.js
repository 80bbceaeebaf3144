// The selection as SudokuPad keeps it, without the DOM: the cells
// selected (a Set) and the cursor, the cell the arrow keys move from and
// the keyboard focus stays on (kept when the selection is cleared).
//
// A press on a cell selects it alone; with Ctrl, Cmd or Shift it adds
// the cell, or takes it out if it was in. Dragging on from a press adds
// every cell passed over (takes them out when the press took its cell
// out). A press on the one cell selected clears the selection when the
// pointer comes up without having left the cell.

export const single = (i) => ({ cells: new Set(i >= 0 ? [i] : []), cursor: i });

// press starts a drag at cell i; add: a modifier key is down; again: a
// plain press on the one cell selected may clear it.
export function press(sel, i, add, again) {
  if (!add) {
    const alone = sel.cells.size === 1 && sel.cells.has(i);
    return { sel: alone ? sel : single(i), remove: false, pending: alone && again, last: i };
  }
  const cells = new Set(sel.cells), remove = cells.has(i);
  if (remove) cells.delete(i);
  else cells.add(i);
  return { sel: { cells, cursor: remove ? lastOf(cells, sel.cursor) : i }, remove, pending: false, last: i };
}

// over carries drag d on to cell i.
export function over(d, i) {
  if (i < 0 || i === d.last) return d;
  const cells = new Set(d.sel.cells);
  if (d.remove) cells.delete(i);
  else cells.add(i);
  const cursor = d.remove ? lastOf(cells, d.sel.cursor) : i;
  return { sel: { cells, cursor }, remove: d.remove, pending: false, last: i };
}

// release ends drag d: the selection it leaves.
export function release(d) {
  return d.pending ? { cells: new Set(), cursor: d.sel.cursor } : d.sel;
}

// step is the cell dr rows and dc columns from i on a board of size n,
// round the edges.
export function step(i, dr, dc, n) {
  const r = (Math.floor(i / n) + dr + n) % n, c = ((i % n) + dc + n) % n;
  return r * n + c;
}

// arrow moves the cursor by (dr, dc): alone, or with extend adding the
// cell it comes to (Shift or Ctrl with an arrow). With no cursor it
// starts in the first cell.
export function arrow(sel, dr, dc, n, extend) {
  const to = sel.cursor < 0 ? 0 : step(sel.cursor, dr, dc, n);
  if (!extend) return single(to);
  const cells = new Set(sel.cells);
  if (sel.cursor >= 0) cells.add(sel.cursor);
  cells.add(to);
  return { cells, cursor: to };
}

// escape collapses a selection of several cells to the cursor's, and
// clears a selection of one.
export function escape(sel) {
  if (sel.cells.size > 1 && sel.cursor >= 0) return single(sel.cursor);
  return { cells: new Set(), cursor: sel.cursor };
}

// same selects every cell whose value is v (values(i)), or cell i alone
// when v is 0.
export function same(values, nn, i) {
  const v = values(i);
  if (!v) return single(i);
  const cells = new Set();
  for (let j = 0; j < nn; j++) if (values(j) === v) cells.add(j);
  return { cells, cursor: i };
}

// lastOf is keep when it is still selected or nothing is, else the
// last cell of cells.
function lastOf(cells, keep) {
  if (cells.has(keep) || !cells.size) return keep;
  return [...cells].pop();
}
