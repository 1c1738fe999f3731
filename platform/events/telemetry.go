package events

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"semesterhaus/platform/metrics"
	"semesterhaus/platform/tracing"
)

// The metrics of the outbox and the consumers; Counters keeps the process totals as before.
var (
	outboxPublished = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "outbox_published_total",
		Help: "Outbox events this process's relay published and JetStream acknowledged.",
	})
	consumerDeliveries = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "events_consumer_deliveries_total",
		Help: "Messages delivered to a durable consumer, by consumer and outcome (handled, duplicate: its event id was processed before, failed: the handler failed and the message comes again, skipped: another declared subject of the stream, which the consumer does not act on, undeclared: a subject the stream does not declare, terminated as an error).",
	}, []string{"consumer", "outcome"})
	consumerRedeliveries = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "events_consumer_redeliveries_total",
		Help: "Deliveries after the first one of a message (JetStream's NumDelivered > 1), by consumer.",
	}, []string{"consumer"})
	consumerFailures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "events_consumer_failures_total",
		Help: "Handler failures (the message is delivered again later), by consumer.",
	}, []string{"consumer"})
	consumerDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "events_consumer_processing_seconds",
		Help:    "Time to process one delivery (its transaction included), by consumer and outcome.",
		Buckets: metrics.Buckets,
	}, []string{"consumer", "outcome"})
)

func init() {
	prometheus.MustRegister(outboxPublished, consumerDeliveries, consumerRedeliveries, consumerFailures,
		consumerDuration, outboxCollector{})
}

// consumerMetrics are one consumer's series, looked up once rather than per message.
type consumerMetrics struct {
	handled, duplicate, failed, skipped    prometheus.Counter
	undeclared                             prometheus.Counter
	handledTime, duplicateTime, failedTime prometheus.Observer
	redeliveries, failures                 prometheus.Counter
}

func newConsumerMetrics(durable string) consumerMetrics {
	return consumerMetrics{
		handled:       consumerDeliveries.WithLabelValues(durable, "handled"),
		duplicate:     consumerDeliveries.WithLabelValues(durable, "duplicate"),
		failed:        consumerDeliveries.WithLabelValues(durable, "failed"),
		skipped:       consumerDeliveries.WithLabelValues(durable, "skipped"),
		undeclared:    consumerDeliveries.WithLabelValues(durable, "undeclared"),
		handledTime:   consumerDuration.WithLabelValues(durable, "handled"),
		duplicateTime: consumerDuration.WithLabelValues(durable, "duplicate"),
		failedTime:    consumerDuration.WithLabelValues(durable, "failed"),
		redeliveries:  consumerRedeliveries.WithLabelValues(durable),
		failures:      consumerFailures.WithLabelValues(durable),
	}
}

// The outbox lag is read from the database when Prometheus scrapes, from every outbox whose relay
// runs in this process (one in a service; summed if a test runs several).
var (
	outboxPendingDesc = prometheus.NewDesc("outbox_pending_events",
		"Events in the outbox that the relay has not published yet.", nil, nil)
	outboxAgeDesc = prometheus.NewDesc("outbox_oldest_pending_age_seconds",
		"Age of the oldest event the relay has not published yet (0 when none waits).", nil, nil)

	watchedMu sync.Mutex
	watched   = map[*pgxpool.Pool]int{}
)

// watchOutbox adds pool's outbox to the lag metrics until the returned function is called.
func watchOutbox(pool *pgxpool.Pool) (unwatch func()) {
	watchedMu.Lock()
	watched[pool]++
	watchedMu.Unlock()
	return func() {
		watchedMu.Lock()
		defer watchedMu.Unlock()
		if watched[pool]--; watched[pool] <= 0 {
			delete(watched, pool)
		}
	}
}

// scrapeTimeout bounds the lag query, so that a slow database cannot hang a scrape.
const scrapeTimeout = 2 * time.Second

type outboxCollector struct{}

