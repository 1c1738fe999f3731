package shapetest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func parse(t *testing.T, source string) []*ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "app.go", source, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return []*ast.File{f}
}

func TestProblems_aTypeOfTooManyMethodsAndABoolConstructor(t *testing.T) {
	t.Parallel()
	var god strings.Builder
	god.WriteString("package app\n\ntype Rentings struct{}\n\nfunc NewRentings(renewal bool, limit int) *Rentings { return nil }\n")
	for i := range MaxMethods + 1 {
		fmt.Fprintf(&god, "func (s *Rentings) m%d() {}\n", i)
	}
	got := Problems(parse(t, god.String()))
	want := []string{
		"NewRentings takes a bool argument: name it with a type or a settings field",
		"NewRentings takes a int argument: name it with a type or a settings field",
		fmt.Sprintf("Rentings has %d methods, at most %d: split it by role", MaxMethods+1, MaxMethods),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestProblems_smallTypesAndNamedArguments_none(t *testing.T) {
	t.Parallel()
	source := "package app\n\ntype Days int\n\ntype Booking struct{}\n\nfunc NewBooking(days Days) *Booking { return nil }\n\n" +
		"func (b *Booking) Request() {}\n\ntype helper struct{}\n"
	for i := range MaxMethods + 5 { // an unexported type is the package's own business
		source += fmt.Sprintf("func (h helper) m%d() {}\n", i)
	}
	if got := Problems(parse(t, source)); len(got) != 0 {
		t.Errorf("problems %v, want none", got)
	}
}
