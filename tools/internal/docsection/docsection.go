// Package docsection writes a tool's report into its section of a document in docs/: the lines
// between `<!-- NAME:begin … -->` and `<!-- NAME:end -->`, leaving the rest of the page as it is.
package docsection

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Section is a named part of a document that a command rewrites.
type Section struct {
	Name    string // e.g. trafficbench
	Command string // what writes it, e.g. make bench
}

// Begin is the line that opens the section.
func (s Section) Begin() string {
	return fmt.Sprintf("<!-- %s:begin (written by %s) -->", s.Name, s.Command)
}

// End is the line that closes the section.
func (s Section) End() string { return fmt.Sprintf("<!-- %s:end -->", s.Name) }

// Write replaces what is between the section's lines in the file at path with report.
func (s Section) Write(path, report string) error {
	text, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	doc := string(text)
	begin, end := strings.Index(doc, s.Begin()), strings.Index(doc, s.End())
	if begin < 0 || end < begin {
		return fmt.Errorf("%s has no lines %q and %q to write between", path, s.Begin(), s.End())
	}
	return os.WriteFile(path, []byte(doc[:begin]+s.Begin()+"\n"+report+doc[end:]), 0o644)
}

// Commit is the short id of the checked-out commit, which a report names as what it measured.
func Commit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}
