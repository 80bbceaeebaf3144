module sudoku

go 1.26

require github.com/crillab/gophersat v1.4.0
