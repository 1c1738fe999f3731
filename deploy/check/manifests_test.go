package check

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/yannh/kubeconform/pkg/validator"
	"sigs.k8s.io/yaml"
)

var (
	renderOnce sync.Once
	rendered   map[string][]Object
	renderErr  error
)

// overlays renders every overlay once per test binary.
func overlays(t *testing.T) map[string][]Object {
	t.Helper()
	renderOnce.Do(func() {
		rendered = map[string][]Object{}
		for _, o := range Overlays {
			objects, err := Render(o)
			if err != nil {
				renderErr = err
				return
			}
			rendered[o] = objects
		}
	})
	if renderErr != nil {
		t.Fatal(renderErr)
	}
	return rendered
}

func find(objects []Object, kind, name string) (Object, bool) {
	for _, o := range objects {
		if o.Kind() == kind && o.Name() == name {
			return o, true
		}
	}
	return Object{}, false
}

func TestOverlays_everyObjectConformsToItsSchema(t *testing.T) {
	v, err := NewValidator()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for overlay, objects := range overlays(t) {
		if len(objects) == 0 {
			t.Errorf("%s renders nothing", overlay)
		}
		for _, o := range objects {
			used[SchemaFile(o.APIVersion(), o.Kind())] = true
			r := Validate(v, o)
			if r.Status != validator.Valid {
				msg := fmt.Sprint(r.Err)
				for _, e := range r.ValidationErrors {
					msg += "\n    " + e.Path + ": " + e.Msg
				}
				t.Errorf("%s: %s (%s): %s", overlay, o.ID(), o.APIVersion(), msg)
			}
		}
	}
	// Only the schemas needed: a schema no rendered object uses is stale.
	files, _ := filepath.Glob(filepath.Join(Root(), SchemaDir, "*.json"))
	for _, f := range files {
		if !used[filepath.Base(f)] {
			t.Errorf("%s: no rendered object uses it (run deploy/schemas/generate.sh)", filepath.Base(f))
		}
	}
}

// The validator must refuse what is wrong, or the test above proves nothing.
func TestValidator_refusesUnknownFieldsAndWrongTypes(t *testing.T) {
	v, err := NewValidator()
	if err != nil {
		t.Fatal(err)
	}
	objects := overlays(t)["deploy/overlays/prod"]
	for _, tt := range []struct{ kind, name, from, to string }{
		{"Deployment", "gateway", "readOnlyRootFilesystem: true", "readOnlyRootFilesytem: true"},
		{"Deployment", "gateway", "maxSkew: 1", "maxSkew: one"},
		{"Cluster", "catalog-db", "instances: 3", "instances: 3\n  instanceCount: 3"},
		{"StatefulSet", "nats", "serviceName: nats-headless", "serviceName: [nats-headless]"},
	} {
		o, ok := find(objects, tt.kind, tt.name)
		if !ok || !strings.Contains(string(o.YAML), tt.from) {
			t.Fatalf("%s/%s with %q not rendered", tt.kind, tt.name, tt.from)
		}
		broken := o
		broken.YAML = []byte(strings.Replace(string(o.YAML), tt.from, tt.to, 1))
		if r := Validate(v, broken); r.Status != validator.Invalid {
			t.Errorf("%s/%s with %q: status %v, want invalid", tt.kind, tt.name, tt.to, r.Status)
		}
	}
}

// artifact is one image skaffold.yaml builds: its Dockerfile and the build args it passes.
type artifact struct {
	Dockerfile string
	BuildArgs  map[string]string `json:"buildArgs"`
}

// skaffoldArtifacts returns the images skaffold.yaml builds, with their Dockerfiles and build args.
func skaffoldArtifacts(t *testing.T) map[string]artifact {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Root(), "skaffold.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Build struct {
			Artifacts []struct {
				Image   string
				Context string
				Docker  artifact
			}
		}
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	out := map[string]artifact{}
	for _, a := range cfg.Build.Artifacts {
		if a.Context != "." {
			t.Errorf("artifact %s: context %q, want the repository root (go.work)", a.Image, a.Context)
		}
		out[a.Image] = a.Docker
	}
	return out
}

// podSpecs returns the pod templates of workloads.
func podSpec(o Object) map[string]any {
	switch o.Kind() {
	case "Deployment", "StatefulSet", "Job", "DaemonSet":
		spec, _ := Get(o.Map, "spec", "template", "spec").(map[string]any)
		return spec
	}
	return nil
}

