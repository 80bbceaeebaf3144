#!/bin/sh
# Times the sudoku command against sigh's Interactive Sudoku Solver on the
# puzzles of ISS's data/example_puzzles.js and data/collections.js (every
# input of text that we read: constraint strings, killer strings, grids,
# pencil marks), one puzzle at a time on one pinned core, proof of
# uniqueness on both sides (scripts/iss-speed.mjs says how each side is
# measured). ISS's puzzles stay outside the repo.
#
# usage: scripts/iss-speed.sh ISS_DIR [LIMIT_SECONDS [CORE]]   (60 s a puzzle, core 0)
set -eu
if [ $# -lt 1 ] || [ ! -f "$1/tools/perf/benchmark_puzzles.js" ]; then
	echo "usage: $0 ISS_DIR [LIMIT_SECONDS [CORE]]  (ISS_DIR: a checkout of sigh/Interactive-Sudoku-Solver)" >&2
	exit 2
fi
iss=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sudoku" ./cmd/sudoku
node scripts/iss-puzzles.mjs --all "$iss" > "$tmp/puzzles.jsonl"
node scripts/iss-speed.mjs "$tmp/sudoku" "$iss" "${2:-60}" "${3:-0}" < "$tmp/puzzles.jsonl"
