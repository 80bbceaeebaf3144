// Lists the puzzles of sigh's Interactive Sudoku Solver whose input is a
// constraint string (data/example_puzzles.js and data/collections.js of
// a checkout), for scripts/iss-measure.sh: one JSON line each, {"name",
// "input", "solution"} (the solution as ISS writes it: digits, or for
// grids above 9x9 the letters A=1, B=2, ...; "" when the file gives
// none). Entries whose input is a file path or another text form are
// counted on stderr and left out; each input is listed once.
//
// With --all, inputs of the other text forms (plain grids, killer
// strings, jigsaw layouts, pencil marks) are listed too, as
// scripts/iss-speed.sh times them.
//
// usage: node scripts/iss-puzzles.mjs [--all] ISS_DIR > puzzles.jsonl
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const all = args[0] === '--all';
const dir = resolve((all ? args[1] : args[0]) ?? '');
const load = (p) => import(pathToFileURL(join(dir, p)).href);
const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();
const examples = await load('data/example_puzzles.js');
const { SudokuParser } = await load('js/sudoku_parser.js');
const collections = await load('data/collections.js');

const entries = [];
for (const p of examples.DISPLAYED_EXAMPLES) entries.push(examples.resolvePuzzleConfig(p));
for (const [, value] of Object.entries(collections)) {
  if (!Array.isArray(value)) continue;
  for (const p of value) {
    entries.push(value.configFor ? value.configFor(p) : examples.resolvePuzzleConfig(p));
  }
}

const seen = new Set();
let other = 0, paths = 0;
for (const e of entries) {
  const input = typeof e.input === 'string' ? e.input.trim() : '';
  if (input.startsWith('/')) { paths++; continue; }
  // ISS reads a text line of another form first (a plain grid, a
  // jigsaw layout, pencil marks), even one that starts with '.'.
  if (!input) { other++; continue; }
  if (!all && (!input.startsWith('.') || SudokuParser._parseTextLineToAst(input))) { other++; continue; }
  if (seen.has(input)) continue;
  seen.add(input);
  console.log(JSON.stringify({ name: e.name ?? '', input, solution: e.solution ?? '' }));
}
console.error(`${seen.size} ${all ? "inputs" : "constraint strings"}; left out: ${paths} file inputs, ${other} inputs of other forms (duplicates not counted)`);
