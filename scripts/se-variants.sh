#!/usr/bin/env bash
# se-variants.sh generate SEED_BASE > POOL
# se-variants.sh rate ANCHOR_DIR POOL > RATED
#
# Makes the sets logic/testdata/se-variants-{dev,heldout}.txt: puzzles of
# our own generator for X, windoku, disjoint groups, anti-knight and
# anti-king, rated by Sukaku Explainer (scripts/anchor-serate.sh).
#
# generate writes "RULES PUZZLE" lines. Per rule set, 75 puzzles dug to
# the generator's default 24 givens and 75 minimal ones; of each 75, 12 per
# level Easy..Extreme (--level, as our engine rates them: Diabolical is
# not reached, the engine having no forcing chains) and the rest with no
# level asked. Each puzzle is one run of `sudoku generate -n 1` with at
# most GEN_TIMEOUT seconds (default 60) and the seed SEED_BASE + 10000 R +
# 1000 K + 100 L + I (R the rule set 0-4, K 0 dug or 1 minimal, L the level
# 0-4 or 5 none, I from 1); after two runs without a puzzle a level is given
# up and its place filled by puzzles with no level asked. The sets differ
# only in SEED_BASE: 27100000 dev, 27200000 heldout. Needs Go; run from the
# module root.
#
# Minimal anti-knight puzzles are the exception: the generator reaches no
# level with them within the time (it makes them with 11-16 givens, which
# our engine leaves stuck), and serate takes 15 s to minutes of CPU on
# each, so a set holds 40 of them, all with no level asked.
#
# rate runs serate on the pool, one rule set at a time, and writes
# "RULES PUZZLE ER/EP/ED" lines; puzzles serate does not finish within
# SERATE_TIMEOUT seconds of CPU time (default 60) are left out and named
# on stderr.
set -euo pipefail

rules_all="x windoku disjoint antiknight antiking"
levels="easy medium hard expert extreme"
per_level=12
per_kind=75

variant() {
	case $1 in
	antiknight) echo anti-knight ;;
	antiking) echo anti-king ;;
	*) echo "$1" ;;
	esac
}

# gen_one RULES KIND LEVEL SEED: one puzzle line, or nothing when the
# generator fails or runs out of time.
gen_one() {
	local flags=(--variant "$(variant "$1")" -n 1 --seed "$4" -j 1 -q)
	[ "$2" = minimal ] && flags+=(--minimal)
	[ "$3" = any ] || flags+=(--level "$3")
	timeout "${GEN_TIMEOUT:-60}" nice -n 10 "$bin" generate "${flags[@]}" 2>/dev/null |
		awk -v r="$1" 'length($1) == 81 { print r, $1 }'
}

# gen_kind RULES R KIND K: per_kind puzzles of one rule set and kind.
gen_kind() {
	local n=0 l=0 level i out misses seed want=$per_kind
	if [ "$1 $3" = "antiknight minimal" ]; then
		want=40
	fi
	for level in $levels; do
		misses=0
		for ((i = 1; i <= per_level && misses < 2; i++)); do
			seed=$((base + 10000 * $2 + 1000 * $4 + 100 * l + i))
			out=$(gen_one "$1" "$3" "$level" "$seed")
			if [ -z "$out" ]; then
				misses=$((misses + 1))
				echo "$1 $3 $level: no puzzle with seed $seed" >&2
				continue
			fi
			echo "$out"
			n=$((n + 1))
		done
		l=$((l + 1))
	done
	for ((i = 1; n < want && i < 100; i++)); do
		out=$(gen_one "$1" "$3" any $((base + 10000 * $2 + 1000 * $4 + 500 + i)))
		[ -n "$out" ] && echo "$out" && n=$((n + 1))
	done
}

generate() {
	base=$1
	bin=$(mktemp -d)/sudoku
	go build -o "$bin" ./cmd/sudoku
	local r=0 rules
	for rules in $rules_all; do
		gen_kind "$rules" $r dug 0
		gen_kind "$rules" $r minimal 1
		r=$((r + 1))
	done | awk '!seen[$2]++'
	rm -r "$(dirname "$bin")"
}

rate() {
	local anchor=$1 pool=$2 rules tmp
	tmp=$(mktemp)
	for rules in $rules_all; do
		awk -v r="$rules" '$1 == r { print $2 }' "$pool" >"$tmp"
		SERATE_TIMEOUT=${SERATE_TIMEOUT:-60} "$(dirname "$0")/anchor-serate.sh" "$anchor" "$rules" "$tmp" |
			sed "s/^/$rules /"
	done
	rm "$tmp"
}

case ${1:-} in
generate) [ $# -eq 2 ] && generate "$2" && exit ;;
rate) [ $# -eq 3 ] && rate "$2" "$3" && exit ;;
esac
echo "usage: $0 generate SEED_BASE > POOL | $0 rate ANCHOR_DIR POOL > RATED" >&2
exit 2
