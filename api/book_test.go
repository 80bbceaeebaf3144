package api

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"sudoku/logic"
)

// pdfPages counts the pages of a PDF fpdf wrote.
var pdfPage = regexp.MustCompile(`/Type /Page[^s]`)

// postRaw posts body to path and returns the status, content type and body.
func postRaw(t *testing.T, url, body string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Post(url+"/api/book", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), raw
}

// TestBook: a book of sections of rule sets, levels and counts is a PDF
// of the puzzles, K to a page, and their answers at the back; classic
// puzzles from the bank while it has them, then generated.
func TestBook(t *testing.T) {
	bank := &fakeBank{given: map[logic.Level]bool{}}
	ts := serverWith(t, &Server{Bank: bank, Now: func() time.Time { return time.Unix(1e9, 0) }})
	for _, tt := range []struct {
		name, body string
		pages      int
	}{
		// 3 classic and 2 6x6, then their 5 answers: 10 boards, 4 to a page.
		{"with answers", `{"sections":[{"rules":"classic","level":"easy","count":3},{"rules":"6x6","level":"easy","count":2}],"seed":1}`, 3},
		{"no answers", `{"sections":[{"rules":"9x9","level":"Easy","count":3},{"rules":"x","count":1}],"answers":false,"perPage":1,"seed":2}`, 4},
		{"six to a page", `{"sections":[{"rules":"killer","level":"medium","count":1}],"perPage":6,"paper":"Letter","title":"Class 4b","seed":3}`, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, ctype, pdf := postRaw(t, ts.URL, tt.body)
			if status != 200 || ctype != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
				t.Fatalf("status %d, %s: %.200q", status, ctype, pdf)
			}
			if n := len(pdfPage.FindAll(pdf, -1)); n != tt.pages {
				t.Errorf("%d pages, want %d", n, tt.pages)
			}
			t.Logf("%d bytes", len(pdf))
		})
	}
	if !bank.given[logic.Easy] {
		t.Error("the book took no Easy puzzle from the bank")
	}
}

// TestBookBadRequests: a book the server cannot make is a 400 saying
// which field is wrong and why.
func TestBookBadRequests(t *testing.T) {
	ts := serverWith(t, &Server{})
	sec := func(s string) string { return `{"sections":[` + s + `]}` }
	for _, tt := range []struct{ body, want string }{
		{`{}`, "sections: none given"},
		{sec(`{"rules":"nope","level":"easy","count":2}`), `sections[0].rules "nope": want one of `},
		{sec(`{"rules":"classic","level":"easy","count":1},{"rules":"classic","level":"easy","count":0}`), "sections[1].count 0: want 1 to 60"},
		{sec(`{"rules":"classic","level":"easy","count":61}`), "sections[0].count 61: want 1 to 60"},
		{sec(`{"rules":"classic","level":"easy","count":40},{"rules":"6x6","level":"easy","count":30}`), "sections: 70 puzzles in all, want at most 60"},
		{sec(`{"rules":"classic","level":"hardest","count":2}`), "sections[0].level: "},
		{sec(`{"rules":"killer","level":"easy","count":2}`), "sections[0].level: level not offered for these rules: killer puzzles are made at Medium"},
		{`{"sections":[{"rules":"classic","count":2}],"perPage":3}`, "3 boards per page, want 1, 2, 4 or 6"},
		{`{"sections":[{"rules":"classic","count":2}],"perPage":0}`, "perPage 0: want 1, 2, 4 or 6"},
		{`{"sections":[{"rules":"classic","count":2}],"paper":"A0"}`, `paper "A0", want A4 or Letter`},
		{`{"sections":[{"rules":"classic","count":2}],"title":"` + strings.Repeat("t", 81) + `"}`, "title: 81 characters, want at most 80"},
		{`{"sections":[{"rules":"classic","count":"2"}]}`, "JSON body"},
	} {
		status, m, _ := post(t, ts, "/api/book", tt.body)
		e, _ := m["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if status != 400 || !strings.Contains(msg, tt.want) {
			t.Errorf("%s: %d %q, want 400 with %q", tt.body, status, msg, tt.want)
		}
	}
}

// TestBookTimeLimit: a book not made within the request's time limit is
// 503 timeout, and takes no puzzle from the bank.
func TestBookTimeLimit(t *testing.T) {
	bank := &fakeBank{given: map[logic.Level]bool{}}
	ts := serverWith(t, &Server{Bank: bank, Limits: Limits{Compute: 50 * time.Millisecond}})
	status, m, _ := post(t, ts, "/api/book", `{"sections":[{"rules":"classic","level":"easy","count":1},{"rules":"16x16","level":"hard","count":59}]}`)
	if status != 503 || errCode(m) != "timeout" {
		t.Errorf("got %d %v, want 503 timeout", status, m)
	}
	if bank.given[logic.Easy] {
		t.Error("a book that failed took a puzzle from the bank")
	}
}
