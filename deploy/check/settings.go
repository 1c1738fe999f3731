package check

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// Setting is one environment variable a deployable reads through its config struct.
type Setting struct {
	Name       string
	HasDefault bool
	Required   bool
}

// Deployables are the images Semesterhaus builds, each with the package of its config struct (relative
// to the repository root); their Config embeds platform/service's Settings where it names it.
var Deployables = map[string]string{
	"catalog":  "services/catalog/internal/config",
	"renting":  "services/renting/internal/config",
	"renter":   "services/renter/internal/config",
	"document": "services/document/internal/config",
	"payment":  "services/payment/internal/config",
	"gateway":  "gateway/internal/config",
}

// embedded structs by the selector they are written with, and where they are declared.
var embedded = map[string]struct{ dir, typ string }{
	"service.Settings": {"platform/service", "Settings"},
}

// Settings parses the config struct `Config` in dir (and what it embeds) and returns every `env` tag.
func Settings(dir string) ([]Setting, error) {
	return structSettings(dir, "Config")
}

func structSettings(dir, typeName string) ([]Setting, error) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, filepath.Join(Root(), dir), func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		return nil, err
	}
	for _, pkg := range pkgs {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, spec := range gen.Specs {
					ts, ok := spec.(*ast.TypeSpec)
					if !ok || ts.Name.Name != typeName {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						return nil, fmt.Errorf("%s.%s is not a struct", dir, typeName)
					}
					return fieldSettings(dir, st)
				}
			}
		}
	}
	return nil, fmt.Errorf("no type %s in %s", typeName, dir)
}

func fieldSettings(dir string, st *ast.StructType) ([]Setting, error) {
	var out []Setting
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 { // embedded
			sel, ok := f.Type.(*ast.SelectorExpr)
			if !ok {
				return nil, fmt.Errorf("%s: embedded %T not followed", dir, f.Type)
			}
			name := sel.X.(*ast.Ident).Name + "." + sel.Sel.Name
			where, ok := embedded[name]
			if !ok {
				return nil, fmt.Errorf("%s: embedded %s: add where it is declared to check.embedded", dir, name)
			}
			more, err := structSettings(where.dir, where.typ)
			if err != nil {
				return nil, err
			}
			out = append(out, more...)
			continue
		}
		if f.Tag == nil {
			continue
		}
		raw, err := strconv.Unquote(f.Tag.Value)
		if err != nil {
			return nil, err
		}
		tag := reflect.StructTag(raw)
		env, ok := tag.Lookup("env")
		if !ok {
			continue
		}
		parts := strings.Split(env, ",")
		_, hasDefault := tag.Lookup("envDefault")
		s := Setting{Name: parts[0], HasDefault: hasDefault}
		for _, opt := range parts[1:] {
			if opt == "required" || opt == "notEmpty" {
				s.Required = true
			}
		}
		out = append(out, s)
	}
	return out, nil
}
