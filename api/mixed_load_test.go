package api

import (
	"bytes"
	"image"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"

	"sudoku/vision"
)

// BenchmarkMixedLoad is the load test of a server under any mix: clients
// at twice the cores (b.SetParallelism(2)) send 95% solves and 5% heavy
// requests in turn: explanations of puzzles rated 11+ (which hit the
// compute limit), diabolical generation (the same), and scans of a
// 12-megapixel photo with its overlay. It reports the solves' latency
// (p50, p99), the heavy requests answered and shed (503 busy or timeout,
// each with Retry-After), the peak resident memory of the process
// (VmHWM, client included) and fails on any other error status.
//
//	go test -run XXX -bench MixedLoad -benchtime 3000x ./api/
func BenchmarkMixedLoad(b *testing.B) {
	photo := bigPhoto(b)
	s := &Server{Scanner: PhotoReader{}}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: time.Minute}
	heavy := []func() (*http.Response, error){
		func() (*http.Response, error) {
			return client.Post(ts.URL+"/api/explain", "application/json", strings.NewReader(`{"puzzle":"`+hardest+`"}`))
		},
		func() (*http.Response, error) {
			return client.Post(ts.URL+"/api/generate", "application/json", strings.NewReader(`{"level":"diabolical","symmetry":"dihedral","minimal":true}`))
		},
		func() (*http.Response, error) {
			body, ctype := scanBody(b, photo)
			return client.Post(ts.URL+"/api/scan", ctype, body)
		},
	}
	resetPeakRSS()
	var (
		mu                    sync.Mutex
		solves                []time.Duration
		n, heavyOK, shed, bad atomic.Int64
	)
	b.SetParallelism(2)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			i := n.Add(1)
			t0 := time.Now()
			var resp *http.Response
			var err error
			isHeavy := i%20 == 0
			if isHeavy {
				resp, err = heavy[(i/20)%int64(len(heavy))]()
			} else {
				resp, err = client.Post(ts.URL+"/api/solve", "application/json", strings.NewReader(`{"puzzle":"`+easy+`"}`))
			}
			if err != nil {
				b.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			switch {
			case resp.StatusCode == 200 && isHeavy:
				heavyOK.Add(1)
			case resp.StatusCode == 200:
				mine = append(mine, time.Since(t0))
			case resp.StatusCode == 503 && resp.Header.Get("Retry-After") != "":
				shed.Add(1)
			default:
				bad.Add(1)
				b.Errorf("status %d (heavy %v)", resp.StatusCode, isHeavy)
			}
		}
		mu.Lock()
		solves = append(solves, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	if len(solves) == 0 {
		return
	}
	slices.Sort(solves)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(solves[len(solves)/2]), "solve-p50-ms")
	b.ReportMetric(ms(solves[len(solves)*99/100]), "solve-p99-ms")
	b.ReportMetric(float64(heavyOK.Load()), "heavy-ok")
	b.ReportMetric(float64(shed.Load()), "shed-503")
	b.ReportMetric(float64(bad.Load()), "other-errors")
	b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MiB")
}

// bigPhoto is a 12-megapixel JPEG: a test photo scaled up to 4000x3000.
func bigPhoto(b *testing.B) []byte {
	f, err := os.Open(filepath.Join("..", "vision", "testdata", "printed-image1.jpg"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	img, err := vision.Decode(f, vision.Options{IgnoreEXIF: true})
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	xdraw.ApproxBiLinear.Scale(big, big.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 85}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func scanBody(b *testing.B, photo []byte) (io.Reader, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("photo", "big.jpg")
	if err != nil {
		b.Fatal(err)
	}
	fw.Write(photo)
	mw.WriteField("overlay", "1")
	mw.Close()
	return &body, mw.FormDataContentType()
}

// resetPeakRSS resets the kernel's high-water mark of this process's
// resident memory (Linux; elsewhere nothing happens).
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns VmHWM in bytes, or 0 where /proc is not there.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}