func containers(spec map[string]any) []map[string]any {
	var out []map[string]any
	for _, key := range []string{"initContainers", "containers"} {
		for _, c := range List(spec[key]) {
			out = append(out, c.(map[string]any))
		}
	}
	return out
}

var pinnedTag = regexp.MustCompile(`^[a-z0-9./-]+:v?[0-9]+\.[0-9]+[0-9A-Za-z.-]*$`)

func TestImages_areSkaffoldArtifactsOrPinned(t *testing.T) {
	artifacts := skaffoldArtifacts(t)
	if len(artifacts) != len(Deployables) {
		t.Errorf("skaffold builds %d artifacts, want one per deployable (%d)", len(artifacts), len(Deployables))
	}
	for name := range Deployables {
		if _, ok := artifacts["semesterhaus/"+name]; !ok {
			t.Errorf("skaffold.yaml has no artifact semesterhaus/%s", name)
		}
	}
	for overlay, objects := range overlays(t) {
		seen := map[string]bool{}
		for _, o := range objects {
			for _, c := range containers(podSpec(o)) {
				image, _ := c["image"].(string)
				seen[image] = true
				if strings.HasPrefix(image, "semesterhaus/") {
					if _, ok := artifacts[image]; !ok {
						t.Errorf("%s: %s uses %s, which skaffold.yaml does not build", overlay, o.ID(), image)
					}
				} else if !pinnedTag.MatchString(image) {
					t.Errorf("%s: %s uses %s: pin a third-party image by its version tag", overlay, o.ID(), image)
				}
			}
		}
		for image := range artifacts {
			if !seen[image] {
				t.Errorf("%s: skaffold builds %s but no manifest uses it", overlay, image)
			}
		}
	}
}

// Settings that may stay unset in a cluster, with the reason. Every other setting a deployable reads
// must be given by its manifests.
var defaultsFineInCluster = map[string]string{
	"NATS_USER":      "set where the workload talks to NATS (TestNATS_eachUserSignsInWithItsSecret); catalog and the migrate Jobs do not",
	"NATS_PASSWORD":  "set where the workload talks to NATS (TestNATS_eachUserSignsInWithItsSecret); catalog and the migrate Jobs do not",
	"STRIPE_API_URL": "empty is Stripe's own API; only the production rehearsal points it elsewhere (at stripe-mock)",
}

// Settings that the migrate Jobs (kind Job) may leave unset, with the reason: a Job only migrates its
// database, so it is given no credential it does not use (least privilege).
var defaultsFineInJobs = map[string]string{
	"SERVICE_KEY":         "signs the service's gRPC calls; migrating makes none",
	"SERVICE_PUBLIC_KEYS": "identify the callers of the gRPC server; migrating serves none",
	"TLS_CERT_FILE":       "the servers' certificate; migrating serves nothing",
	"TLS_KEY_FILE":        "the servers' key; migrating serves nothing",
	"TLS_CA_FILE":         "verifies peers; migrating dials none but its database",
}

// Settings that the dev overlay may leave unset, with the reason.
var defaultsFineInDev = map[string]string{
	"TLS_CERT_FILE": "PRODUCTION=false: the services serve plain HTTP and gRPC, so a development cluster needs no cert-manager (TestInternalTLS_productionServesEveryServiceOverTLS checks prod)",
	"TLS_KEY_FILE":  "PRODUCTION=false: see TLS_CERT_FILE",
	"TLS_CA_FILE":   "PRODUCTION=false: the services and the gateway dial their peers over plain HTTP and gRPC",
}

// mayStayUnset returns why the workload of kind in overlay may leave setting unset, or "".
func mayStayUnset(overlay, kind, setting string) string {
	if r := defaultsFineInCluster[setting]; r != "" {
		return r
	}
	if r := defaultsFineInJobs[setting]; r != "" && kind == "Job" {
		return r
	}
	if r := defaultsFineInDev[setting]; r != "" && overlay == "deploy/overlays/dev" {
		return r
	}
	return ""
}

// Variables the manifests may set although no config struct reads them: libraries and the runtime do.
var readByLibraries = map[string]string{
	"OTEL_EXPORTER_OTLP_ENDPOINT": "OpenTelemetry's exporter (platform/tracing)",
	"OTEL_SERVICE_NAME":           "OpenTelemetry's resource (platform/tracing)",
	"GOMEMLIMIT":                  "the Go runtime's soft memory limit, set to the container's limit",
	"GOGC":                        "the Go runtime's heap goal; unset, every deployable runs with server.DefaultGCPercent",
}

