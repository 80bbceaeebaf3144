package api

import (
	"bytes"
	"context"
	"image/jpeg"
	"os"
	"runtime"
	"testing"
	"time"

	"sudoku/internal/bigpng"
)

// TestIdleRelease: memory is given back once no work has run for the
// wait, not while work runs nor when work starts again before the wait is
// over.
func TestIdleRelease(t *testing.T) {
	freed := make(chan struct{}, 10)
	r := &idleRelease{wait: time.Hour, free: func() { freed <- struct{}{} }}
	done1, done2 := r.start(), r.start()
	done1()
	if r.timer != nil {
		t.Error("a release was set while a work runs")
	}
	done2()
	if r.timer == nil {
		t.Fatal("no release set when the last work ended")
	}
	done3 := r.start()
	if r.timer != nil {
		t.Error("the release was not called off when a work started")
	}
	r.wait = 0
	done3()
	select {
	case <-freed:
	case <-time.After(10 * time.Second):
		t.Fatal("memory not given back once idle")
	}
	select {
	case <-freed:
		t.Error("memory given back twice")
	default:
	}
}

// TestScanLargePNGAllocates scans a 6320x6320 8-bit RGBA PNG (152 MiB
// decoded, within the decoding budget), overlay included: it allocates
// far less than the photo's decoded size, as the photo is shrunk row by
// row. Before, the scan decoded it whole and kept it to draw the overlay:
// 230 MiB allocated.
func TestScanLargePNGAllocates(t *testing.T) {
	f, err := os.Open("../vision/testdata/printed-image1.jpg")
	if err != nil {
		t.Fatal(err)
	}
	photo, err := jpeg.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var data bytes.Buffer
	if err := bigpng.Encode(&data, photo, 6320); err != nil {
		t.Fatal(err)
	}
	if _, err := (PhotoReader{}).Scan(context.Background(), bytes.NewReader(data.Bytes()), false); err != nil {
		t.Fatal(err) // loads the model
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := PhotoReader{}.Scan(context.Background(), bytes.NewReader(data.Bytes()), true)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if res.Solution == nil || len(res.Overlay) == 0 || res.Width != 6320 {
		t.Errorf("got grid %v, solution %v, %d overlay bytes, width %d", res.Grid.Line('.'), res.Solution, len(res.Overlay), res.Width)
	}
	n := after.TotalAlloc - before.TotalAlloc
	t.Logf("a scan of a %d-byte 6320x6320 RGBA PNG with overlay allocated %.1f MiB", data.Len(), float64(n)/(1<<20))
	if n > 128<<20 {
		t.Errorf("the scan allocated %.1f MiB, want at most 128 MiB", float64(n)/(1<<20))
	}
}
