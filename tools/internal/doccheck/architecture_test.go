// Package doccheck holds the tests that keep the newcomer's map true: README.md's opening and
// docs/architecture.md's modules and "Where each rule lives" table, against the repository itself.
package doccheck

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"semesterhaus/platform/workspace"
)

// readmeHead is how many of README.md's lines must say what the system is, the two commands and
// the architecture.
const readmeHead = 80

func root(t *testing.T) string {
	t.Helper()
	dir, err := workspace.Root()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func read(t *testing.T, root, name string) string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// section is the text of the markdown section whose "## " heading starts with heading, up to the
// next "## " heading; "" when there is none.
func section(doc, heading string) string {
	var b strings.Builder
	in := false
	for line := range strings.Lines(doc) {
		if strings.HasPrefix(line, "## ") {
			if in {
				break
			}
			in = strings.HasPrefix(line, "## "+heading)
		}
		if in {
			b.WriteString(line)
		}
	}
	return b.String()
}

// workModules are the directories go.work uses, as slash paths relative to the root ("platform",
// "services/renting").
func workModules(t *testing.T, goWork string) []string {
	t.Helper()
	var dirs []string
	inUse := false
	add := func(field string) {
		dirs = append(dirs, strings.TrimPrefix(filepath.ToSlash(filepath.Clean(strings.Trim(field, `"`))), "./"))
	}
	sc := bufio.NewScanner(strings.NewReader(goWork))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "//")
		line = strings.TrimSpace(line)
		switch {
		case inUse && line == ")":
			inUse = false
		case inUse && line != "":
			add(line)
		case line == "use (":
			inUse = true
		case strings.HasPrefix(line, "use "):
			add(strings.TrimSpace(strings.TrimPrefix(line, "use ")))
		}
	}
	if len(dirs) == 0 {
		t.Fatal("go.work uses no module")
	}
	return dirs
}

// goModDirs are the directories holding a go.mod, relative to the root, leaving out what is not the
// project's own: hidden directories (.data, .git), node_modules and testdata.
func goModDirs(t *testing.T, root string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == "go.mod" {
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// subdirs are the directories matching pattern (e.g. "services/*"), relative to the root.
func subdirs(t *testing.T, root, pattern string) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && info.IsDir() {
			rel, _ := filepath.Rel(root, m)
			dirs = append(dirs, filepath.ToSlash(rel))
		}
	}
	return dirs
}

// namesPath reports whether text names dir as a code span: `dir` or `dir/`.
func namesPath(text, dir string) bool {
	return strings.Contains(text, "`"+dir+"`") || strings.Contains(text, "`"+dir+"/`")
}

func TestArchitecture_modulesSectionNamesEveryModuleServiceAndWebApp(t *testing.T) {
	root := root(t)
	modules := section(read(t, root, "docs/architecture.md"), "Modules")
	if modules == "" {
		t.Fatal(`docs/architecture.md has no section "## Modules"`)
	}
	inWork := workModules(t, read(t, root, "go.work"))
	withGoMod := goModDirs(t, root)
	for _, dir := range inWork {
		if !slices.Contains(withGoMod, dir) {
			t.Errorf("go.work uses %s, which has no go.mod", dir)
		}
	}
	services := subdirs(t, root, "services/*")
	webApps := subdirs(t, root, "web-*")
	if len(services) == 0 || len(webApps) == 0 {
		t.Fatalf("found services %v and web apps %v: is this the repository?", services, webApps)
	}
	var order []string
	kinds := map[string][]string{}
	for _, want := range []struct {
		kind string
		dirs []string
	}{
		{"a module of go.work", inWork},
		{"a module (it holds a go.mod)", withGoMod},
		{"a service", services},
		{"the gateway", []string{"gateway"}},
		{"a web app", webApps},
	} {
		for _, dir := range want.dirs {
			if _, seen := kinds[dir]; !seen {
				order = append(order, dir)
			}
			kinds[dir] = append(kinds[dir], want.kind)
		}
	}
	for _, dir := range order {
		if !namesPath(modules, dir) {
			t.Errorf("docs/architecture.md, \"Modules\", does not name `%s/`, %s", dir, strings.Join(kinds[dir], ", "))
		}
	}
}

