package grpctest_test

import (
	"context"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthv1 "google.golang.org/grpc/health/grpc_health_v1"

	"semesterhaus/platform/grpctest"
)

func TestServeAndDial_aRegisteredServiceAnswers(t *testing.T) {
	t.Parallel()
	addr := grpctest.Serve(t, func(s *grpc.Server) { healthv1.RegisterHealthServer(s, health.NewServer()) })

	resp, err := healthv1.NewHealthClient(grpctest.Dial(t, "renting", "catalog", addr)).Check(context.Background(), &healthv1.HealthCheckRequest{})

	if err != nil || resp.GetStatus() != healthv1.HealthCheckResponse_SERVING {
		t.Errorf("Check = %v, %v; want SERVING", resp, err)
	}
}
