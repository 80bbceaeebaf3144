#!/usr/bin/env bash
# solo-compare.sh SOLO_GEN [N] [ROUNDS] [SET...]
#
# Generation side by side with Simon Tatham's Solo (issue 28, §3): for
# each rule set, N puzzles from Solo at "intermediate" and N from ours at
# --level hard, same symmetry, in interleaved rounds (Solo then ours, set
# by set, ROUNDS times, a new seed each round), each process pinned to
# one core (taskset -c $CORE, default 0) and timed in CPU seconds (user +
# system, /usr/bin/time). Prints per set the median puzzles/s of each over
# the rounds, our give-ups (puzzles asked but not made) and the ratio of
# the medians, ours / Solo's.
#
# SOLO_GEN is solo-gen as scripts/solo-build.sh builds it. N defaults to
# 20, ROUNDS to 3; SETs (default all) are classic, x, jigsaw, killer, 6x6,
# 16x16. Environment:
#   SUDOKU=path      our binary (default: built from the module root)
#   BASE=path        a second binary of ours (say, built from main),
#                    measured in the same rounds: its own column and ratio
#   SYMMETRY=rot180  the givens' symmetry for both (default none; Solo's
#                    "r2" or "a"); killers of both have no givens
#   SOLO_SOLVER=path Solo's standalone solver (default: solo-solver beside
#                    SOLO_GEN); when present, VALIDATE (default 10) of our
#                    puzzles per set at --level hard in --format solo are
#                    given to it: each must be accepted by Solo and solved
#                    to our solution. Solo's solver also grades them; it
#                    calls a few of our killers "ambiguous": its
#                    recursion takes a grid with empty cells for a second
#                    solution (solo.c's sum-region step sets dlev->diff =
#                    DIFF_IMPOSSIBLE where the local diff is meant, and
#                    got_result overwrites it); our solvers find one
# Run from the module root; needs Go (unless SUDOKU is set), taskset and
# /usr/bin/time. Use nice on a shared machine; each round runs every set
# once, so the machine's load hits both sides alike.
set -euo pipefail

if [ $# -lt 1 ]; then
	echo "usage: $0 SOLO_GEN [N] [ROUNDS] [SET...]" >&2
	exit 2
fi
solo=$1
n=${2:-20}
rounds=${3:-3}
shift $(($# < 3 ? $# : 3))
core=${CORE:-0}
sym=${SYMMETRY:-none}
solver=${SOLO_SOLVER:-$(dirname "$solo")/solo-solver}
validate=${VALIDATE:-10}
tmp=$(mktemp -d)
trap 'rm -r "$tmp"' EXIT
ours=${SUDOKU:-}
if [ -z "$ours" ]; then
	ours=$tmp/sudoku
	go build -o "$ours" ./cmd/sudoku
fi
base=${BASE:-}

case $sym in
none) ssym=a ;;
rot180) ssym=r2 ;;
*)
	echo "SYMMETRY: none or rot180, not $sym" >&2
	exit 2
	;;
esac

