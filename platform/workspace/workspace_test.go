package workspace_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"semesterhaus/platform/workspace"
)

func TestRoot_isTheDirectoryHoldingGoWork_fromBelowItAndNowhereElse(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.work"), []byte("go 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	below := filepath.Join(root, "services", "payment", "internal")
	if err := os.MkdirAll(below, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(below)
	if got, err := workspace.Root(); err != nil || got != root {
		t.Errorf("Root() = %q, %v; want %q", got, err, root)
	}
	t.Chdir(t.TempDir())
	if _, err := workspace.Root(); !errors.Is(err, workspace.ErrOutside) {
		t.Errorf("outside the repository: %v, want ErrOutside", err)
	}
}
