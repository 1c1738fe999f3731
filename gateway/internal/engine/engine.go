// Package engine runs client operations against the composed subgraphs: it builds wundergraph's
// federation execution engine from the composed router config and answers every operation with a
// GraphQL response, hiding subgraph failures behind a clean error.
package engine

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/jensneuse/abstractlogger"
	"github.com/wundergraph/graphql-go-tools/execution/engine"
	"github.com/wundergraph/graphql-go-tools/execution/graphql"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/resolve"
)

// maxConcurrentOperations bounds the operations the resolver executes at once; more wait for a slot.
const maxConcurrentOperations = 1024

// Options configure the engine.
type Options struct {
	// RouterConfig is the composed router config (schema/config.json).
	RouterConfig []byte
	// SubgraphURLs overrides composed routing URLs by subgraph name.
	SubgraphURLs map[string]string
	// SubgraphHeaders names the headers every subgraph fetch carries with a value of its own for each
	// subgraph, e.g. the identity token signed for that subgraph: a fetch to subgraph S carries
	// header H with the value of the request's header SubgraphHeader(H, S).
	SubgraphHeaders []string
	// TLS verifies the subgraphs' certificates; nil: plain HTTP.
	TLS    *tls.Config
	Logger *slog.Logger
}

// Engine executes operations on the supergraph.
type Engine struct {
	execution *engine.ExecutionEngine
	schema    *graphql.Schema
	subgraphs []string
	inflight  *inflightQueries
}

// New builds the engine; ctx bounds its lifetime (it stops the resolver's background work).
func New(ctx context.Context, opts Options) (*Engine, error) {
	routerConfig, err := loadRouterConfig(opts.RouterConfig, opts.SubgraphURLs, opts.SubgraphHeaders)
	if err != nil {
		return nil, err
	}
	factory := engine.NewFederationEngineConfigFactory(ctx,
		engine.WithFederationHttpClient(newSubgraphClient(opts.Logger, opts.TLS)))
	config, err := factory.BuildEngineConfiguration(routerConfig)
	if err != nil {
		return nil, fmt.Errorf("build engine configuration: %w", err)
	}
	execution, err := engine.NewExecutionEngine(ctx, abstractlogger.NoopLogger, config, resolverOptions())
	if err != nil {
		return nil, fmt.Errorf("create execution engine: %w", err)
	}
	subgraphs := subgraphNames(routerConfig)
	return &Engine{
		execution: execution,
		schema:    config.Schema(),
		subgraphs: subgraphs,
		inflight:  &inflightQueries{forwardHeaders: requestHeaders(opts.SubgraphHeaders, subgraphs)},
	}, nil
}

// Subgraphs are the names of the composed subgraphs.
func (e *Engine) Subgraphs() []string { return e.subgraphs }

// SubgraphHeader is the request header whose value the fetches to subgraph carry as header name.
func SubgraphHeader(name, subgraph string) string {
	return http.CanonicalHeaderKey(name + "-" + subgraph)
}

// requestHeaders are the request headers that SubgraphHeaders take their values from.
func requestHeaders(names, subgraphs []string) []string {
	var headers []string
	for _, name := range names {
		for _, subgraph := range subgraphs {
			headers = append(headers, SubgraphHeader(name, subgraph))
		}
	}
	return headers
}

// resolverOptions pass subgraph errors through unchanged: subgraphs present their own errors without
// internals (business exceptions carry their messageId in extensions), and clients show the first
// message. Identical in-flight subgraph fetches are de-duplicated (the resolver's default).
func resolverOptions() resolve.ResolverOptions {
	return resolve.ResolverOptions{
		MaxConcurrency:                         maxConcurrentOperations,
		PropagateSubgraphErrors:                true,
		SubgraphErrorPropagationMode:           resolve.SubgraphErrorPropagationModePassThrough,
		RewriteSubgraphErrorPaths:              true,
		OmitSubgraphErrorLocations:             true, // they point into the subgraph's operation, not the client's
		AllowAllErrorExtensionFields:           true,
		SetDeduplicationShardCountToGOMAXPROCS: true,
	}
}

// Schema returns the composed schema as the engine sees it, directives included.
func (e *Engine) Schema() *ast.Document {
	return e.schema.Document()
}

// ExecuteQuery is Execute for an operation the caller knows to be a query: identical queries
// running at the same time share one execution (see inflightQueries).
func (e *Engine) ExecuteQuery(ctx context.Context, req *graphql.Request, out *bytes.Buffer) error {
	return e.inflight.run(ctx, req, out, e.Execute)
}

// Execute runs one operation and writes its GraphQL response to out. Operations the engine refuses
// (syntax, validation, variables) are answered in out with GraphQL errors; an error return means the
// gateway itself failed, and out is then empty.
func (e *Engine) Execute(ctx context.Context, req *graphql.Request, out *bytes.Buffer) error {
	writer := graphql.NewEngineResultWriterFromBuffer(out)
	err := e.execution.Execute(ctx, req, &writer)
	if err == nil {
		return hideUnavailableSubgraphs(out)
	}
	out.Reset()
	refusal, ok := clientErrors(err)
	if !ok {
		return err
	}
	_, err = refusal.WriteResponse(out)
	return err
}
