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

// nested structs (embedded, or fields with an envPrefix) by the selector they are written with, and
// where they are declared.
var nested = map[string]struct{ dir, typ string }{
	"service.Settings":       {"platform/service", "Settings"},
	"platformconfig.Partner": {"platform/config", "Partner"},
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
		tag, err := fieldTag(f)
		if err != nil {
			return nil, err
		}
		prefix, hasPrefix := tag.Lookup("envPrefix")
		if len(f.Names) == 0 || hasPrefix { // embedded, or a struct of settings under a prefix
			more, err := nestedSettings(dir, f.Type, prefix)
			if err != nil {
				return nil, err
			}
			out = append(out, more...)
			continue
		}
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

func fieldTag(f *ast.Field) (reflect.StructTag, error) {
	if f.Tag == nil {
		return "", nil
	}
	raw, err := strconv.Unquote(f.Tag.Value)
	return reflect.StructTag(raw), err
}

// nestedSettings are the settings of a struct declared in another package, their names under prefix.
func nestedSettings(dir string, typ ast.Expr, prefix string) ([]Setting, error) {
	sel, ok := typ.(*ast.SelectorExpr)
	if !ok {
		return nil, fmt.Errorf("%s: nested %T not followed", dir, typ)
	}
	name := sel.X.(*ast.Ident).Name + "." + sel.Sel.Name
	where, ok := nested[name]
	if !ok {
		return nil, fmt.Errorf("%s: nested %s: add where it is declared to check.nested", dir, name)
	}
	settings, err := structSettings(where.dir, where.typ)
	if err != nil {
		return nil, err
	}
	for i := range settings {
		settings[i].Name = prefix + settings[i].Name
	}
	return settings, nil
}
