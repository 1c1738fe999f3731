// Package server runs the parts of a service process (HTTP server, gRPC server, outbox relay,
// consumers, ...) together and stops them together.
//
// A process is healthy only while all of its parts run: when one fails, Run stops the others and
// returns the failure, so the orchestrator restarts the whole process instead of leaving it half
// alive. SIGINT and SIGTERM stop everything gracefully (see SignalContext).
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// shutdownTimeout bounds a graceful stop: in-flight requests get this long to finish. It stays
// below Kubernetes' default 30 s grace period, after which the process would be killed anyway.
// A variable only so that tests can shorten it.
var shutdownTimeout = 20 * time.Second

// Component is one long-running part of a process. Run blocks until ctx ends (then it stops
// gracefully and returns nil) or until it fails.
type Component interface {
	Name() string
	Run(ctx context.Context) error
}

// SignalContext returns a context that ends at the first SIGINT or SIGTERM. After that first signal
// the default handling is restored, so a second Ctrl-C kills a process that hangs while stopping.
func SignalContext() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// Run runs the components until ctx ends or one of them returns; then it stops the others and waits
// for them, at most shutdownTimeout. It returns the first failure, or nil after a clean stop.
func Run(ctx context.Context, logger *slog.Logger, components ...Component) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan result, len(components))
	for _, c := range components {
		logger.Info("starting", "component", c.Name())
		go func() { results <- result{c.Name(), c.Run(ctx)} }()
	}

	// Run until the context ends or the first component returns, whether with an error or not:
	// a component that stops on its own leaves the process unable to do its job.
	pending := len(components)
	var first error
	select {
	case <-ctx.Done():
		logger.Info("shutting down")
	case r := <-results:
		pending--
		first = r.outcome(logger, ctx.Err() != nil)
	}
	cancel()

	timeout := time.After(shutdownTimeout)
	for ; pending > 0; pending-- {
		select {
		case r := <-results:
			if err := r.outcome(logger, true); first == nil {
				first = err
			}
		case <-timeout:
			return errors.Join(first, fmt.Errorf("server: %d component(s) did not stop within %s", pending, shutdownTimeout))
		}
	}
	return first
}

type result struct {
	name string
	err  error
}

// outcome logs how a component ended and returns it as an error unless it was a clean stop.
func (r result) outcome(logger *slog.Logger, stopping bool) error {
	switch {
	case r.err != nil && !(stopping && errors.Is(r.err, context.Canceled)):
		logger.Error("component failed", "component", r.name, "err", r.err)
		return fmt.Errorf("%s: %w", r.name, r.err)
	case !stopping:
		logger.Error("component stopped unexpectedly", "component", r.name)
		return fmt.Errorf("%s stopped unexpectedly", r.name)
	default:
		logger.Info("stopped", "component", r.name)
		return nil
	}
}