# rule sets: name, Solo's parameters (before symmetry and difficulty), our
# flags, and the puzzles each side makes a run in percent of N (so that a
# run takes a second or so on either side: CPU times are counted in 10 ms)
sets=(
	"classic|3x3||200|2000"
	"x|3x3x|--variant x|200|2000"
	"jigsaw|9j|--variant jigsaw|100|1000"
	"killer|3x3k|--variant killer|100|400"
	"6x6|2x3|--size 6|100|1000"
	"16x16|4x4|--size 16|50|400"
)
chosen=()
for set in "${sets[@]}"; do
	if [ $# -eq 0 ] || [[ " $* " == *" ${set%%|*} "* ]]; then
		chosen+=("$set")
	fi
done

# cpu CMD...: runs CMD pinned to one core, stdout to $tmp/out; prints its
# CPU seconds.
cpu() {
	/usr/bin/time -f "%U %S" -o "$tmp/time" taskset -c "$core" "$@" >"$tmp/out" 2>/dev/null || true
	tail -1 "$tmp/time" | awk '{print $1 + $2}' # after "Command exited with non-zero status"
}

# count PCT: PCT percent of N, at least 1.
count() { echo $((n * $1 / 100 > 0 ? n * $1 / 100 : 1)); }

# ourrun BIN SEED COUNT FLAGS...: one run of ours; prints "rate made asked".
ourrun() {
	local bin=$1 seed=$2 k=$3
	shift 3
	local t made format=solo
	[ $# -eq 0 ] && format=line # classic
	# shellcheck disable=SC2068
	t=$(cpu "$bin" generate $@ --level hard --symmetry "$sym" -n "$k" --seed "$seed" -j 1 --format "$format" -q)
	made=$(grep -c . "$tmp/out" || true)
	echo "$(awk -v m="$made" -v t="$t" 'BEGIN{printf "%.3f", m / (t > 0 ? t : 0.001)}') $made $k"
}

for round in $(seq "$rounds"); do
	for set in "${chosen[@]}"; do
		IFS='|' read -r name sp flags spct opct <<<"$set"
		k=$(count "$spct")
		t=$(cpu "$solo" "$sp${ssym}di" "$k" "round$round")
		made=$(grep -c . "$tmp/out" || true)
		echo "$name solo $(awk -v m="$made" -v t="$t" 'BEGIN{printf "%.3f", m / (t > 0 ? t : 0.001)}') $made $k" >>"$tmp/log"
		# shellcheck disable=SC2086
		echo "$name ours $(ourrun "$ours" "$round" "$(count "$opct")" $flags)" >>"$tmp/log"
		if [ -n "$base" ]; then
			# shellcheck disable=SC2086
			echo "$name base $(ourrun "$base" "$round" "$(count "$opct")" $flags)" >>"$tmp/log"
		fi
	done
	echo "round $round of $rounds done" >&2
done

# median NAME WHO: the median rate of WHO's runs on NAME.
median() {
	awk -v s="$1" -v w="$2" '$1 == s && $2 == w {print $3}' "$tmp/log" | sort -g | awk '{v[NR] = $1} END {if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

# gaveup NAME WHO: puzzles asked of WHO on NAME but not made, over all rounds.
gaveup() {
	awk -v s="$1" -v w="$2" '$1 == s && $2 == w {g += $5 - $4; a += $5} END {print g + 0 "/" a + 0}' "$tmp/log"
}

echo "# generation, puzzles/s (median of $rounds rounds, CPU time, one core); ours --level hard, Solo intermediate; symmetry $sym; gave up: puzzles not made / asked"
if [ -n "$base" ]; then
	printf "%-8s %10s %10s %8s %8s %10s %8s %8s\n" set solo ours gaveup ratio base gaveup ratio
else
	printf "%-8s %10s %10s %8s %8s\n" set solo ours gaveup ratio
fi
for set in "${chosen[@]}"; do
	name=${set%%|*}
	s=$(median "$name" solo)
	o=$(median "$name" ours)
	line=$(printf "%-8s %10.1f %10.1f %8s %7.2fx" "$name" "$s" "$o" "$(gaveup "$name" ours)" "$(awk -v a="$o" -v b="$s" 'BEGIN{print (b > 0 ? a / b : 0)}')")
	if [ -n "$base" ]; then
		b=$(median "$name" base)
		line+=$(printf " %10.1f %8s %7.2fx" "$b" "$(gaveup "$name" base)" "$(awk -v a="$b" -v b="$s" 'BEGIN{print (b > 0 ? a / b : 0)}')")
	fi
	echo "$line"
done

if [ ! -x "$solver" ] || [ "$validate" -eq 0 ]; then
	exit 0
fi
# Our puzzles in Solo: accepted, unique, and our solution (sizes up to 9).
echo "# our --format solo IDs given to Solo's solver ($solver)"
for set in "${chosen[@]}"; do
	IFS='|' read -r name sp flags _ <<<"$set"
	[ "$name" = 16x16 ] || [ -z "$flags" ] && continue # digits 10-16; classic has no Solo format
	# shellcheck disable=SC2086
	"$ours" generate $flags --level hard --symmetry "$sym" -n "$validate" --seed 99 -j 1 --format solo --solution -q >"$tmp/v" 2>/dev/null || true
	ok=0 bad=0 ambiguous=0
	while read -r puzzle && read -r solution; do
		want=$(echo "${solution#*:}" | cut -d, -f1 | tr -cd 1-9)
		grade=$("$solver" -g "$puzzle" 2>&1 | head -1) || true
		got=$("$solver" "$puzzle" 2>&1 | tr -cd 1-9) || true
		if [[ $grade == *Ambiguous* ]]; then
			ambiguous=$((ambiguous + 1))
			echo "  accepted; Solo's solver calls it ambiguous: $puzzle" >&2
		elif [[ $grade == Difficulty* && $got == "$want" ]]; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
			echo "  not accepted or solved otherwise: $puzzle: $grade" >&2
		fi
	done <"$tmp/v"
	echo "$name: $ok of $((ok + bad + ambiguous)) accepted by Solo and solved to our solution; $ambiguous accepted that Solo's solver calls ambiguous; $bad refused or solved otherwise"
done
