package grpc

import (
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/services/renting/internal/domain"
)

// maxUploadMessage is the size of a StoreUploads call the document service accepts: three uploads
// of up to 10 MiB each and their encoding fit.
const maxUploadMessage = 64 << 20

// DocumentOptions let a connection to the document service carry a booking's uploads.
func DocumentOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithDefaultCallOptions(grpc.MaxCallSendMsgSize(maxUploadMessage))}
}

// fromStatus turns a peer's NOT_FOUND into domain.ErrNotFound; other failures keep their status.
func fromStatus(err error, what string) error {
	if status.Code(err) == codes.NotFound {
		return fmt.Errorf("%s: %w", what, domain.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}
