package check

import (
	"debug/elf"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// copyTree copies src (a file or directory under the repository root) to dst, leaving out what
// .dockerignore leaves out of the build context.
func copyTree(t *testing.T, rel, dst string, ignore []string) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(Root(), rel), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(Root(), p)
		r = filepath.ToSlash(r)
		if Ignored(r, ignore) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		inner, _ := filepath.Rel(filepath.Join(Root(), rel), p)
		target := filepath.Join(dst, inner)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		defer out.Close()
		_, err = io.Copy(out, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

var goImage = regexp.MustCompile(`^golang:(\d+\.\d+)\.\d+-`)

// TestDockerfiles_buildStagesRunWithoutDocker runs each image's Go build stage as Docker would, without
// Docker: only the files its COPY lines bring (minus .dockerignore) in a fresh directory, its
// `go mod download` and its `go build` with the Dockerfile's own environment and flags, its ARGs set to
// the artifact's build args where skaffold.yaml gives them. The binary must be static, and the runtime
// stage must run it as an unprivileged user.
//
// The images build side by side in two waves: first one image of each Dockerfile (they share little
// but the standard library), then the others, which find the packages they share with the first of
// their Dockerfile in the build cache instead of compiling them again at the same time.
func TestDockerfiles_buildStagesRunWithoutDocker(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every image's binary")
	}
	ignore, err := DockerIgnore()
	if err != nil {
		t.Fatal(err)
	}
	artifacts := skaffoldArtifacts(t)
	images := slices.Sorted(maps.Keys(artifacts))
	var waves [2][]string
	first := map[string]bool{}
	for _, image := range images {
		w := 1
		if d := artifacts[image].Dockerfile; !first[d] {
			first[d], w = true, 0
		}
		waves[w] = append(waves[w], image)
	}
	slots := make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))
	for _, wave := range waves {
		var wg sync.WaitGroup
		for _, image := range wave {
			wg.Add(1)
			go func() {
				defer wg.Done()
				slots <- struct{}{}
				defer func() { <-slots }()
				buildStage(t, image, artifacts[image], ignore)
			}()
		}
		wg.Wait()
	}
}

// buildStage is TestDockerfiles_buildStagesRunWithoutDocker's subtest for one image.
func buildStage(t *testing.T, image string, a artifact, ignore []string) {
	name, dockerfile := path.Base(image), a.Dockerfile
	t.Run(name, func(t *testing.T) {
		stages, err := ParseDockerfile(filepath.Join(Root(), dockerfile))
		if err != nil {
			t.Fatal(err)
		}
		build := slices.IndexFunc(stages, func(s Stage) bool {
			return slices.ContainsFunc(s.Instructions, func(in Instruction) bool { return in.Cmd == "RUN" && strings.Contains(in.Args, "go build") })
		})
		if build < 0 {
			t.Fatalf("%s: no stage runs go build", dockerfile)
		}
		stage := stages[build]
		m := goImage.FindStringSubmatch(stage.Image)
		if m == nil {
			t.Fatalf("%s: build stage FROM %s: want a golang image pinned to a patch release", dockerfile, stage.Image)
		}
		if !strings.HasPrefix(runtime.Version(), "go"+m[1]) {
			t.Errorf("%s builds with Go %s, this machine has %s", dockerfile, m[1], runtime.Version())
		}

		root := t.TempDir()
		out := filepath.Join(root, "out")
		workdir := "/"
		vars := map[string]string{}
		declared := map[string]bool{}
		var binary string
		ran := false
		for _, in := range stage.Instructions {
			switch in.Cmd {
			case "WORKDIR":
				workdir = path.Join(workdir, in.Args)
			case "ARG":
				k, v, _ := strings.Cut(in.Args, "=")
				declared[k] = true
				vars[k] = strings.Trim(v, `"`)
				if given, ok := a.BuildArgs[k]; ok {
					vars[k] = given
				}
			case "COPY":
				words := Words(in.Args, vars)
				if strings.HasPrefix(words[0], "--") {
					t.Fatalf("%s: COPY %s in the build stage is not reproduced", dockerfile, in.Args)
				}
				dest := words[len(words)-1]
				for _, src := range words[:len(words)-1] {
					target := path.Join(workdir, dest)
					if strings.HasSuffix(dest, "/") {
						target = path.Join(target, path.Base(src))
					}
					copyTree(t, src, filepath.Join(root, target), ignore)
				}
			case "RUN":
				if packages, ok := aptInstalls(in.Args, vars); ok {
					requireDebianPackages(t, dockerfile, packages)
					continue
				}
				if !strings.Contains(in.Args, "go ") {
					continue // e.g. the user database of the runtime image
				}
				dir := workdir
				for _, segment := range strings.Split(in.Args, "&&") {
					words := Words(strings.TrimSpace(segment), vars)
					if len(words) == 2 && words[0] == "cd" {
						dir = path.Join(dir, words[1])
						continue
					}
					env := os.Environ()
					for len(words) > 0 && strings.Contains(words[0], "=") {
						env = append(env, words[0])
						words = words[1:]
					}
					if len(words) < 2 || words[0] != "go" {
						t.Fatalf("%s: cannot reproduce %q", dockerfile, segment)
					}
					if words[1] == "build" {
						checkBuildFlags(t, dockerfile, env, words)
						o := slices.Index(words, "-o")
						if o < 0 || !strings.HasPrefix(words[o+1], "/out/") {
							t.Fatalf("%s: go build must write to /out/: %q", dockerfile, segment)
						}
						binary = words[o+1]
						words[o+1] = filepath.Join(out, strings.TrimPrefix(binary, "/out/"))
						ran = true
					}
					cmd := exec.Command("go", words[1:]...)
					cmd.Dir = filepath.Join(root, dir)
					cmd.Env = env
					if output, err := cmd.CombinedOutput(); err != nil {
						t.Fatalf("%s: %s: %v\n%s", dockerfile, strings.Join(words, " "), err, output)
					}
				}
			}
		}
		if !ran {
			t.Fatalf("%s: go build was not run", dockerfile)
		}
		for k := range a.BuildArgs {
			if !declared[k] {
				t.Errorf("%s: skaffold.yaml gives the build arg %s, which the build stage does not declare", dockerfile, k)
			}
		}
		checkStatic(t, filepath.Join(out, strings.TrimPrefix(binary, "/out/")))
		checkRuntimeStage(t, dockerfile, stages, stage.Name, binary)
	})
}

