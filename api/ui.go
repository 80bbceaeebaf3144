package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"
	"time"
)

//go:embed ui
var uiFiles embed.FS

// The web app's files are served from memory, each once gzipped. The page
// itself (/, /index.html) is revalidated on every load (ETag, no-cache);
// it names the other files under /v/VERSION/, where VERSION is a hash of
// every file, and those are cached for a year as immutable: a new build
// changes the page and with it every asset URL. The unversioned names
// still answer (no-cache), for old pages and tools.

// asset is one file of the web app, ready to send.
type asset struct {
	body, gz []byte
	ctype    string
	etag     string
}

// assets is the web app in memory.
type assets struct {
	files   map[string]*asset // by name, without the leading slash
	version string
}

// loadAssets reads every file of files, rewrites the page's references to
// the versioned paths and compresses what is worth it.
func loadAssets(files fs.FS) (*assets, error) {
	a := &assets{files: map[string]*asset{}}
	raw := map[string][]byte{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, p)
		raw[p] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(raw))
	for n := range raw {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write(raw[n])
	}
	a.version = hex.EncodeToString(h.Sum(nil))[:12]
	for _, n := range names {
		body := raw[n]
		switch n {
		case "index.html":
			body = a.versioned(body, names)
		case "sw.js":
			body = a.worker(body, names)
		case "manifest.webmanifest":
			body = bytes.ReplaceAll(body, []byte(`"src": "icon.svg"`), []byte(`"src": "/v/`+a.version+`/icon.svg"`))
		}
		a.files[n] = newAsset(n, body)
	}
	return a, nil
}

// worker writes the version and the files to cache into the service
// worker: the page and every other file under its versioned path.
func (a *assets) worker(src []byte, names []string) []byte {
	list := []string{`"/"`}
	for _, n := range names {
		if n != "index.html" && n != "sw.js" {
			list = append(list, `"/v/`+a.version+"/"+n+`"`)
		}
	}
	src = bytes.ReplaceAll(src, []byte("__VERSION__"), []byte(a.version))
	return bytes.ReplaceAll(src, []byte("__ASSETS__"), []byte("["+strings.Join(list, ", ")+"]"))
}

// versioned points the page's references to the other files (href="x",
// src="x") at /v/VERSION/x.
func (a *assets) versioned(page []byte, names []string) []byte {
	for _, n := range names {
		if n == "index.html" {
			continue
		}
		for _, attr := range []string{"href", "src", "content"} {
			page = bytes.ReplaceAll(page, []byte(attr+`="`+n+`"`), []byte(attr+`="/v/`+a.version+"/"+n+`"`))
		}
	}
	return page
}

func newAsset(name string, body []byte) *asset {
	ctype := mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".webmanifest" {
		ctype = "application/manifest+json"
	}
	if ctype == "" {
		ctype = http.DetectContentType(body)
	}
	sum := sha256.Sum256(body)
	a := &asset{body: body, ctype: ctype, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	if len(body) > 512 && !strings.HasPrefix(ctype, "image/png") {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(body)
		zw.Close()
		if buf.Len() < len(body) {
			a.gz = buf.Bytes()
		}
	}
	return a
}

// uiHandler serves the web app's static files.
func (s *Server) uiHandler() http.Handler {
	files := s.UI
	if files == nil {
		files, _ = fs.Sub(uiFiles, "ui")
	}
	a, err := loadAssets(files)
	if err != nil {
		s.Log.Error("web app files", "err", err)
		return http.NotFoundHandler()
	}
	return http.HandlerFunc(a.serve)
}

func (a *assets) serve(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/")
	immutable := false
	if rest, ok := strings.CutPrefix(name, "v/"); ok {
		version, file, _ := strings.Cut(rest, "/")
		name, immutable = file, version == a.version
	}
	switch name {
	case "":
		name = "index.html"
	case "favicon.ico": // browsers ask for it whatever the page says
		name = "icon.svg"
	}
	f, ok := a.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Vary", "Accept-Encoding")
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	body, etag := f.body, f.etag
	if f.gz != nil && acceptsGzip(r) {
		body, etag = f.gz, strings.TrimSuffix(f.etag, `"`)+`-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}
