// The SudokuVariantSolverJS side of the differential tests
// (cmd/difftest, scripts/diff-anchors.sh): a long-lived driver that
// loads the anchor (a checkout of dclamage/SudokuVariantSolverJS after
// npm ci, the first argument), prints "ready", then reads one puzzle per
// line on stdin (f-puzzles JSON on one line) and answers one JSON line:
//
//	{"count": 0|1|2, "cancelled": bool, "invalid": bool,
//	 "unsupported": "what it does not read", "error": "message",
//	 "cpuMs": N, "ms": N, "solutions": [[digits...], ...]}
//
// count is countSolutions up to 2 (the solutions found with it);
// cancelled, that it ran out of time (--timeout-ms of CPU time, 5000 by
// default); invalid, that the anchor found the board broken before
// searching (no solution); unsupported, a key of the puzzle the anchor does not read
// (it would solve another puzzle without saying so) or an option it
// ignores (a lockout line's value). Run with the anchor's tsx:
//
//	ANCHOR/node_modules/.bin/tsx scripts/diff-svjs.mjs ANCHOR [--timeout-ms N]
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const anchor = resolve(process.argv[2] || '.');
const flag = process.argv.indexOf('--timeout-ms');
const timeoutMs = flag > 0 ? Number(process.argv[flag + 1]) : 5000;

let mod = await import(pathToFileURL(join(anchor, 'src/index.ts')).href);
while (mod && typeof mod !== 'function') mod = mod.default;
const solver = new mod(() => {});

// The keys the anchor reads (its registered constraints and the board's
// own), and the drawings it ignores because they carry no rule.
const builder = solver.constraintBuilder;
const known = new Set([
    ...builder.constraintNames, ...builder.booleanConstraintNames,
    'size', 'grid', 'title', 'author', 'ruleset', 'solution',
    'difference', 'ratio', 'xv', 'sum', 'nonconsecutive', 'negative',
    'text', 'line', 'rectangle', 'circle', 'cage',
]);
const negatives = new Set(['difference', 'ratio', 'xv', 'sum']);

function empty(v) {
    return v === undefined || v === null || v === false || v === '' || v === 0 ||
        (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
}

// unsupported names what the anchor would not read, '' when it reads all.
function unsupported(board) {
    for (const [k, v] of Object.entries(board)) {
        if (!known.has(k) && !empty(v)) return k;
    }
    for (const k of board.negative || []) {
        if (!negatives.has(k)) return 'negative ' + k;
    }
    for (const e of board.lockout || []) {
        if (e.value !== undefined && e.value !== '' && Number(e.value) !== Math.floor(board.size / 2)) {
            return `lockout value ${e.value} (the anchor takes ${Math.floor(board.size / 2)})`;
        }
    }
    return '';
}

function cpuNow() {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
}

async function count(line) {
    let board;
    try {
        board = JSON.parse(line);
    } catch (e) {
        return { error: 'not JSON: ' + e.message };
    }
    const why = unsupported(board);
    if (why) return { unsupported: why };
    const t0 = performance.now(), c0 = cpuNow();
    const solutions = [];
    let b;
    try {
        b = solver.createBoard(board);
    } catch (e) {
        return { error: 'createBoard: ' + e.message, cpuMs: cpuNow() - c0 };
    }
    if (!b) return { count: 0, invalid: true, cpuMs: cpuNow() - c0, ms: performance.now() - t0, solutions };
    let r;
    try {
        r = await b.countSolutions(2, null, () => cpuNow() - c0 > timeoutMs, s => solutions.push(s.getValueArray()));
    } catch (e) {
        return { error: 'countSolutions: ' + e.message, cpuMs: cpuNow() - c0 };
    }
    const cancelled = r.result === 'cancelled partial count';
    return { count: r.count, cancelled, cpuMs: cpuNow() - c0, ms: performance.now() - t0, solutions };
}

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    process.stdout.write(JSON.stringify(await count(line)) + '\n');
}
