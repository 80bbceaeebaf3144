module sudoku

go 1.26

require (
	github.com/crillab/gophersat v1.4.0
	golang.org/x/image v0.35.0
)

require golang.org/x/text v0.33.0 // indirect
