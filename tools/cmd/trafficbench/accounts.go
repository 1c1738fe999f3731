package main

import (
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"
)

// adminAccounts are the administrators the admin scenario signs in as: admin/admin as make run
// has it, and n more, one per connection, so that no two of them share an identity.
func adminAccounts(n int) (spec string, logins []login, err error) {
	entries := []string{}
	for i := range n + 1 {
		l := login{name: "admin", password: "admin"}
		if i > 0 {
			l = login{name: fmt.Sprintf("bench-admin-%02d", i), password: fmt.Sprintf("bench-password-%02d", i)}
			logins = append(logins, l)
		}
		// The lowest cost: these accounts exist only for the run, and 33 sign-ins should not take a minute.
		hash, err := bcrypt.GenerateFromPassword([]byte(l.password), bcrypt.MinCost)
		if err != nil {
			return "", nil, err
		}
		entries = append(entries, l.name+":"+string(hash))
	}
	return strings.Join(entries, ","), logins, nil
}

// login is an administrator's name and password.
type login struct{ name, password string }
