// iss-killers.mjs ISS_DIR
//
// Prints the killers of the Interactive Sudoku Solver's collections
// (ISS_DIR/data/collections.js, github.com/sigh/Interactive-Sudoku-Solver)
// written in the two killer forms of the forums that package sudoku
// reads: SudoCue killer IDs ("3x3::k:...", "3x3:d:k:...") and the
// enjoysudoku killer strings (81 characters of sums and arrows). One line
// a puzzle, tab-separated: the input, ISS's solution (81 digits, or "-"
// where it gives none), the collection and the puzzle's name. Each input
// once, in the order of the collections. Run with plain node; the data
// stays outside the repository.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

if (process.argv.length !== 3) {
  console.error('usage: node iss-killers.mjs ISS_DIR');
  process.exit(2);
}
globalThis.self = { VERSION_PARAM: '' };
const file = path.resolve(process.argv[2], 'data', 'collections.js');
const m = await import(pathToFileURL(file).href);
const { resolvePuzzleConfig } = await import(pathToFileURL(path.resolve(process.argv[2], 'data', 'example_puzzles.js')).href);

const sudocue = /^3x3:[a-z]*:k:/;
const killerString = /^[0-9A-Za-j<>^v`',.]{81}$/;
const isKiller = (s) => sudocue.test(s) || (killerString.test(s) && /[^0-9.]/.test(s));

const seen = new Set();
for (const [name, list] of Object.entries(m)) {
  if (!Array.isArray(list)) continue;
  for (const entry of list) {
    const cfg = list.configFor ? list.configFor(entry) : resolvePuzzleConfig(entry);
    const input = typeof cfg.input === 'string' ? cfg.input.trim() : '';
    if (!isKiller(input) || seen.has(input)) continue;
    seen.add(input);
    const solution = /^[1-9]{81}$/.test(cfg.solution ?? '') ? cfg.solution : '-';
    console.log([input, solution, name, (cfg.name ?? '').replace(/\s+/g, ' ')].join('\t'));
  }
}
