package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// maxMethods is the most methods (exported and not) a use case type may have: a type a newcomer can
// read in one sitting.
const maxMethods = 25

// appFiles parses the package's non-test files.
func appFiles(t *testing.T) []*ast.File {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatal("no source files found")
	}
	return files
}

// receiverType names the type of a method's receiver (T or *T).
func receiverType(fn *ast.FuncDecl) string {
	expr := fn.Recv.List[0].Type
	if star, ok := expr.(*ast.StarExpr); ok {
		expr = star.X
	}
	if ident, ok := expr.(*ast.Ident); ok {
		return ident.Name
	}
	return ""
}

func TestUseCaseTypes_haveAtMost25MethodsEach(t *testing.T) {
	t.Parallel()
	methods := make(map[string]int)
	for _, f := range appFiles(t) {
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil {
				methods[receiverType(fn)]++
			}
		}
	}
	if len(methods) == 0 {
		t.Fatal("no methods found")
	}
	for name, n := range methods {
		if ast.IsExported(name) && n > maxMethods {
			t.Errorf("app.%s has %d methods, at most %d: split it by role", name, n, maxMethods)
		}
	}
}

// numbers are the predeclared types whose arguments say nothing at the call site.
var numbers = map[string]bool{
	"bool": true, "int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "float32": true, "float64": true,
}

func TestConstructors_takeNoBoolOrNumberArguments(t *testing.T) {
	t.Parallel()
	constructors := 0
	for _, f := range appFiles(t) {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !fn.Name.IsExported() || !strings.HasPrefix(fn.Name.Name, "New") {
				continue
			}
			constructors++
			for _, param := range fn.Type.Params.List {
				if ident, ok := param.Type.(*ast.Ident); ok && numbers[ident.Name] {
					t.Errorf("app.%s takes a %s argument: name it with a type or a settings field", fn.Name.Name, ident.Name)
				}
			}
		}
	}
	if constructors == 0 {
		t.Fatal("no constructors found")
	}
}
