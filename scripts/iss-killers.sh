#!/usr/bin/env bash
# iss-killers.sh ISS_DIR [TIMEOUT]
#
# Solves the killers of the Interactive Sudoku Solver's collections that
# are written in the forums' two killer forms (SudoCue killer IDs and the
# enjoysudoku killer strings; iss-killers.mjs finds them) with
# `sudoku solve`, and compares our solution to ISS's where it gives one.
# ISS_DIR is a clone of github.com/sigh/Interactive-Sudoku-Solver, kept
# outside the repository; node runs its data file. TIMEOUT is solve's
# --timeout for one puzzle (default 60s).
#
# Output: one line per puzzle (verdict, form, collection, name), then the
# counts: read (parsed), refused (not read: a located error), solved,
# right and wrong (our solution against ISS's), without ISS's solution
# (solved but nothing to compare), not unique, timed out.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 ISS_DIR [TIMEOUT]" >&2
	exit 2
fi
iss=$1
limit=${2:-60s}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

node "$root/scripts/iss-killers.mjs" "$iss" >"$tmp/list.tsv"
cut -f1 "$tmp/list.tsv" >"$tmp/in.txt"
(cd "$root" && go build -o "$tmp/sudoku" ./cmd/sudoku)
"$tmp/sudoku" solve --json -q --timeout "$limit" "$tmp/in.txt" >"$tmp/out.json" 2>"$tmp/err.txt" || true

jq -r '[.line, .status, (.solution // "-"), (.error // "")] | @tsv' "$tmp/out.json" >"$tmp/res.tsv"
awk -F'\t' -v res="$tmp/res.tsv" '
	BEGIN { while ((getline l < res) > 0) { split(l, f, "\t"); st[f[1]] = f[2]; sol[f[1]] = f[3]; er[f[1]] = f[4] } }
	{
		form = ($1 ~ /^3x3:/) ? "sudocue" : "killerstring"
		s = (NR in st) ? st[NR] : "refused"
		v = s
		if (s == "invalid") { v = "refused"; refused++ }
		else {
			read++
			if (s == "solved") {
				solved++
				if ($2 == "-") { v = "solved, no ISS solution"; nosol++ }
				else if ($2 == sol[NR]) { v = "right"; right++ }
				else { v = "WRONG"; wrong++ }
			} else if (s == "timed out") timeout++
			else other++
		}
		name = ($4 == $1) ? substr($1, 1, 30) "..." : $4
		printf "%-24s %-12s %-18s %s%s\n", v, form, $3, name, (v == "refused" ? " (" er[NR] ")" : "")
	}
	END {
		printf "\n%d puzzles: %d read, %d refused; %d solved: %d right, %d wrong, %d without ISS solution; %d timed out, %d other\n",
			NR, read, refused, solved, right, wrong, nosol, timeout, other
	}' "$tmp/list.tsv"
