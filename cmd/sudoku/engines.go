package main

import (
	"fmt"
	"strings"

	"sudoku/ilp"
	"sudoku/solver"
)

// engines lists every engine the CLI offers, by name.
func engines() []solver.Engine {
	return append(solver.Engines(), ilp.Engine)
}

func lookupEngine(name string) (solver.Engine, error) {
	var names []string
	for _, e := range engines() {
		if e.Name() == name {
			return e, nil
		}
		names = append(names, e.Name())
	}
	return nil, fmt.Errorf("unknown engine %q (want %s)", name, strings.Join(names, ", "))
}