// checkBuildFlags: a reproducible static build, either without cgo or with cgo linked statically
// (-extldflags -static) and with Go's own resolver and user lookup (glibc's need shared libraries at
// run time).
func checkBuildFlags(t *testing.T, dockerfile string, env, words []string) {
	t.Helper()
	if !slices.Contains(words, "-trimpath") {
		t.Errorf("%s: go build without -trimpath: %q", dockerfile, strings.Join(words, " "))
	}
	if slices.Contains(env, "CGO_ENABLED=0") {
		return
	}
	tags := flagValue(words, "-tags")
	ldflags := flagValue(words, "-ldflags")
	if !slices.Contains(env, "CGO_ENABLED=1") || !strings.Contains(ldflags, "-static") ||
		!strings.Contains(tags, "netgo") || !strings.Contains(tags, "osusergo") {
		t.Errorf("%s: go build needs CGO_ENABLED=0, or CGO_ENABLED=1 with -tags netgo,osusergo and -ldflags "+
			"'-extldflags \"-static\"': %q", dockerfile, strings.Join(words, " "))
	}
}

// flagValue is the value of a go build flag given as "-flag value" or "-flag=value".
func flagValue(words []string, flag string) string {
	for i, w := range words {
		if v, ok := strings.CutPrefix(w, flag+"="); ok {
			return v
		}
		if w == flag && i+1 < len(words) {
			return words[i+1]
		}
	}
	return ""
}

// aptInstalls returns the Debian packages a RUN line installs with apt-get, its ARGs substituted.
func aptInstalls(run string, vars map[string]string) ([]string, bool) {
	var packages []string
	found := false
	for _, segment := range strings.Split(run, "&&") {
		words := Words(strings.TrimSpace(segment), vars)
		if len(words) < 2 || words[0] != "apt-get" || words[1] != "install" {
			continue
		}
		found = true
		for _, w := range words[2:] {
			if !strings.HasPrefix(w, "-") {
				packages = append(packages, w)
			}
		}
	}
	return packages, found
}

// requireDebianPackages: the build stage installs these packages in its image; reproducing it here
// needs them on this machine (.ci/run installs them).
func requireDebianPackages(t *testing.T, dockerfile string, packages []string) {
	t.Helper()
	for _, p := range packages {
		out, err := exec.Command("dpkg-query", "-W", "-f=${Status}", p).Output()
		if err != nil || !strings.HasSuffix(string(out), " installed") {
			t.Fatalf("%s installs the Debian package %s in its build stage; install it here too (apt-get install %s)", dockerfile, p, p)
		}
	}
}

func checkStatic(t *testing.T, file string) {
	t.Helper()
	f, err := elf.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("%s has a dynamic loader: not static", file)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("%s needs %v: not static", file, libs)
	}
}

