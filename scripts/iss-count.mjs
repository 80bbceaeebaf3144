// Counts the solutions of ISS constraint strings with sigh's Interactive
// Sudoku Solver (the anchor): the other side of the ISS form's
// differential test (TestISSAgainstAnchor in parse_iss_anchor_test.go).
//
// usage: node scripts/iss-count.mjs ISS_DIR [LIMIT] < strings
//
// ISS_DIR is a checkout of sigh/Interactive-Sudoku-Solver (plain Node 20,
// no npm install needed). Each line read from stdin is one constraint
// string; for each, one JSON line is printed: {"count": N} (solutions
// found, up to LIMIT, 100 unless given; "exhausted": true when the
// search finished below it) or {"error": "..."} when ISS refuses the
// string. Empty lines are echoed as {"skip": true}.
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? '');
const limit = Number(process.argv[3] ?? 100);
const load = (p) => import(pathToFileURL(join(dir, p)).href);

const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

function count(text) {
  const constraint = SudokuParser.parseText(text);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const internal = solver._internalSolver;
  let n = 0;
  internal.run({ maxSolutions: limit }, () => { n++; });
  const exhausted = internal.state === internal.constructor.STATE_EXHAUSTED;
  return { count: n, exhausted };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) {
    console.log(JSON.stringify({ skip: true }));
    continue;
  }
  try {
    console.log(JSON.stringify(count(line)));
  } catch (e) {
    console.log(JSON.stringify({ error: String(e && e.message || e) }));
  }
}
