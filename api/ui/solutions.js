// A puzzle's solutions as a setter explores them: what /api/candidates
// answers (each cell's true candidates, how many solutions put each digit
// there, pages of solutions, an estimate of how many there are when
// counting is out of reach), read and put in words. Pure: explore.js
// asks, board.js draws.

import { digitChar } from "./game.js";

export const PAGE = 20; // solutions fetched at a time
export const MAX_SOLUTIONS = 10000; // the last solution a page may reach (the server's bound)

const isCount = (k) => Number.isInteger(k) && k >= 0;

// readCandidates reads an answer for a board of size n: {cands (per cell
// its digits), counts (per cell, solutions per digit 1..n; null without
// counts), every (per cell, the digits of every solution counted: a
// count equal to found, or without counts a lone candidate), found,
// complete}; null when the answer is not one of a board of that size.
export function readCandidates(r, n) {
  const nn = n * n;
  if (!r || !Array.isArray(r.candidates) || r.candidates.length !== nn || !isCount(r.found)) return null;
  const digit = (d) => Number.isInteger(d) && d >= 1 && d <= n;
  if (!r.candidates.every((c) => Array.isArray(c) && c.every(digit))) return null;
  const cands = r.candidates.map((c) => [...new Set(c)].sort((a, b) => a - b));
  let counts = null;
  if (r.counts != null) {
    if (!Array.isArray(r.counts) || r.counts.length !== nn || !r.counts.every((c) => Array.isArray(c) && c.length === n && c.every(isCount))) return null;
    counts = r.counts.map((c) => c.slice());
  }
  const found = r.found;
  const every = cands.map((c, i) => new Set(counts ? c.filter((d) => counts[i][d - 1] === found && found > 0) : c.length === 1 ? c : []));
  return { cands, counts, every, found, complete: r.complete === true };
}

// withCandidates puts the true candidates of exact (an answer without
// counts, complete) into counted, an answer whose count stopped at its
// limit (its candidates are those of the solutions found): the cells
// show every candidate, each with the solutions counted that hold it (0
// for one only later solutions hold), and a digit is in every solution
// where it is the cell's only candidate.
export function withCandidates(counted, exact) {
  if (!exact || !exact.complete || counted.complete) return counted;
  return { ...counted, cands: exact.cands, every: exact.every, exact: true };
}

// readSolution reads a solution of a page (n*n digit characters: 1-9,
// then A-P) as numbers; null when malformed.
export function readSolution(s, n) {
  if (typeof s !== "string" || s.length !== n * n) return null;
  const out = [...s].map((ch) => parseInt(ch, 36));
  return out.every((d) => d >= 1 && d <= n) ? out : null;
}

// readEstimate reads the answer's estimate ({solutions, low, high,
// probes, exact}); null when there is none (a server without it) or it
// is malformed.
export function readEstimate(e) {
  if (!e || typeof e !== "object") return null;
  const num = (x) => typeof x === "number" && Number.isFinite(x) && x >= 0;
  if (!num(e.solutions) || !num(e.low) || !num(e.high)) return null;
  return { solutions: e.solutions, low: e.low, high: e.high, probes: isCount(e.probes) ? e.probes : 0, exact: e.exact === true };
}

// whole writes a count in full: "10,000".
export const whole = (k) => Math.round(k).toLocaleString("en-US");

const SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹";

// approx writes a large number to three figures: "48,300", "4.12
// million", "6.67×10²¹".
export function approx(x) {
  if (x < 1e6) return whole(x < 1000 ? x : Number(x.toPrecision(3)));
  for (const [v, name] of [[1e12, "trillion"], [1e9, "billion"], [1e6, "million"]]) {
    if (x >= v && x < v * 1000) return `${Number((x / v).toPrecision(3))} ${name}`;
  }
  const e = Math.floor(Math.log10(x)), m = Number((x / 10 ** e).toPrecision(3));
  return m >= 10 ? `1×10${sup(e + 1)}` : `${m}×10${sup(e)}`;
}

const sup = (e) => [...String(e)].map((c) => SUP[+c]).join("");

