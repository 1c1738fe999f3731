package service

import (
	"crypto/tls"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/metrics"
	"semesterhaus/platform/peer"
	"semesterhaus/platform/tracing"
)

// Caller is how a service calls its peers: with its own service token (package peer) and, where
// the settings give one, over TLS verified against the internal CA.
type Caller struct {
	Signer *peer.Signer
	TLS    *tls.Config // nil: plain, allowed only outside production
}

// Dial opens a client connection to the gRPC API of the service named callee at addr. Every call
// proves the caller with its service token, passes the caller's identity token (and, when tracing
// is on, the trace context) on and records client call metrics.
func (c Caller) Dial(callee, addr string, options ...grpc.DialOption) (*grpc.ClientConn, error) {
	transport := insecure.NewCredentials()
	if c.TLS != nil {
		transport = credentials.NewTLS(c.TLS)
	}
	base := append([]grpc.DialOption{
		grpc.WithTransportCredentials(transport),
		grpc.WithChainUnaryInterceptor(metrics.UnaryClientInterceptor(), identity.UnaryClientInterceptor(),
			c.Signer.UnaryClientInterceptor(callee)),
	}, tracing.GRPCDialOptions()...)
	conn, err := grpc.NewClient(addr, append(base, options...)...)
	if err != nil {
		return nil, fmt.Errorf("grpc client for %s at %s: %w", callee, addr, err)
	}
	return conn, nil
}
