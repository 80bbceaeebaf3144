module sudoku

go 1.26
