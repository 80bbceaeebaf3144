package api

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed ui
var uiFiles embed.FS

// uiHandler serves the web app's static files.
func (s *Server) uiHandler() http.Handler {
	files := s.UI
	if files == nil {
		files, _ = fs.Sub(uiFiles, "ui")
	}
	fsrv := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/favicon.ico" { // browsers ask for it whatever the page says
			http.ServeFileFS(w, r, files, "icon.svg")
			return
		}
		fsrv.ServeHTTP(w, r)
	})
}
