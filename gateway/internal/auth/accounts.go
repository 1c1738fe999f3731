// Package auth signs admins in and out and tells, per request, who is calling.
//
// Accounts come from configuration (name and bcrypt hash); a successful sign-in creates a session
// with a random 256-bit id, kept server-side in a Store and referenced by an HttpOnly cookie, so that
// signing out really ends it and every gateway replica sees the same sessions.
package auth

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"
)

// Accounts are the admins who may sign in, by name.
type Accounts struct {
	hashes map[string][]byte
	// dummyHash is compared against when the name is unknown, so that an unknown name costs as
	// much time as a wrong password and the answer's timing does not tell which names exist.
	dummyHash []byte
}

// ParseAccounts reads ADMIN_ACCOUNTS: "name:bcrypt-hash,name:bcrypt-hash".
func ParseAccounts(spec string) (Accounts, error) {
	hashes := map[string][]byte{}
	for entry := range strings.SplitSeq(spec, ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		name, hash, ok := strings.Cut(entry, ":")
		if !ok || name == "" {
			return Accounts{}, fmt.Errorf("admin account %q: want name:bcrypt-hash", name)
		}
		if _, err := bcrypt.Cost([]byte(hash)); err != nil {
			return Accounts{}, fmt.Errorf("admin account %q: not a bcrypt hash: %w", name, err)
		}
		hashes[name] = []byte(hash)
	}
	if len(hashes) == 0 {
		return Accounts{}, errors.New("no admin accounts")
	}
	return newAccounts(hashes)
}

// LocalDefaultAccounts is the single account admin/admin for local development. The caller must
// refuse it in production and say loudly that it is in use.
func LocalDefaultAccounts() (Accounts, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte("admin"), bcrypt.DefaultCost)
	if err != nil {
		return Accounts{}, err
	}
	return newAccounts(map[string][]byte{"admin": hash})
}

func newAccounts(hashes map[string][]byte) (Accounts, error) {
	dummy, err := bcrypt.GenerateFromPassword([]byte("no account has this password"), highestCost(hashes))
	if err != nil {
		return Accounts{}, err
	}
	return Accounts{hashes: hashes, dummyHash: dummy}, nil
}

// highestCost makes the dummy hash as slow as the slowest real one.
func highestCost(hashes map[string][]byte) int {
	highest := bcrypt.MinCost
	for _, hash := range hashes {
		if cost, err := bcrypt.Cost(hash); err == nil && cost > highest {
			highest = cost
		}
	}
	return highest
}

// Verify reports whether name and password belong to an account. It takes about the same time for
// an unknown name as for a wrong password.
func (a Accounts) Verify(name, password string) bool {
	hash, known := a.hashes[name]
	if !known {
		hash = a.dummyHash
	}
	matches := bcrypt.CompareHashAndPassword(hash, []byte(password)) == nil
	return known && matches
}
