// Times the sudoku command against sigh's Interactive Sudoku Solver on
// ISS's own puzzles, one after the other on one pinned core: reads the
// JSON lines of `scripts/iss-puzzles.mjs --all` from stdin; for each input
// the sudoku command reads, proves uniqueness (`solve --count 2 -j 1`,
// its process's CPU time, start-up and reading included) and ISS does the
// same (tools/perf/benchmark_puzzles.js --max-backtracks none
// --solutions 2 --json, its own measure of the solve, in-process, without
// node's start-up). Prints one line a puzzle (ours and ISS's seconds,
// counts, name), then the totals over the puzzles both finish, the
// puzzles one side leaves unfinished within the limit, those where we
// are more than 2x slower, and any disagreement on the count. Run by
// scripts/iss-speed.sh.
//
// usage: node scripts/iss-speed.mjs SUDOKU_BIN ISS_DIR [LIMIT_SECONDS [CORE]] < puzzles.jsonl
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

const [bin, issDir, limitArg, coreArg] = process.argv.slice(2);
if (!bin || !issDir) {
  console.error('usage: node iss-speed.mjs SUDOKU_BIN ISS_DIR [LIMIT_SECONDS [CORE]] < puzzles.jsonl');
  process.exit(2);
}
const limit = Number(limitArg ?? 60);
const core = String(coreArg ?? 0);

// ours runs sudoku solve --count 2 on one core under perf stat and
// returns its status, count and CPU seconds (task-clock).
function ours(input) {
  const r = spawnSync('taskset', ['-c', core, 'perf', 'stat', '-x,', '-e', 'task-clock', bin, 'solve', '-q', '--json', '-j', '1',
    '--timeout', `${limit}s`, '--count', '2', input], { encoding: 'utf8', maxBuffer: 1 << 26, timeout: (limit + 30) * 1000 });
  const m = /^([0-9.]+),msec,task-clock/m.exec(r.stderr ?? '');
  const cpu = m ? Number(m[1]) / 1000 : NaN;
  const line = (r.stdout || '').split('\n').find(l => l.startsWith('{'));
  if (!line) return { status: 'invalid', cpu, error: (r.stderr ?? '').split('\n')[0] };
  const j = JSON.parse(line);
  return { status: j.status === 'counted' ? 'done' : j.status, count: j.count, cpu };
}

// iss runs ISS's benchmark on one input on the same core and returns its
// status, count and seconds (its "ms").
function iss(input) {
  const r = spawnSync('taskset', ['-c', core, 'node', join(issDir, 'tools/perf/benchmark_puzzles.js'),
    '--max-backtracks', 'none', '--solutions', '2', '--json', '--input', input],
  { encoding: 'utf8', maxBuffer: 1 << 26, timeout: limit * 1000, cwd: issDir });
  if (r.error || r.signal) return { status: 'timed out' };
  const m = /^\[.*?\]/s.exec(r.stdout ?? '');
  if (!m) return { status: 'failed', error: (r.stderr ?? '').split('\n')[0] };
  const row = JSON.parse(m[0])[0];
  if (!row || row.status === 'error') return { status: 'failed' };
  return { status: 'done', count: row.solutions, cpu: row.ms / 1000 };
}

const f = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
let both = 0, oursSum = 0, issSum = 0, refused = 0;
const oursOnly = [], issOnly = [], neither = [], slow = [], disagree = [], times = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const p = JSON.parse(line);
  const a = ours(p.input);
  if (a.status === 'invalid') { refused++; continue; }
  const b = iss(p.input);
  const aDone = a.status === 'done' && a.cpu <= limit, bDone = b.status === 'done' && b.cpu <= limit;
  console.log(`${f(aDone ? a.cpu : NaN)}\t${f(bDone ? b.cpu : NaN)}\t${aDone ? a.count : a.status}\t${bDone ? b.count : b.status}\t${p.name}`);
  if (aDone && bDone) {
    both++; oursSum += a.cpu; issSum += b.cpu; times.push([a.cpu, b.cpu]);
    if (a.count !== b.count) disagree.push(`${p.name}: ours ${a.count}, ISS ${b.count}`);
    if (a.cpu > 2 * b.cpu && a.cpu > 0.05) slow.push(`${p.name}: ${f(a.cpu)} s against ${f(b.cpu)} s`);
  } else if (aDone) oursOnly.push(`${p.name} (ours ${f(a.cpu)} s; ISS ${b.status})`);
  else if (bDone) issOnly.push(`${p.name} (ISS ${f(b.cpu)} s; ours ${a.status})`);
  else neither.push(p.name);
}
const median = (xs) => { const s = [...xs].sort((x, y) => x - y); return s.length ? s[s.length >> 1] : NaN; };
console.log(`\n${both} puzzles both finish within ${limit} s: ours ${f(oursSum)} s CPU in all, ISS ${f(issSum)} s (${(oursSum / issSum).toFixed(2)}x); medians ${f(median(times.map(t => t[0])))} s and ${f(median(times.map(t => t[1])))} s`);
console.log(`we refuse ${refused} inputs (not timed)`);
const list = (title, xs) => console.log(`${title} (${xs.length})${xs.length ? ':\n  ' + xs.join('\n  ') : ''}`);
list('only we finish', oursOnly);
list('only ISS finishes', issOnly);
list('neither finishes', neither);
list('we are more than 2x slower (and over 50 ms)', slow);
list('counts that disagree', disagree);
