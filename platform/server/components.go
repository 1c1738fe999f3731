package server

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"google.golang.org/grpc"
)

type component struct {
	name string
	run  func(ctx context.Context) error
}

func (c component) Name() string                  { return c.name }
func (c component) Run(ctx context.Context) error { return c.run(ctx) }

// Func makes a component of a function that blocks until ctx ends, such as an outbox relay.
func Func(name string, run func(ctx context.Context) error) Component {
	return component{name, run}
}

// HTTP serves h on addr. The timeouts protect against slow or idle clients holding connections
// (Slowloris); reads and writes leave minutes for 18 MiB document uploads and downloads on slow lines.
func HTTP(name, addr string, h http.Handler) Component {
	return HTTPS(name, addr, h, nil)
}

// HTTPS is HTTP over TLS with tlsConfig; with a nil tlsConfig it is plain HTTP.
func HTTPS(name, addr string, h http.Handler, tlsConfig *tls.Config) Component {
	return Func(name, func(ctx context.Context) error {
		srv := &http.Server{
			Addr:              addr,
			Handler:           h,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       5 * time.Minute,
			WriteTimeout:      5 * time.Minute,
			IdleTimeout:       2 * time.Minute,
			MaxHeaderBytes:    64 << 10,
		}
		lis, err := net.Listen("tcp", addr)
		if err != nil {
			return err
		}
		if tlsConfig != nil {
			lis = tls.NewListener(lis, tlsConfig)
		}
		errc := make(chan error, 1)
		go func() { errc <- srv.Serve(lis) }()
		select {
		case err := <-errc:
			return err
		case <-ctx.Done():
		}
		// In-flight requests may finish; after the timeout the remaining connections are cut.
		sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			_ = srv.Close()
			return fmt.Errorf("graceful shutdown: %w", err)
		}
		if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
}

// GRPC serves s on addr. On stop, in-flight calls may finish within the shutdown timeout.
func GRPC(name, addr string, s *grpc.Server) Component {
	return Func(name, func(ctx context.Context) error {
		lis, err := net.Listen("tcp", addr)
		if err != nil {
			return err
		}
		errc := make(chan error, 1)
		go func() { errc <- s.Serve(lis) }()
		select {
		case err := <-errc:
			return err
		case <-ctx.Done():
		}
		stopped := make(chan struct{})
		go func() { s.GracefulStop(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(shutdownTimeout):
			s.Stop()
		}
		return <-errc
	})
}
