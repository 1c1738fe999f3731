package service

import (
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"semesterhaus/platform/identity"
)

// Dial opens a client connection to a peer service's gRPC API that passes the caller's identity
// token on. Inside the cluster the network policy, not TLS, keeps strangers out.
func Dial(addr string, options ...grpc.DialOption) (*grpc.ClientConn, error) {
	options = append([]grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(identity.UnaryClientInterceptor()),
	}, options...)
	conn, err := grpc.NewClient(addr, options...)
	if err != nil {
		return nil, fmt.Errorf("grpc client for %s: %w", addr, err)
	}
	return conn, nil
}
