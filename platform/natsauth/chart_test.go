package natsauth_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"semesterhaus/platform/natsauth"
)

var update = flag.Bool("update", false, "rewrite the generated parts of deploy/nats/values.yaml")

// chartValues is the chart's values file, which carries the table twice: the users with their
// permissions in the server's configuration, and each user's password from its Secret in the
// server's environment.
var chartValues = filepath.Join("..", "..", "deploy", "nats", "values.yaml")

// TestChartValues_matchTheTable keeps deploy/nats/values.yaml in step with Users: the cluster
// grants exactly what the embedded server of make run grants. After a change to the table or to
// the stream catalogue, run this test with -update, then deploy/nats/render.sh.
func TestChartValues_matchTheTable(t *testing.T) {
	data, err := os.ReadFile(chartValues)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	want := got
	for _, block := range []struct{ name, text string }{{"users", usersBlock()}, {"passwords", passwordsBlock()}} {
		want, err = replaceBlock(want, block.name, block.text)
		if err != nil {
			t.Fatal(err)
		}
	}
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(chartValues, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s differs from natsauth.Users: run `go test ./natsauth -run TestChartValues -update` in platform, then deploy/nats/render.sh", chartValues)
}

// usersBlock is config.merge: the server's accounts, each with JetStream and its users, their
// passwords read from the environment (natsauth.Accounts).
func usersBlock() string {
	var b strings.Builder
	b.WriteString("  merge:\n    accounts:\n")
	for _, account := range []string{natsauth.GatewayAccount, natsauth.ServicesAccount} {
		fmt.Fprintf(&b, "      %s:\n        jetstream: enabled\n        users:\n", account)
		for _, u := range natsauth.Users() {
			if u.Account != account {
				continue
			}
			p := u.Permissions()
			fmt.Fprintf(&b, "          - user: %s\n            password: << $%s >>\n", u.Name, natsauth.PasswordVariable(u.Name))
			fmt.Fprintf(&b, "            permissions:\n              publish:\n                allow:\n%s", quoted(p.Publish))
			fmt.Fprintf(&b, "              subscribe:\n                allow:\n%s", quoted(p.Subscribe))
		}
	}
	return b.String()
}

// passwordsBlock is container.env: each user's password from its Secret nats-<user>.
func passwordsBlock() string {
	var b strings.Builder
	b.WriteString("  env:\n")
	for _, u := range natsauth.Users() {
		fmt.Fprintf(&b, "    %s:\n      valueFrom:\n        secretKeyRef: {name: nats-%s, key: password}\n", natsauth.PasswordVariable(u.Name), u.Name)
	}
	return b.String()
}

// quoted is a YAML block sequence of double-quoted subjects (Go's quoting of ASCII is YAML's).
func quoted(subjects []string) string {
	var b strings.Builder
	for _, s := range subjects {
		fmt.Fprintf(&b, "                  - %s\n", strconv.Quote(s))
	}
	return b.String()
}

// replaceBlock replaces the lines between "# BEGIN natsauth <name>" and "# END natsauth <name>".
func replaceBlock(file, name, text string) (string, error) {
	begin, end := "# BEGIN natsauth "+name+"\n", "# END natsauth "+name
	i, j := strings.Index(file, begin), strings.Index(file, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("%s: no lines between %q and %q", chartValues, strings.TrimSpace(begin), end)
	}
	i += len(begin)
	j = strings.LastIndex(file[:j], "\n") + 1 // the indentation before the end marker stays
	return file[:i] + text + file[j:], nil
}
