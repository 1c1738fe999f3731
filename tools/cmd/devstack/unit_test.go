package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"semesterhaus/platform/peer"
)

func TestServicesTableFollowsTheArchitecture(t *testing.T) {
	want := map[string][2]int{
		"catalog": {8101, 9101}, "renting": {8102, 9102}, "renter": {8103, 9103},
		"document": {8104, 9104}, "payment": {8105, 9105},
	}
	seen := map[int]string{}
	for _, svc := range services {
		ports, ok := want[svc.name]
		if !ok {
			t.Errorf("service %q is not in docs/architecture.md", svc.name)
			continue
		}
		if svc.httpPort != ports[0] || svc.grpcPort != ports[1] {
			t.Errorf("%s: ports %d/%d, want %d/%d", svc.name, svc.httpPort, svc.grpcPort, ports[0], ports[1])
		}
		for _, p := range []int{svc.httpPort, svc.grpcPort} {
			if other, dup := seen[p]; dup {
				t.Errorf("port %d used by %s and %s", p, other, svc.name)
			}
			seen[p] = svc.name
		}
		if len(svc.name) > prefixWidth {
			t.Errorf("%s is longer than the output prefix width %d", svc.name, prefixWidth)
		}
	}
}

func TestBuildingOption_anAbsoluteFileOrNone(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("haus.yaml", []byte("name: Haus\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := buildingOption("", false); got != "" || err != nil {
		t.Errorf("no -building: %q, %v; want none", got, err)
	}
	if got, err := buildingOption("haus.yaml", false); got != filepath.Join(dir, "haus.yaml") || err != nil {
		t.Errorf("-building haus.yaml: %q, %v; want %s", got, err, filepath.Join(dir, "haus.yaml"))
	}
	for _, c := range []struct {
		file  string
		infra bool
		want  string
	}{
		{"none.yaml", false, "-building: none.yaml is not a file"},
		{".", false, "-building: . is not a file"},
		{"haus.yaml", true, "-building: -infra starts no catalog to import it"},
	} {
		if _, err := buildingOption(c.file, c.infra); err == nil || err.Error() != c.want {
			t.Errorf("buildingOption(%q, %t) = %v, want %s", c.file, c.infra, err, c.want)
		}
	}
}

func TestPrefixWriterPrefixesWholeLines(t *testing.T) {
	var out bytes.Buffer
	w := newPrefixWriter(&out, "catalog")
	for _, chunk := range []string{"first li", "ne\nsecond line\nthi", "rd"} {
		if _, err := w.Write([]byte(chunk)); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	want := "catalog   | first line\ncatalog   | second line\ncatalog   | third\n"
	if out.String() != want {
		t.Errorf("got\n%q\nwant\n%q", out.String(), want)
	}
}

func TestWithDatabase(t *testing.T) {
	got, err := withDatabase("postgres://u:secret@db.example:5433/postgres?sslmode=disable", "semesterhaus_catalog")
	if err != nil {
		t.Fatal(err)
	}
	if want := "postgres://u:secret@db.example:5433/semesterhaus_catalog?sslmode=disable"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if _, err := withDatabase("host=localhost dbname=x", "y"); err == nil {
		t.Error("a keyword/value connection string was accepted")
	}
	if r := redact("postgres://u:secret@h/db"); strings.Contains(r, "secret") {
		t.Errorf("redact kept the password: %s", r)
	}
}

func TestKeysAreMadeOnceAndKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "identity")
	k1, created, err := loadOrCreateKeys(dir)
	if err != nil || !created {
		t.Fatalf("first call: created=%v err=%v", created, err)
	}
	k2, created, err := loadOrCreateKeys(dir)
	if err != nil || created {
		t.Fatalf("second call: created=%v err=%v", created, err)
	}
	if k1 != k2 {
		t.Fatal("the key pair changed between runs")
	}
	seed, err := base64.StdEncoding.DecodeString(k1.private)
	if err != nil || len(seed) != ed25519.SeedSize {
		t.Fatalf("private key is not a base64 32-byte seed: %v", err)
	}
	pub, err := base64.StdEncoding.DecodeString(k1.public)
	if err != nil || len(pub) != ed25519.PublicKeySize {
		t.Fatalf("public key is not a base64 32-byte key: %v", err)
	}
	if !ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey).Equal(ed25519.PublicKey(pub)) {
		t.Fatal("public key does not belong to the seed")
	}
	fi, err := os.Stat(filepath.Join(dir, privateKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("private key file mode %v is readable by others", fi.Mode().Perm())
	}
}

func TestOnlyOneDevstackPerDataDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "devstack.lock")
	release, err := lockDataDir(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockDataDir(path); err == nil || !strings.Contains(err.Error(), "another devstack") {
		t.Fatalf("second lock: %v, want a refusal", err)
	}
	release()
	release2, err := lockDataDir(path)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	release2()
}

