package server

import (
	"context"
	"errors"
	"log/slog"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// internalError is an unexpected error of a gRPC method: the caller gets codes.Internal and
// "internal error", the server's log gets the cause (LogInternalErrors).
type internalError struct{ cause error }

func (e internalError) Error() string { return e.cause.Error() }
func (e internalError) Unwrap() error { return e.cause }

// GRPCStatus is what gRPC answers; it tells the caller nothing about the cause.
func (e internalError) GRPCStatus() *status.Status {
	return status.New(codes.Internal, "internal error")
}

// Internal marks err as an unexpected error of a gRPC method: its details stay in the server's log.
func Internal(err error) error { return internalError{cause: err} }

// LogInternalErrors logs the cause of every call that ends in an Internal error, with the method.
func LogInternalErrors(logger *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		resp, err := handler(ctx, req)
		var internal internalError
		if errors.As(err, &internal) {
			logger.ErrorContext(ctx, "gRPC call failed", "method", info.FullMethod, "err", internal.cause)
		}
		return resp, err
	}
}
