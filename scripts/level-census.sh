#!/usr/bin/env bash
# level-census.sh [N] [TIMEOUT] > CENSUS
#
# Which levels each rule set of the web app and the CLI is made at: for
# every rule set and level, one `sudoku generate --level L -n N -j 1`
# (default N 3) with at most TIMEOUT seconds (default 60) of CPU time
# (ulimit -t: a loaded machine gives the same answer, later), seed 1.
# Prints "RULES LEVEL MADE/N CPU-SECONDS". A level is offered for a rule
# set (generate.Levels) when every puzzle asked was made; one not offered
# is refused at once ("RULES LEVEL refused"): to census it again, add it
# to generate.Levels first. Run from the
# module root; needs Go. Rule sets may be named as arguments after N and
# TIMEOUT.
set -euo pipefail
n=${1:-3}
limit=${2:-60}
bin=$(mktemp -d)/sudoku
out=$(dirname "$bin")/out
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
shift 2 || true
for set in "${sets[@]}"; do
	name=${set%%|*}
	flags=${set#*|}
	if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
		continue
	fi
	for level in easy medium hard expert extreme diabolical; do
		# shellcheck disable=SC2086
		cpu=$( (
			ulimit -t "$limit"
			TIMEFORMAT=%U
			time ("$bin" generate $flags --level "$level" -n "$n" --seed 1 -j 1 -q >"$out" 2>/dev/null; echo $? >"$out.rc")
		) 2>&1 | tail -1)
		made=$(grep -c . "$out" || true)
		if [ "$(cat "$out.rc")" = 2 ] && [ "$made" = 0 ]; then
			echo "$name $level refused" # not offered (generate.Levels)
		else
			echo "$name $level $made/$n $cpu"
		fi
	done
done
