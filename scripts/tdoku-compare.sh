#!/bin/bash
# Times this project's classic solver against tdoku (the anchor: C++, SIMD,
# github.com/t-dillon/tdoku) on the five classic sets of
# ../shared/data/puzzles, side by side in one run: each side finds each
# puzzle's solution and proves it unique (counts to 2), pinned to one core
# (taskset), in interleaved rounds, timed in CPU time; the medians of the
# rounds and the ratios ours/tdoku are printed per set.
#
# usage: scripts/tdoku-compare.sh [-b] [-x] [-r ROUNDS] [-t SECS] [-s SETS] [-w] TDOKU_DIR
#
#   TDOKU_DIR  a directory outside this repository holding tdoku's
#              benchmark program built by this script (run_benchmark_cpu)
#   -b         build it there first, from a copy of tdoku's source:
#              $TDOKU_SRC, a bare git mirror or a checkout
#              (default /work/.mirror/t-dillon+tdoku/repo); g++ -O3
#              -march=native on its sources, as its CMakeLists.txt does
#   -x         also our SIMD build (GOEXPERIMENT=simd: Fast runs the
#              SIMD engine on CPUs with AVX-512 BW/VL and BITALG)
#   -r ROUNDS  rounds (3); the first side of each round alternates
#   -t SECS    seconds each measurement lasts, about (2)
#   -s SETS    comma list of set names (all five)
#   -w         wall instead of CPU time (the programs' own clocks)
#
# For each set: tdoku's run_benchmark (-s tdoku -r0 -n N -c1: the file's
# puzzles as given, no permutation, limit 2); our `go test -bench
# BenchmarkSolve/fast/SET` (its cpu-puzzles/s metric); our CLI, `sudoku
# solve -j 1 FILE...` (parse, solve, prove unique, write each solution;
# the file repeated to last about SECS), in process CPU time, set against
# tdoku's run_benchmark too; with -x, the same two for the SIMD build.
# The environment's CORE picks the core (default: the last one).
#
# run_benchmark_cpu is tdoku's run_benchmark.cc with one change: its clock
# (std::chrono::steady_clock) replaced by the process's CPU-time clock, so
# that a shared machine's other work does not count; run_benchmark, built
# beside it, is the program unchanged (-w uses it).
set -euo pipefail

usage() {
	sed -n '/^# usage/,/^# The environment/p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

build=0 rounds=3 secs=2 sets="17-clue,magictour-top1465,forum-hardest-1905-11plus,forum-hardest-1106,serg-benchmark" wall=0
builds=(portable)
while getopts "bxr:t:s:w" opt; do
	case $opt in
	b) build=1 ;;
	x) builds+=(simd) ;;
	r) rounds=$OPTARG ;;
	t) secs=$OPTARG ;;
	s) sets=$OPTARG ;;
	w) wall=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
