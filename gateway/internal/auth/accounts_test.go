package auth

import (
	"testing"

	"golang.org/x/crypto/bcrypt"
)

func TestParseAccounts_verifiesOnlyTheRightPassword(t *testing.T) {
	t.Parallel()
	alice, _ := bcrypt.GenerateFromPassword([]byte("alice's secret"), bcrypt.MinCost)
	bob, _ := bcrypt.GenerateFromPassword([]byte("bob's secret"), bcrypt.MinCost)
	accounts, err := ParseAccounts(" alice:" + string(alice) + ", bob:" + string(bob) + ",")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, password string
		want           bool
	}{
		{"alice", "alice's secret", true},
		{"bob", "bob's secret", true},
		{"alice", "bob's secret", false},
		{"carol", "alice's secret", false},
		{"", "", false},
	}
	for _, c := range cases {
		if got := accounts.Verify(c.name, c.password); got != c.want {
			t.Errorf("Verify(%q, %q) = %v, want %v", c.name, c.password, got, c.want)
		}
	}
}

func TestParseAccounts_refusesMalformedSettings(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"", " , ", "admin", ":$2a$10$abc", "admin:plaintext"} {
		if _, err := ParseAccounts(spec); err == nil {
			t.Errorf("ParseAccounts(%q) accepted", spec)
		}
	}
}

func TestLocalDefaultAccounts_adminAdmin(t *testing.T) {
	t.Parallel()
	accounts, err := LocalDefaultAccounts()
	if err != nil {
		t.Fatal(err)
	}
	if !accounts.Verify("admin", "admin") || accounts.Verify("admin", "") {
		t.Error("the local default account is not admin/admin")
	}
}
