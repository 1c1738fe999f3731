package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteSection_replacesOnlyWhatIsBetweenTheMarkers(t *testing.T) {
	file := filepath.Join(t.TempDir(), "benchmarks.md")
	before := "# Benchmarks\n\n" + sectionBegin + "\nold figures\n" + sectionEnd + "\n\n## Earlier\n"
	if err := os.WriteFile(file, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeSection(file, "new figures\n"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if want := "# Benchmarks\n\n" + sectionBegin + "\nnew figures\n" + sectionEnd + "\n\n## Earlier\n"; string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := os.WriteFile(file, []byte("# no markers\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeSection(file, "x"); err == nil {
		t.Error("a file without markers was written")
	}
}
