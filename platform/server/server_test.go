package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

var quiet = slog.New(slog.DiscardHandler)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// waitUp polls until something accepts connections on addr.
func waitUp(t *testing.T, addr string) {
	t.Helper()
	for range 100 {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("nothing listens on %s", addr)
}

func TestRun_cancel_finishesInFlightRequestThenStops(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	entered := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		time.Sleep(300 * time.Millisecond)
		_, _ = io.WriteString(w, "done")
	})
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, quiet, HTTP("http", addr, h)) }()
	waitUp(t, addr)

	body := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + addr + "/")
		if err != nil {
			body <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		body <- string(b)
	}()
	<-entered
	cancel()
	if got := <-body; got != "done" {
		t.Fatalf("in-flight request got %q", got)
	}
	if err := <-runErr; err != nil {
		t.Fatalf("Run = %v", err)
	}
	if _, err := net.Dial("tcp", addr); err == nil {
		t.Fatal("still listening after Run returned")
	}
}

func TestRun_firstFailureStopsAll(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	tests := []struct {
		name    string
		failing func(t *testing.T) Component
		wantErr string
	}{
		{"component error", func(*testing.T) Component {
			return Func("relay", func(context.Context) error { return boom })
		}, "relay: boom"},
		{"component returns early without error", func(*testing.T) Component {
			return Func("consumer", func(context.Context) error { return nil })
		}, "consumer stopped unexpectedly"},
		{"address in use", func(t *testing.T) Component {
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { l.Close() })
			return HTTP("http", l.Addr().String(), http.NotFoundHandler())
		}, "address already in use"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			otherStopped := make(chan struct{})
			other := Func("other", func(ctx context.Context) error {
				<-ctx.Done()
				close(otherStopped)
				return ctx.Err() // a canceled context is a clean stop
			})
			err := Run(context.Background(), quiet, other, tt.failing(t))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Run = %v, want %q", err, tt.wantErr)
			}
			select {
			case <-otherStopped:
			default:
				t.Fatal("the other component was not stopped")
			}
		})
	}
}

func TestRun_componentIgnoringStop_timesOut(t *testing.T) {
	old := shutdownTimeout
	shutdownTimeout = 100 * time.Millisecond
	t.Cleanup(func() { shutdownTimeout = old })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hang := make(chan struct{})
	defer close(hang)
	err := Run(ctx, quiet, Func("stuck", func(context.Context) error { <-hang; return nil }))
	if err == nil || !strings.Contains(err.Error(), "did not stop") {
		t.Fatalf("Run = %v", err)
	}
}

func TestGRPC_servesUntilCancelled(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	s := grpc.NewServer()
	healthpb.RegisterHealthServer(s, health.NewServer())
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, quiet, GRPC("grpc", addr, s)) }()
	waitUp(t, addr)

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	resp, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("Check = %v, %v", resp, err)
	}
	cancel()
	if err := <-runErr; err != nil {
		t.Fatalf("Run = %v", err)
	}
}

func TestSignalContext_endsOnSIGTERM(t *testing.T) {
	ctx, stop := SignalContext()
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("context not cancelled by SIGTERM")
	}
}
