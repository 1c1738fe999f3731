package service

import (
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"semesterhaus/platform/identity"
	"semesterhaus/platform/metrics"
	"semesterhaus/platform/tracing"
)

// Dial opens a client connection to a peer service's gRPC API that passes the caller's identity
// token (and, when tracing is on, the trace context) on and records client call metrics. Inside
// the cluster the network policy, not TLS, keeps strangers out.
func Dial(addr string, options ...grpc.DialOption) (*grpc.ClientConn, error) {
	base := append([]grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithChainUnaryInterceptor(metrics.UnaryClientInterceptor(), identity.UnaryClientInterceptor()),
	}, tracing.GRPCDialOptions()...)
	options = append(base, options...)
	conn, err := grpc.NewClient(addr, options...)
	if err != nil {
		return nil, fmt.Errorf("grpc client for %s: %w", addr, err)
	}
	return conn, nil
}
