// Command scanburst measures the memory of `sudoku serve` under a burst
// of photo scans: it starts the server, sends it N very large photos at
// once (fixture photos scaled up to 8-bit RGBA PNGs of SIDE x SIDE
// pixels, 152 MiB each decoded at the default 6320; or to JPEGs, 57 MiB
// decoded, with -format jpeg), and prints the
// server's resident memory (VmRSS, and its peak VmHWM, from
// /proc/PID/status; Linux only) when idle, right after the burst and at
// each time of -after. From the module's root:
//
//	go build -o /tmp/sudoku ./cmd/sudoku
//	go run ./cmd/scanburst -sudoku /tmp/sudoku -- --scans 6 --heavy 6 --memory 512MiB
//
// The flags after "--" are passed to `sudoku serve`.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"sudoku/internal/bigpng"
)

func main() {
	bin := flag.String("sudoku", "sudoku", "the sudoku command to serve with")
	n := flag.Int("n", 6, "photos sent at once")
	side := flag.Int("side", 6320, "side of the photos, in pixels")
	photos := flag.String("photos", "vision/testdata", "directory of JPEG photos to scale up (used in turn)")
	format := flag.String("format", "png", "png or jpeg")
	overlay := flag.Bool("overlay", true, "ask for the overlay")
	after := flag.String("after", "10s,60s", "times after the burst at which to measure")
	flag.Parse()
	if err := run(*bin, *n, *side, *photos, *format, *overlay, *after, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "scanburst:", err)
		os.Exit(1)
	}
}

func run(bin string, n, side int, photos, format string, overlay bool, after string, serveArgs []string) error {
	var waits []time.Duration
	for _, s := range strings.Split(after, ",") {
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("-after: %v", err)
		}
		waits = append(waits, d)
	}
	pngs, err := makePhotos(photos, format, n, side)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	ln.Close()
	dir, err := os.MkdirTemp("", "scanburst")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	args := append([]string{"serve", "--addr", addr, "--seed-bank", "0", "--db", filepath.Join(dir, "bank.db")}, serveArgs...)
	cmd := exec.Command(bin, args...)
	var log bytes.Buffer
	cmd.Stderr = &log
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	url := "http://" + addr
	for i := 0; ; i++ {
		resp, err := http.Get(url + "/healthz")
		if err == nil {
			resp.Body.Close()
			break
		}
		if i == 100 {
			return fmt.Errorf("the server did not start: %s", log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	pid := cmd.Process.Pid
	fmt.Printf("sudoku serve %s\n", strings.Join(serveArgs, " "))
	fmt.Printf("idle:               %s\n", memory(pid))
	start := time.Now()
	var wg sync.WaitGroup
	results := make([]string, len(pngs))
	for i, p := range pngs {
		wg.Go(func() { results[i] = scan(url, p, overlay) })
	}
	wg.Wait()
	burst := time.Since(start)
	fmt.Printf("burst:              %d %s photos of %dx%d in %.1f s: %s\n", len(pngs), format, side, side, burst.Seconds(), strings.Join(results, ", "))
	fmt.Printf("right after:        %s\n", memory(pid))
	for _, d := range waits {
		time.Sleep(time.Until(start.Add(burst + d)))
		fmt.Printf("%-19s %s\n", d.String()+" after:", memory(pid))
	}
	return nil
}

// makePhotos scales the photos of dir up to n photos of side x side, in
// format.
func makePhotos(dir, format string, n, side int) ([][]byte, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.jpg"))
	if len(paths) == 0 {
		return nil, fmt.Errorf("no .jpg photos in %s", dir)
	}
	if format != "png" && format != "jpeg" {
		return nil, fmt.Errorf("-format %q: want png or jpeg", format)
	}
	var out [][]byte
	for i := 0; i < n; i++ {
		if i >= len(paths) {
			out = append(out, out[i%len(paths)])
			continue
		}
		f, err := os.Open(paths[i])
		if err != nil {
			return nil, err
		}
		img, _, err := image.Decode(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", paths[i], err)
		}
		var buf bytes.Buffer
		if err := bigpng.Encode(&buf, img, side); err != nil {
			return nil, err
		}
		if format == "jpeg" {
			big, err := png.Decode(&buf)
			if err != nil {
				return nil, err
			}
			buf.Reset()
			if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 85}); err != nil {
				return nil, err
			}
		}
		out = append(out, buf.Bytes())
	}
	return out, nil
}

// scan posts one photo and returns the answer's status and time.
func scan(url string, png []byte, overlay bool) string {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("photo", "photo")
	fw.Write(png)
	if overlay {
		mw.WriteField("overlay", "1")
	}
	mw.Close()
	start := time.Now()
	resp, err := http.Post(url+"/api/scan", mw.FormDataContentType(), &body)
	if err != nil {
		return err.Error()
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return fmt.Sprintf("%d in %.1f s", resp.StatusCode, time.Since(start).Seconds())
}

// memory reads the resident memory of process pid and its peak.
func memory(pid int) string {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	var rss, hwm string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ":")
		switch k {
		case "VmRSS":
			rss = mib(v)
		case "VmHWM":
			hwm = mib(v)
		}
	}
	return fmt.Sprintf("VmRSS %s (peak VmHWM %s)", rss, hwm)
}

// mib turns "  1234 kB" into "1.2 MiB".
func mib(v string) string {
	var kb float64
	fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
	return fmt.Sprintf("%.0f MiB", kb/1024)
}
