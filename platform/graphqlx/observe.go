package graphqlx

import (
	"context"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"semesterhaus/platform/metrics"
)

// observe records every answered operation in graphql_operations_total and
// graphql_operation_duration_seconds, and names the operation on the request's span (if traced).
func observe(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	resp := next(ctx)
	if resp == nil || !graphql.HasOperationContext(ctx) {
		return resp
	}
	oc := graphql.GetOperationContext(ctx)
	operationType := "unknown"
	if oc.Operation != nil {
		operationType = string(oc.Operation.Operation)
	}
	start := oc.Stats.OperationStart
	if start.IsZero() {
		start = time.Now()
	}
	metrics.ObserveGraphQL(operationType, len(resp.Errors) > 0, time.Since(start))
	if span := trace.SpanFromContext(ctx); span.IsRecording() {
		span.SetAttributes(
			attribute.String("graphql.operation.type", operationType),
			attribute.String("graphql.operation.name", oc.OperationName),
		)
	}
	return resp
}
