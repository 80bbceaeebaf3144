#!/bin/sh
# Runs the differential tests (cmd/difftest): random puzzles of
# every constraint kind and rule set, alone and mixed, counted to 2
# solutions by our engines and by two anchors, SudokuVariantSolverJS
# (SVJS) and sigh's Interactive Sudoku Solver (ISS); every disagreement
# is printed and written to the output directory (-out, difftest-out).
#
# usage: scripts/diff-anchors.sh ANCHOR_SVJS ANCHOR_ISS [difftest flags...]
#
# ANCHOR_SVJS is a checkout of dclamage/SudokuVariantSolverJS after
# `npm ci` (Node 20), ANCHOR_ISS one of sigh/Interactive-Sudoku-Solver
# (plain node), both outside this repository; "" leaves one out:
#   git clone https://github.com/dclamage/SudokuVariantSolverJS /work/anchors/svjs
#   (cd /work/anchors/svjs && npm ci)
#   git clone https://github.com/sigh/Interactive-Sudoku-Solver /work/anchors/iss
#   scripts/diff-anchors.sh /work/anchors/svjs /work/anchors/iss -rounds 20
#   scripts/diff-anchors.sh /work/anchors/svjs /work/anchors/iss -replay 'betweenline@2'
# Flags: -rounds N (10) or -for D, -mixed N (10 a round), -kinds a,b,
# -seed N, -timeout D (3s of CPU a side), -svjs-max N (12), -ilp-max N
# (9), -backtrack-max N (6), -out DIR, -v; -list names the kinds. The
# anchors run at a low priority (nice), one process each.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: $0 ANCHOR_SVJS ANCHOR_ISS [flags]  (\"\" leaves an anchor out)" >&2
	exit 2
fi
svjs=$1 iss=$2
shift 2
if [ -n "$svjs" ] && [ ! -d "$svjs/node_modules" ]; then
	echo "$0: $svjs is not a SudokuVariantSolverJS checkout after npm ci" >&2
	exit 2
fi
if [ -n "$iss" ] && [ ! -f "$iss/js/sudoku_parser.js" ]; then
	echo "$0: $iss is not an Interactive-Sudoku-Solver checkout" >&2
	exit 2
fi
[ -z "$svjs" ] || svjs=$(cd "$svjs" && pwd)
[ -z "$iss" ] || iss=$(cd "$iss" && pwd)
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/difftest
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/difftest
"$bin" -svjs "$svjs" -iss "$iss" -repo . "$@"
