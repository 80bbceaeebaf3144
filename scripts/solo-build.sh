#!/usr/bin/env bash
# solo-build.sh MIRROR OUTDIR
#
# Builds the anchor for generation of variant puzzles (issue 28, §3):
# Simon Tatham's Solo, from chrisboyle/sgtpuzzles' solo.c, outside the
# repository. MIRROR is a clone (bare or not) of
# github.com/chrisboyle/sgtpuzzles; OUTDIR gets the sources of its HEAD
# (OUTDIR/src) and two programs:
#
#   OUTDIR/solo-gen PARAMS N [SEED]   N puzzles from Solo's own generator
#                                     (new_game_desc through its game
#                                     struct), one game ID a line
#   OUTDIR/solo-solver [-g] ID        Solo's standalone solver: checks an
#                                     ID (validate_desc), solves it, with
#                                     -g prints its difficulty
#
# PARAMS is Solo's parameter string (decode_params in solo.c): "3x3"
# classic, "3x3x" X, "9j" jigsaw, "3x3k" killer, "2x3" 6x6 (boxes of 2
# rows by 3 columns), "4x4" 16x16; then the symmetry, "a" none or "r2" a
# half turn (Solo's default; also "m2", "r4", "m4", "m8"), and the
# difficulty "dt", "db", "di", "da", "de", "du" (trivial, basic,
# intermediate, advanced, extreme, unreasonable). Example:
#   solo-gen 3x3xadi 100 1
# Needs gcc (-O2, as Solo's own build) and git.
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: $0 MIRROR OUTDIR" >&2
	exit 2
fi
mirror=$1 out=$2
mkdir -p "$out/src"
git -C "$mirror" archive HEAD app/src/main/jni | tar -x -C "$out/src"
jni=$out/src/app/src/main/jni
git -C "$mirror" rev-parse HEAD >"$out/COMMIT"

# The driver: Solo's generator through its game struct, as its front ends
# call it.
cat >"$out/solo-gen.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "puzzles.h"

extern const game thegame;

int main(int argc, char **argv)
{
    const char *seed = argc > 3 ? argv[3] : "1";
    const char *err;
    game_params *p;
    random_state *rs;
    char *id;
    int n, i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s PARAMS N [SEED]\n", argv[0]);
        return 2;
    }
    p = thegame.default_params();
    thegame.decode_params(p, argv[1]);
    if ((err = thegame.validate_params(p, true)) != NULL) {
        fprintf(stderr, "%s: %s\n", argv[1], err);
        return 2;
    }
    n = atoi(argv[2]);
    rs = random_new(seed, strlen(seed));
    id = thegame.encode_params(p, false);
    for (i = 0; i < n; i++) {
        char *aux = NULL;
        char *desc = thegame.new_desc(p, rs, &aux, false);
        printf("%s:%s\n", id, desc);
        fflush(stdout);
        sfree(desc);
        sfree(aux);
    }
    sfree(id);
    random_free(rs);
    thegame.free_params(p);
    return 0;
}
EOF

# The Android fork calls a drawing function nullfe.c has no stub for, and
# names arrow modes defined for Android builds only.
cat >"$out/stubs.c" <<'EOF'
#include "puzzles.h"
void draw_thick_polygon(drawing *dr, float thickness, int *coords, int npoints,
                        int fillcolour, int outlinecolour) {}
EOF
defs="-DANDROID_NO_ARROWS=0 -DANDROID_ARROWS_ONLY=1 -DANDROID_ARROWS_LEFT=2 -DANDROID_ARROWS_LEFT_RIGHT=3 -DANDROID_ARROWS_DIAGONALS=4"
support="$jni/malloc.c $jni/misc.c $jni/random.c $jni/tree234.c $jni/dsf.c $jni/divvy.c $jni/sort.c $jni/nullfe.c $out/stubs.c"
# shellcheck disable=SC2086
gcc -O2 -w $defs -I"$jni" -o "$out/solo-gen" "$out/solo-gen.c" "$jni/solo.c" $support -lm
# shellcheck disable=SC2086
gcc -O2 -w $defs -DSTANDALONE_SOLVER -I"$jni" -o "$out/solo-solver" "$jni/solo.c" $support -lm
echo "built $out/solo-gen and $out/solo-solver from $(cat "$out/COMMIT")"
