// Package shapetest holds a service's use cases to the shape a newcomer can read (docs/architecture.md,
// "A service"): no type of more than MaxMethods methods, no constructor taking a bool or a number.
package shapetest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// MaxMethods is the most methods (exported and not) an exported type of a use-case package may have:
// a type a newcomer can read in one sitting.
const MaxMethods = 25

// UseCases fails the test when an exported type of the Go package in dir (its files other than
// tests) has more than MaxMethods methods, or an exported New… function takes a bool or a number:
// such an argument says nothing at the call site.
func UseCases(t *testing.T, dir string) {
	t.Helper()
	files, err := sourceFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, problem := range Problems(files) {
		t.Error(problem)
	}
}

// Problems are what breaks the shape in the files of one package.
func Problems(files []*ast.File) []string {
	var problems []string
	methods := map[string]int{}
	for _, f := range files {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			switch {
			case !ok:
			case fn.Recv != nil:
				methods[receiverType(fn)]++
			case fn.Name.IsExported() && strings.HasPrefix(fn.Name.Name, "New"):
				problems = append(problems, unnamedArguments(fn)...)
			}
		}
	}
	for name, n := range methods {
		if ast.IsExported(name) && n > MaxMethods {
			problems = append(problems, fmt.Sprintf("%s has %d methods, at most %d: split it by role", name, n, MaxMethods))
		}
	}
	slices.Sort(problems)
	return problems
}

// numbers are the predeclared types whose arguments say nothing at the call site.
var numbers = map[string]bool{
	"bool": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "float32": true, "float64": true,
}

func unnamedArguments(fn *ast.FuncDecl) []string {
	var problems []string
	for _, param := range fn.Type.Params.List {
		if ident, ok := param.Type.(*ast.Ident); ok && numbers[ident.Name] {
			problems = append(problems, fmt.Sprintf("%s takes a %s argument: name it with a type or a settings field", fn.Name.Name, ident.Name))
		}
	}
	return problems
}

// sourceFiles parses the package's files other than tests.
func sourceFiles(dir string) ([]*ast.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	return files, nil
}

// receiverType names the type of a method's receiver (T or *T, also generic).
func receiverType(fn *ast.FuncDecl) string {
	expr := fn.Recv.List[0].Type
	if star, ok := expr.(*ast.StarExpr); ok {
		expr = star.X
	}
	if index, ok := expr.(*ast.IndexExpr); ok {
		expr = index.X
	}
	if ident, ok := expr.(*ast.Ident); ok {
		return ident.Name
	}
	return ""
}
