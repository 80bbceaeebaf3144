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
	return http.FileServerFS(files)
}
