package main

// The engines are package solver's catalog (solver.Lookup, Engines); this
// import adds the 0-1 engine to it.
import _ "sudoku/ilp" // registers the 0-1 engine, "ilp"