func TestWebhookSecrets_madeOnceKeptAndPassedUnlessSet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "webhooks")
	first, err := loadOrCreateSecrets(dir, webhookSecretSettings)
	if err != nil {
		t.Fatal(err)
	}
	again, err := loadOrCreateSecrets(dir, webhookSecretSettings)
	if err != nil {
		t.Fatal(err)
	}
	for _, setting := range webhookSecretSettings {
		if len(first[setting]) < 20 || first[setting] != again[setting] {
			t.Errorf("%s: %q then %q, want one random secret kept across runs", setting, first[setting], again[setting])
		}
	}
	if first["PAYMENT_WEBHOOK_SECRET"] == first["SIGNING_WEBHOOK_SECRET"] {
		t.Error("both sandboxes got the same secret")
	}
	s := &stack{env: map[string]string{"SIGNING_WEBHOOK_SECRET": "from-the-environment"}, webhookSecrets: first}
	env := s.serviceEnv(service{name: "payment"}, identityKeys{})
	if env["PAYMENT_WEBHOOK_SECRET"] != first["PAYMENT_WEBHOOK_SECRET"] || env["SIGNING_WEBHOOK_SECRET"] != "from-the-environment" {
		t.Errorf("service environment has %q and %q, want the made one and the one set",
			env["PAYMENT_WEBHOOK_SECRET"], env["SIGNING_WEBHOOK_SECRET"])
	}
}

func TestNATSPasswords_madeOnceKeptAndEachProcessSignsInAsItself(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nats-passwords")
	first, err := loadOrCreateNATSPasswords(dir)
	if err != nil {
		t.Fatal(err)
	}
	again, err := loadOrCreateNATSPasswords(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(first, again) || len(first["renting"]) < 20 || first["renting"] == first["payment"] {
		t.Fatalf("passwords %v then %v, want one random password per user kept across runs", first, again)
	}
	info, err := os.Stat(filepath.Join(dir, "renting"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("password file: %v, %v, want mode 0600", info, err)
	}
	s := &stack{env: map[string]string{}, natsPasswords: first}
	for _, name := range []string{"renting", "payment"} {
		env := s.serviceEnv(service{name: name}, identityKeys{})
		if env["NATS_USER"] != name || env["NATS_PASSWORD"] != first[name] {
			t.Errorf("%s signs in as %q with %q, want itself with its password", name, env["NATS_USER"], env["NATS_PASSWORD"])
		}
	}
	if env := s.serviceEnv(service{name: "catalog"}, identityKeys{}); env["NATS_USER"] != "" || env["NATS_PASSWORD"] != "" {
		t.Errorf("catalog, which does not use NATS, got NATS_USER %q", env["NATS_USER"])
	}
}

func TestServiceKeys_onePairPerServiceKeptAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	first, err := loadOrCreateServiceKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	again, err := loadOrCreateServiceKeys(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(services) || !maps.Equal(first, again) {
		t.Fatalf("keys %d for %d services; the same after a restart: %v", len(first), len(services), maps.Equal(first, again))
	}
	if first["renting"] == first["renter"] {
		t.Error("two services share a key pair")
	}
	keys, err := peer.ParseKeys(mapOf(t, servicePublicKeys(first)))
	if err != nil || len(keys) != len(services) {
		t.Errorf("SERVICE_PUBLIC_KEYS = %d keys, %v; want one per service", len(keys), err)
	}
}

// mapOf parses name=value,… as the services read SERVICE_PUBLIC_KEYS.
func mapOf(t *testing.T, setting string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, pair := range strings.Split(setting, ",") {
		name, value, ok := strings.Cut(pair, "=")
		if !ok {
			t.Fatalf("%q is no name=value pair", pair)
		}
		m[name] = value
	}
	return m
}

func TestProduction_everyServiceGetsItsCertificateThePublicAddressAndNoSandboxSecret(t *testing.T) {
	running := []service{{name: "renting", httpPort: 8102}, {name: "payment", httpPort: 8105}}
	internal, err := makeInternalTLS(t.TempDir(), running)
	if err != nil {
		t.Fatal(err)
	}
	made := map[string]string{"PAYMENT_WEBHOOK_SECRET": "made-by-devstack"}
	s := &stack{env: map[string]string{"PUBLIC_URL": "https://wohnen.test"}, running: running, production: true, tls: internal, webhookSecrets: made}
	for _, svc := range running {
		env := s.serviceEnv(svc, identityKeys{})
		if env["PUBLIC_URL"] != "https://wohnen.test" {
			t.Errorf("%s links to %s, want the Ingress's address the environment gives", svc.name, env["PUBLIC_URL"])
		}
		if env["PRODUCTION"] != "true" || env["TLS_CA_FILE"] != internal.ca.CertFile || env["TLS_CERT_FILE"] != internal.pairs[svc.name].CertFile {
			t.Errorf("%s: PRODUCTION %q, TLS_CA_FILE %q, TLS_CERT_FILE %q, want production with its own certificate",
				svc.name, env["PRODUCTION"], env["TLS_CA_FILE"], env["TLS_CERT_FILE"])
		}
		if env["PAYMENT_WEBHOOK_SECRET"] != "" {
			t.Errorf("%s got devstack's own webhook secret in production", svc.name)
		}
	}
	if internal.pairs["renting"].CertFile == internal.pairs["payment"].CertFile {
		t.Error("two services share a certificate")
	}
	if got := s.scheme(); got != "https" {
		t.Errorf("services reached over %s, want https", got)
	}
}