// short writes a count for a cell's small print: "12", "1.2k", "10k".
export function short(k) {
  if (k < 1000) return String(k);
  if (k < 10000) return `${Number((k / 1000).toFixed(1))}k`;
  return `${Math.round(k / 1000)}k`;
}

const solutionsWord = (k) => (k === 1 ? "1 solution" : `${whole(k)} solutions`);

// summary says how many solutions the answer x comes from: "32
// solutions", "1 solution: the puzzle is unique", "at least 10,000
// solutions"; without counts, only whether there are several.
export function summary(x) {
  if (x.found === 1 && x.complete) return "1 solution: the puzzle is unique.";
  if (x.complete) return x.counts ? `${solutionsWord(x.found)}.` : "Several solutions (turn Counts on to count them).";
  return `At least ${solutionsWord(x.found)}.`;
}

// note says what the candidates and counts of an answer that stopped
// short come from: "" when they are exact.
export function note(x) {
  if (x.complete) return "";
  const first = `the first ${whole(x.found)} found`;
  if (!x.counts) return `The candidates shown are those of ${first}.`;
  return x.exact ? `Counting stops there: the counts are of ${first}.` : `Counting stops there: the candidates and counts are of ${first}.`;
}

// estimateWords writes an estimate of the number of solutions, marked as
// one: "About 4.12 million (estimate, 95%: 3.9–4.3 million)".
export function estimateWords(e) {
  if (e.exact) return `Exactly ${solutionsWord(e.solutions)} (walked to the end).`;
  const probes = e.probes ? `, from ${whole(e.probes)} random probes` : "";
  return `About ${approx(e.solutions)} solutions (estimate, 95%: ${approx(e.low)}–${approx(e.high)}${probes}).`;
}

// total is how many solutions there are, when known: counted to the end,
// or unique.
export function total(x) {
  if (!x || !x.complete) return null;
  return x.counts || x.found === 1 ? x.found : null;
}

// stepWords says which solution is previewed: "Solution 2 of 32",
// "Solution 21 (more follow)".
export function stepWords(k, all, more) {
  if (k < 0) return "";
  if (all !== null) return `Solution ${whole(k + 1)} of ${whole(all)}`;
  return `Solution ${whole(k + 1)}${more ? " (more follow)" : " (the last)"}`;
}

// cellWords says what cell i holds in the answer x, or in the solution
// sol previewed, for the selected cell: "Row 3, column 4: 6 in 12
// solutions, 7 in 20". name(i) is "row 3, column 4".
export function cellWords(x, sol, i, given, name) {
  const at = name(i);
  if (given) return `${cap(at)} is given (${digitChar(given)}).`;
  if (sol) return `${cap(at)} is ${digitChar(sol[i])} in this solution.`;
  if (!x) return "";
  const ds = x.cands[i];
  if (!ds.length) return `${cap(at)} has no candidate.`;
  if (!x.counts) return `${cap(at)} can be ${list(ds.map(digitChar), "or")}.`;
  const held = ds.filter((d) => x.counts[i][d - 1] > 0), none = ds.filter((d) => !x.counts[i][d - 1]);
  const parts = held.map((d, k) => `${digitChar(d)} in ${k ? whole(x.counts[i][d - 1]) : solutionsWord(x.counts[i][d - 1])}`);
  const rest = none.length ? `${parts.length ? "; " : ""}${list(none.map(digitChar), "and")} in none counted` : "";
  return `${cap(at)}: ${parts.join(", ")}${x.every[i].size ? " (every solution)" : ""}${rest}.`;
}

// cellLabel is what a screen reader says of cell i's candidates:
// "candidates 6 (12 solutions), 7 (20 solutions)".
export function cellLabel(x, i) {
  const ds = x.cands[i];
  if (!ds.length) return "no candidate";
  const one = (d) => digitChar(d) + (x.counts ? ` (${solutionsWord(x.counts[i][d - 1])})` : "") + (x.every[i].has(d) ? " in every solution" : "");
  return `candidates ${ds.map(one).join(", ")}`;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// list joins words: "6", "6 or 7", "1, 2 or 3".
function list(words, last) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${last} ${words[words.length - 1]}`;
}
