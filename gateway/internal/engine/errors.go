package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/wundergraph/graphql-go-tools/v2/pkg/graphqlerrors"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/operationreport"
	"github.com/wundergraph/graphql-go-tools/v2/pkg/variablesvalidation"
)

// Error codes the gateway puts in extensions.code.
const (
	codeSubgraphUnavailable = "SUBGRAPH_UNAVAILABLE"
	unavailableMessage      = "service temporarily unavailable"
)

// clientErrors turns an error of the engine into the GraphQL errors a client may see, when the error
// is about the operation (syntax, validation, variables). Anything else is the gateway's failure.
func clientErrors(err error) (graphqlerrors.RequestErrors, bool) {
	var requestErrors graphqlerrors.RequestErrors
	if errors.As(err, &requestErrors) {
		return requestErrors, true
	}
	var report operationreport.Report
	if errors.As(err, &report) && len(report.ExternalErrors) > 0 {
		return graphqlerrors.RequestErrorsFromOperationReport(report), true
	}
	var invalidVariable *variablesvalidation.InvalidVariableError
	if errors.As(err, &invalidVariable) {
		return graphqlerrors.RequestErrors{{
			Message:    invalidVariable.Message,
			Extensions: &graphqlerrors.Extensions{Code: invalidVariable.ExtensionCode},
		}}, true
	}
	return nil, false
}

// failedFetchMarker appears in the engine's errors for a subgraph it could not get an answer from
// ("Failed to fetch from Subgraph 'x' at Path 'query'." and "Failed to obtain field dependencies
// from Subgraph ..."); the transport has logged the cause.
const failedFetchMarker = "from Subgraph"

type response struct {
	Errors     []json.RawMessage `json:"errors,omitempty"`
	Data       json.RawMessage   `json:"data,omitempty"`
	Extensions json.RawMessage   `json:"extensions,omitempty"`
}

type graphqlError struct {
	Message    string          `json:"message"`
	Path       json.RawMessage `json:"path,omitempty"`
	Extensions json.RawMessage `json:"extensions,omitempty"`
}

// hideUnavailableSubgraphs replaces the engine's errors about unreachable subgraphs, which name
// subgraphs and paths, with one clean "service temporarily unavailable" error. Responses without
// such an error (nearly all) are left untouched without being parsed.
func hideUnavailableSubgraphs(out *bytes.Buffer) error {
	if !bytes.Contains(out.Bytes(), []byte(failedFetchMarker)) {
		return nil
	}
	var res response
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return err
	}
	kept, hidden := withoutFailedFetches(res.Errors)
	if !hidden {
		return nil
	}
	unavailable, _ := json.Marshal(graphqlError{
		Message:    unavailableMessage,
		Extensions: json.RawMessage(`{"code":"` + codeSubgraphUnavailable + `"}`),
	})
	res.Errors = append(kept, unavailable)
	if len(res.Data) == 0 {
		res.Data = json.RawMessage("null")
	}
	out.Reset()
	return json.NewEncoder(out).Encode(res)
}

func withoutFailedFetches(all []json.RawMessage) (kept []json.RawMessage, hidden bool) {
	for _, raw := range all {
		var e graphqlError
		if json.Unmarshal(raw, &e) == nil && strings.HasPrefix(e.Message, "Failed to ") && strings.Contains(e.Message, failedFetchMarker) {
			hidden = true
			continue
		}
		kept = append(kept, raw)
	}
	return kept, hidden
}
