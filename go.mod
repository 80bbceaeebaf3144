module sudoku

go 1.26

require (
	codeberg.org/go-pdf/fpdf v0.12.0
	github.com/crillab/gophersat v1.4.0
	golang.org/x/image v0.45.0
)

require (
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)
