#!/usr/bin/env bash
# anchor-serate.sh ANCHOR_DIR RULES FILE
#
# Rates our puzzles with Sukaku Explainer's serate, the anchor for
# ratings of variant puzzles on Sudoku Explainer's scale (issue 27, §2).
#
# ANCHOR_DIR is a clone of github.com/SudokuMonster/SukakuExplainer, kept
# outside the repository. Its classes are built in ANCHOR_DIR/classes on
# the first run:
#   javac -encoding ISO-8859-1 -nowarn -d classes $(find diuf -name '*.java')
# RULES is one of x, windoku, disjoint, antiknight, antiking, classic; it
# picks serate's flag (--isX=1, --isWindows=1, --isDG=1, --isAntiKnight=1,
# --isAntiKing=1, none). FILE holds one puzzle a line: the first field is
# 81 characters ('.' or '0' empty), the rest of the line (such as the
# "rules=x 2.7/1.2/1.2 Hard" that `sudoku generate` writes) is ignored, and
# so are blank lines and lines starting with '#'.
#
# Output: one line "PUZZLE ER/EP/ED" per puzzle rated, on stdout, in the
# order of FILE. serate runs once per puzzle under nice, one process at a
# time, stopped after SERATE_TIMEOUT seconds of CPU time (default 120):
# such puzzles are skipped and named on stderr ("skipped PUZZLE: over
# 120 s"), as are those serate rates 0.0 (an error) or 20.0 (no solution
# by its techniques). With SERATE_TIMES=1 each line gets the CPU seconds
# (user and system, the JVM's start and its compiler threads included)
# serate took as a fourth field.
set -euo pipefail

if [ $# -ne 3 ]; then
	echo "usage: $0 ANCHOR_DIR RULES FILE" >&2
	exit 2
fi
anchor=$1 rules=$2 file=$3
limit=${SERATE_TIMEOUT:-120}

case $rules in
x) flag=--isX=1 ;;
windoku) flag=--isWindows=1 ;;
disjoint) flag=--isDG=1 ;;
antiknight) flag=--isAntiKnight=1 ;;
antiking) flag=--isAntiKing=1 ;;
classic) flag= ;;
*)
	echo "$0: rules $rules: want x, windoku, disjoint, antiknight, antiking or classic" >&2
	exit 2
	;;
esac

classes=$anchor/classes
if [ ! -f "$classes/diuf/sudoku/test/serate.class" ]; then
	echo "building serate in $classes" >&2
	mkdir -p "$classes"
	(cd "$anchor" && find diuf -name '*.java' >"$classes/sources.txt" &&
		javac -encoding ISO-8859-1 -nowarn -d classes @"$classes/sources.txt" >&2)
fi

# rate_one PUZZLE: serate's line for PUZZLE, or a note on stderr. The
# limit is on CPU time (ulimit -t: a busy shared machine stretches wall
# time), with four times as long in wall time as a backstop.
rate_one() {
	local puzzle=$1 out cpu
	if ! out=$( (
		ulimit -t "$limit"
		TIMEFORMAT='%U %S'
		time (printf '%s\n' "$puzzle" | timeout $((4 * limit)) nice -n 10 \
			java -Xrs -Xmx500m -cp "$classes" diuf.sudoku.test.serate $flag \
			--format='%g %r/%p/%d' --input=- 2>/dev/null)
	) 2>"$tfile"); then
		echo "skipped $puzzle: over $limit s" >&2
		return
	fi
	case ${out##* } in
	0.0/* | 20.0/* | "")
		echo "skipped $puzzle: serate says ${out##* }" >&2
		return
		;;
	esac
	cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$tfile")
	if [ "${SERATE_TIMES:-}" = 1 ]; then
		echo "$out $cpu"
	else
		echo "$out"
	fi
}

tfile=$(mktemp)
trap 'rm -f "$tfile"' EXIT
grep -v '^#' "$file" | while read -r puzzle _; do
	[ -n "$puzzle" ] || continue
	if [ ${#puzzle} -ne 81 ]; then
		echo "skipped $puzzle: not 81 characters" >&2
		continue
	fi
	rate_one "${puzzle//0/.}"
done
