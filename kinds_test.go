package sudoku_test

// The kinds of constraint register from package sudoku/constraint, which
// package sudoku cannot import: this file links it into the tests of the
// package, so that the parsers read every kind in every test, internal
// ones too (TestUnregisteredKinds takes them away to see the error).
import _ "sudoku/constraint"
