package events_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"semesterhaus/platform/events"
	"semesterhaus/platform/postgres"
	"semesterhaus/platform/tracing"
)

// TestOutbox_tracedRequest_consumerJoinsItsTrace follows one event written inside a traced
// request through the outbox (real PostgreSQL), the relay and JetStream (real NATS) to a consumer:
// the consumer's span and the context its handler gets belong to the request's trace.
func TestOutbox_tracedRequest_consumerJoinsItsTrace(t *testing.T) {
	t.Parallel()
	spans := tracetest.NewSpanRecorder()
	tracing.Use(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)))

	e := newEnv(t)
	handled := make(chan trace.SpanContext, 1)
	e.startConsumer("traced", func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		handled <- trace.SpanContextFromContext(ctx)
		return nil
	})

	ctx, request := tracing.Tracer().Start(context.Background(), "request")
	err := postgres.InTx(ctx, e.pool, func(tx pgx.Tx) error {
		_, err := events.Enqueue(ctx, tx, e.prefix+".happened", []byte("traced"))
		return err
	})
	request.End()
	if err != nil {
		t.Fatal(err)
	}
	var traceparent string
	if err := e.pool.QueryRow(context.Background(), "SELECT headers->>'traceparent' FROM outbox").Scan(&traceparent); err != nil {
		t.Fatal(err)
	}
	if want := request.SpanContext().TraceID().String(); !strings.Contains(traceparent, want) {
		t.Fatalf("the outbox row keeps traceparent %q, want trace %s", traceparent, want)
	}
	e.startRelay()

	var got trace.SpanContext
	select {
	case got = <-handled:
	case <-time.After(15 * time.Second):
		t.Fatal("the event was not handled")
	}
	if got.TraceID() != request.SpanContext().TraceID() {
		t.Fatalf("the handler ran in trace %s, want the request's %s", got.TraceID(), request.SpanContext().TraceID())
	}

	// The chain: request → publish (relay, producer) → process (consumer).
	publish := waitSpan(t, spans, "publish "+e.prefix+".happened")
	process := waitSpan(t, spans, "process "+e.prefix+".happened")
	if publish.Parent().SpanID() != request.SpanContext().SpanID() || publish.SpanKind() != trace.SpanKindProducer {
		t.Errorf("publish span: parent %s kind %s, want the request %s as parent, producer", publish.Parent().SpanID(), publish.SpanKind(), request.SpanContext().SpanID())
	}
	if process.Parent().SpanID() != publish.SpanContext().SpanID() || process.SpanKind() != trace.SpanKindConsumer {
		t.Errorf("process span: parent %s kind %s, want the publish span %s as parent, consumer", process.Parent().SpanID(), process.SpanKind(), publish.SpanContext().SpanID())
	}
	if process.SpanContext().SpanID() != got.SpanID() {
		t.Errorf("the handler's context is in span %s, want the process span %s", got.SpanID(), process.SpanContext().SpanID())
	}
}

// waitSpan waits until the recorder holds an ended span of that name (the consumer ends its span
// after the acknowledgement, shortly after the handler returned).
func waitSpan(t *testing.T, spans *tracetest.SpanRecorder, name string) sdktrace.ReadOnlySpan {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		for _, s := range spans.Ended() {
			if s.Name() == name {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no span %q", name)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestConsume_countsDeliveriesFailuresAndRedeliveriesPerConsumer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	durable := "flaky" + strings.ReplaceAll(e.prefix, ".", "_")
	attempts := 0
	e.startConsumer(durable, func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		if attempts++; attempts == 1 {
			return context.DeadlineExceeded // fails once, succeeds on the redelivery
		}
		return record(durable)(ctx, tx, msg)
	})
	e.enqueue("twice")
	e.startRelay()
	e.waitReceived(1)

	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"events_consumer_deliveries_total", map[string]string{"consumer": durable, "outcome": "handled"}, 1},
		{"events_consumer_deliveries_total", map[string]string{"consumer": durable, "outcome": "failed"}, 1},
		{"events_consumer_failures_total", map[string]string{"consumer": durable}, 1},
		{"events_consumer_redeliveries_total", map[string]string{"consumer": durable}, 1},
		{"events_consumer_processing_seconds", map[string]string{"consumer": durable}, 2}, // its count
	} {
		if got := sample(t, c.name, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
}

func TestOutboxLag_reportsUnpublishedEventsWhileTheRelayRuns(t *testing.T) {
	e := newEnv(t)
	// The relay runs, but it cannot publish: the stream is gone, so the events wait.
	if err := e.js.DeleteStream(context.Background(), e.stream); err != nil {
		t.Fatal(err)
	}
	e.enqueue("a", "b")
	if _, err := e.pool.Exec(context.Background(), "UPDATE outbox SET created_at = now() - interval '90 seconds'"); err != nil {
		t.Fatal(err)
	}
	e.startRelay()
	deadline := time.Now().Add(5 * time.Second)
	for {
		pending, age := sample(t, "outbox_pending_events", nil), sample(t, "outbox_oldest_pending_age_seconds", nil)
		if pending >= 2 && age >= 90 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("outbox_pending_events %v, outbox_oldest_pending_age_seconds %v; want 2 events, 90 s old", pending, age)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sample sums the values of the series of a registered metric that carry labels (a histogram's
// sample count).
func sample(t *testing.T, name string, labels map[string]string) float64 {
	t.Helper()
	mfs, err := prometheus.DefaultGatherer.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var total float64
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	series:
		for _, m := range mf.GetMetric() {
			have := map[string]string{}
			for _, l := range m.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for k, v := range labels {
				if have[k] != v {
					continue series
				}
			}
			total += m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
		}
	}
	return total
}
