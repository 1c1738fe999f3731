-- The trace context of the request that wrote an event (W3C traceparent, tracestate, baggage), which
-- the relay publishes as NATS headers so that the consumers' work joins the same trace. NULL when
-- the writer was not traced.

-- +goose Up
ALTER TABLE outbox ADD COLUMN headers jsonb;

-- +goose Down
ALTER TABLE outbox DROP COLUMN headers;
