package vision

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixtures are photos of the Wicht & Hennebert sudoku_dataset
// (CC-BY-4.0); see testdata/README.md.
var fixtures = []string{"printed-image1", "printed-image21"}

func TestPhotos(t *testing.T) {
	for _, name := range fixtures {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", name+".dat"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := ReadTruth(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join("testdata", name+".jpg"))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Read(bytes.NewReader(data), Options{IgnoreEXIF: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Grid != want {
				t.Errorf("got  %v\nwant %v", res.Grid.Line('.'), want.Line('.'))
			}
			for i, c := range res.Corners {
				if c.X < 0 || c.Y < 0 || c.X > 640 || c.Y > 480 {
					t.Errorf("corner %d at %v, outside the photo", i, c)
				}
			}
		})
	}
}

// BenchmarkRead reads a 640x480 photo, decoding included, on one core.
func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "printed-image1.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := DefaultModel(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Read(bytes.NewReader(data), Options{IgnoreEXIF: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/photo")
}

// TestValidationSplit checks the fixed rule that sets the validation photos
// apart, and that no fixture is one of them.
func TestValidationSplit(t *testing.T) {
	for _, name := range fixtures {
		n := strings.TrimPrefix(name[strings.Index(name, "-")+1:], "image")
		if n[len(n)-1] == '0' || n[len(n)-1] == '5' {
			t.Errorf("fixture %s is a validation photo", name)
		}
	}
}
