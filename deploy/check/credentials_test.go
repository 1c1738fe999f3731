package check

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// credentialName is a ConfigMap key or setting name that says it holds a credential.
var credentialName = regexp.MustCompile(`(?i)(password|passwd|secret|token|credentials?|private[-_]?key|api[-_]?key|(^|[-_])keys?)$`)

// publicKeys are the names credentialName matches that carry public keys only, which every service
// may read: they are allowed in a ConfigMap.
var publicKeys = map[string]string{
	"SERVICE_PUBLIC_KEYS": "the services' Ed25519 public keys (SERVICE_KEY is each one's private half, in a Secret)",
	"IDENTITY_PUBLIC_KEY": "the gateway's identity-token public key (IDENTITY_PRIVATE_KEY is in the Secret identity)",
	"keys":                "the key of the operator's ConfigMap service-public-keys: SERVICE_PUBLIC_KEYS",
	// Not a key pair's half but named so by DocuSign: the integration's OAuth client id.
	"DOCUSIGN_INTEGRATION_KEY": "DocuSign's OAuth client id, public; the JWT grant is proven by DOCUSIGN_PRIVATE_KEY, in the Secret signing",
}

// credentialFree are settings typed config.Secret whose value in these manifests carries no credential,
// with the reason and the check that holds the manifests to it.
var credentialFree = map[string]struct {
	reason string
	check  func(value string) error
}{
	"NATS_URL": {
		reason: "the gateway types it Secret because a NATS URL may carry user:password; here the user and password are NATS_USER and NATS_PASSWORD (Secret nats-gateway), and the URL must have no user info",
		check: func(v string) error {
			for _, s := range strings.Split(v, ",") {
				u, err := url.Parse(strings.TrimSpace(s))
				if err != nil {
					return err
				}
				if u.User != nil {
					return fmt.Errorf("%s carries user info", u.Redacted())
				}
			}
			return nil
		},
	},
}

// literalPassword finds a password written into a configuration file rather than taken from the
// environment ("password": $NATS_PASSWORD_RENTING is fine, "password": "x" is not).
var literalPassword = regexp.MustCompile(`(?i)"?password"?\s*[:=]\s*["'][^"']+["']`)

// secretSettings returns, per deployable, the settings typed config.Secret.
func secretSettings(t *testing.T) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for name, dir := range Deployables {
		settings, err := Settings(dir)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = map[string]bool{}
		for _, s := range settings {
			if s.Secret {
				out[name][s.Name] = true
			}
		}
	}
	return out
}

// credentialLeaks reports every credential the objects carry outside a Secret: a setting typed
// config.Secret (secrets, by deployable) given as a literal value, from a ConfigMap (envFrom or
// configMapKeyRef) or from anything but a secretKeyRef; a ConfigMap key named like a credential
// (publicKeys excepted) or a configuration file in a ConfigMap with a literal password; and a Secret
// written into the manifests themselves (the operator creates them, docs/operations.md).
func credentialLeaks(objects []Object, secrets map[string]map[string]bool) []string {
	var out []string
	for _, o := range objects {
		switch o.Kind() {
		case "Secret":
			if Get(o.Map, "data") != nil || Get(o.Map, "stringData") != nil {
				out = append(out, o.ID()+": a Secret with its values in the manifests")
			}
		case "ConfigMap":
			data, _ := Get(o.Map, "data").(map[string]any)
			for k, v := range data {
				if credentialName.MatchString(k) && publicKeys[k] == "" {
					out = append(out, fmt.Sprintf("%s: key %s is named like a credential", o.ID(), k))
				}
				if literalPassword.MatchString(fmt.Sprint(v)) {
					out = append(out, fmt.Sprintf("%s: key %s holds a literal password", o.ID(), k))
				}
			}
		}
		app, _ := Get(o.Map, "spec", "template", "metadata", "labels", "app.kubernetes.io/name").(string)
		for _, c := range containers(podSpec(o)) {
			out = append(out, containerLeaks(objects, o.ID(), c, secrets[app])...)
		}
	}
	sort.Strings(out)
	return out
}

func containerLeaks(objects []Object, owner string, c map[string]any, secret map[string]bool) []string {
	var out []string
	given := func(name, how, value string) {
		if !secret[name] {
			return
		}
		if free, ok := credentialFree[name]; ok {
			if err := free.check(value); err != nil {
				out = append(out, fmt.Sprintf("%s: %s (%s): %v", owner, name, how, err))
			}
			return
		}
		out = append(out, fmt.Sprintf("%s: credential %s comes from %s, not a Secret", owner, name, how))
	}
	for _, ef := range List(c["envFrom"]) {
		name, _ := Get(ef, "configMapRef", "name").(string)
		cm, found := find(objects, "ConfigMap", name)
		if !found {
			continue
		}
		data, _ := Get(cm.Map, "data").(map[string]any)
		for k, v := range data {
			given(k, "ConfigMap "+name, fmt.Sprint(v))
		}
	}
	for _, e := range List(c["env"]) {
		name, _ := Get(e, "name").(string)
		switch {
		case Get(e, "valueFrom", "secretKeyRef") != nil:
		case Get(e, "value") != nil:
			given(name, "a literal value", fmt.Sprint(Get(e, "value")))
		case Get(e, "valueFrom", "configMapKeyRef") != nil:
			given(name, "ConfigMap "+fmt.Sprint(Get(e, "valueFrom", "configMapKeyRef", "name")), "")
		default:
			given(name, "neither a value nor a Secret", "")
		}
	}
	return out
}

