package check

import (
	"fmt"
	"path"
	"strings"
	"testing"
)

// envValue is what a container's variable resolves to: its env entry's literal value, else the last
// envFrom ConfigMap that has it (as the kubelet does); "" when it is neither.
func envValue(objects []Object, c map[string]any, name string) string {
	for _, e := range List(c["env"]) {
		if Get(e, "name") == name {
			v, _ := Get(e, "value").(string)
			return v
		}
	}
	value := ""
	for _, ef := range List(c["envFrom"]) {
		cm, _ := find(objects, "ConfigMap", fmt.Sprint(Get(ef, "configMapRef", "name")))
		if v, ok := Get(cm.Map, "data", name).(string); ok {
			value = v
		}
	}
	return value
}

// caIssuers are the Issuers that sign with a CA certificate cert-manager made (isCA), by name.
func caIssuers(objects []Object) map[string]bool {
	out := map[string]bool{}
	for _, iss := range objects {
		secret, ok := Get(iss.Map, "spec", "ca", "secretName").(string)
		if iss.Kind() != "Issuer" || !ok {
			continue
		}
		for _, c := range objects {
			if c.Kind() == "Certificate" && Get(c.Map, "spec", "secretName") == secret && Get(c.Map, "spec", "isCA") == true {
				out[iss.Name()] = true
			}
		}
	}
	return out
}

// mountedCertificate returns the Certificate whose Secret the container reads file from (through a
// read-only mount), or why there is none.
func mountedCertificate(objects []Object, spec, c map[string]any, file string) (Object, error) {
	for _, m := range List(c["volumeMounts"]) {
		dir := fmt.Sprint(Get(m, "mountPath"))
		if path.Dir(file) != path.Clean(dir) {
			continue
		}
		if Get(m, "readOnly") != true {
			return Object{}, fmt.Errorf("%s is mounted writable", dir)
		}
		for _, v := range List(spec["volumes"]) {
			if Get(v, "name") != Get(m, "name") {
				continue
			}
			secret := Get(v, "secret", "secretName")
			for _, cert := range objects {
				if cert.Kind() == "Certificate" && Get(cert.Map, "spec", "secretName") == secret && secret != nil {
					return cert, nil
				}
			}
			return Object{}, fmt.Errorf("%s is not a Certificate's Secret", dir)
		}
	}
	return Object{}, fmt.Errorf("%q is in no mounted volume", file)
}

// tlsProblems reports, where PRODUCTION is true, each service that would not serve TLS with a
// certificate of the internal CA for its Service names, probe or be scraped over HTTPS, and a gateway
// that would not verify the subgraphs by that CA or would reach them over plain HTTP.
func tlsProblems(objects []Object) []string {
	var out []string
	issuers := caIssuers(objects)
	certificate := func(id string, spec, c map[string]any, setting, base string) (Object, bool) {
		file := envValue(objects, c, setting)
		if path.Base(file) != base {
			out = append(out, fmt.Sprintf("%s: %s = %q, want the Secret's %s", id, setting, file, base))
			return Object{}, false
		}
		cert, err := mountedCertificate(objects, spec, c, file)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %s: %v", id, setting, err))
			return Object{}, false
		}
		if !issuers[fmt.Sprint(Get(cert.Map, "spec", "issuerRef", "name"))] || Get(cert.Map, "spec", "issuerRef", "kind") != "Issuer" {
			out = append(out, fmt.Sprintf("%s: %s is not signed by the internal CA", id, cert.ID()))
		}
		return cert, true
	}
	for name := range Deployables {
		d, ok := find(objects, "Deployment", name)
		if !ok {
			continue
		}
		spec, c := podSpec(d), containers(podSpec(d))[0]
		if envValue(objects, c, "PRODUCTION") != "true" {
			continue
		}
		if name == "gateway" {
			certificate(d.ID(), spec, c, "TLS_CA_FILE", "ca.crt")
			urls := strings.Split(envValue(objects, c, "SUBGRAPH_URLS"), ",")
			for _, v := range []string{"CATALOG_URL", "RENTING_URL", "DOCUMENT_URL", "PAYMENT_URL"} {
				urls = append(urls, v+"="+envValue(objects, c, v))
			}
			for _, u := range urls {
				if _, url, _ := strings.Cut(u, "="); !strings.HasPrefix(url, "https://") {
					out = append(out, fmt.Sprintf("%s: %s: plain HTTP where PRODUCTION is true", d.ID(), u))
				}
			}
			continue
		}
		certificate(d.ID(), spec, c, "TLS_KEY_FILE", "tls.key")
		certificate(d.ID(), spec, c, "TLS_CA_FILE", "ca.crt")
		if cert, ok := certificate(d.ID(), spec, c, "TLS_CERT_FILE", "tls.crt"); ok {
			names := fmt.Sprint(Get(cert.Map, "spec", "dnsNames"))
			ns := fmt.Sprint(Get(d.Map, "metadata", "namespace"))
			for _, want := range []string{name, name + "." + ns, name + "." + ns + ".svc", name + "." + ns + ".svc.cluster.local"} {
				if !strings.Contains(" "+strings.Trim(names, "[]")+" ", " "+want+" ") {
					out = append(out, fmt.Sprintf("%s: %s lacks the name %s", d.ID(), cert.ID(), want))
				}
			}
		}
		for _, probe := range []string{"startupProbe", "readinessProbe", "livenessProbe"} {
			if Get(c, probe, "httpGet", "scheme") != "HTTPS" {
				out = append(out, fmt.Sprintf("%s: %s over plain HTTP", d.ID(), probe))
			}
		}
		if Get(d.Map, "spec", "template", "metadata", "annotations", "prometheus.io/scheme") != "https" {
			out = append(out, d.ID()+": scraped over plain HTTP")
		}
	}
	return out
}

