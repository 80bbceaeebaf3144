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
//	GET  /api/bank/pick?level=L                         a puzzle not handed out yet
//	GET  /api/bank/daily?level=L                        today's puzzle of a level
//	GET  /api/levels                                    the levels and their ER ranges
//	GET  /                                              the web app (embedded ui/)
//
// A puzzle is any text form package sudoku parses. Errors are
// {"error": {"code", "message", "cell"}} with the status of the code, all
// in one table (errors.go). Request bodies are size-limited, solving and
// rating are time-limited, POSTs pass http.CrossOriginProtection, and
// every response carries security headers (CSP without inline scripts).
package api
