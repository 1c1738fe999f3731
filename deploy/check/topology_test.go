package check

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"semesterhaus/platform/topology"
)

// envFile reads the KEY=value lines of a service's settings in the manifests (deploy/base/config).
func envFile(t *testing.T, name string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(Root(), "deploy", "base", "config", name+".env"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	values := map[string]string{}
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if key, value, ok := strings.Cut(sc.Text(), "="); ok && !strings.HasPrefix(key, "#") {
			values[key] = value
		}
	}
	return values
}

// TestAddresses_areTheTopologysPorts: each service's own addresses and its peers' addresses, both
// the settings' defaults (the local stack's 127.0.0.1) and the manifests' values (the cluster's
// Service names), are the ports platform/topology declares.
func TestAddresses_areTheTopologysPorts(t *testing.T) {
	t.Parallel()
	for _, s := range topology.Services {
		settings, err := Settings(Deployables[s.Name])
		if err != nil {
			t.Fatal(err)
		}
		defaults := map[string]string{}
		for _, setting := range settings {
			defaults[setting.Name] = setting.Default
		}
		manifest := envFile(t, s.Name)
		want := map[string][2]string{ // setting: its default, its manifest value
			"HTTP_ADDR": {fmt.Sprintf(":%d", s.HTTPPort), fmt.Sprintf(":%d", s.HTTPPort)},
			"GRPC_ADDR": {fmt.Sprintf(":%d", s.GRPCPort), fmt.Sprintf(":%d", s.GRPCPort)},
		}
		for _, callee := range s.Calls {
			peer, _ := topology.Lookup(callee)
			want[strings.ToUpper(callee)+"_GRPC_ADDR"] = [2]string{fmt.Sprintf("127.0.0.1:%d", peer.GRPCPort), fmt.Sprintf("%s:%d", callee, peer.GRPCPort)}
		}
		for name, w := range want {
			if defaults[name] != w[0] {
				t.Errorf("%s: %s defaults to %q, the topology's %q", s.Name, name, defaults[name], w[0])
			}
			if manifest[name] != w[1] {
				t.Errorf("%s: the manifests set %s=%q, the topology's %q", s.Name, name, manifest[name], w[1])
			}
		}
	}
}
