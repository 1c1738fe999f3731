package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// privateMask is devstack's umask while it runs: what it and the processes it starts create in the
// data directory (mails, keys, passwords, the NATS store with the renters' events, logs) is its
// owner's only, whatever mode the program asks for.
const privateMask = 0o077

// makePrivate creates the data directory dir readable by its owner only (0700), or makes an
// existing one so, and takes the group's and others' permissions from everything in it: a data
// directory made before (0755, mails and keys 0644) is no longer readable by the machine's other
// users. PostgreSQL's cluster (skip, as PostgreSQL keeps it 0700 itself, as its own user when
// devstack runs as root) and the binaries are left as they are; so are symbolic links, whose mode
// means nothing. As root, pglocal then gives PostgreSQL's user the search bit on dir, nothing more.
func makePrivate(dir string, skip ...string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	skipped := map[string]bool{}
	for _, name := range skip {
		skipped[filepath.Join(dir, name)] = true
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if skipped[path] {
			return filepath.SkipDir
		}
		if !d.IsDir() && !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := info.Mode().Perm() &^ 0o077
		if path == dir {
			mode = 0o700
		}
		if mode == info.Mode().Perm() {
			return nil
		}
		return os.Chmod(path, mode)
	})
}

// keepPrivate sets privateMask as the process's umask; the returned function sets the one before.
func keepPrivate() (restore func()) {
	old := syscall.Umask(privateMask)
	return func() { syscall.Umask(old) }
}
