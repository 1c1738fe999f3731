package identity

import (
	"context"
	"net/http"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// MetadataKey is the gRPC metadata key that carries the identity token between services.
const MetadataKey = "x-identity-token"

// Middleware puts the identity of the request's token into the request context, or Anonymous when
// the token is missing or invalid. It never refuses a request: deciding what an anonymous caller
// may see is up to the handler (see RequireAdmin and the graphqlx admin guard).
func Middleware(v *Verifier) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(v.contextFor(r.Context(), r.Header.Get(Header), v.audience)))
		})
	}
}

// ForCall does for a gRPC call what Middleware does for HTTP, for a call from the service named
// caller (proven by package peer before). The token it forwards was signed for that service's
// subgraph: a service passes on the identity of the request it serves, and a token meant for
// another subgraph, or one copied by a service that did not receive it, counts as anonymous.
func (v *Verifier) ForCall(ctx context.Context, caller string) context.Context {
	var token string
	if vals := metadata.ValueFromIncomingContext(ctx, MetadataKey); len(vals) > 0 {
		token = vals[0]
	}
	return v.contextFor(ctx, token, caller)
}

// UnaryClientInterceptor forwards the caller's verified token on outgoing gRPC calls, so the called
// service sees the same identity. Without one the call goes out anonymous.
func UnaryClientInterceptor() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if token := tokenFromContext(ctx); token != "" {
			ctx = metadata.AppendToOutgoingContext(ctx, MetadataKey, token)
		}
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

// contextFor returns ctx carrying the identity of token signed for audience, or Anonymous.
func (v *Verifier) contextFor(ctx context.Context, token, audience string) context.Context {
	if token == "" {
		return WithIdentity(ctx, Anonymous)
	}
	id, err := v.verifyFor(token, audience)
	if err != nil {
		return WithIdentity(ctx, Anonymous)
	}
	return withToken(ctx, id, token)
}
