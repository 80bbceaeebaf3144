package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"sudoku/api"
	"sudoku/solver"
	"sudoku/vision"
)

const serveUsage = `usage: sudoku serve [--addr HOST:PORT] [--db FILE]

Serves the web app and the JSON API (see README). Listens on
127.0.0.1:8080 by default. Stops gracefully on Ctrl-C or SIGTERM.
Exit status: 0 stopped cleanly, 1 could not serve, 2 usage error.

flags:
`

func cmdServe(e *env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, serveUsage); fs.PrintDefaults() }
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		return usageErr(e, "serve", fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := &api.Server{Log: log, Scanner: photoReader{}}
	if err := serve(ctx, *addr, s, log); err != nil {
		fmt.Fprintf(e.stderr, "sudoku serve: %v\n", err)
		return 1
	}
	return 0
}

// serve listens on addr and serves s until ctx is done, then shuts down
// gracefully, letting requests in flight finish.
func serve(ctx context.Context, addr string, s *api.Server, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// photoReader is the API's photo reader: package vision, then the solver
// and the overlay.
type photoReader struct{}

func (photoReader) Scan(ctx context.Context, photo io.Reader, overlay bool) (api.ScanResult, error) {
	img, err := vision.Decode(photo, vision.Options{})
	if err != nil {
		return api.ScanResult{}, photoErr(err)
	}
	res, err := vision.ReadImage(img, vision.Options{})
	if err != nil {
		return api.ScanResult{}, photoErr(err)
	}
	b := img.Bounds()
	out := api.ScanResult{Grid: res.Grid, Confidence: res.Confidence, Low: res.Low, Width: b.Dx(), Height: b.Dy()}
	for i, p := range res.Corners {
		out.Corners[i] = [2]float64{p.X, p.Y}
	}
	sol, err := solver.SolveWith(solver.Fast, res.Grid)
	if err != nil {
		return out, nil // the grid as read, for the player to correct
	}
	out.Solution = &sol.Solution
	if overlay {
		var buf bytes.Buffer
		if err := png.Encode(&buf, vision.Overlay(img, res, sol.Solution)); err != nil {
			return out, err
		}
		out.Overlay = buf.Bytes()
	}
	return out, ctx.Err()
}

// photoErr maps the photo reader's errors to the API's.
func photoErr(err error) error {
	var fe *vision.FormatError
	switch {
	case errors.Is(err, vision.ErrNoGrid):
		return fmt.Errorf("%w: %v", api.ErrNoGrid, err)
	case errors.Is(err, vision.ErrTooLarge):
		return fmt.Errorf("%w: %v", api.ErrTooLarge, err)
	case errors.As(err, &fe):
		return fmt.Errorf("%w: %v", api.ErrBadPhoto, err)
	}
	return err
}
