package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"net/netip"
	"runtime/debug"
	"sync"
	"time"

	"github.com/wundergraph/astjson"
	"github.com/wundergraph/graphql-go-tools/execution/graphql"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/ast"

	"semesterhaus/gateway/internal/adminguard"
	"semesterhaus/gateway/internal/bookinglimit"
	"semesterhaus/gateway/internal/engine"
	"semesterhaus/platform/identity"
	"semesterhaus/platform/largevalues"
	"semesterhaus/platform/metrics"
)

// Executor runs an operation on the supergraph and writes the GraphQL response to out; an error
// means the gateway failed (operations it refuses are answered in out). ExecuteQuery may share the
// response of an identical query running at the same time.
type Executor interface {
	Execute(ctx context.Context, req *graphql.Request, out *bytes.Buffer) error
	ExecuteQuery(ctx context.Context, req *graphql.Request, out *bytes.Buffer) error
}

// TokenSigner signs the identity token forwarded to one subgraph (audience).
type TokenSigner interface {
	Sign(id identity.Identity, audience string) (string, error)
}

// GraphQL serves /api/graphql: POST for every operation, GET for queries.
type GraphQL struct {
	Engine   Executor
	Guard    *adminguard.Guard
	Identify func(*http.Request) identity.Identity
	Signer   TokenSigner
	// Subgraphs are the names of the subgraphs: each gets the caller's identity signed for it.
	Subgraphs []string
	MaxDepth  int
	// MaxCost bounds an operation's cost (adminguard.Verdict.Cost), MaxQueryBytes its text: both are
	// checked before the engine parses, plans or fetches anything.
	MaxCost       int
	MaxQueryBytes int
	// OperationTimeout ends an execution that takes longer; one whose client went away ends at once.
	OperationTimeout time.Duration
	// Bookings, when set, bounds the booking requests (and the other operations that mail an
	// address or try a link's token) per client; ClientAddress tells who the client is.
	Bookings      *bookinglimit.Limiter
	ClientAddress func(*http.Request) netip.Addr
	// Introspection answers __schema, __type and _service to every caller; without it only admins
	// get them (production: the web apps are typed from the committed schema and need none).
	Introspection bool
	Logger        *slog.Logger
}

// responseBuffers recycles response buffers; an unusually large one is left to the GC instead.
var responseBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxRecycledBufferBytes = 1 << 20

func (h *GraphQL) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer h.recoverPanic(w, r)
	start := time.Now()
	req, lifted, unreadable := readOperation(r)
	if unreadable != nil {
		writeError(w, unreadable.status, unreadable.code, unreadable.message)
		return
	}
	if len(req.Query) > h.MaxQueryBytes {
		message := fmt.Sprintf("the query text is longer than %d bytes", h.MaxQueryBytes)
		writeError(w, http.StatusRequestEntityTooLarge, codeQueryTooLarge, message)
		observe(ast.OperationTypeUnknown, true, start)
		return
	}
	caller := h.Identify(r)
	verdict := h.Guard.Inspect(req.Query)
	operationType := verdict.OperationType(req.OperationName)
	if refusal := h.check(r.Method, req.OperationName, verdict, caller); refusal != nil {
		writeError(w, refusal.status, refusal.code, refusal.message)
		observe(operationType, true, start)
		return
	}
	if operationType == ast.OperationTypeMutation && !h.allowBookings(w, r, req) {
		observe(operationType, true, start)
		return
	}
	if err := h.forwardIdentity(&req, caller); err != nil {
		h.fail(w, r, "cannot sign identity token", err)
		observe(operationType, true, start)
		return
	}
	out := responseBuffers.Get().(*bytes.Buffer)
	defer recycle(out)
	out.Reset()
	execute := h.Engine.Execute
	if operationType == ast.OperationTypeQuery {
		execute = h.Engine.ExecuteQuery
	}
	// The request's context ends when the client goes away; the deadline ends a slow execution.
	ctx, cancel := context.WithTimeout(r.Context(), h.OperationTimeout)
	defer cancel()
	// The subgraph fetches put the lifted uploads back (engine.subgraphTransport).
	// An execution cut short may still have written an answer (subgraphs "unavailable"): the
	// context tells why it ended.
	if err := execute(largevalues.WithValues(ctx, lifted), &req, out); err != nil || ctx.Err() != nil {
		h.stopped(ctx, w, r, err)
		observe(operationType, true, start)
		return
	}
	failed := hasErrors(out.Bytes())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(out.Bytes())
	observe(operationType, failed, start)
}

