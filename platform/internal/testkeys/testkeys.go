// Package testkeys holds the keys of the test kits (graphqltest, grpctest): the gateway's identity
// key and one service key per name, derived from fixed seeds so that every test server of one
// test binary trusts every test client. Never used outside tests.
package testkeys

import (
	"crypto/ed25519"
	"crypto/sha256"
)

// Names are the services the test kits know.
var Names = []string{"catalog", "renting", "renter", "document", "payment"}

// Gateway is the key pair whose private half signs the test identity tokens.
func Gateway() (ed25519.PublicKey, ed25519.PrivateKey) {
	return pair("gateway")
}

// Service is the key pair of the service called name.
func Service(name string) (ed25519.PublicKey, ed25519.PrivateKey) {
	return pair("service " + name)
}

func pair(of string) (ed25519.PublicKey, ed25519.PrivateKey) {
	seed := sha256.Sum256([]byte("semesterhaus test key: " + of))
	private := ed25519.NewKeyFromSeed(seed[:])
	return private.Public().(ed25519.PublicKey), private
}
