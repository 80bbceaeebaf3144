#!/bin/sh
# Times this project's solver against SudokuVariantSolverJS (the anchor)
# on the setters' f-puzzles corpus, side by side in one run: each puzzle
# counted to 2 solutions by both, round after round, ours pinned to one
# core and the anchor to the other (taskset). See cmd/anchorsvjs.
#
# usage: scripts/anchor-svjs.sh ANCHOR_DIR [anchorsvjs flags...]
#
# ANCHOR_DIR is a checkout of dclamage/SudokuVariantSolverJS outside this
# repository, after `npm ci` (Node 20), for example:
#   git clone https://github.com/dclamage/SudokuVariantSolverJS /work/anchors/svjs
#   (cd /work/anchors/svjs && npm ci)
#   scripts/anchor-svjs.sh /work/anchors/svjs -rounds 5 -candidates
# Flags: -rounds N (3), -warmup N (1), -timeout D (1m a count), -logic=false,
# -logic-timeout D (30s), -candidates (compare true candidates too),
# -wall (wall instead of CPU time), -corpus FILE, -core N (the anchor's
# core, 1; ours runs on OURS_CORE, 0).
set -eu
if [ $# -lt 1 ] || [ ! -d "$1/node_modules" ]; then
	echo "usage: $0 ANCHOR_DIR [flags]  (ANCHOR_DIR: a SudokuVariantSolverJS checkout after npm ci)" >&2
	exit 2
fi
anchor=$(cd "$1" && pwd)
shift
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/anchorsvjs
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/anchorsvjs
taskset -c "${OURS_CORE:-0}" "$bin" -anchor "$anchor" "$@"
