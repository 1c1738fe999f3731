package main

import (
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"semesterhaus/platform/config"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/natsauth"
)

// identityKeys is the gateway's Ed25519 key pair in the form of docs/architecture.md:
// base64 (std) of the 32-byte seed (IDENTITY_PRIVATE_KEY) and of the 32-byte public key
// (IDENTITY_PUBLIC_KEY).
type identityKeys struct {
	private string
	public  string
}

const (
	privateKeyFile = "ed25519.seed"
	publicKeyFile  = "ed25519.pub"
)

// loadOrCreateKeys reads the key pair from dir, or makes one and keeps it there, so that
// sessions and tokens stay valid across restarts. It tells whether it made a new pair.
func loadOrCreateKeys(dir string) (identityKeys, bool, error) {
	privPath := filepath.Join(dir, privateKeyFile)
	pubPath := filepath.Join(dir, publicKeyFile)
	b, err := os.ReadFile(privPath)
	switch {
	case err == nil:
		priv, err := identity.ParsePrivateKey(strings.TrimSpace(string(b)))
		if err != nil {
			return identityKeys{}, false, fmt.Errorf("%s: %w (remove it to make a new key pair)", privPath, err)
		}
		k := identityKeys{
			private: base64.StdEncoding.EncodeToString(priv.Seed()),
			public:  base64.StdEncoding.EncodeToString(priv.Public().(ed25519.PublicKey)),
		}
		// The public half follows from the seed; keep its file in step for whoever reads it.
		if err := os.WriteFile(pubPath, []byte(k.public+"\n"), 0o644); err != nil {
			return identityKeys{}, false, err
		}
		return k, false, nil
	case !os.IsNotExist(err):
		return identityKeys{}, false, err
	}

	var k identityKeys
	if k.public, k.private, err = identity.GenerateKeyPair(); err != nil {
		return identityKeys{}, false, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return identityKeys{}, false, err
	}
	if err := os.WriteFile(privPath, []byte(k.private+"\n"), 0o600); err != nil {
		return identityKeys{}, false, err
	}
	if err := os.WriteFile(pubPath, []byte(k.public+"\n"), 0o644); err != nil {
		return identityKeys{}, false, err
	}
	return k, true, nil
}

// webhookSecretSettings are the sandboxes' webhook secrets devstack makes, so that local reports are
// not signed with the services' built-in fallbacks.
var webhookSecretSettings = []string{"PAYMENT_WEBHOOK_SECRET", "SIGNING_WEBHOOK_SECRET"}

// loadOrCreateSecrets reads each named secret from its file in dir (the name in lower case), or
// makes a random one and keeps it there (0600), so that what was signed or configured with it
// before a restart still holds after it.
func loadOrCreateSecrets(dir string, names []string) (map[string]string, error) {
	secrets := make(map[string]string, len(names))
	for _, name := range names {
		secret, _, err := config.SecretFile(filepath.Join(dir, strings.ToLower(name)))
		if err != nil {
			return nil, err
		}
		secrets[name] = secret
	}
	return secrets, nil
}

// loadOrCreateNATSPasswords are the passwords of the embedded NATS server's users
// (natsauth.Users), user -> password, kept in dir one file per user.
func loadOrCreateNATSPasswords(dir string) (map[string]string, error) {
	var users []string
	for _, u := range natsauth.Users() {
		users = append(users, u.Name)
	}
	return loadOrCreateSecrets(dir, users)
}

// loadOrCreateServiceKeys are the key pairs with which the services prove who calls on their gRPC
// calls (SERVICE_KEY, SERVICE_PUBLIC_KEYS), one directory per service in dir, kept like the
// identity key pair.
func loadOrCreateServiceKeys(dir string) (map[string]identityKeys, error) {
	keys := make(map[string]identityKeys, len(services))
	for _, svc := range services {
		pair, _, err := loadOrCreateKeys(filepath.Join(dir, svc.name))
		if err != nil {
			return nil, err
		}
		keys[svc.name] = pair
	}
	return keys, nil
}

// servicePublicKeys is SERVICE_PUBLIC_KEYS: name=public key of every service.
func servicePublicKeys(keys map[string]identityKeys) string {
	pairs := make([]string, 0, len(keys))
	for name, pair := range keys {
		pairs = append(pairs, name+"="+pair.public)
	}
	slices.Sort(pairs)
	return strings.Join(pairs, ",")
}