// observe records the operation in graphql_operations_total and graphql_operation_duration_seconds.
func observe(operationType ast.OperationType, failed bool, start time.Time) {
	name := "unknown"
	switch operationType {
	case ast.OperationTypeQuery:
		name = "query"
	case ast.OperationTypeMutation:
		name = "mutation"
	case ast.OperationTypeSubscription:
		name = "subscription"
	}
	metrics.ObserveGraphQL(name, failed, time.Since(start))
}

// hasErrors tells whether a response of the engine carries errors, which it writes first.
func hasErrors(response []byte) bool {
	return bytes.HasPrefix(response, []byte(`{"errors"`))
}

func recycle(out *bytes.Buffer) {
	if out.Cap() <= maxRecycledBufferBytes {
		responseBuffers.Put(out)
	}
}

// check applies the gateway's own rules before anything reaches a subgraph: no subscriptions (the
// gateway serves HTTP only), mutations only by POST (a link must not change data), no fragment
// cycles, a bounded depth and cost, and admin-only fields for admins.
func (h *GraphQL) check(method, operationName string, verdict adminguard.Verdict, caller identity.Identity) *requestError {
	switch verdict.OperationType(operationName) {
	case ast.OperationTypeSubscription:
		return &requestError{http.StatusOK, codeUnsupported, "subscriptions are not supported"}
	case ast.OperationTypeMutation:
		if method != http.MethodPost {
			return &requestError{http.StatusMethodNotAllowed, codeUnsupported, "mutations must be sent with POST"}
		}
	}
	if verdict.FragmentCycle != "" {
		message := fmt.Sprintf("fragment %s spreads itself", verdict.FragmentCycle)
		return &requestError{http.StatusOK, codeInvalidOperation, message}
	}
	if verdict.Depth > h.MaxDepth {
		message := fmt.Sprintf("operation nests %d levels deep, at most %d are allowed", verdict.Depth, h.MaxDepth)
		return &requestError{http.StatusOK, codeTooDeep, message}
	}
	if verdict.Cost > h.MaxCost {
		message := fmt.Sprintf("operation costs %d, at most %d are allowed: select fewer fields, aliases or nested lists", verdict.Cost, h.MaxCost)
		return &requestError{http.StatusOK, codeTooExpensive, message}
	}
	if !verdict.AllowedFor(caller.IsAdmin()) {
		return &requestError{http.StatusOK, codeForbidden, "forbidden"}
	}
	if verdict.Introspection && !h.Introspection && !caller.IsAdmin() {
		return &requestError{http.StatusOK, codeForbidden, "introspection is disabled"}
	}
	return nil
}

// allowBookings counts the booking requests of a mutation for the client and, over the limit,
// answers 429 with Retry-After before anything runs. The count stays, whatever the operation
// answers: nothing another field of it does gives it back.
func (h *GraphQL) allowBookings(w http.ResponseWriter, r *http.Request, req graphql.Request) bool {
	if h.Bookings == nil {
		return true
	}
	requests := bookinglimit.Requests(req.Query, req.OperationName)
	if requests == 0 {
		return true
	}
	retryAfter, allowed := h.Bookings.Allow(r.Context(), h.ClientAddress(r), requests)
	if !allowed {
		writeTooManyRequests(w, retryAfter, "too many booking requests; try again later")
	}
	return allowed
}

// forwardIdentity makes the identity tokens, one signed for each subgraph, the only headers the
// engine sees: subgraph fetches carry their own through their header templates, and whatever the
// client sent (a forged X-Identity-Token included) never reaches a subgraph.
func (h *GraphQL) forwardIdentity(req *graphql.Request, caller identity.Identity) error {
	headers := make(http.Header, len(h.Subgraphs))
	for _, subgraph := range h.Subgraphs {
		token, err := h.Signer.Sign(caller, subgraph)
		if err != nil {
			return err
		}
		headers.Set(engine.SubgraphHeader(identity.Header, subgraph), token)
	}
	req.SetHeader(headers)
	return nil
}

// requestError is a request /api/graphql refuses; its message is meant for the client.
type requestError struct {
	status  int
	code    string
	message string
}

