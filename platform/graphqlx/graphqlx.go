// Package graphqlx builds the GraphQL HTTP handler every subgraph serves.
//
// It fixes, once for all services: caching of parsed queries and automatic persisted queries
// (gqlgen's handler.New has neither), introspection for composition and tools, the admin guard
// that refuses fields tagged @tag(name: "admin") to non-admins, and error handling that never sends
// internal details to a client. Depth and complexity limits are the gateway's job.
package graphqlx

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"runtime/debug"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
)

// Error codes in the "code" extension of errors this package makes.
const (
	CodeForbidden = "FORBIDDEN"
	CodeInternal  = "INTERNAL"
)

// Option adjusts the handler.
type Option func(*options)

type options struct {
	translate func(error) *gqlerror.Error
}

// WithErrors installs the service's translation of its domain errors into GraphQL errors, the one
// place where a service decides what a client learns about a failure. translate returns nil for
// errors it does not know; of those, business exceptions become ExceptionError and the rest
// "internal error".
func WithErrors(translate func(error) *gqlerror.Error) Option {
	return func(o *options) { o.translate = translate }
}

// NewHandler returns the GraphQL handler for a subgraph's executable schema. The caller's identity
// comes from the gateway's token, checked by verifier (anonymous without a valid one), so that the
// admin guard refuses admin-tagged fields to everybody else.
func NewHandler(es graphql.ExecutableSchema, verifier *identity.Verifier, logger *slog.Logger, opts ...Option) http.Handler {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	srv := handler.New(es)
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](1000))
	srv.Use(extension.Introspection{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](1000)})
	e := errorHandling{logger: logger, translate: o.translate, inputs: inputs{schema: es.Schema()}}
	srv.AroundFields(e.aroundField)
	srv.AroundResponses(observe)
	srv.SetErrorPresenter(e.present)
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		logger.ErrorContext(ctx, "graphql resolver panicked", "panic", p, "path", graphql.GetPath(ctx).String(), "stack", string(debug.Stack()))
		return internalError(ctx)
	})
	return identity.Middleware(verifier)(srv)
}

type errorHandling struct {
	logger    *slog.Logger
	translate func(error) *gqlerror.Error
	inputs    inputs
}

// aroundField runs for every resolved field. It refuses fields tagged @tag(name: "admin") unless
// the caller is an admin, and it decides what the client sees of a resolver's error right where
// the resolver returns it: later, gqlgen has wrapped every error into a *gqlerror.Error, and a
// resolver's internal error could no longer be told from one made on purpose.
func (e errorHandling) aroundField(ctx context.Context, next graphql.Resolver) (any, error) {
	if fc := graphql.GetFieldContext(ctx); fc != nil && isAdminOnly(fc.Field.Definition) && !identity.FromContext(ctx).IsAdmin() {
		return nil, forbidden(ctx)
	}
	if err := e.inputs.check(ctx, graphql.GetFieldContext(ctx)); err != nil {
		return nil, e.present(ctx, err)
	}
	res, err := next(ctx)
	if err != nil {
		return res, e.present(ctx, err)
	}
	return res, nil
}

// isAdminOnly reports whether def carries @tag(name: "admin"); "federation__tag" is the same
// directive when a schema imports it under its namespaced name. Most fields have no directives at
// all, so this costs an empty loop: no allocation, no map, no lock.
func isAdminOnly(def *ast.FieldDefinition) bool {
	if def == nil {
		return false
	}
	for _, d := range def.Directives {
		if d.Name != "tag" && d.Name != "federation__tag" {
			continue
		}
		if arg := d.Arguments.ForName("name"); arg != nil && arg.Value != nil && arg.Value.Raw == "admin" {
			return true
		}
	}
	return false
}

// present decides what the client sees of an error: GraphQL errors made on purpose (by resolvers,
// or by gqlgen for invalid input) pass, identity.ErrForbidden becomes FORBIDDEN, the service's
// translation (if any) comes next, then a business exception (exception.Error) becomes
// ExceptionError, and everything else is logged and shown as "internal error".
// It is also gqlgen's error presenter, for errors that do not come from a resolver.
func (e errorHandling) present(ctx context.Context, err error) *gqlerror.Error {
	if errors.Is(err, identity.ErrForbidden) {
		return forbidden(ctx)
	}
	var gqlErr *gqlerror.Error
	if errors.As(err, &gqlErr) {
		if exc := inputError(gqlErr); exc != nil {
			return onPath(ctx, ExceptionError(exc))
		}
		return onPath(ctx, gqlErr)
	}
	if e.translate != nil {
		if t := e.translate(err); t != nil {
			return onPath(ctx, t)
		}
	}
	var exc *exception.Error
	if errors.As(err, &exc) {
		return onPath(ctx, ExceptionError(exc))
	}
	e.logger.ErrorContext(ctx, "graphql resolver failed", "err", err, "path", graphql.GetPath(ctx).String())
	return internalError(ctx)
}

// onPath returns a copy of e located at the current field: services may return shared error values,
// which must not be changed per request.
func onPath(ctx context.Context, e *gqlerror.Error) *gqlerror.Error {
	c := *e
	if c.Path == nil {
		c.Path = graphql.GetPath(ctx)
	}
	return &c
}

func forbidden(ctx context.Context) *gqlerror.Error {
	return coded(ctx, "forbidden", CodeForbidden)
}

func internalError(ctx context.Context) *gqlerror.Error {
	return coded(ctx, "internal error", CodeInternal)
}

func coded(ctx context.Context, message, code string) *gqlerror.Error {
	return &gqlerror.Error{Message: message, Path: graphql.GetPath(ctx), Extensions: map[string]any{"code": code}}
}
