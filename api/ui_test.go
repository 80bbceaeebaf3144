package api

import (
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

func TestAssetsCaching(t *testing.T) {
	ts := serverWith(t, &Server{})
	get := func(path string, hdr ...string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		tr := &http.Transport{DisableCompression: true}
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body io.Reader = resp.Body
		if resp.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			body = zr
		}
		b, _ := io.ReadAll(body)
		return resp, string(b)
	}
	resp, page := get("/", "Accept-Encoding", "gzip")
	if resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("ETag") == "" || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("page headers: %v", resp.Header)
	}
	m := regexp.MustCompile(`src="(/v/[0-9a-f]{12}/main\.js)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page does not load a versioned main.js:\n%.400s", page)
	}
	resp, js := get(m[1])
	if resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.Contains(js, "import") {
		t.Errorf("versioned asset: %d %v", resp.StatusCode, resp.Header)
	}
	if resp.Header.Get("Content-Encoding") != "" {
		t.Error("gzip sent to a client that did not ask for it")
	}
	resp, _ = get("/", "If-None-Match", resp.Header.Get("ETag"))
	etag := resp.Header.Get("ETag")
	if resp, _ = get("/", "If-None-Match", etag); resp.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation with the page's ETag: got %d, want 304", resp.StatusCode)
	}
	if resp, _ = get("/v/000000000000/main.js"); resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("old version: got %d %q, want 200 no-cache", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	if resp, _ = get("/nothing.js"); resp.StatusCode != 404 {
		t.Errorf("missing file: got %d", resp.StatusCode)
	}
	// The service worker: at the root, never cached long, naming this
	// build's version and every versioned file.
	version := strings.Split(m[1], "/")[2]
	resp, sw := get("/sw.js")
	if resp.Header.Get("Cache-Control") != "no-cache" || !strings.Contains(sw, `"sudoku-${VERSION}"`) && !strings.Contains(sw, "const VERSION = \""+version+"\"") {
		t.Errorf("sw.js: %v\n%.300s", resp.Header, sw)
	}
	if strings.Contains(sw, "__ASSETS__") || !strings.Contains(sw, `"/v/`+version+`/main.js"`) || !strings.Contains(sw, `"/v/`+version+`/app.css"`) {
		t.Errorf("sw.js does not list this build's files:\n%.600s", sw)
	}
	mm := regexp.MustCompile(`href="(/v/[0-9a-f]{12}/manifest\.webmanifest)"`).FindStringSubmatch(page)
	if mm == nil {
		t.Fatal("the page links no versioned manifest")
	}
	resp, man := get(mm[1])
	if resp.Header.Get("Content-Type") != "application/manifest+json" || !strings.Contains(man, `"display": "standalone"`) || !strings.Contains(man, "/v/"+version+"/icon.svg") {
		t.Errorf("manifest: %v\n%s", resp.Header, man)
	}
}

// TestAssetsSize: the web app's files, compressed, stay under 150 KB.
func TestAssetsSize(t *testing.T) {
	a, err := loadAssets(mustSub(t))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for name, f := range a.files {
		n := len(f.body)
		if f.gz != nil {
			n = len(f.gz)
		}
		if name != "sw.js" {
			total += n
		}
	}
	t.Logf("web app: %d files, %d bytes compressed", len(a.files), total)
	if total > 150<<10 {
		t.Errorf("web app is %d bytes compressed, want under 150 KB", total)
	}
}

func mustSub(t *testing.T) fs.FS {
	t.Helper()
	sub, err := fs.Sub(uiFiles, "ui")
	if err != nil {
		t.Fatal(err)
	}
	return sub
}
