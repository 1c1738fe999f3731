// Package workspace finds the repository that a tool or a test runs in: the directory holding
// go.work, where .data/bin keeps the binaries make builds and ../shared lies beside.
package workspace

import (
	"errors"
	"os"
	"path/filepath"
)

// ErrOutside means that no directory at or above the working directory holds go.work.
var ErrOutside = errors.New("no go.work here or above: run it from the repository")

// Root walks up from the working directory to the directory that holds go.work.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrOutside
		}
		dir = parent
	}
}