func TestReadme_firstLinesSayTheTwoCommandsAndTheArchitecture(t *testing.T) {
	root := root(t)
	lines := strings.SplitAfter(read(t, root, "README.md"), "\n")
	head := strings.Join(lines[:min(readmeHead, len(lines))], "")
	for _, want := range []struct{ text, why string }{
		{"make run", "the command that starts the system"},
		{"make test", "the command that runs every test"},
		{"](docs/architecture.md)", "a link to the architecture"},
		{"http://localhost:8080", "where make run serves the system"},
		{"NATS JetStream", "how the services tell each other what happened"},
		{"gRPC", "how the services call each other"},
		{"PostgreSQL", "where each service keeps its data"},
		{"`gateway/`", "the gateway"},
	} {
		if !strings.Contains(head, want.text) {
			t.Errorf("README.md's first %d lines lack %q (%s)", readmeHead, want.text, want.why)
		}
	}
	for _, dir := range append(subdirs(t, root, "services/*"), subdirs(t, root, "web-*")...) {
		if !strings.Contains(head, "`"+dir) {
			t.Errorf("README.md's first %d lines do not name `%s`", readmeHead, dir)
		}
	}
}

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	// setting is an environment setting's name as the configuration reads it.
	setting = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`)
	envTag  = regexp.MustCompile(`env:"([A-Z][A-Z0-9_]*)`)
	prefix  = regexp.MustCompile(`envPrefix:"([A-Z][A-Z0-9_]*)"`)
)

// settings are the environment settings the services and the gateway read: the names of their
// configurations' env tags, and each prefix (envPrefix) joined to each name.
func settings(t *testing.T, root string) map[string]bool {
	t.Helper()
	var names, prefixes []string
	dirs := append(subdirs(t, root, "services/*/internal/config"), "gateway/internal/config", "platform/config", "platform/service")
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range envTag.FindAllStringSubmatch(string(text), -1) {
				names = append(names, m[1])
			}
			for _, m := range prefix.FindAllStringSubmatch(string(text), -1) {
				prefixes = append(prefixes, m[1])
			}
		}
	}
	known := map[string]bool{}
	for _, name := range names {
		known[name] = true
		for _, p := range prefixes {
			known[p+name] = true
		}
	}
	if len(known) < 20 {
		t.Fatalf("found only %d settings in %v: has the configuration moved?", len(known), dirs)
	}
	return known
}

// tableRows are the cells of a markdown table's body rows in text (header and separator left out).
func tableRows(text string) [][]string {
	var rows [][]string
	seenHeader := false
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if strings.HasPrefix(line, "|---") {
			seenHeader = true
			continue
		}
		if seenHeader {
			rows = append(rows, cells)
		}
	}
	return rows
}

func TestArchitecture_ruleTableNamesPathsThatExistAndSettingsThatAreRead(t *testing.T) {
	root := root(t)
	rules := section(read(t, root, "docs/architecture.md"), "Where each rule lives")
	rows := tableRows(rules)
	if len(rows) < 10 {
		t.Fatalf(`docs/architecture.md's "Where each rule lives" has %d rows, want its table of rules`, len(rows))
	}
	known := settings(t, root)
	topDirs := map[string]bool{}
	for _, dir := range subdirs(t, root, "*") {
		topDirs[dir] = true
	}
	for _, cells := range rows {
		if len(cells) < 4 {
			t.Errorf("rule row %q: want 4 cells (rule, decided in, building file or setting, described in)", strings.Join(cells, "|"))
			continue
		}
		rule := strings.TrimSpace(cells[0])
		for _, cell := range cells[1:] {
			for _, m := range codeSpan.FindAllStringSubmatch(cell, -1) {
				span := m[1]
				first, _, isPath := strings.Cut(span, "/")
				if isPath && topDirs[first] && !strings.ContainsAny(span, "<>{}*") {
					if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(span))); err != nil {
						t.Errorf("rule %q names %s, which does not exist", rule, span)
					}
				}
			}
		}
		for _, m := range codeSpan.FindAllStringSubmatch(cells[2], -1) {
			if name := m[1]; setting.MatchString(name) && !known[name] {
				t.Errorf("rule %q names the setting %s, which no service's or the gateway's configuration reads", rule, name)
			}
		}
	}
}
