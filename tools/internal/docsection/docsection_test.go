package docsection

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite_replacesOnlyWhatIsBetweenTheMarkers(t *testing.T) {
	section := Section{Name: "bench", Command: "make bench"}
	file := filepath.Join(t.TempDir(), "benchmarks.md")
	before := "# Benchmarks\n\n<!-- bench:begin (written by make bench) -->\nold figures\n<!-- bench:end -->\n\n## Earlier\n"
	if err := os.WriteFile(file, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := section.Write(file, "new figures\n"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if want := "# Benchmarks\n\n<!-- bench:begin (written by make bench) -->\nnew figures\n<!-- bench:end -->\n\n## Earlier\n"; string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := os.WriteFile(file, []byte("# no markers\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := section.Write(file, "x"); err == nil {
		t.Error("a file without markers was written")
	}
}