func TestInternalTLS_productionServesEveryServiceOverTLS(t *testing.T) {
	for overlay, objects := range overlays(t) {
		for _, p := range tlsProblems(objects) {
			t.Errorf("%s: %s", overlay, p)
		}
	}
	prod := overlays(t)["deploy/overlays/prod"]
	d, _ := find(prod, "Deployment", "renting")
	if envValue(prod, containers(podSpec(d))[0], "PRODUCTION") != "true" {
		t.Error("prod runs renting without PRODUCTION=true, so the check above proves nothing there")
	}
}

// The check must see each way back to plain HTTP or a wrong certificate.
func TestInternalTLS_gapsAreReported(t *testing.T) {
	base := overlays(t)["deploy/overlays/prod"]
	edit := func(kind, name string, f func(m map[string]any)) func([]Object) []Object {
		return func(objects []Object) []Object {
			for _, o := range objects {
				if o.Kind() == kind && strings.HasPrefix(o.Name(), name) {
					f(o.Map)
				}
			}
			return objects
		}
	}
	for _, tt := range []struct {
		name   string
		change func([]Object) []Object
		want   string
	}{
		{"a subgraph over http", edit("ConfigMap", "gateway-config", func(m map[string]any) {
			data := m["data"].(map[string]any)
			data["SUBGRAPH_URLS"] = strings.Replace(data["SUBGRAPH_URLS"].(string), "https://renter", "http://renter", 1)
		}), "renter=http://renter:8103/graphql: plain HTTP"},
		{"a certificate without the short name", edit("Certificate", "payment-tls", func(m map[string]any) {
			m["spec"].(map[string]any)["dnsNames"] = []any{"payment.semesterhaus.svc.cluster.local"}
		}), "Certificate/payment-tls lacks the name payment"},
		{"a certificate from another issuer", edit("Certificate", "catalog-tls", func(m map[string]any) {
			m["spec"].(map[string]any)["issuerRef"] = map[string]any{"name": "internal-selfsigned", "kind": "Issuer"}
		}), "Certificate/catalog-tls is not signed by the internal CA"},
		{"a probe over http", edit("Deployment", "renter", func(m map[string]any) {
			delete(Get(m, "spec", "template", "spec").(map[string]any)["containers"].([]any)[0].(map[string]any)["readinessProbe"].(map[string]any)["httpGet"].(map[string]any), "scheme")
		}), "Deployment/renter: readinessProbe over plain HTTP"},
		{"the key not mounted", edit("Deployment", "document", func(m map[string]any) {
			c := Get(m, "spec", "template", "spec").(map[string]any)["containers"].([]any)[0].(map[string]any)
			c["volumeMounts"] = List(c["volumeMounts"])[:1]
		}), `Deployment/document: TLS_KEY_FILE: "/etc/semesterhaus/tls/tls.key" is in no mounted volume`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			problems := tlsProblems(tt.change(deepCopy(t, base)))
			if !strings.Contains(strings.Join(problems, "\n"), tt.want) {
				t.Errorf("reported %q, want %q", problems, tt.want)
			}
		})
	}
}