// readOperation reads the operation of a GET or POST request. A POST must be application/json: a
// form or text/plain body is what a page of another site can post without asking (no CORS preflight). Long strings among a POST's variables
// (uploads as base64) are lifted out before the body is parsed (package largevalues): the engine then
// handles a small request, and the subgraph fetch gets them back.
func readOperation(r *http.Request) (graphql.Request, *largevalues.Values, *requestError) {
	var req graphql.Request
	var lifted *largevalues.Values
	if r.Method == http.MethodGet {
		params := r.URL.Query()
		req.Query, req.OperationName = params.Get("query"), params.Get("operationName")
		if variables := params.Get("variables"); variables != "" {
			if !json.Valid([]byte(variables)) {
				return req, nil, &requestError{http.StatusBadRequest, codeBadRequest, "variables must be a JSON object"}
			}
			req.Variables = json.RawMessage(variables)
		}
	} else {
		if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType != "application/json" {
			return req, nil, &requestError{http.StatusUnsupportedMediaType, codeWrongMediaType, "the body must be application/json"}
		}
		var body []byte
		var err error
		body, lifted, err = largevalues.LiftBody(r)
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return req, nil, &requestError{http.StatusRequestEntityTooLarge, codePayloadTooLarge, "request body too large"}
			}
			return req, nil, &requestError{http.StatusBadRequest, codeBadRequest, "cannot read the request body"}
		}
		if err := decodeOperation(body, &req); err != nil {
			return req, nil, &requestError{http.StatusBadRequest, codeBadRequest, "the body must be JSON with query, variables and operationName"}
		}
	}
	if req.Query == "" {
		return req, nil, &requestError{http.StatusBadRequest, codeBadRequest, "query is missing"}
	}
	if !variablesAreObject(req.Variables) {
		return req, nil, &requestError{http.StatusBadRequest, codeBadRequest, "variables must be a JSON object"}
	}
	return req, lifted, nil
}

// decodeOperation reads a POST body's query, operationName and variables. astjson parses the body in
// one pass; encoding/json (graphql.UnmarshalRequest) scanned it twice and decoded by reflection, 6 % of
// the gateway's CPU under varied traffic. A missing or null member stays empty, as with encoding/json.
func decodeOperation(body []byte, req *graphql.Request) error {
	operation, err := astjson.ParseBytes(body)
	if err != nil {
		return err
	}
	if operation.Type() != astjson.TypeObject {
		return errors.New("the body is not a JSON object")
	}
	if req.Query, err = optionalString(operation.Get("query")); err != nil {
		return err
	}
	if req.OperationName, err = optionalString(operation.Get("operationName")); err != nil {
		return err
	}
	if variables := operation.Get("variables"); variables != nil {
		req.Variables = variables.MarshalTo(nil)
		// astjson reads numbers leniently ({"n": .} passes): the variables go on to the subgraphs as
		// written here, so they must be JSON. With the uploads lifted out they are small.
		if !json.Valid(req.Variables) {
			return errors.New("the variables are not JSON")
		}
	}
	return nil
}

// optionalString is a member's string, empty when it is missing or null.
func optionalString(v *astjson.Value) (string, error) {
	if v == nil || v.Type() == astjson.TypeNull {
		return "", nil
	}
	text, err := v.StringBytes()
	return string(text), err
}

// variablesAreObject checks the shape of variables that are valid JSON already (a POST body was
// parsed whole; GET parameters are checked when read): validating megabytes of uploads a second
// time cost more than the rest of the check.
func variablesAreObject(variables json.RawMessage) bool {
	trimmed := bytes.TrimSpace(variables)
	return len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) || trimmed[0] == '{'
}

// stopped answers an execution that ended early: 504 when it ran out of time, nothing when the client
// went away (nobody reads the answer), else a failure of the gateway.
func (h *GraphQL) stopped(ctx context.Context, w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case r.Context().Err() != nil:
		h.Logger.InfoContext(r.Context(), "client went away during an operation", "error", err)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		h.Logger.WarnContext(r.Context(), "operation timed out", "timeout", h.OperationTimeout, "error", err)
		message := fmt.Sprintf("the operation took longer than %s", h.OperationTimeout)
		writeError(w, http.StatusGatewayTimeout, codeTimeout, message)
	default:
		h.fail(w, r, "operation failed", err)
	}
}

// fail answers 500 with a generic message; the cause goes to the log only.
func (h *GraphQL) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	h.Logger.ErrorContext(r.Context(), what, "error", err)
	writeError(w, http.StatusInternalServerError, codeInternal, "internal error")
}

// recoverPanic turns a panic in the engine into a logged 500 instead of a dropped connection.
func (h *GraphQL) recoverPanic(w http.ResponseWriter, r *http.Request) {
	if v := recover(); v != nil {
		if v == http.ErrAbortHandler {
			panic(v)
		}
		h.Logger.ErrorContext(r.Context(), "panic while serving an operation", "panic", v, "stack", string(debug.Stack()))
		writeError(w, http.StatusInternalServerError, codeInternal, "internal error")
	}
}