// checkRuntimeStage: the last stage is an empty or pinned image, copies the binary from the build
// stage, runs it, and as a numeric non-root user.
func checkRuntimeStage(t *testing.T, dockerfile string, stages []Stage, buildStage, binary string) {
	t.Helper()
	last := stages[len(stages)-1]
	if last.Image != "scratch" && !pinnedTag.MatchString(last.Image) {
		t.Errorf("%s: runtime image %s: want scratch or a pinned tag", dockerfile, last.Image)
	}
	var entry, user string
	copied := map[string]string{}
	for _, in := range last.Instructions {
		switch in.Cmd {
		case "COPY":
			words := strings.Fields(in.Args)
			if len(words) == 3 && words[0] == "--from="+buildStage {
				copied[words[1]] = words[2]
			}
		case "ENTRYPOINT":
			entry = in.Args
		case "USER":
			user = in.Args
		}
	}
	target, ok := copied[binary]
	if !ok {
		t.Fatalf("%s: the runtime stage does not copy %s from stage %s", dockerfile, binary, buildStage)
	}
	if entry != `["`+target+`"]` {
		t.Errorf("%s: ENTRYPOINT %s, want [%q]", dockerfile, entry, target)
	}
	if !regexp.MustCompile(`^[1-9][0-9]*(:[1-9][0-9]*)?$`).MatchString(user) {
		t.Errorf("%s: USER %q, want a numeric non-root user (runAsNonRoot checks it)", dockerfile, user)
	}
	if _, ok := copied["/etc/ssl/certs/ca-certificates.crt"]; !ok {
		t.Errorf("%s: no CA certificates in the runtime image (Stripe, DocuSign, OTLP over TLS)", dockerfile)
	}
}

// The gateway image builds both web apps the way `make build-web` does and puts them where the
// manifests' WEB_PUBLIC_DIR and WEB_ADMIN_DIR say.
func TestGatewayDockerfile_buildsBothWebAppsWhereTheManifestsLookForThem(t *testing.T) {
	stages, err := ParseDockerfile(filepath.Join(Root(), "gateway", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	web := slices.IndexFunc(stages, func(s Stage) bool { return strings.HasPrefix(s.Image, "node:") })
	if web < 0 {
		t.Fatal("gateway/Dockerfile: no node stage builds the web apps")
	}
	if !pinnedTag.MatchString(stages[web].Image) {
		t.Errorf("gateway/Dockerfile: node image %s is not pinned", stages[web].Image)
	}
	var runs []string
	for _, in := range stages[web].Instructions {
		if in.Cmd == "RUN" {
			runs = append(runs, in.Args)
		}
	}
	copies := map[string]string{}
	for _, in := range stages[len(stages)-1].Instructions {
		words := strings.Fields(in.Args)
		if in.Cmd == "COPY" && len(words) == 3 && words[0] == "--from="+stages[web].Name {
			copies[words[1]] = words[2]
		}
	}
	objects := overlays(t)["deploy/overlays/prod"]
	var gatewayConfig map[string]any
	for _, o := range objects {
		if o.Kind() == "ConfigMap" && strings.HasPrefix(o.Name(), "gateway-config") {
			gatewayConfig, _ = Get(o.Map, "data").(map[string]any)
		}
	}
	for app, setting := range map[string]string{"web-public": "WEB_PUBLIC_DIR", "web-admin": "WEB_ADMIN_DIR"} {
		for _, want := range []string{"cd " + app + " && npm ci", "cd " + app + " && npm run build"} {
			if !slices.ContainsFunc(runs, func(r string) bool { return strings.HasPrefix(r, want) }) {
				t.Errorf("gateway/Dockerfile: the web stage does not run %q", want)
			}
		}
		var dest string
		for src, d := range copies {
			if strings.HasSuffix(src, "/"+app+"/dist") {
				dest = d
			}
		}
		if dest == "" {
			t.Errorf("gateway/Dockerfile: %s/dist is not copied into the image", app)
		} else if gatewayConfig[setting] != dest {
			t.Errorf("%s in the manifests is %v, the image has the app in %s", setting, gatewayConfig[setting], dest)
		}
	}
	// make build-web runs the same script.
	pkg, err := os.ReadFile(filepath.Join(Root(), "web-public", "package.json"))
	if err != nil || !strings.Contains(string(pkg), `"build":`) {
		t.Errorf("web-public/package.json has no build script (%v)", err)
	}
}

func TestWords_quotesAndArgs(t *testing.T) {
	got := Words(`CGO_ENABLED=0 go build -gcflags="${FLAGS}" -o '/out/x y' ./cmd/$NAME`, map[string]string{"FLAGS": "all=-N -l", "NAME": "x"})
	want := []string{"CGO_ENABLED=0", "go", "build", "-gcflags=all=-N -l", "-o", "/out/x y", "./cmd/x"}
	if !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
	got = Words(`apt-get install -y ${PACKAGES} "${EMPTY}"`, map[string]string{})
	want = []string{"apt-get", "install", "-y", ""}
	if !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}

func TestIgnored_dockerignorePatterns(t *testing.T) {
	patterns := []string{".git", "**/node_modules", "**/*.test", "deploy"}
	for rel, want := range map[string]bool{
		".git/config": true, "web-public/node_modules/x": true, "services/a/a.test": true, "deploy/base/x.yaml": true,
		"services/catalog/go.mod": false, "web-public/src/x.ts": false,
	} {
		if got := Ignored(rel, patterns); got != want {
			t.Errorf("Ignored(%q) = %v, want %v", rel, got, want)
		}
	}
}