func TestCredentials_comeFromSecretsOnly(t *testing.T) {
	secrets := secretSettings(t)
	for _, want := range []string{"DATABASE_URL", "NATS_PASSWORD", "SERVICE_KEY", "STRIPE_SECRET_KEY", "PAYMENT_WEBHOOK_SECRET"} {
		if !secrets["payment"][want] {
			t.Errorf("the settings parser does not see payment's %s as a credential: %v", want, secrets["payment"])
		}
	}
	if secrets["payment"]["SERVICE_PUBLIC_KEYS"] || secrets["payment"]["PAYMENT_PROVIDER"] {
		t.Errorf("the settings parser takes plain settings for credentials: %v", secrets["payment"])
	}
	for overlay, objects := range overlays(t) {
		for _, leak := range credentialLeaks(objects, secrets) {
			t.Errorf("%s: %s", overlay, leak)
		}
	}
}

// The check above must catch each way a credential can slip into the manifests.
func TestCredentials_leaksAreReported(t *testing.T) {
	secrets := secretSettings(t)
	deployment := func(app, env string) string {
		return `
apiVersion: apps/v1
kind: Deployment
metadata: {name: ` + app + `}
spec:
  template:
    metadata: {labels: {app.kubernetes.io/name: ` + app + `}}
    spec:
      containers:
        - name: ` + app + `
          envFrom: [{configMapRef: {name: ` + app + `-config}}]
          env: ` + env
	}
	configMap := func(name, data string) string {
		return "\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + "}\ndata: " + data
	}
	for _, tt := range []struct{ name, manifests, want string }{
		{"secret as a literal", deployment("payment", `[{name: STRIPE_SECRET_KEY, value: sk_live_123}]`) + configMap("payment-config", "{}"),
			"credential STRIPE_SECRET_KEY comes from a literal value"},
		{"secret in the envFrom ConfigMap", deployment("payment", `[]`) + configMap("payment-config", `{PAYMENT_WEBHOOK_SECRET: whsec_1}`),
			"credential PAYMENT_WEBHOOK_SECRET comes from ConfigMap payment-config"},
		{"secret from a ConfigMap key", deployment("renter", `[{name: SMTP_PASSWORD, valueFrom: {configMapKeyRef: {name: smtp, key: pw}}}]`) + configMap("renter-config", "{}"),
			"credential SMTP_PASSWORD comes from ConfigMap smtp"},
		{"service key as a literal", deployment("catalog", `[{name: SERVICE_KEY, value: c2VlZA==}]`) + configMap("catalog-config", "{}"),
			"credential SERVICE_KEY comes from a literal value"},
		{"credential-named ConfigMap key", deployment("catalog", `[]`) + configMap("catalog-config", `{db-password: hunter2}`),
			"key db-password is named like a credential"},
		{"literal password in a config file", configMap("nats-config", `{nats.conf: '{"user": "renting", "password": "hunter2"}'}`),
			"key nats.conf holds a literal password"},
		{"Secret in the manifests", "apiVersion: v1\nkind: Secret\nmetadata: {name: identity}\nstringData: {private-key: x}",
			"Secret/identity: a Secret with its values in the manifests"},
		{"NATS URL with a password", deployment("gateway", `[]`) + configMap("gateway-config", `{NATS_URL: "nats://gateway:hunter2@nats:4222"}`),
			"NATS_URL (ConfigMap gateway-config): nats://gateway:xxxxx@nats:4222 carries user info"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			leaks := credentialLeaks(parseObjects(t, tt.manifests), secrets)
			if !strings.Contains(strings.Join(leaks, "\n"), tt.want) {
				t.Errorf("reported %q, want %q", leaks, tt.want)
			}
		})
	}
	// What the manifests do is not reported: a secretKeyRef, public keys in a ConfigMap.
	ok := deployment("payment", `[{name: STRIPE_SECRET_KEY, valueFrom: {secretKeyRef: {name: stripe, key: secret-key}}}]`) +
		configMap("payment-config", `{SERVICE_PUBLIC_KEYS: "catalog=AAAA", PAYMENT_PROVIDER: stripe, NATS_URL: "nats://nats:4222"}`)
	if leaks := credentialLeaks(parseObjects(t, ok), secrets); len(leaks) > 0 {
		t.Errorf("reported %q for credentials from Secrets", leaks)
	}
}

// parseObjects reads YAML documents into Objects as Render returns them.
func parseObjects(t *testing.T, manifests string) []Object {
	t.Helper()
	var out []Object
	for _, doc := range strings.Split(manifests, "\n---\n") {
		data, err := yaml.YAMLToJSON([]byte(doc))
		if err != nil {
			t.Fatalf("%v in\n%s", err, doc)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, Object{Map: m, YAML: []byte(doc)})
	}
	return out
}
