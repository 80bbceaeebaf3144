package api

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestPhotoReader reads a fixture photo (Wicht & Hennebert,
// sudoku_dataset, CC-BY-4.0; see vision/testdata) through the API's photo
// reader: a grid with one solution and an overlay.
func TestPhotoReader(t *testing.T) {
	f, err := os.Open("../vision/testdata/printed-image1.jpg")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := PhotoReader{}.Scan(context.Background(), f, true)
	if err != nil {
		t.Fatal(err)
	}
	if res.Solution == nil || !res.Solution.IsSolutionOf(&res.Grid) || len(res.Overlay) == 0 || res.Width == 0 {
		t.Errorf("got grid %v, solution %v, %d overlay bytes", res.Grid.Line('.'), res.Solution, len(res.Overlay))
	}
	_, err = PhotoReader{}.Scan(context.Background(), strings.NewReader("not a photo"), false)
	if !errors.Is(err, ErrBadPhoto) {
		t.Errorf("text: got %v, want ErrBadPhoto", err)
	}
}
