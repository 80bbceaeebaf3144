// logicalsolve.ts runs SudokuVariantSolverJS's logicalSolve on each puzzle
// of an f-puzzles corpus (a JSON list of {title, puzzle, solution}) and
// prints one JSON line per puzzle: its index, whether logic solved it,
// the steps it took, its time, and whether it solves it without its
// "Simple Contradiction" step (a trial of each candidate: close to
// search), with the rest of its steps allowed.
//
// Run from the anchor's directory (it needs its node_modules):
//
//	cd ANCHOR && npx tsx /path/to/logicalsolve.ts ANCHOR CORPUS
//
// main.go in this folder runs it and compares with package logic.
import * as path from 'node:path';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';

const [anchor, corpus] = process.argv.slice(2);
const require = createRequire(path.join(anchor, 'package.json'));
const lz = require('lz-string');

type Result = { result: string; desc?: string[]; candidates?: unknown[]; invalid?: boolean };

// One solver for every puzzle: the anchor registers its constraints with
// the first solver made only.
let last: Result | undefined;
let solver: any;

async function solve(board: unknown, allowed?: string[]): Promise<{ solved: boolean; steps: number; invalid: boolean }> {
    last = undefined;
    const options = allowed ? { allowedLogicalSteps: allowed } : undefined;
    await solver.logicalSolve({ board, options });
    const desc = last?.desc ?? [];
    return { solved: desc[desc.length - 1] === 'Solved!', steps: Math.max(0, desc.length - 1), invalid: !!last?.invalid };
}

async function main() {
    const mod = await import(path.join(anchor, 'src/index.ts'));
    const Solver = mod.default?.default ?? mod.default;
    solver = new Solver((r: Result) => {
        if (r.result === 'logicalsolve') last = r;
    });
    const puzzles = JSON.parse(fs.readFileSync(corpus, 'utf8'));
    const noContradiction = ['Cell Forcing', 'Naked Tuple and Pointing', 'Fish', 'Skyscraper'];
    for (let i = 0; i < puzzles.length; i++) {
        const board = JSON.parse(lz.decompressFromBase64(puzzles[i].puzzle));
        const t0 = Date.now();
        const full = await solve(board);
        const ms = Date.now() - t0;
        const basic = await solve(JSON.parse(JSON.stringify(board)), noContradiction);
        console.log(JSON.stringify({ index: i, solved: full.solved, steps: full.steps, invalid: full.invalid, ms, solvedNoContradiction: basic.solved }));
    }
}

main().catch(e => {
    console.error(e);
    process.exit(1);
});
