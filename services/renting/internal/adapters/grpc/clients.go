package grpc

import (
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// maxUploadMessage is the size of a StoreUploads call the document service accepts: three uploads
// of up to 10 MiB each and their encoding fit.
const maxUploadMessage = 64 << 20

// Dial opens a client connection to a peer service that forwards the caller's identity token.
func Dial(addr string) (*grpc.ClientConn, error) {
	conn, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(identity.UnaryClientInterceptor()),
		grpc.WithDefaultCallOptions(grpc.MaxCallSendMsgSize(maxUploadMessage)),
	)
	if err != nil {
		return nil, fmt.Errorf("grpc client for %s: %w", addr, err)
	}
	return conn, nil
}

// fromStatus turns a peer's NOT_FOUND into domain.ErrNotFound; other failures keep their status.
func fromStatus(err error, what string) error {
	if status.Code(err) == codes.NotFound {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}
