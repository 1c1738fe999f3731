package peer

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/internal/tokencache"
)

// BenchmarkGuard_admitsVariedCallers measures what the guard adds to a gRPC call: each call comes
// from one of four services with its own token, for one of several methods, as the services call
// each other; tokens are reused for half their life as the signers do, so after the first call of
// each the signature check is a cache hit. Reports time and allocations per call.
func BenchmarkGuard_admitsVariedCallers(b *testing.B) {
	callers := []string{"renting", "document", "payment", "renter"}
	keys := Keys{}
	var tokens []string
	for _, name := range callers {
		public, private, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		keys[name] = public
		token, err := NewSigner(name, private).Token("catalog")
		if err != nil {
			b.Fatal(err)
		}
		tokens = append(tokens, token)
	}
	rules := Rules{}
	var methods []string
	for i := range 6 {
		method := fmt.Sprintf("/semesterhaus.catalog.v1.CatalogService/Method%d", i)
		rules[method] = Rule{Callers: callers}
		methods = append(methods, method)
	}
	guard := Guard{Authenticator: NewAuthenticator("catalog", keys), Rules: rules, Identities: identity.NewVerifier(nil, "catalog")}
	intercept := guard.UnaryServerInterceptor()
	handler := func(context.Context, any) (any, error) { return nil, nil }
	contexts := make([]context.Context, len(tokens))
	for i, token := range tokens {
		contexts[i] = metadata.NewIncomingContext(context.Background(), metadata.Pairs(MetadataKey, token))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		info := &grpc.UnaryServerInfo{FullMethod: methods[i%len(methods)]}
		if _, err := intercept(contexts[i%len(contexts)], nil, info, handler); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAuthenticate_firstSightOfAToken is the cost of a token's first check (its Ed25519
// signature), paid once per caller and callee every half minute: every iteration a new token.
func BenchmarkAuthenticate_firstSightOfAToken(b *testing.B) {
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	authenticator := NewAuthenticator("catalog", Keys{"renting": public})
	tokens := make([]string, 50)
	for i := range tokens {
		issued := time.Now().Add(-time.Duration(i) * time.Second) // a second apart: another token each, all valid
		signer := newSigner("renting", private, tokenTTL, func() time.Time { return issued })
		if tokens[i], err = signer.Token("catalog"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		authenticator.verified = tokencache.New[string](leeway) // every check a first one
		if _, err := authenticator.Authenticate(tokens[i%len(tokens)]); err != nil {
			b.Fatal(err)
		}
	}
}
