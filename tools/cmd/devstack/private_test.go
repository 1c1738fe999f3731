package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// writeWithMode writes a file and gives it mode, whatever the umask.
func writeWithMode(t *testing.T, path string, mode fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("secret or mail\n"), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func wantMode(t *testing.T, path string, want fs.FileMode) {
	t.Helper()
	info, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != want {
		t.Errorf("%s has mode %04o, want %04o", path, got, want)
	}
}

// TestMakePrivate_anOldWorldReadableDataDirectory_becomesTheOwnersOnly: a data directory that an
// earlier devstack left 0755 with mails and secrets 0644 is 0700 and its files 0600 after a start;
// PostgreSQL's cluster, the binaries and what a symbolic link points to keep their modes.
func TestMakePrivate_anOldWorldReadableDataDirectory_becomesTheOwnersOnly(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, ".data")
	mail := filepath.Join(data, "mail", "8f3a.eml")
	secret := filepath.Join(data, "webhooks", "payment_webhook_secret")
	pgConf := filepath.Join(data, "postgres", "postgresql.conf")
	binary := filepath.Join(data, "bin", "gateway")
	outside := filepath.Join(root, "elsewhere.txt")
	writeWithMode(t, mail, 0o644)
	writeWithMode(t, secret, 0o664)
	writeWithMode(t, pgConf, 0o640)
	writeWithMode(t, binary, 0o755)
	writeWithMode(t, outside, 0o644)
	if err := os.Symlink(outside, filepath.Join(data, "mail", "link")); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{data, filepath.Join(data, "mail"), filepath.Join(data, "postgres")} {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}

	if err := makePrivate(data, "postgres", "bin"); err != nil {
		t.Fatal(err)
	}
	wantMode(t, data, 0o700)
	wantMode(t, filepath.Join(data, "mail"), 0o700)
	wantMode(t, mail, 0o600)
	wantMode(t, secret, 0o600)
	wantMode(t, pgConf, 0o640)
	wantMode(t, filepath.Join(data, "postgres"), 0o755)
	wantMode(t, binary, 0o755)
	wantMode(t, outside, 0o644)

	fresh := filepath.Join(root, "new", ".data")
	if err := makePrivate(fresh); err != nil {
		t.Fatal(err)
	}
	wantMode(t, fresh, 0o700)
}

// TestStack_start_makesTheDataDirectoryPrivateAndItsChildrenCreateOwnerOnlyFiles: devstack fixes
// the mode of an existing data directory at start, and what the processes it starts create (here
// the fake services' log, asked for with 0644) is the owner's only.
func TestStack_start_makesTheDataDirectoryPrivateAndItsChildrenCreateOwnerOnlyFiles(t *testing.T) {
	f := newFixture(t, "catalog")
	data := filepath.Join(f.stack.root, dataDirName)
	oldMail := filepath.Join(data, "mail", "old.eml")
	writeWithMode(t, oldMail, 0o644)
	if err := os.Chmod(data, 0o755); err != nil {
		t.Fatal(err)
	}
	stop := f.startUntilGateway(t)

	wantMode(t, data, 0o700)
	wantMode(t, oldMail, 0o600)
	wantMode(t, filepath.Join(data, "identity", privateKeyFile), 0o600)
	wantMode(t, filepath.Join(data, "identity", publicKeyFile), 0o600)
	wantMode(t, f.logFile, 0o600)

	stop()
}
