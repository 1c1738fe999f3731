package check

import (
	"encoding/json"
	"fmt"
	"semesterhaus/platform/topology"
	"slices"
	"sort"
	"strings"
	"testing"
)

// grpcEdges: which services each one calls over gRPC, as the topology declares them once
// (platform/topology). The egress policies must open exactly these; the callers the services'
// *_GRPC_ADDR settings name must be the same.
var grpcEdges = topology.Edges()

// externalPorts are the ports a workload may reach outside the cluster on (an ipBlock), with whom.
var externalPorts = map[string]string{
	"443": "Stripe, the e-signature API, the OpenID Connect provider",
	"25":  "a mail relay without TLS (SMTP_TLS=none)",
	"465": "a mail relay with implicit TLS",
	"587": "a mail relay with STARTTLS",
}

// privateRanges must be excepted from an ipBlock to the outside: the cluster's pods, Services and nodes
// live there and are reached only through selectors.
var privateRanges = []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"}

// apiServerPolicy is the one policy that may open an ipBlock without exceptions: the database pods'
// way to the Kubernetes API (network-policies.yaml says why), on apiServerPorts only.
const apiServerPolicy = "postgres-kubernetes-api"

var apiServerPorts = []string{"443", "6443"}

// workload is a set of pods the manifests run: their labels, and the app they belong to.
type workload struct {
	id     string
	labels map[string]any
}

// workloads are the pod templates of the rendered objects and the pods of each CloudNativePG Cluster.
func workloads(objects []Object) []workload {
	var out []workload
	for _, o := range objects {
		if podSpec(o) != nil {
			labels, _ := Get(o.Map, "spec", "template", "metadata", "labels").(map[string]any)
			out = append(out, workload{o.ID(), labels})
		}
		if o.Kind() == "Cluster" {
			out = append(out, workload{o.ID(), map[string]any{"cnpg.io/cluster": o.Name()}})
		}
	}
	return out
}

