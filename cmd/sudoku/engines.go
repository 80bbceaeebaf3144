package main

import (
	"sudoku/solver"

	_ "sudoku/ilp" // registers the 0-1 engine, "ilp"
)

// engines lists every engine the CLI offers, by name: those registered
// with package solver.
func engines() []solver.Engine { return solver.Engines() }

func lookupEngine(name string) (solver.Engine, error) { return solver.Lookup(name) }
