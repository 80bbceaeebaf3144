// Unit tests of what Explore solutions reads and says (solutions.js),
// without a browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readCandidates, withCandidates, readSolution, readEstimate, summary, note, estimateWords, approx, short, total, stepWords, cellWords, cellLabel } from "../solutions.js";

// A 4x4 answer: cell 0 given (1), cell 1 open with 2 in 3 solutions and
// 3 in 5, cell 2 always 4, the rest open to anything.
function answer4({ counts = true, found = 8, complete = true } = {}) {
  const candidates = Array.from({ length: 16 }, () => [1, 2, 3, 4]);
  candidates[0] = [1];
  candidates[1] = [3, 2];
  candidates[2] = [4];
  const r = { size: 4, candidates, found, complete, more: false };
  if (counts) {
    r.counts = Array.from({ length: 16 }, () => [2, 2, 2, 2]);
    r.counts[0] = [8, 0, 0, 0];
    r.counts[1] = [0, 3, 5, 0];
    r.counts[2] = [0, 0, 0, 8];
  }
  return r;
}

const name = (i) => `row ${Math.floor(i / 4) + 1}, column ${(i % 4) + 1}`;

test("an answer with counts: candidates sorted, counts kept, digits of every solution", () => {
  const x = readCandidates(answer4(), 4);
  assert.deepEqual(x.cands[1], [2, 3]);
  assert.deepEqual(x.counts[1], [0, 3, 5, 0]);
  assert.deepEqual([...x.every[2]], [4]);
  assert.equal(x.every[1].size, 0);
  assert.equal(x.found, 8);
  assert.equal(total(x), 8);
  assert.equal(summary(x), "8 solutions.");
  assert.equal(note(x), "");
  assert.equal(cellWords(x, null, 1, 0, name), "Row 1, column 2: 2 in 3 solutions, 3 in 5.");
  assert.equal(cellWords(x, null, 2, 0, name), "Row 1, column 3: 4 in 8 solutions (every solution).");
  assert.equal(cellWords(x, null, 0, 1, name), "Row 1, column 1 is given (1).");
  assert.equal(cellLabel(x, 1), "candidates 2 (3 solutions), 3 (5 solutions)");
  assert.equal(cellLabel(x, 2), "candidates 4 (8 solutions) in every solution");
});

test("an answer without counts: a lone candidate is in every solution, the number of solutions unknown", () => {
  const x = readCandidates(answer4({ counts: false, found: 3 }), 4);
  assert.equal(x.counts, null);
  assert.deepEqual([...x.every[2]], [4]);
  assert.equal(total(x), null);
  assert.match(summary(x), /^Several solutions/);
  assert.equal(cellWords(x, null, 1, 0, name), "Row 1, column 2 can be 2 or 3.");
  const one = readCandidates({ candidates: Array.from({ length: 16 }, () => [1]), found: 1, complete: true }, 4);
  assert.equal(total(one), 1);
  assert.equal(summary(one), "1 solution: the puzzle is unique.");
});

test("too many to count: at least, and the estimate marked as one", () => {
  const x = readCandidates(answer4({ found: 10000, complete: false }), 4);
  assert.equal(total(x), null);
  assert.equal(summary(x), "At least 10,000 solutions.");
  assert.equal(note(x), "Counting stops there: the candidates and counts are of the first 10,000 found.");
  // The true candidates, from an answer without counts, come in: a lone
  // one is in every solution, a digit of later solutions counts 0.
  const exact = answer4({ counts: false, found: 40 });
  exact.candidates[1] = [2, 3, 4];
  const y = withCandidates(x, readCandidates(exact, 4));
  assert.deepEqual(y.cands[1], [2, 3, 4]);
  assert.equal(y.counts[1][3], 0);
  assert.deepEqual([...y.every[2]], [4]);
  assert.equal(note(y), "Counting stops there: the counts are of the first 10,000 found.");
  assert.equal(cellWords(y, null, 1, 0, name), "Row 1, column 2: 2 in 3 solutions, 3 in 5; 4 in none counted.");
  assert.equal(withCandidates(x, readCandidates({ ...exact, complete: false }, 4)), x, "true candidates cut short are no better");
  const e = readEstimate({ solutions: 4.123e6, low: 3.9e6, high: 4.3e6, probes: 2000, exact: false });
  assert.equal(estimateWords(e), "About 4.12 million solutions (estimate, 95%: 3.9 million–4.3 million, from 2,000 random probes).");
  assert.equal(readEstimate(undefined), null, "a server without estimates");
  assert.equal(readEstimate({ solutions: "many" }), null);
  assert.match(estimateWords(readEstimate({ solutions: 12345, low: 12345, high: 12345, probes: 1, exact: true })), /^Exactly 12,345 solutions/);
});

test("numbers in words and in a cell's small print", () => {
  const cases = [[7, "7"], [48321, "48,300"], [999999, "1,000,000"], [4.123e6, "4.12 million"], [2.5e9, "2.5 billion"], [6.671e21, "6.67×10²¹"], [9.999e20, "1×10²¹"]];
  for (const [v, want] of cases) assert.equal(approx(v), want, String(v));
  assert.deepEqual([5, 999, 1234, 10000].map(short), ["5", "999", "1.2k", "10k"]);
});

test("solutions of a page, and the step's words", () => {
  assert.deepEqual(readSolution("1234341221434321", 4).slice(0, 5), [1, 2, 3, 4, 3]);
  assert.equal(readSolution("12", 4), null);
  assert.equal(readSolution("1234341221434325", 4), null, "a digit past the board's size");
  assert.equal(readSolution("A".repeat(144), 12)[0], 10, "digits past 9 are letters");
  assert.equal(stepWords(1, 32, true), "Solution 2 of 32");
  assert.equal(stepWords(20, null, true), "Solution 21 (more follow)");
  assert.equal(stepWords(-1, 32, true), "");
});

test("malformed answers are refused", () => {
  assert.equal(readCandidates(null, 4), null);
  assert.equal(readCandidates({ candidates: [[1]], found: 1 }, 4), null, "wrong size");
  const r = answer4();
  r.counts[3] = [1, 2];
  assert.equal(readCandidates(r, 4), null, "a cell's counts of the wrong length");
  const s = answer4();
  s.candidates[5] = [0];
  assert.equal(readCandidates(s, 4), null, "a digit out of range");
});
