// Package engine runs client operations against the composed subgraphs: it plans them with
// wundergraph's federation planner from the composed router config, resolves the plans against the
// subgraphs, and answers every operation with a GraphQL response, hiding subgraph failures behind a
// clean error.
package engine

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net/http"

	nodev1 "github.com/wundergraph/cosmo/router/gen/proto/wg/cosmo/node/v1"
	"github.com/wundergraph/graphql-go-tools/execution/engine"
	"github.com/wundergraph/graphql-go-tools/execution/graphql"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/datasource/introspection_datasource"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/plan"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/engine/resolve"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/operationreport"
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
	operations *operations
	resolver   *resolve.Resolver
	schema     *graphql.Schema
	subgraphs  []string
	inflight   *inflightQueries
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
	planning, err := plannerConfiguration(config, routerConfig.GetEngineConfig().GetTypeConfigurations())
	if err != nil {
		return nil, err
	}
	subgraphs := subgraphNames(routerConfig)
	return &Engine{
		operations: newOperations(config.Schema(), planning, operationCacheLimits),
		resolver:   resolve.New(ctx, resolverOptions()),
		schema:     config.Schema(),
		subgraphs:  subgraphs,
		inflight:   &inflightQueries{forwardHeaders: requestHeaders(opts.SubgraphHeaders, subgraphs)},
	}, nil
}

// plannerConfiguration is the planner's configuration as graphql-go-tools' execution engine builds
// it from the composed config (engine.NewExecutionEngine): the subgraphs' data sources and fields,
// the type renames, and the data source that answers introspection from the composed schema.
func plannerConfiguration(config engine.Configuration, types []*nodev1.TypeConfiguration) (plan.Configuration, error) {
	introspection, err := introspection_datasource.NewIntrospectionConfigFactory(config.Schema().Document())
	if err != nil {
		return plan.Configuration{}, fmt.Errorf("build introspection data source: %w", err)
	}
	planning := plan.Configuration{
		DefaultFlushIntervalMillis: engine.DefaultFlushIntervalInMilliseconds,
		DataSources:                append(config.DataSources(), introspection.BuildDataSourceConfigurations()...),
		Fields:                     append(config.FieldConfigurations(), introspection.BuildFieldConfigurations()...),
	}
	for _, t := range types {
		planning.Types = append(planning.Types, plan.TypeConfiguration{TypeName: t.GetTypeName(), RenameTo: t.GetRenameTo()})
	}
	ids := make(map[string]bool, len(planning.DataSources))
	for _, ds := range planning.DataSources {
		if ids[ds.Id()] {
			return plan.Configuration{}, fmt.Errorf("duplicate data source id: %s", ds.Id())
		}
		ids[ds.Id()] = true
	}
	return planning, nil
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
	err := e.execute(ctx, req, &writer)
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

// execute prepares the operation (operations.prepare: normalized, validated and planned once per
// distinct operation) and resolves its plan with the request's variables, as graphql-go-tools'
// ExecutionEngine.Execute does.
func (e *Engine) execute(ctx context.Context, req *graphql.Request, writer resolve.SubscriptionResponseWriter) error {
	op, err := e.operations.prepare(req)
	if err != nil {
		return err
	}
	resolveCtx := resolve.NewContext(ctx)
	if len(op.variables) != 0 {
		if resolveCtx.Variables, err = parseVariables(op.variables); err != nil {
			return err
		}
	}
	resolveCtx.Request = req.InternalRequest()
	resolveCtx.RemapVariables = op.remapVariables
	if costs := op.plan.GetCostCalculator(); costs != nil {
		var report operationreport.Report
		costs.ValidateSliceArguments(resolveCtx.VariablesView(), &report)
		if report.HasErrors() {
			return report
		}
	}
	switch p := op.plan.(type) {
	case *plan.SynchronousResponsePlan:
		_, err := e.resolver.ResolveGraphQLResponse(resolveCtx, p.Response, nil, writer)
		return err
	case *plan.DeferResponsePlan:
		_, err := e.resolver.ResolveGraphQLDeferResponse(resolveCtx, p.Response, writer)
		return err
	case *plan.SubscriptionResponsePlan:
		return e.resolver.ResolveGraphQLSubscription(resolveCtx, p.Response, writer)
	default:
		return fmt.Errorf("execution impossible: unknown type of operation")
	}
}