mkdir -p "$1"
tdoku=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
data=$repo/../shared/data/puzzles
[ -d "$data" ] || { echo "$0: $data is absent (the shared puzzle sets)" >&2; exit 1; }
case "$tdoku/" in "$repo"/*) echo "$0: build tdoku outside the repository" >&2; exit 2 ;; esac
core=${CORE:-$(($(nproc) - 1))}
pin=()
command -v taskset >/dev/null && pin=(taskset -c "$core")

# buildTdoku copies tdoku's source into $tdoku/src and builds the two
# benchmark programs there.
buildTdoku() {
	local src=${TDOKU_SRC:-/work/.mirror/t-dillon+tdoku/repo} dir=$tdoku/src
	rm -rf "$dir" && mkdir -p "$dir"
	if [ "$(git -C "$src" rev-parse --is-bare-repository 2>/dev/null)" = true ]; then
		# one tree at a time: the mirror may lack data.zip, which is not needed
		for d in src include other; do
			git -C "$src" archive --prefix="$d/" "HEAD:$d" | tar -x -C "$dir"
		done
	else
		cp -r "$src/src" "$src/include" "$src/other" "$dir"
	fi
	local flags="-O3 -march=native"
	sed -e 's/\${CMAKE_C_COMPILER_ID}/GNU/; s/\${CMAKE_CXX_COMPILER_ID}/GNU/' \
		-e "s/\${CMAKE_C_COMPILER_VERSION}/$(g++ -dumpversion)/; s/\${CMAKE_CXX_COMPILER_VERSION}/$(g++ -dumpversion)/" \
		-e "s/\${CMAKE_C_FLAGS}/$flags/; s/\${CMAKE_CXX_FLAGS}/$flags/" \
		"$dir/src/build_info.h.in" >"$dir/src/build_info.h"
	local srcs=("$dir/src/util.cc" "$dir/src/solver_dpll_triad_simd.cc" "$dir/other/other_solvers.cc")
	g++ -std=c++14 $flags -o "$tdoku/run_benchmark" "$dir/src/run_benchmark.cc" "${srcs[@]}"
	# The same program timed in CPU time.
	cat >"$dir/src/cpu_clock.h" <<-'EOF'
		#include <chrono>
		#include <time.h>
		// cpu_clock stands in for std::chrono::steady_clock: now() is the
		// process's CPU time.
		struct cpu_clock {
		    struct time_point {
		        std::chrono::nanoseconds t;
		        std::chrono::nanoseconds time_since_epoch() const { return t; }
		    };
		    static time_point now() {
		        timespec ts;
		        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		        return {std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec)};
		    }
		};
	EOF
	grep -q '^using chrono::steady_clock;' "$dir/src/run_benchmark.cc" ||
		{ echo "$0: run_benchmark.cc no longer names chrono::steady_clock; update the CPU-clock patch" >&2; exit 1; }
	sed 's/^using chrono::steady_clock;/using steady_clock = cpu_clock;/' "$dir/src/run_benchmark.cc" >"$dir/src/run_benchmark_cpu.cc"
	g++ -std=c++14 $flags -include "$dir/src/cpu_clock.h" -o "$tdoku/run_benchmark_cpu" "$dir/src/run_benchmark_cpu.cc" "${srcs[@]}"
}

[ $build = 1 ] && buildTdoku
bench=$tdoku/run_benchmark_cpu
[ $wall = 1 ] && bench=$tdoku/run_benchmark
[ -x "$bench" ] || { echo "$0: $bench is absent: build it with -b" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for bd in "${builds[@]}"; do
	exp=
	[ "$bd" = simd ] && exp=simd
	(cd "$repo" && GOEXPERIMENT=$exp go test -c -o "$work/solver-$bd.test" ./solver &&
		GOEXPERIMENT=$exp go build -o "$work/sudoku-$bd" ./cmd/sudoku)
done

# puzzles FILE prints the number of puzzles of FILE (lines of 81 or more
# characters that are not comments).
puzzles() { grep -v '^#' "$1" | awk 'length($0) >= 81' | wc -l; }

# runTdoku SET prints tdoku's puzzles/s and guesses a puzzle.
runTdoku() {
	local f=$data/$1.txt
	"${pin[@]}" "$bench" -s tdoku -r0 -n "$(puzzles "$f")" -t "$secs" -w 1 -c1 "$f" |
		awk -F, '/,tdoku,/ { printf "%.0f %.2f\n", $6, $9 }'
}

# runBench BUILD SET prints our benchmark's puzzles/s and guesses a
# puzzle.
runBench() {
	local metric=cpu-puzzles/s
	[ $wall = 1 ] && metric=puzzles/s
	(cd "$repo/solver" && GOMAXPROCS=1 "${pin[@]}" "$work/solver-$1.test" -test.run '^$' \
		-test.bench "^BenchmarkSolve/fast/$2\$" -test.benchtime "${secs}s") |
		awk -v m="$metric" '/^BenchmarkSolve/ { for (i = 1; i < NF; i++) { if ($(i+1) == m) r = $i; if ($(i+1) == "guesses/puzzle") g = $i } }
			END { printf "%.0f %.2f\n", r, g }'
}

# runCLI BUILD SET prints the CLI's puzzles/s over the set repeated
# reps[SET] times (one pass the first time, then enough to last about
# secs).
declare -A reps
runCLI() {
	local f=$data/$2.txt n k args=() t
	n=$(puzzles "$f")
	k=${reps[$2]:-1}
	for ((i = 0; i < k; i++)); do args+=("$f"); done
	# Exit status 1 is a puzzle not uniquely solved (all of serg-benchmark's);
	# its message goes to stderr, which is written as usual.
	t=$( { TIMEFORMAT='%3R %3U %3S'; time "${pin[@]}" "$work/sudoku-$1" solve -j 1 -q "${args[@]}" >/dev/null 2>&1 || [ $? = 1 ]; } 2>&1)
	read -r real user sys <<<"$t"
	local used
	used=$(awk -v u="$user" -v s="$sys" -v r="$real" -v w=$wall 'BEGIN { print (w ? r : u + s) }')
	if [ -z "${reps[$2]:-}" ]; then
		reps[$2]=$(awk -v t="$used" -v s="$secs" 'BEGIN { k = int(s / (t > 0.001 ? t : 0.001)) + 1; print (k > 1000 ? 1000 : k) }')
	fi
	awk -v n=$((n * k)) -v t="$used" 'BEGIN { printf "%.0f\n", n / (t > 0 ? t : 1e-9) }'
}

median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

IFS=, read -ra setList <<<"$sets"
clock="CPU time"
[ $wall = 1 ] && clock="wall time"
echo "tdoku: $bench; ours: $(cd "$repo" && git rev-parse --short HEAD)$(cd "$repo" && git diff --quiet HEAD -- . || echo +changes), builds ${builds[*]}; core ${core}; $rounds rounds of ~${secs}s, $clock" >&2
# rate[SIDE SET] holds the rates of the rounds; SIDE is tdoku,
# bench-BUILD or cli-BUILD.
declare -A rate guess
sides=(tdoku)
for bd in "${builds[@]}"; do sides+=("bench-$bd" "cli-$bd"); done
for s in "${setList[@]}"; do runCLI portable "$s" >/dev/null; done # the CLI's repetitions
for ((r = 1; r <= rounds; r++)); do
	for s in "${setList[@]}"; do
		order=("${sides[@]}")
		if ((r % 2 == 0)); then
			order=()
			for ((i = ${#sides[@]} - 1; i >= 0; i--)); do order+=("${sides[i]}"); done
		fi
		line="round $r $s:"
		for side in "${order[@]}"; do
			case $side in
			tdoku) read -r a g < <(runTdoku "$s") ;;
			bench-*) read -r a g < <(runBench "${side#bench-}" "$s") ;;
			cli-*) a=$(runCLI "${side#cli-}" "$s") g= ;;
			esac
			rate[$side $s]+="$a "
			[ -n "$g" ] && guess[$side $s]=$g
			line+=" $side $a"
		done
		echo "$line" >&2
	done
done

head="| set | tdoku puzzles/s |"
rule="|---|---:|"
for bd in "${builds[@]}"; do
	head+=" bench $bd | ratio | CLI $bd | ratio |"
	rule+="---:|---:|---:|---:|"
done
printf "\n%s guesses/puzzle tdoku / ours |\n%s---:|\n" "$head" "$rule"
for s in "${setList[@]}"; do
	t=$(median <<<"${rate[tdoku $s]}")
	row="| $s | $t |"
	g="${guess[tdoku $s]}"
	for bd in "${builds[@]}"; do
		b=$(median <<<"${rate[bench-$bd $s]}")
		c=$(median <<<"${rate[cli-$bd $s]}")
		row+=$(awk -v t="$t" -v b="$b" -v c="$c" 'BEGIN { printf " %.0f | %.2f | %.0f | %.2f |", b, b / t, c, c / t }')
		g+=" / ${guess[bench-$bd $s]}"
	done
	echo "$row $g |"
done
