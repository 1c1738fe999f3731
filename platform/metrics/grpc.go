package metrics

import (
	"context"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"
)

// The gRPC metrics carry the names that the usual gRPC dashboards expect.
var (
	grpcServerHandled = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "grpc_server_handled_total",
		Help: "gRPC calls this server completed, by service, method and status code.",
	}, []string{"grpc_service", "grpc_method", "grpc_code"})
	grpcServerDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "grpc_server_handling_seconds",
		Help:    "Time this server took to handle a gRPC call, by service and method.",
		Buckets: Buckets,
	}, []string{"grpc_service", "grpc_method"})
	grpcClientHandled = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "grpc_client_handled_total",
		Help: "gRPC calls this process made to other services and that completed, by service, method and status code.",
	}, []string{"grpc_service", "grpc_method", "grpc_code"})
	grpcClientDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "grpc_client_handling_seconds",
		Help:    "Time a gRPC call to another service took until its answer, by service and method.",
		Buckets: Buckets,
	}, []string{"grpc_service", "grpc_method"})
)

// UnaryServerInterceptor records grpc_server_handled_total and grpc_server_handling_seconds.
func UnaryServerInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		observeGRPC(grpcServerHandled, grpcServerDuration, info.FullMethod, err, start)
		return resp, err
	}
}

// StreamServerInterceptor records the same for streaming calls, once the stream ended.
func StreamServerInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		start := time.Now()
		err := handler(srv, ss)
		observeGRPC(grpcServerHandled, grpcServerDuration, info.FullMethod, err, start)
		return err
	}
}

// UnaryClientInterceptor records grpc_client_handled_total and grpc_client_handling_seconds.
func UnaryClientInterceptor() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		start := time.Now()
		err := invoker(ctx, method, req, reply, cc, opts...)
		observeGRPC(grpcClientHandled, grpcClientDuration, method, err, start)
		return err
	}
}

func observeGRPC(handled *prometheus.CounterVec, duration *prometheus.HistogramVec, fullMethod string, err error, start time.Time) {
	service, method := splitMethod(fullMethod)
	handled.WithLabelValues(service, method, status.Code(err).String()).Inc()
	duration.WithLabelValues(service, method).Observe(time.Since(start).Seconds())
}

// splitMethod splits "/package.Service/Method" into its service and method.
func splitMethod(fullMethod string) (service, method string) {
	fullMethod = strings.TrimPrefix(fullMethod, "/")
	if i := strings.LastIndexByte(fullMethod, '/'); i >= 0 {
		return fullMethod[:i], fullMethod[i+1:]
	}
	return "unknown", fullMethod
}
