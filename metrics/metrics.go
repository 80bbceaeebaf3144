// Package metrics exports what a server measures to Prometheus, through
// github.com/prometheus/client_golang: requests by route and status,
// their latency, the durations of the heavy work (solving, generating,
// hints, explanations, ratings, scans, rendering), the bank's picks, the
// puzzles the server's top-up added and the puzzles left per level. It implements api.Observer; Handler serves
// the text format at /metrics.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds a server's instruments in a registry of its own.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	work     *prometheus.HistogramVec
	picks    *prometheus.CounterVec
	filled   *prometheus.CounterVec
}

// LeftFunc counts the bank's puzzles left per level, for the gauge read at
// each scrape (cached for a few seconds: counting a large bank is not
// free).
type LeftFunc func(ctx context.Context) (map[string]int, error)

// New returns the instruments of one server; left may be nil.
func New(left LeftFunc) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudoku_http_requests_total", Help: "HTTP requests by route and status.",
	}, []string{"route", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "sudoku_http_request_duration_seconds", Help: "HTTP request latency by route.",
		Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10},
	}, []string{"route"})
	m.work = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "sudoku_work_duration_seconds", Help: "Duration of the computations: solve, generate, hint, explain, rate, scan, render.",
		Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
	}, []string{"kind"})
	m.picks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudoku_bank_picks_total", Help: "Puzzles handed out by the bank, and picks that found the level empty.",
	}, []string{"level", "result"})
	m.filled = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "sudoku_bank_filled_total", Help: "Puzzles the server's background top-up added to the bank, by level.",
	}, []string{"level"})
	m.reg.MustRegister(m.requests, m.latency, m.work, m.picks, m.filled,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if left != nil {
		m.reg.MustRegister(&leftCollector{f: left, desc: prometheus.NewDesc("sudoku_bank_left",
			"Puzzles of each level left in the bank (neither handed out nor daily).", []string{"level"}, nil)})
	}
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// Request counts one request of route (a route pattern, not a URL) and
// its latency.
func (m *Metrics) Request(route string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

// Work records the duration of one computation of a kind.
func (m *Metrics) Work(kind string, d time.Duration) {
	m.work.WithLabelValues(kind).Observe(d.Seconds())
}

// Pick counts a bank pick of a level: handed out, or the level empty.
func (m *Metrics) Pick(level string, ok bool) {
	result := "empty"
	if ok {
		result = "ok"
	}
	m.picks.WithLabelValues(level, result).Inc()
}

// Filled counts n puzzles of a level the server's top-up added.
func (m *Metrics) Filled(level string, n int) {
	m.filled.WithLabelValues(level).Add(float64(n))
}

// leftCollector reads the puzzles left at scrape time, at most every
// leftEvery.
type leftCollector struct {
	f    LeftFunc
	desc *prometheus.Desc
	mu   sync.Mutex
	at   time.Time
	last map[string]int
}

const leftEvery = 10 * time.Second

func (c *leftCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *leftCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if time.Since(c.at) > leftEvery {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		if left, err := c.f(ctx); err == nil {
			c.last, c.at = left, time.Now()
		}
		cancel()
	}
	for level, n := range c.last {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), level)
	}
}