// containerEnv returns the variables a container gets, from env and from envFrom ConfigMaps (resolved
// in the rendered objects) and Secrets; from says where each came from.
func containerEnv(t *testing.T, overlay string, objects []Object, owner string, c map[string]any) (names map[string]string) {
	t.Helper()
	names = map[string]string{}
	for _, e := range List(c["env"]) {
		name, _ := Get(e, "name").(string)
		names[name] = "env"
	}
	for _, ef := range List(c["envFrom"]) {
		if cm, ok := Get(ef, "configMapRef", "name").(string); ok {
			o, found := find(objects, "ConfigMap", cm)
			if !found {
				t.Errorf("%s: %s: envFrom ConfigMap %s is not rendered", overlay, owner, cm)
				continue
			}
			data, _ := Get(o.Map, "data").(map[string]any)
			for k := range data {
				names[k] = "ConfigMap " + cm
			}
		}
		if s, ok := Get(ef, "secretRef", "name").(string); ok {
			t.Errorf("%s: %s: envFrom Secret %s: its keys cannot be checked; use secretKeyRef", overlay, owner, s)
		}
	}
	return names
}

func TestSettings_everySettingIsProvidedByTheManifests(t *testing.T) {
	for name, dir := range Deployables {
		settings, err := Settings(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(settings) < 5 {
			t.Fatalf("%s: only %d settings parsed from %s", name, len(settings), dir)
		}
		reads := map[string]bool{}
		for _, s := range settings {
			reads[s.Name] = true
		}
		for overlay, objects := range overlays(t) {
			workloads := []string{"Deployment/" + name}
			if name != "gateway" {
				workloads = append(workloads, "Job/"+name+"-migrate")
			}
			for _, w := range workloads {
				kind, objName, _ := strings.Cut(w, "/")
				o, ok := find(objects, kind, objName)
				if !ok {
					t.Errorf("%s: no %s", overlay, w)
					continue
				}
				cs := containers(podSpec(o))
				if len(cs) != 1 {
					t.Errorf("%s: %s has %d containers, want 1", overlay, w, len(cs))
					continue
				}
				env := containerEnv(t, overlay, objects, w, cs[0])
				for _, s := range settings {
					if _, ok := env[s.Name]; ok {
						continue
					}
					if mayStayUnset(overlay, kind, s.Name) != "" {
						continue
					}
					t.Errorf("%s: %s does not set %s (add it to the manifests or, with a reason, to defaultsFineInCluster, defaultsFineInJobs or defaultsFineInDev)", overlay, w, s.Name)
				}
				for v, from := range env {
					if reads[v] || readByLibraries[v] != "" {
						continue
					}
					if strings.HasPrefix(from, "ConfigMap platform-config") { // shared: some deployable must read it
						if !readBySome(t, v) {
							t.Errorf("%s: platform-config sets %s, which nothing reads", overlay, v)
						}
						continue
					}
					t.Errorf("%s: %s sets %s (%s), which %s does not read", overlay, w, v, from, name)
				}
			}
		}
	}
}

func readBySome(t *testing.T, v string) bool {
	for _, dir := range Deployables {
		settings, err := Settings(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range settings {
			if s.Name == v {
				return true
			}
		}
	}
	return false
}

func TestSettings_parserSeesEmbeddedAndRequiredSettings(t *testing.T) {
	settings, err := Settings(Deployables["renting"])
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Setting{}
	for _, s := range settings {
		got[s.Name] = s
	}
	if s := got["DATABASE_URL"]; !s.Required || s.HasDefault {
		t.Errorf("DATABASE_URL (embedded service.Settings) = %+v, want required without default", s)
	}
	if s := got["CONFIRMATION_TIMEOUT"]; !s.HasDefault {
		t.Errorf("CONFIRMATION_TIMEOUT = %+v, want a default", s)
	}
	if _, ok := got["NATS_STREAM_REPLICAS"]; !ok {
		t.Errorf("NATS_STREAM_REPLICAS not found among %v", settings)
	}
}

func TestSettings_parserSeesSettingsUnderAPrefix(t *testing.T) {
	settings, err := Settings(Deployables["payment"])
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Setting{}
	for _, s := range settings {
		got[s.Name] = s
	}
	for _, name := range []string{"PAYMENT_PROVIDER", "PAYMENT_WEBHOOK_TOLERANCE"} {
		if s, ok := got[name]; !ok || !s.HasDefault {
			t.Errorf("%s (platformconfig.Partner under PAYMENT_) = %+v, found %v; want it with a default", name, s, ok)
		}
	}
	if _, ok := got["PAYMENT_WEBHOOK_SECRET"]; !ok {
		t.Errorf("PAYMENT_WEBHOOK_SECRET not found among %v", settings)
	}
	if _, ok := got["PROVIDER"]; ok {
		t.Error("PROVIDER found without its prefix")
	}
}

// Secrets referenced but not rendered must be generated by CloudNativePG for a rendered Cluster or
// documented for the operator in docs/operations.md; so must ConfigMaps referenced but not rendered.
func TestSecrets_referencedSecretsAreGeneratedOrDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(Root(), "docs", "operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	for overlay, objects := range overlays(t) {
		for _, o := range objects {
			for _, c := range containers(podSpec(o)) {
				for _, e := range List(c["env"]) {
					if ref, ok := Get(e, "valueFrom", "configMapKeyRef").(map[string]any); ok {
						name, key := ref["name"].(string), ref["key"].(string)
						if _, rendered := find(objects, "ConfigMap", name); !rendered && (!strings.Contains(string(doc), "`"+name+"`") || !strings.Contains(string(doc), "`"+key+"`")) {
							t.Errorf("%s: %s reads ConfigMap %s key %s, which no overlay renders: document it in docs/operations.md", overlay, o.ID(), name, key)
						}
					}
					ref, ok := Get(e, "valueFrom", "secretKeyRef").(map[string]any)
					if !ok {
						continue
					}
					secret, key := ref["name"].(string), ref["key"].(string)
					if cluster, ok := strings.CutSuffix(secret, "-app"); ok {
						if _, found := find(objects, "Cluster", cluster); found && key == "uri" {
							continue
						}
					}
					if !strings.Contains(string(doc), "`"+secret+"`") || !strings.Contains(string(doc), "`"+key+"`") {
						t.Errorf("%s: %s reads Secret %s key %s: document it in docs/operations.md", overlay, o.ID(), secret, key)
					}
				}
			}
		}
	}
}

func TestWorkloads_hardenedProbedAndBounded(t *testing.T) {
	for overlay, objects := range overlays(t) {
		for _, o := range objects {
			spec := podSpec(o)
			if spec == nil {
				continue
			}
			if Get(spec, "securityContext", "runAsNonRoot") != true || Get(spec, "securityContext", "seccompProfile", "type") != "RuntimeDefault" {
				t.Errorf("%s: %s: pod must run as non-root with the RuntimeDefault seccomp profile", overlay, o.ID())
			}
			for _, c := range containers(spec) {
				sc := c["securityContext"]
				drop := List(Get(sc, "capabilities", "drop"))
				if Get(sc, "readOnlyRootFilesystem") != true || Get(sc, "allowPrivilegeEscalation") != false || !slices.Contains(drop, any("ALL")) {
					t.Errorf("%s: %s container %s: want a read-only root file system, no privilege escalation, all capabilities dropped", overlay, o.ID(), c["name"])
				}
				for _, r := range []string{"requests", "limits"} {
					if Get(c, "resources", r, "cpu") == nil || Get(c, "resources", r, "memory") == nil {
						t.Errorf("%s: %s container %s: no cpu and memory %s", overlay, o.ID(), c["name"], r)
					}
				}
			}
		}
		for name := range Deployables {
			d, ok := find(objects, "Deployment", name)
			if !ok {
				t.Errorf("%s: no Deployment %s", overlay, name)
				continue
			}
			c := containers(podSpec(d))[0]
			if Get(c, "readinessProbe", "httpGet", "path") != "/readyz" || Get(c, "livenessProbe", "httpGet", "path") != "/healthz" {
				t.Errorf("%s: %s: want readiness on /readyz and liveness on /healthz", overlay, d.ID())
			}
			if len(List(podSpec(d)["initContainers"])) > 0 {
				t.Errorf("%s: %s: init containers (migrations belong in the Job)", overlay, d.ID())
			}
			if _, ok := Get(d.Map, "spec", "replicas").(float64); ok {
				t.Errorf("%s: %s sets replicas: its HorizontalPodAutoscaler owns them", overlay, d.ID())
			}
			hpa, ok := find(objects, "HorizontalPodAutoscaler", name)
			if !ok || Get(hpa.Map, "spec", "scaleTargetRef", "name") != name {
				t.Errorf("%s: no HorizontalPodAutoscaler for %s", overlay, name)
			} else {
				minR, maxR := Get(hpa.Map, "spec", "minReplicas"), Get(hpa.Map, "spec", "maxReplicas")
				if overlay == "deploy/overlays/dev" && minR != float64(1) {
					t.Errorf("%s: %s minReplicas %v, want 1", overlay, name, minR)
				}
				if overlay == "deploy/overlays/prod" && (minR.(float64) < 2 || maxR.(float64) <= minR.(float64)) {
					t.Errorf("%s: %s replicas %v..%v, want at least 2 and room to grow", overlay, name, minR, maxR)
				}
			}
			pdb, ok := find(objects, "PodDisruptionBudget", name)
			podLabels := Get(d.Map, "spec", "template", "metadata", "labels").(map[string]any)
			if !ok {
				t.Errorf("%s: no PodDisruptionBudget for %s", overlay, name)
			} else {
				for k, v := range Get(pdb.Map, "spec", "selector", "matchLabels").(map[string]any) {
					if podLabels[k] != v {
						t.Errorf("%s: PodDisruptionBudget %s does not select the pods of %s", overlay, name, d.ID())
					}
				}
			}
		}
	}
}

// The gRPC callers of each service are the services with a <SERVICE>_GRPC_ADDR setting: its
// NetworkPolicy must admit exactly those on its gRPC port, and only the gateway on its HTTP port.
func TestNetworkPolicies_matchWhoCallsWhom(t *testing.T) {
	callers := map[string][]string{}
	for name, dir := range Deployables {
		settings, err := Settings(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range settings {
			if peer, ok := strings.CutSuffix(s.Name, "_GRPC_ADDR"); ok && peer != "" {
				callers[strings.ToLower(peer)] = append(callers[strings.ToLower(peer)], name)
			}
		}
	}
	for overlay, objects := range overlays(t) {
		if _, ok := find(objects, "NetworkPolicy", "default-deny-ingress"); !ok {
			t.Errorf("%s: no default-deny-ingress NetworkPolicy", overlay)
		}
		for name := range Deployables {
			if name == "gateway" {
				continue
			}
			np, ok := find(objects, "NetworkPolicy", name)
			if !ok {
				t.Errorf("%s: no NetworkPolicy %s", overlay, name)
				continue
			}
			byPort := map[string][]string{}
			for _, rule := range List(Get(np.Map, "spec", "ingress")) {
				var from []string
				for _, peer := range List(Get(rule, "from")) {
					if app, ok := Get(peer, "podSelector", "matchLabels", "app.kubernetes.io/name").(string); ok {
						from = append(from, app)
					}
				}
				for _, p := range List(Get(rule, "ports")) {
					port := fmt.Sprint(Get(p, "port"))
					byPort[port] = append(byPort[port], from...)
				}
			}
			want := slices.Clone(callers[name])
			sort.Strings(want)
			got := byPort["grpc"]
			sort.Strings(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s: NetworkPolicy %s admits %v to gRPC, want its callers %v", overlay, name, got, want)
			}
			if !slices.Equal(byPort["http"], []string{"gateway"}) {
				t.Errorf("%s: NetworkPolicy %s admits %v to HTTP, want only the gateway", overlay, name, byPort["http"])
			}
			db, ok := find(objects, "NetworkPolicy", name+"-db")
			if !ok {
				t.Errorf("%s: no NetworkPolicy %s-db", overlay, name)
				continue
			}
			var apps []string
			for _, rule := range List(Get(db.Map, "spec", "ingress")) {
				for _, peer := range List(Get(rule, "from")) {
					if app, ok := Get(peer, "podSelector", "matchLabels", "app.kubernetes.io/name").(string); ok {
						apps = append(apps, app)
					}
				}
			}
			if !slices.Equal(apps, []string{name}) {
				t.Errorf("%s: NetworkPolicy %s-db admits %v, want only %s", overlay, name, apps, name)
			}
		}
	}
}

func TestDatabases_oneCloudNativePGClusterPerService(t *testing.T) {
	for overlay, objects := range overlays(t) {
		for name := range Deployables {
			if name == "gateway" {
				continue
			}
			c, ok := find(objects, "Cluster", name+"-db")
			if !ok {
				t.Errorf("%s: no Cluster %s-db", overlay, name)
				continue
			}
			if Get(c.Map, "spec", "bootstrap", "initdb", "database") != name {
				t.Errorf("%s: Cluster %s-db does not create the database %s", overlay, name, name)
			}
			want := float64(3)
			if overlay == "deploy/overlays/dev" {
				want = 1
			}
			if got := Get(c.Map, "spec", "instances"); got != want {
				t.Errorf("%s: Cluster %s-db has %v instances, want %v", overlay, name, got, want)
			}
			if overlay == "deploy/overlays/prod" && Get(c.Map, "spec", "backup", "barmanObjectStore", "destinationPath") == nil {
				t.Errorf("%s: Cluster %s-db is not backed up", overlay, name)
			}
			d, _ := find(objects, "Deployment", name)
			var dbURL any
			for _, e := range List(containers(podSpec(d))[0]["env"]) {
				if Get(e, "name") == "DATABASE_URL" {
					dbURL = Get(e, "valueFrom", "secretKeyRef", "name")
				}
			}
			if dbURL != name+"-db-app" {
				t.Errorf("%s: %s reads DATABASE_URL from %v, want the Secret %s-db-app of its own Cluster", overlay, name, dbURL, name)
			}
		}
	}
}

func TestNATS_threeNodeJetStreamWithSyncAlwaysAndReplicatedStreams(t *testing.T) {
	for overlay, objects := range overlays(t) {
		sts, ok := find(objects, "StatefulSet", "nats")
		if !ok {
			t.Fatalf("%s: no StatefulSet nats", overlay)
		}
		if !strings.Contains(string(sts.YAML), "helm.sh/chart: nats-") {
			t.Errorf("%s: StatefulSet nats does not come from the official chart", overlay)
		}
		replicas := Get(sts.Map, "spec", "replicas")
		if replicas != float64(3) {
			t.Errorf("%s: NATS has %v replicas, want 3", overlay, replicas)
		}
		cm, ok := find(objects, "ConfigMap", "nats-config")
		if !ok {
			t.Fatalf("%s: no ConfigMap nats-config", overlay)
		}
		conf := fmt.Sprint(Get(cm.Map, "data", "nats.conf"))
		if !regexp.MustCompile(`"sync_interval":\s*"always"`).MatchString(conf) {
			t.Errorf("%s: JetStream without sync_interval always:\n%s", overlay, conf)
		}
		if n := strings.Count(conf, "nats-headless:6222"); n != 3 {
			t.Errorf("%s: %d cluster routes, want 3", overlay, n)
		}
		var platform Object
		for _, o := range objects {
			if o.Kind() == "ConfigMap" && strings.HasPrefix(o.Name(), "platform-config") {
				platform = o
			}
		}
		if got := Get(platform.Map, "data", "NATS_STREAM_REPLICAS"); got != "3" {
			t.Errorf("%s: NATS_STREAM_REPLICAS = %v, want 3 (one replica per node)", overlay, got)
		}
	}
}

// TestNATS_eachUserSignsInWithItsSecret: the NATS configuration has users only (no anonymous
// access), in two accounts with JetStream (the services' streams in SERVICES, the gateway's buckets
// in GATEWAY), each user with its password from the Secret nats-<user> in the servers' environment.
// The Deployment of the same name signs in as that user with that Secret; the provisioning users
// (provision, provision-gateway) are the Job nats-provision's alone, and no other workload reads
// their Secrets. The users and their permissions come from platform/natsauth (its
// TestChartValues_matchTheTable).
func TestNATS_eachUserSignsInWithItsSecret(t *testing.T) {
	userRE := regexp.MustCompile(`"user": "([a-z-]+)"`)
	provisioners := map[string]string{"provision": "NATS_PROVISION_PASSWORD", "provision-gateway": "NATS_PROVISION_GATEWAY_PASSWORD"}
	for overlay, objects := range overlays(t) {
		cm, ok := find(objects, "ConfigMap", "nats-config")
		if !ok {
			t.Fatalf("%s: no ConfigMap nats-config", overlay)
		}
		conf := fmt.Sprint(Get(cm.Map, "data", "nats.conf"))
		users := userRE.FindAllStringSubmatch(conf, -1)
		if !strings.Contains(conf, `"accounts"`) || !strings.Contains(conf, `"GATEWAY"`) || !strings.Contains(conf, `"SERVICES"`) ||
			len(users) < 7 || strings.Contains(conf, "no_auth_user") || strings.Contains(conf, `"authorization"`) {
			t.Fatalf("%s: NATS without the accounts and a user for each service, the gateway and the provisioning:\n%s", overlay, conf)
		}
		// The gateway's account holds the gateway and its provisioning user only: no service's user
		// signs in where its buckets are.
		gatewayAccount, _, _ := strings.Cut(conf[strings.Index(conf, `"GATEWAY"`):], `"SERVICES"`)
		var inGateway []string
		for _, m := range userRE.FindAllStringSubmatch(gatewayAccount, -1) {
			inGateway = append(inGateway, m[1])
		}
		if sort.Strings(inGateway); !reflect.DeepEqual(inGateway, []string{"gateway", "provision-gateway"}) {
			t.Errorf("%s: the NATS account GATEWAY has the users %v, want gateway and provision-gateway", overlay, inGateway)
		}
		sts, _ := find(objects, "StatefulSet", "nats")
		serverEnv := map[string]any{}
		for _, c := range containers(podSpec(sts)) {
			if c["name"] == "nats" {
				for _, e := range List(c["env"]) {
					serverEnv[Get(e, "name").(string)] = Get(e, "valueFrom", "secretKeyRef")
				}
			}
		}
		for _, m := range users {
			user := m[1]
			variable := "NATS_PASSWORD_" + strings.ToUpper(strings.ReplaceAll(user, "-", "_"))
			if !strings.Contains(conf, `"password": $`+variable) {
				t.Errorf("%s: NATS user %s does not take its password from %s", overlay, user, variable)
			}
			want := map[string]any{"name": "nats-" + user, "key": "password"}
			if got, _ := serverEnv[variable].(map[string]any); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: the NATS servers read %s from %v, want the Secret %v", overlay, variable, serverEnv[variable], want)
			}
			workload, kind, userVariable, passwordVariable := user, "Deployment", "NATS_USER", "NATS_PASSWORD"
			if v, ok := provisioners[user]; ok {
				workload, kind, userVariable, passwordVariable = "nats-provision", "Job", "", v
			}
			d, ok := find(objects, kind, workload)
			if !ok {
				t.Errorf("%s: NATS user %s, but no %s %s", overlay, user, kind, workload)
				continue
			}
			env := map[string]any{}
			for _, e := range List(containers(podSpec(d))[0]["env"]) {
				env[Get(e, "name").(string)] = e
			}
			if v := Get(env[userVariable], "value"); userVariable != "" && v != user {
				t.Errorf("%s: %s %s signs in to NATS as %v, want %s", overlay, kind, workload, v, user)
			}
			if got, _ := Get(env[passwordVariable], "valueFrom", "secretKeyRef").(map[string]any); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s %s reads %s from %v, want the Secret %v", overlay, kind, workload, passwordVariable, got, want)
			}
		}
		// The provisioning's passwords: in the NATS servers and the Job nats-provision only.
		for _, o := range objects {
			if o.ID() == "StatefulSet/nats" || o.ID() == "Job/nats-provision" {
				continue
			}
			for _, secret := range secretRefs(o.Map) {
				if _, ok := provisioners[strings.TrimPrefix(secret, "nats-")]; ok {
					t.Errorf("%s: %s reads the provisioning's Secret %s", overlay, o.ID(), secret)
				}
			}
		}
	}
}

