// The Interactive Sudoku Solver side of the differential tests
// (cmd/difftest, scripts/diff-anchors.sh): a long-lived driver that
// loads the anchor (a checkout of sigh/Interactive-Sudoku-Solver, plain
// Node, the first argument) headless as its tools/lib/puzzle_runner.js
// does, prints "ready", then reads one puzzle per line on stdin (ISS's
// constraint string) and answers one JSON line:
//
//	{"count": 0|1|2, "cancelled": bool, "unsupported": "message",
//	 "error": "message", "cpuMs": N, "ms": N, "solutions": [[digits...], ...]}
//
// The solver is built from the string (SudokuParser.parseText,
// SudokuBuilder.resolveConstraint, SudokuBuilder.build) and run for up to
// 2 solutions; cancelled means it ran out of time (--timeout-ms of CPU
// time, 5000 by default: the solver's progress callback gives up),
// unsupported that the parser does not know a constraint of the string.
// Run with node:
//
//	node scripts/diff-iss.mjs ANCHOR [--timeout-ms N]
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const anchor = resolve(process.argv[2] || '.');
const flag = process.argv.indexOf('--timeout-ms');
const timeoutMs = flag > 0 ? Number(process.argv[flag + 1]) : 5000;
const url = p => pathToFileURL(join(anchor, p)).href;

const { ensureGlobalEnvironment } = await import(url('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(url('js/sudoku_parser.js') + self.VERSION_PARAM);
const { SudokuBuilder } = await import(url('js/solver/sudoku_builder.js') + self.VERSION_PARAM);
const { LookupTables } = await import(url('js/solver/lookup_tables.js') + self.VERSION_PARAM);

class OutOfTime extends Error {}

function cpuNow() {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
}

// build parses the string and builds the internal solver.
function build(input) {
    const constraint = SudokuParser.parseText(input);
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
    return solver._internalSolver;
}

function digits(grid, geometry) {
    const out = [];
    for (let cell = 0; cell < geometry.numGridCells; cell++) {
        const m = grid[cell];
        out.push(m && !(m & (m - 1)) ? LookupTables.toOffsetValue(m, geometry.valueOffset) : 0);
    }
    return out;
}

function count(input) {
    const t0 = performance.now(), c0 = cpuNow();
    let internal;
    try {
        internal = build(input);
    } catch (e) {
        const msg = String(e && e.message || e);
        if (/Unknown constraint|not supported|unsupported/i.test(msg)) return { unsupported: msg };
        return { error: 'build: ' + msg, cpuMs: cpuNow() - c0 };
    }
    const geometry = internal._geometry;
    const solutions = [];
    internal.setProgressCallback(() => {
        if (cpuNow() - c0 > timeoutMs) throw new OutOfTime();
    }, 10);
    let cancelled = false;
    try {
        internal.run({ maxSolutions: 2 }, g => solutions.push(digits(g, geometry)));
    } catch (e) {
        if (!(e instanceof OutOfTime)) return { error: 'run: ' + String(e && e.message || e), cpuMs: cpuNow() - c0 };
        cancelled = true;
    }
    return { count: internal.counters.solutions, cancelled, cpuMs: cpuNow() - c0, ms: performance.now() - t0, solutions };
}

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    process.stdout.write(JSON.stringify(count(line.trim())) + '\n');
}
