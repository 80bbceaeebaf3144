// Package ordered runs work in parallel and hands the results back in
// input order: the batch commands' engine (each puzzle of the input is
// solved, rated or generated on a worker, and written in the order read).
package ordered

import (
	"runtime"
	"sync"
)

// Map applies work to every item of the batches read from in, on n
// workers (GOMAXPROCS when n < 1), and calls emit for each item in input
// order, from the calling goroutine, as soon as the items before it are
// done. It returns once in is closed and every item emitted.
func Map[T, R any](in <-chan []T, n int, work func(*T) R, emit func(*T, R)) {
	if n < 1 {
		n = runtime.GOMAXPROCS(0)
	}
	type done struct {
		seq   int
		items []T
		res   []R
	}
	type todo struct {
		seq   int
		items []T
	}
	jobs := make(chan todo, 2*n)
	results := make(chan done, 2*n)
	go func() {
		seq := 0
		for b := range in {
			jobs <- todo{seq, b}
			seq++
		}
		close(jobs)
	}()
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for j := range jobs {
				res := make([]R, len(j.items))
				for i := range j.items {
					res[i] = work(&j.items[i])
				}
				results <- done{j.seq, j.items, res}
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	pending := map[int]done{}
	next := 0
	for d := range results {
		pending[d.seq] = d
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			for i := range p.items {
				emit(&p.items[i], p.res[i])
			}
			next++
		}
	}
}
