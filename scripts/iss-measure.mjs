// Measures the ISS form on ISS's own puzzles: reads the JSON lines of
// scripts/iss-puzzles.mjs from stdin, has the sudoku command count each
// (solve --count 2) and solve it, and reports how many are read, how many
// of those have one solution, the one the file gives, and the refusals by
// ISS type. With ISS_DIR, the puzzles whose file gives no solution, or
// that we count other than 1, are counted by ISS too (to 2, within
// 5,000,000 backtracks), and the two counts compared. Run by
// scripts/iss-measure.sh.
//
// usage: node scripts/iss-measure.mjs SUDOKU_BIN [TIMEOUT [ISS_DIR]] < puzzles.jsonl
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

const bin = process.argv[2];
const timeout = process.argv[3] ?? '60s';
const issDir = process.argv[4];

// run runs sudoku solve on one input with args, returning its JSON line.
function run(input, args) {
  const r = spawnSync(bin, ['solve', '-q', '--json', '--timeout', timeout, ...args, input], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const line = (r.stdout || '').split('\n').find(l => l.startsWith('{'));
  return line ? JSON.parse(line) : { status: 'invalid', error: r.stderr.trim() };
}

// digits reads a solution as ISS writes it: digits, or letters A=1 above 9x9.
function digits(s) {
  if (/^[0-9]+$/.test(s)) return s.split('').map(Number);
  return s.split('').map(c => c.charCodeAt(0) - 64);
}

// ours reads our solution line: 1-9, then A=10 ... as the sudoku command writes it.
function ours(s) {
  return s.split('').map(c => (c >= '1' && c <= '9') ? Number(c) : c.charCodeAt(0) - 55);
}

const refused = new Map(), outcome = new Map(), wrong = [], names = [], toISS = [];
const add = (m, k) => m.set(k, (m.get(k) ?? 0) + 1);
let total = 0, read = 0;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const p = JSON.parse(line);
  total++;
  const counted = run(p.input, ['--count', '2']);
  if (counted.status === 'invalid') {
    const m = /ISS constraint \d+ \(([A-Za-z]+)\): (.*)$/.exec(counted.error ?? '');
    add(refused, m ? `${m[1]}: ${m[2].replace(/\(supported: .*\)/, '').replace(/"[^"]*"/g, '"…"').slice(0, 70)}` : (counted.error ?? '').slice(0, 90));
    continue;
  }
  read++;
  if (counted.status !== 'counted') { add(outcome, counted.status); names.push(`${counted.status}: ${p.name}`); continue; }
  if (counted.count !== 1) {
    const k = `${counted.count} solutions${p.solution ? ', the file gives one' : ''}`;
    add(outcome, k); names.push(`${k}: ${p.name}`); toISS.push({ p, ours: counted.count }); continue;
  }
  if (!p.solution) { add(outcome, 'unique, no solution in the file'); toISS.push({ p, ours: 1 }); continue; }
  const solved = run(p.input, []);
  const same = solved.solution && JSON.stringify(ours(solved.solution)) === JSON.stringify(digits(p.solution));
  add(outcome, same ? 'unique, the file\'s solution' : 'unique, another solution');
  if (!same) wrong.push(p.name);
}
const show = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `  ${v}\t${k}`).join('\n');
console.log(`${total} constraint strings, ${read} read, ${total - read} refused`);
console.log(`read:\n${show(outcome)}`);
console.log(`refused, by reason:\n${show(refused)}`);
if (wrong.length) console.log(`another solution: ${wrong.join(', ')}`);
if (names.length) console.log(`not unique or not solved:\n  ${names.join('\n  ')}`);
if (issDir && toISS.length) {
  const script = new URL('./iss-count.mjs', import.meta.url).pathname;
  const r = spawnSync('node', [script, issDir, '2', '5000000'], { input: toISS.map(t => t.p.input).join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 });
  const answers = (r.stdout || '').split('\n').filter(l => l.startsWith('{')).map(l => JSON.parse(l));
  const agree = new Map();
  toISS.forEach((t, i) => {
    const a = answers[i] ?? { error: 'no answer' };
    const k = a.error ? `ISS failed (${a.error.slice(0, 60)})` : a.capped ? 'ISS gave up' : a.count === t.ours ? `both count ${t.ours}` : `we count ${t.ours}, ISS ${a.count}: ${t.p.name}`;
    add(agree, k);
  });
  console.log(`counted without the file's solution (${toISS.length}), against ISS:\n${show(agree)}`);
}
