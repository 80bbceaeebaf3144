//go:build !(goexperiment.simd && amd64)

package solver

import (
	"context"

	"sudoku"
)

// simdOK is false: the SIMD engine is built with GOEXPERIMENT=simd on
// amd64 only (fast_simd.go).
const simdOK = false

// simdSearchGrid is never called without the SIMD engine.
func simdSearchGrid(context.Context, *sudoku.Grid, int) (gridResult, bool) {
	return gridResult{}, false
}
