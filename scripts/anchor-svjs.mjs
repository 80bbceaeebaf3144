// The SudokuVariantSolverJS side of scripts/anchor-svjs.sh: a driver that
// loads the anchor (a checkout of dclamage/SudokuVariantSolverJS with its
// node modules, given as the first argument) and the corpus (second
// argument), prints "ready N", then answers one JSON line per command
// read from stdin:
//
//	count I TIMEOUT_MS   countSolutions of puzzle I, up to 2 solutions
//	logic I TIMEOUT_MS   logicalSolve of puzzle I
//	cands I TIMEOUT_MS   trueCandidates of puzzle I
//
// Times: decodeMs (LZ-string and JSON.parse of the f-puzzles string),
// ms (the call's wall time: its board creation and solve, and the one
// setTimeout(0) the anchor awaits first), cpuMs (process CPU time over
// the call, without that wait). Run with the anchor's tsx:
// ANCHOR/node_modules/.bin/tsx scripts/anchor-svjs.mjs ANCHOR CORPUS.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const anchor = resolve(process.argv[2]);
const corpus = JSON.parse(readFileSync(process.argv[3], 'utf-8'));
const lz = createRequire(join(anchor, 'package.json'))('lz-string');
let mod = await import(pathToFileURL(join(anchor, 'src/index.ts')).href);
while (mod && typeof mod !== 'function') mod = mod.default;
const Solver = mod;

let last = [];
const solver = new Solver(msg => last.push(msg));

function cpuNow() {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
}

// run times one call of the anchor on puzzle i, cancelled after timeoutMs.
async function run(i, timeoutMs, call) {
    const t0 = performance.now();
    const board = JSON.parse(lz.decompressFromBase64(corpus[i].puzzle));
    const t1 = performance.now();
    last = [];
    const timer = setTimeout(() => solver.cancel(), timeoutMs);
    const c0 = cpuNow();
    await call(board);
    const c1 = cpuNow();
    const t2 = performance.now();
    clearTimeout(timer);
    return { i, decodeMs: t1 - t0, ms: t2 - t1, cpuMs: c1 - c0, msgs: last };
}

async function count(i, timeoutMs) {
    const r = await run(i, timeoutMs, board => solver.countSolutions({ board, options: { maxSolutions: 2 } }));
    const m = r.msgs.filter(x => x.result === 'count').pop() || {};
    const invalid = r.msgs.some(x => x.result === 'invalid');
    return { i, decodeMs: r.decodeMs, ms: r.ms, cpuMs: r.cpuMs, count: m.count ?? -1, cancelled: !!m.cancelled, invalid };
}

async function logic(i, timeoutMs) {
    const r = await run(i, timeoutMs, board => solver.logicalSolve({ board }));
    const m = r.msgs.find(x => x.result === 'logicalsolve');
    const cancelled = r.msgs.some(x => x.result === 'cancelled');
    const solved = !!m && m.desc[m.desc.length - 1] === 'Solved!';
    return { i, ms: r.ms, cpuMs: r.cpuMs, solved, cancelled, invalid: !!m && m.invalid, steps: m ? m.desc.length - 1 : 0 };
}

async function cands(i, timeoutMs) {
    const r = await run(i, timeoutMs, board => solver.trueCandidates({ board }));
    const m = r.msgs.find(x => x.result === 'truecandidates' && !x.inprogress);
    const cancelled = r.msgs.some(x => x.result === 'cancelled');
    const cells = m ? m.candidates.map(c => (Array.isArray(c) ? c.join('') : String(c.value))) : [];
    return { i, ms: r.ms, cpuMs: r.cpuMs, cancelled, cells };
}

const commands = { count, logic, cands };
process.stdout.write(`ready ${corpus.length}\n`);
for await (const line of createInterface({ input: process.stdin })) {
    const [cmd, i, timeoutMs] = line.trim().split(/\s+/);
    const f = commands[cmd];
    const out = f ? await f(Number(i), Number(timeoutMs) || 60000) : { error: `unknown command ${cmd}` };
    process.stdout.write(JSON.stringify(out) + '\n');
}