// selects tells whether a label selector matches labels (matchLabels; matchExpressions In and Exists).
func selects(selector any, labels map[string]any) bool {
	for k, v := range asMap(Get(selector, "matchLabels")) {
		if labels[k] != v {
			return false
		}
	}
	for _, e := range List(Get(selector, "matchExpressions")) {
		v, has := labels[fmt.Sprint(Get(e, "key"))]
		switch Get(e, "operator") {
		case "Exists":
			if !has {
				return false
			}
		case "In":
			if !has || !slices.Contains(List(Get(e, "values")), v) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

func emptySelector(selector any) bool {
	return len(asMap(Get(selector, "matchLabels"))) == 0 && len(List(Get(selector, "matchExpressions"))) == 0
}

func isEgress(np Object) bool {
	return slices.Contains(List(Get(np.Map, "spec", "policyTypes")), any("Egress"))
}

// egressPolicies returns the egress NetworkPolicies with a selector of their own that select w.
func egressPolicies(objects []Object, w workload) []Object {
	var out []Object
	for _, np := range objects {
		sel := Get(np.Map, "spec", "podSelector")
		if np.Kind() == "NetworkPolicy" && isEgress(np) && !emptySelector(sel) && selects(sel, w.labels) {
			out = append(out, np)
		}
	}
	return out
}

// egressProblems reports what lets a pod reach more than it needs: no default-deny-egress, a workload
// without an egress policy of its own (the shared apiServerPolicy does not count), a rule open to every destination or port, a peer that is a whole
// namespace set or the whole namespace, a database other than the workload's own, an ipBlock into the
// cluster's private ranges or on a port no partner listens on, pods of the namespace not named by their
// app or database cluster, and a policy for every pod that opens more than the cluster DNS.
func egressProblems(objects []Object) []string {
	var out []string
	denied := false
	for _, np := range objects {
		if np.Kind() == "NetworkPolicy" && isEgress(np) && emptySelector(Get(np.Map, "spec", "podSelector")) &&
			len(List(Get(np.Map, "spec", "egress"))) == 0 {
			denied = true
		}
	}
	if !denied {
		out = append(out, "no NetworkPolicy denies all egress by default")
	}
	for _, w := range workloads(objects) {
		own := slices.DeleteFunc(egressPolicies(objects, w), func(np Object) bool { return np.Name() == apiServerPolicy })
		if len(own) == 0 {
			out = append(out, w.id+": no egress NetworkPolicy selects its pods")
		}
	}
	for _, np := range objects {
		if np.Kind() != "NetworkPolicy" || !isEgress(np) {
			continue
		}
		// The app (or database cluster) whose pods the policy is for.
		own := fmt.Sprint(Get(np.Map, "spec", "podSelector", "matchLabels", "app.kubernetes.io/name"))
		if c, ok := Get(np.Map, "spec", "podSelector", "matchLabels", "cnpg.io/cluster").(string); ok {
			own = strings.TrimSuffix(c, "-db")
		}
		everyPod := emptySelector(Get(np.Map, "spec", "podSelector"))
		for i, rule := range List(Get(np.Map, "spec", "egress")) {
			where := fmt.Sprintf("%s rule %d", np.ID(), i)
			if everyPod && !dnsOnly(rule) {
				out = append(out, where+": opens more than the cluster DNS to every pod of the namespace")
			}
			var ports []string
			for _, p := range List(Get(rule, "ports")) {
				if Get(p, "port") == nil {
					out = append(out, where+": a port entry without a port opens every port")
				}
				ports = append(ports, fmt.Sprint(Get(p, "port")))
			}
			if len(ports) == 0 {
				out = append(out, where+": no ports, so every port is open")
			}
			peers := List(Get(rule, "to"))
			if len(peers) == 0 {
				out = append(out, where+": no destinations, so every address is open")
			}
			for _, peer := range peers {
				out = append(out, peerProblems(np, where, own, peer, ports)...)
			}
		}
	}
	return out
}

// dnsOnly: the rule opens port 53 in kube-system and nothing else.
func dnsOnly(rule any) bool {
	for _, p := range List(Get(rule, "ports")) {
		if fmt.Sprint(Get(p, "port")) != "53" {
			return false
		}
	}
	for _, peer := range List(Get(rule, "to")) {
		if Get(peer, "namespaceSelector", "matchLabels", "kubernetes.io/metadata.name") != "kube-system" {
			return false
		}
	}
	return len(List(Get(rule, "ports"))) > 0 && len(List(Get(rule, "to"))) > 0
}

func peerProblems(np Object, where, own string, peer any, ports []string) []string {
	var out []string
	if block := Get(peer, "ipBlock"); block != nil {
		except := List(Get(block, "except"))
		if np.Name() == apiServerPolicy {
			exprs := List(Get(np.Map, "spec", "podSelector", "matchExpressions"))
			if len(exprs) != 1 || Get(exprs[0], "key") != "cnpg.io/cluster" || Get(exprs[0], "operator") != "Exists" {
				out = append(out, where+": the Kubernetes API rule must select only the database pods")
			}
			for _, p := range ports {
				if !slices.Contains(apiServerPorts, p) {
					out = append(out, fmt.Sprintf("%s: port %s to any address", where, p))
				}
			}
			return out
		}
		if Get(block, "cidr") != "0.0.0.0/0" {
			out = append(out, fmt.Sprintf("%s: ipBlock %v: partners outside are 0.0.0.0/0 without the private ranges, on their port", where, Get(block, "cidr")))
		}
		for _, r := range privateRanges {
			if !slices.Contains(except, any(r)) {
				out = append(out, fmt.Sprintf("%s: ipBlock reaches into the private range %s (the cluster)", where, r))
			}
		}
		for _, p := range ports {
			if externalPorts[p] == "" {
				out = append(out, fmt.Sprintf("%s: port %s outside the cluster, where no partner listens", where, p))
			}
		}
		return out
	}
	ns, hasNS := Get(peer, "namespaceSelector").(map[string]any)
	pods, hasPods := Get(peer, "podSelector").(map[string]any)
	switch {
	case hasNS && Get(ns, "matchLabels", "kubernetes.io/metadata.name") == nil:
		out = append(out, where+": a namespaceSelector that names no one namespace")
	case !hasNS && hasPods && emptySelector(pods):
		out = append(out, where+": every pod of the namespace")
	case !hasNS && hasPods && (Get(pods, "matchExpressions") != nil ||
		Get(pods, "matchLabels", "app.kubernetes.io/name") == nil && Get(pods, "matchLabels", "cnpg.io/cluster") == nil):
		// One app or database cluster by name, so grpcCallees and the database rule below see it.
		out = append(out, where+": pods not named by app.kubernetes.io/name or cnpg.io/cluster")
	case !hasNS && !hasPods:
		out = append(out, where+": a destination without a selector")
	}
	if c, ok := Get(pods, "matchLabels", "cnpg.io/cluster").(string); ok && c != own+"-db" {
		out = append(out, fmt.Sprintf("%s: the database %s, not its own (%s-db)", where, c, own))
	}
	return out
}

// grpcCallees reads from the egress policies which deployables each deployable's servers may call on
// any port but their HTTP port (the gateway's): the port named grpc, or one given by number.
func grpcCallees(objects []Object) map[string][]string {
	out := map[string][]string{}
	for name := range Deployables {
		d, ok := find(objects, "Deployment", name)
		if !ok {
			continue
		}
		labels, _ := Get(d.Map, "spec", "template", "metadata", "labels").(map[string]any)
		callees := []string{}
		for _, np := range egressPolicies(objects, workload{d.ID(), labels}) {
			for _, rule := range List(Get(np.Map, "spec", "egress")) {
				grpc := false
				for _, p := range List(Get(rule, "ports")) {
					grpc = grpc || fmt.Sprint(Get(p, "port")) != "http"
				}
				for _, peer := range List(Get(rule, "to")) {
					app, _ := Get(peer, "podSelector", "matchLabels", "app.kubernetes.io/name").(string)
					if _, deployable := Deployables[app]; deployable && grpc {
						callees = append(callees, app)
					}
				}
			}
		}
		sort.Strings(callees)
		out[name] = slices.Compact(callees)
	}
	return out
}

func TestEgress_everyWorkloadIsRestricted(t *testing.T) {
	for overlay, objects := range overlays(t) {
		for _, p := range egressProblems(objects) {
			t.Errorf("%s: %s", overlay, p)
		}
	}
}

func TestEgress_grpcEdgesAreTheTable(t *testing.T) {
	want := map[string][]string{}
	for name, callees := range grpcEdges {
		want[name] = append([]string{}, callees...)
	}
	for overlay, objects := range overlays(t) {
		if got := grpcCallees(objects); !equalEdges(got, want) {
			t.Errorf("%s: the egress policies open the gRPC edges %v, want %v", overlay, got, want)
		}
	}
	// The settings name the same peers (TestNetworkPolicies_matchWhoCallsWhom holds the ingress side to them).
	fromSettings := map[string][]string{}
	for name, dir := range Deployables {
		settings, err := Settings(dir)
		if err != nil {
			t.Fatal(err)
		}
		fromSettings[name] = []string{}
		for _, s := range settings {
			if peer, ok := strings.CutSuffix(s.Name, "_GRPC_ADDR"); ok && peer != "" {
				fromSettings[name] = append(fromSettings[name], strings.ToLower(peer))
			}
		}
		sort.Strings(fromSettings[name])
	}
	if !equalEdges(fromSettings, want) {
		t.Errorf("the *_GRPC_ADDR settings name the callees %v, the table %v", fromSettings, want)
	}
}

func equalEdges(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) && (len(v) > 0 || len(b[k]) > 0) {
			return false
		}
	}
	return true
}

// The checks above must see each hole: the rendered prod manifests with one change each.
func TestEgress_holesAndMissingPoliciesAreReported(t *testing.T) {
	base := overlays(t)["deploy/overlays/prod"]
	rule := func(policy, rule string) func([]Object) []Object {
		return func(objects []Object) []Object {
			for _, o := range objects {
				if o.Kind() == "NetworkPolicy" && o.Name() == policy {
					var r any
					if err := json.Unmarshal([]byte(rule), &r); err != nil {
						t.Fatal(err)
					}
					spec := o.Map["spec"].(map[string]any)
					spec["egress"] = append(List(spec["egress"]), r)
				}
			}
			return objects
		}
	}
	without := func(policy string) func([]Object) []Object {
		return func(objects []Object) []Object {
			return slices.DeleteFunc(objects, func(o Object) bool { return o.Kind() == "NetworkPolicy" && o.Name() == policy })
		}
	}
	for _, tt := range []struct {
		name   string
		change func([]Object) []Object
		want   string
	}{
		{"no default deny", without("default-deny-egress"), "no NetworkPolicy denies all egress by default"},
		{"a workload without its egress policy", without("renting-egress"), "Deployment/renting: no egress NetworkPolicy selects its pods"},
		{"a migrate Job without its egress policy", without("payment-migrate-egress"), "Job/payment-migrate: no egress NetworkPolicy selects its pods"},
		{"a database without its egress policy", without("catalog-db-egress"), "Cluster/catalog-db: no egress NetworkPolicy selects its pods"},
		{"open to everything", rule("renting-egress", `{}`), "no destinations, so every address is open"},
		{"every port of a peer", rule("payment-egress", `{"to": [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "renter"}}}]}`), "no ports, so every port is open"},
		{"the internet on any port", rule("gateway-egress", `{"to": [{"ipBlock": {"cidr": "0.0.0.0/0"}}], "ports": [{"port": 5432}]}`), "reaches into the private range 10.0.0.0/8"},
		{"outside on a port no partner uses", rule("document-egress", `{"to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]}}], "ports": [{"port": 22}]}`), "port 22 outside the cluster"},
		{"every namespace", rule("catalog-egress", `{"to": [{"namespaceSelector": {}}], "ports": [{"port": 443}]}`), "a namespaceSelector that names no one namespace"},
		{"every pod of the namespace", rule("catalog-egress", `{"to": [{"podSelector": {}}], "ports": [{"port": "grpc"}]}`), "every pod of the namespace"},
		{"the internet for every pod", rule("allow-dns", `{"to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]}}], "ports": [{"port": 443}]}`), "opens more than the cluster DNS to every pod of the namespace"},
		{"every server by expression", rule("catalog-egress", `{"to": [{"podSelector": {"matchExpressions": [{"key": "app.kubernetes.io/component", "operator": "In", "values": ["server"]}]}}], "ports": [{"port": "grpc"}]}`), "pods not named by app.kubernetes.io/name or cnpg.io/cluster"},
		{"another service's database", rule("renting-egress", `{"to": [{"podSelector": {"matchLabels": {"cnpg.io/cluster": "renter-db"}}}], "ports": [{"port": 5432}]}`), "the database renter-db, not its own (renting-db)"},
		{"the API rule for every pod", func(objects []Object) []Object {
			for _, o := range objects {
				if o.Name() == apiServerPolicy {
					o.Map["spec"].(map[string]any)["podSelector"] = map[string]any{"matchExpressions": []any{map[string]any{"key": "app.kubernetes.io/name", "operator": "Exists"}}}
				}
			}
			return objects
		}, "the Kubernetes API rule must select only the database pods"},
		{"the API rule on another port", rule(apiServerPolicy, `{"to": [{"ipBlock": {"cidr": "0.0.0.0/0"}}], "ports": [{"port": 5432}]}`), "port 5432 to any address"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			problems := egressProblems(tt.change(deepCopy(t, base)))
			if !strings.Contains(strings.Join(problems, "\n"), tt.want) {
				t.Errorf("reported %q, want %q", problems, tt.want)
			}
		})
	}
	// A gRPC edge not in the table changes the edges read from the policies.
	objects := rule("catalog-egress", `{"to": [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "renter", "app.kubernetes.io/component": "server"}}}], "ports": [{"port": "grpc"}]}`)(deepCopy(t, base))
	if got := grpcCallees(objects)["catalog"]; !slices.Equal(got, []string{"renter"}) {
		t.Errorf("catalog's gRPC callees with an extra rule: %v, want [renter]", got)
	}
	// So does one that names the port by number, or a service's HTTP port from anyone but the gateway.
	objects = rule("payment-egress", `{"to": [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "document", "app.kubernetes.io/component": "server"}}}], "ports": [{"port": 9104}]}`)(deepCopy(t, base))
	if got := grpcCallees(objects)["payment"]; !slices.Contains(got, "document") {
		t.Errorf("payment's gRPC callees with a rule to document's port 9104: %v, want document among them", got)
	}
	objects = rule("gateway-egress", `{"to": [{"podSelector": {"matchLabels": {"app.kubernetes.io/name": "renter", "app.kubernetes.io/component": "server"}}}], "ports": [{"port": "grpc"}]}`)(deepCopy(t, base))
	if got := grpcCallees(objects)["gateway"]; !slices.Equal(got, []string{"renter"}) {
		t.Errorf("the gateway's gRPC callees with a rule to renter's gRPC port: %v, want [renter]", got)
	}
	if problems := egressProblems(deepCopy(t, base)); len(problems) > 0 {
		t.Errorf("the unchanged manifests: %q", problems)
	}
}

func deepCopy(t *testing.T, objects []Object) []Object {
	t.Helper()
	out := make([]Object, len(objects))
	for i, o := range objects {
		data, err := json.Marshal(o.Map)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = Object{YAML: o.YAML}
		if err := json.Unmarshal(data, &out[i].Map); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
