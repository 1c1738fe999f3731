package server_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"semesterhaus/platform/server"
)

func TestInternal_callerGetsNoDetails_logGetsTheCause(t *testing.T) {
	var log bytes.Buffer
	intercept := server.LogInternalErrors(slog.New(slog.NewTextHandler(&log, nil)))
	info := &grpc.UnaryServerInfo{FullMethod: "/semesterhaus.renter.v1.RenterService/GetRenter"}
	_, err := intercept(context.Background(), nil, info, func(context.Context, any) (any, error) {
		return nil, server.Internal(errors.New("connection refused by db-7"))
	})
	if s := status.Convert(err); s.Code() != codes.Internal || s.Message() != "internal error" {
		t.Errorf("caller gets %v %q, want Internal and no details", s.Code(), s.Message())
	}
	if !strings.Contains(log.String(), "db-7") || !strings.Contains(log.String(), "GetRenter") {
		t.Errorf("log = %q, want the cause and the method", log.String())
	}
}

func TestLogInternalErrors_expectedErrorsAreNotLogged(t *testing.T) {
	var log bytes.Buffer
	intercept := server.LogInternalErrors(slog.New(slog.NewTextHandler(&log, nil)))
	_, err := intercept(context.Background(), nil, &grpc.UnaryServerInfo{}, func(context.Context, any) (any, error) {
		return nil, status.Error(codes.NotFound, "renter 7 not found")
	})
	if status.Code(err) != codes.NotFound || log.Len() != 0 {
		t.Errorf("got %v and log %q, want NotFound unlogged", err, log.String())
	}
}