func (outboxCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxPendingDesc
	ch <- outboxAgeDesc
}

func (outboxCollector) Collect(ch chan<- prometheus.Metric) {
	watchedMu.Lock()
	pools := make([]*pgxpool.Pool, 0, len(watched))
	for p := range watched {
		pools = append(pools, p)
	}
	watchedMu.Unlock()
	if len(pools) == 0 {
		return // no relay runs here (e.g. the catalog service): no outbox to report on
	}
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	var pending, age float64
	for _, pool := range pools {
		var n int64
		var seconds float64
		err := pool.QueryRow(ctx, `SELECT count(*), COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8
			FROM outbox WHERE published_at IS NULL`).Scan(&n, &seconds)
		if err != nil {
			ch <- prometheus.NewInvalidMetric(outboxPendingDesc, err)
			return
		}
		pending += float64(n)
		age = max(age, seconds)
	}
	ch <- prometheus.MustNewConstMetric(outboxPendingDesc, prometheus.GaugeValue, pending)
	ch <- prometheus.MustNewConstMetric(outboxAgeDesc, prometheus.GaugeValue, age)
}

// traceHeaders returns the trace context of ctx as the headers to publish with an event, or nil
// (stored as NULL) when ctx carries none or tracing is off.
func traceHeaders(ctx context.Context) any {
	if !tracing.Enabled() || !trace.SpanContextFromContext(ctx).IsValid() {
		return nil
	}
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	if len(carrier) == 0 {
		return nil
	}
	return map[string]string(carrier)
}

// natsCarrier lets the propagator read and write NATS message headers, whose keys are case
// sensitive: the trace context travels under its W3C names (traceparent, tracestate).
type natsCarrier nats.Header

func (c natsCarrier) Get(key string) string { return nats.Header(c).Get(key) }
func (c natsCarrier) Set(key, value string) { nats.Header(c).Set(key, value) }
func (c natsCarrier) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	return keys
}

func injectTrace(ctx context.Context, h nats.Header) {
	otel.GetTextMapPropagator().Inject(ctx, natsCarrier(h))
}

// startPublishSpan starts the relay's producer span for ev, a child of the span that wrote it.
func startPublishSpan(ctx context.Context, ev outboxRow) (context.Context, trace.Span) {
	parent := otel.GetTextMapPropagator().Extract(ctx, propagation.MapCarrier(ev.Headers))
	return tracing.Tracer().Start(parent, "publish "+ev.Subject,
		trace.WithSpanKind(trace.SpanKindProducer),
		trace.WithAttributes(
			attribute.String("messaging.system", "nats"),
			attribute.String("messaging.operation.type", "send"),
			attribute.String("messaging.destination.name", ev.Subject),
			attribute.String("messaging.message.id", ev.EventID),
		))
}

// noSpan does nothing; ending it ends nothing else.
var noSpan = trace.SpanFromContext(context.Background())

// startConsumeSpan starts the consumer's span for msg, continuing the trace in its headers (if
// any: without one, and without tracing, it costs a no-op span).
func startConsumeSpan(ctx context.Context, msg jetstream.Msg, durable, eventID string, meta *jetstream.MsgMetadata) (context.Context, trace.Span) {
	if !tracing.Enabled() {
		return ctx, noSpan
	}
	if h := msg.Headers(); h != nil {
		ctx = otel.GetTextMapPropagator().Extract(ctx, natsCarrier(h))
	}
	return tracing.Tracer().Start(ctx, "process "+msg.Subject(),
		trace.WithSpanKind(trace.SpanKindConsumer),
		trace.WithAttributes(
			attribute.String("messaging.system", "nats"),
			attribute.String("messaging.operation.type", "process"),
			attribute.String("messaging.destination.name", msg.Subject()),
			attribute.String("messaging.consumer.group.name", durable),
			attribute.String("messaging.message.id", eventID),
			attribute.Int64("messaging.nats.delivery_count", int64(meta.NumDelivered)),
		))
}
