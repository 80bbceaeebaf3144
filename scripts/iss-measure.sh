#!/bin/sh
# Measures the ISS form on the puzzles of sigh's Interactive Sudoku
# Solver: those of data/example_puzzles.js and data/collections.js whose
# input is a constraint string (scripts/iss-puzzles.mjs), each counted by
# `sudoku solve --count 2` and solved; prints how many are read, how many
# of those have one solution and it is the file's, and the refusals by
# ISS type (scripts/iss-measure.mjs); those the file gives no solution for,
# and those we count other than 1, are counted by ISS as well. ISS's
# puzzles stay outside the repo.
#
# usage: scripts/iss-measure.sh ISS_DIR [TIMEOUT]   (TIMEOUT a puzzle: 60s)
set -eu
if [ $# -lt 1 ] || [ ! -f "$1/js/sudoku_parser.js" ]; then
	echo "usage: $0 ISS_DIR [TIMEOUT]  (ISS_DIR: a checkout of sigh/Interactive-Sudoku-Solver)" >&2
	exit 2
fi
iss=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sudoku" ./cmd/sudoku
node scripts/iss-puzzles.mjs "$iss" > "$tmp/puzzles.jsonl"
node scripts/iss-measure.mjs "$tmp/sudoku" "${2:-60s}" "$iss" < "$tmp/puzzles.jsonl"
