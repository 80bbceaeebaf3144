#!/usr/bin/env bash
# level-census.sh [N] [TIMEOUT] > CENSUS
#
# Which levels each rule set of the web app and the CLI is made at: for
# every rule set and level, one `sudoku generate --level L -n N -j 1`
# (default N 3) with at most TIMEOUT seconds (default 60) of wall time,
# seeds 1..N. Prints "RULES LEVEL MADE/N SECONDS". A level is offered for
# a rule set (generate.Levels) when every puzzle asked was made. Run from
# the module root; needs Go.
set -euo pipefail
n=${1:-3}
limit=${2:-60}
bin=$(mktemp -d)/sudoku
trap 'rm -r "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/sudoku

# rule sets: name and generate flags
sets=(
	"classic|"
	"x|--variant x"
	"windoku|--variant windoku"
	"disjoint|--variant disjoint"
	"anti-knight|--variant anti-knight"
	"anti-king|--variant anti-king"
	"jigsaw|--variant jigsaw"
	"killer|--variant killer"
	"6x6|--size 6"
	"12x12|--size 12"
	"16x16|--size 16"
)
for set in "${sets[@]}"; do
	name=${set%%|*}
	flags=${set#*|}
	for level in easy medium hard expert extreme diabolical; do
		start=$(date +%s%N)
		# shellcheck disable=SC2086
		made=$(timeout "$limit" "$bin" generate $flags --level "$level" -n "$n" --seed 1 -j 1 -q 2>/dev/null | grep -c . || true)
		ms=$((($(date +%s%N) - start) / 1000000))
		printf '%s %s %s/%s %d.%d\n' "$name" "$level" "$made" "$n" $((ms / 1000)) $((ms % 1000 / 100))
	done
done
