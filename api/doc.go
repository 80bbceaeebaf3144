// Package api is the JSON API and the web app of sudoku, on net/http.
//
// Routes (all JSON in and out unless said otherwise):
//
//	POST /api/parse     {"puzzle"}                      the puzzle as one 81-character line
//	POST /api/solve     {"puzzle", "engine"}            solution, count (up to 2), unique
//	POST /api/hint      {"puzzle", "position", "level"} the next step in three levels
//	POST /api/explain   {"puzzle"}                      the whole solving path and rating
//	POST /api/rate      {"puzzle"}                      ER/EP/ED and level
//	POST /api/generate  {"level", "symmetry", "seed", "minimal"}
//	POST /api/render    {"puzzle", "format", "solution"} PNG, SVG or PDF bytes
//	POST /api/scan      multipart "photo" [+ "overlay"]  grid, confidences, corners
//	POST /api/bank/pick?level=L {} or {"level"}          a puzzle not handed out yet
//	GET  /api/bank/daily?level=L                        today's puzzle of a level
//	GET  /api/levels                                    the levels and their ER ranges
//	GET  /healthz, /readyz                              process up; bank reachable
//	GET  /                                              the web app (embedded ui/)
//
// A puzzle is any text form package sudoku parses. Errors are
// {"error": {"code", "message", "cell"}} with the status of the code, all
// in one table (errors.go); a route asked with another method answers 405
// with Allow. Request bodies are size-limited, must be application/json
// (UTF-8), and are read in full within a time limit before a request waits
// for a heavy slot; every computation runs under a time limit that stops
// the work (contexts reach the engines, the techniques, the generator and
// the photo reader); heavy routes pass per-route gates and a shared pool
// of cores less one, answering 503 busy with Retry-After beyond a short
// queue (limit.go); POSTs pass http.CrossOriginProtection; a Host
// allow-list guards a server on loopback against DNS rebinding; every
// response carries security headers (CSP without inline scripts), API
// replies are no-store, and the web app's assets are versioned, cached
// and gzipped (ui.go).
package api