// secretRefs are the names of the Secrets that v (an object, or a part of one) refers to.
func secretRefs(v any) []string {
	var names []string
	switch v := v.(type) {
	case map[string]any:
		for key, child := range v {
			if key == "secretKeyRef" || key == "secretRef" || key == "secret" {
				if name, ok := Get(child, "name").(string); ok {
					names = append(names, name)
				} else if name, ok := Get(child, "secretName").(string); ok {
					names = append(names, name)
				}
			}
			names = append(names, secretRefs(child)...)
		}
	case []any:
		for _, child := range v {
			names = append(names, secretRefs(child)...)
		}
	}
	return names
}

// nats.yaml records the checksums of the chart and the values it was rendered from.
func TestNATS_renderedChartIsUpToDate(t *testing.T) {
	dir := filepath.Join(Root(), "deploy", "nats")
	var paths []string
	err := filepath.WalkDir(filepath.Join(dir, "chart"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			paths = append(paths, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var list strings.Builder
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&list, "%x  %s\n", sha256.Sum256(data), p)
	}
	chartSum := fmt.Sprintf("%x", sha256.Sum256([]byte(list.String())))
	values, err := os.ReadFile(filepath.Join(dir, "values.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	valuesSum := fmt.Sprintf("%x", sha256.Sum256(values))
	rendered, err := os.ReadFile(filepath.Join(Root(), "deploy", "base", "nats.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# chart sha256: " + chartSum + "\n", "# values sha256: " + valuesSum + "\n"} {
		if !strings.Contains(string(rendered), want) {
			t.Errorf("deploy/base/nats.yaml lacks %q: run deploy/nats/render.sh", strings.TrimSpace(want))
		}
	}
}

func TestSkaffold_profilesDeployTheOverlaysAndForwardTheGateway(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(Root(), "skaffold.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	type manifests struct {
		Kustomize struct{ Paths []string }
	}
	type forward struct {
		ResourceType, ResourceName string
		Port                       any
	}
	var cfg struct {
		Manifests   manifests
		PortForward []forward `json:"portForward"`
		Profiles    []struct {
			Name        string
			Manifests   *manifests
			PortForward []forward `json:"portForward"`
		}
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	paths := map[string][]string{"": cfg.Manifests.Kustomize.Paths}
	forwardsGateway := map[string]bool{}
	for _, f := range cfg.PortForward {
		forwardsGateway[""] = forwardsGateway[""] || f.ResourceName == "gateway"
	}
	for _, p := range cfg.Profiles {
		paths[p.Name] = paths[""]
		if p.Manifests != nil {
			paths[p.Name] = p.Manifests.Kustomize.Paths
		}
		forwardsGateway[p.Name] = forwardsGateway[""]
		for _, f := range p.PortForward {
			forwardsGateway[p.Name] = forwardsGateway[p.Name] || f.ResourceName == "gateway"
		}
	}
	for profile, want := range map[string]string{"dev": "deploy/overlays/dev", "prod": "deploy/overlays/prod"} {
		if !slices.Equal(paths[profile], []string{want}) {
			t.Errorf("skaffold profile %q deploys %v, want [%s]", profile, paths[profile], want)
		}
		if !forwardsGateway[profile] {
			t.Errorf("skaffold profile %q does not forward the gateway", profile)
		}
	}
}

func TestIngress_servesTheGatewayButNotItsMetrics(t *testing.T) {
	for overlay, objects := range overlays(t) {
		ing, ok := find(objects, "Ingress", "gateway")
		if !ok {
			t.Fatalf("%s: no Ingress gateway", overlay)
		}
		backends := map[string]string{}
		for _, rule := range List(Get(ing.Map, "spec", "rules")) {
			for _, p := range List(Get(rule, "http", "paths")) {
				backends[fmt.Sprint(Get(p, "path"))] = fmt.Sprint(Get(p, "backend", "service", "name"))
			}
		}
		if backends["/"] != "gateway" || backends["/metrics"] == "gateway" || backends["/metrics"] == "" {
			t.Errorf("%s: Ingress routes %v, want / to the gateway and /metrics elsewhere", overlay, backends)
		}
		if overlay == "deploy/overlays/prod" && Get(ing.Map, "spec", "tls") == nil {
			t.Errorf("%s: Ingress without TLS", overlay)
		}
		checkGatewayMetricsPort(t, overlay, objects)
	}
}

// checkGatewayMetricsPort: the scraper reads the gateway's metrics port, which only it may reach and
// which the Service (behind the Ingress) does not expose.
func checkGatewayMetricsPort(t *testing.T, overlay string, objects []Object) {
	t.Helper()
	deployment, _ := find(objects, "Deployment", "gateway")
	service, _ := find(objects, "Service", "gateway")
	policy, _ := find(objects, "NetworkPolicy", "gateway")
	ports := map[string]string{}
	for _, c := range containers(podSpec(deployment)) {
		for _, p := range List(c["ports"]) {
			ports[fmt.Sprint(Get(p, "name"))] = fmt.Sprint(Get(p, "containerPort"))
		}
	}
	scraped := fmt.Sprint(Get(deployment.Map, "spec", "template", "metadata", "annotations", "prometheus.io/port"))
	if ports["metrics"] == "" || scraped != ports["metrics"] || ports["metrics"] == ports["http"] {
		t.Errorf("%s: gateway container ports %v, scraped port %s: want the scraper on a metrics port apart from http", overlay, ports, scraped)
	}
	for _, p := range List(Get(service.Map, "spec", "ports")) {
		if target := fmt.Sprint(Get(p, "targetPort")); target != "http" {
			t.Errorf("%s: Service gateway exposes %s, want only http", overlay, target)
		}
	}
	for _, rule := range List(Get(policy.Map, "spec", "ingress")) {
		var namespaces, rulePorts []string
		for _, peer := range List(Get(rule, "from")) {
			namespaces = append(namespaces, fmt.Sprint(Get(peer, "namespaceSelector", "matchLabels", "kubernetes.io/metadata.name")))
		}
		for _, p := range List(Get(rule, "ports")) {
			rulePorts = append(rulePorts, fmt.Sprint(Get(p, "port")))
		}
		if slices.Contains(namespaces, "ingress-nginx") && slices.Contains(rulePorts, "metrics") {
			t.Errorf("%s: NetworkPolicy gateway lets the ingress controller reach the metrics port", overlay)
		}
	}
}
