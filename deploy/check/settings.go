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
	Default    string // the envDefault, when HasDefault
	Required   bool
	// Secret: the field's type is platform/config's Secret, a credential the manifests must take
	// from a Kubernetes Secret (TestCredentials_comeFromSecretsOnly).
	Secret bool
}

// secretPackage and secretName are the type that marks a credential: its package (as imported) and name.
const secretPackage, secretName = "semesterhaus/platform/config", "Secret"

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
					return fieldSettings(dir, imports(file), st)
				}
			}
		}
	}
	return nil, fmt.Errorf("no type %s in %s", typeName, dir)
}

// imports maps the names a file's imports are used by to their paths.
func imports(file *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = path
	}
	return out
}

// isSecret tells whether typ, written in a file of dir with those imports, is the credential type.
func isSecret(dir string, imports map[string]string, typ ast.Expr) bool {
	switch t := typ.(type) {
	case *ast.Ident: // inside platform/config itself
		return t.Name == secretName && "semesterhaus/"+filepath.ToSlash(dir) == secretPackage
	case *ast.SelectorExpr:
		x, ok := t.X.(*ast.Ident)
		return ok && t.Sel.Name == secretName && imports[x.Name] == secretPackage
	}
	return false
}

func fieldSettings(dir string, imports map[string]string, st *ast.StructType) ([]Setting, error) {
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
		def, hasDefault := tag.Lookup("envDefault")
		s := Setting{Name: parts[0], HasDefault: hasDefault, Default: def, Secret: isSecret(dir, imports, f.Type)}
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
