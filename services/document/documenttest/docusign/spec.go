package docusign

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"semesterhaus/platform/workspace"
)

// SpecFile is DocuSign's published OpenAPI (Swagger 2.0) description of the eSignature REST API's
// envelope paths, relative to the directory that holds go.work. It is DocuSign's, kept beside the
// repository, never in it.
const SpecFile = "../shared/partners/docusign/esignature.envelopes.v2.1.json"

// ErrNoSpec means the published description is not where SpecFile says.
var ErrNoSpec = errors.New("DocuSign's OpenAPI description is not beside the repository")

// basePath is the description's basePath: its paths start after it.
const basePath = "/restapi"

func init() {
	// The combined document is a PDF: its body is checked as the binary string the description says.
	openapi3filter.RegisterBodyDecoder("application/pdf", openapi3filter.FileBodyDecoder)
}

// FindSpec returns the path of SpecFile beside the repository (the directory holding go.work,
// found upwards from the working directory), or ErrNoSpec.
func FindSpec() (string, error) {
	root, err := workspace.Root()
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoSpec, err)
	}
	path := filepath.Join(root, filepath.FromSlash(SpecFile))
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%w: %s", ErrNoSpec, SpecFile)
	}
	return path, nil
}

// Validator checks requests and answers against the published description (converted to
// OpenAPI 3), so a simulator built on it cannot drift from what DocuSign documents.
type Validator struct {
	router routers.Router
}

// NewValidator loads the description at path.
func NewValidator(path string) (*Validator, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc2 openapi2.T
	if err := json.Unmarshal(raw, &doc2); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	doc, err := openapi2conv.ToV3(&doc2)
	if err != nil {
		return nil, fmt.Errorf("convert %s to OpenAPI 3: %w", path, err)
	}
	// Routes are matched on the path after basePath, wherever the simulator listens.
	doc.Servers = nil
	router, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, err
	}
	return &Validator{router: router}, nil
}

// Request checks req (its body is read and put back) and returns what the answer is checked with.
func (v *Validator) Request(ctx context.Context, req *http.Request) (*openapi3filter.RequestValidationInput, error) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	probe := req.Clone(ctx)
	probe.URL.Path = strings.TrimPrefix(req.URL.Path, basePath)
	probe.URL.RawPath = ""
	probe.Body = io.NopCloser(bytes.NewReader(body))
	route, params, err := v.router.FindRoute(probe)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	input := &openapi3filter.RequestValidationInput{
		Request: probe, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true},
	}
	if err := openapi3filter.ValidateRequest(ctx, input); err != nil {
		return nil, fmt.Errorf("%s %s breaks the published description: %w", req.Method, req.URL.Path, err)
	}
	return input, nil
}

// Response checks an answer to the request input describes.
func (v *Validator) Response(ctx context.Context, input *openapi3filter.RequestValidationInput, status int, header http.Header, body []byte) error {
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: input, Status: status, Header: header, Body: io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{MultiError: true},
	}
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		return fmt.Errorf("the answer %d to %s %s breaks the published description: %w", status, input.Request.Method, input.Request.URL.Path, err)
	}
	return nil
}

// Operation is the description's operation id of a validated request, e.g. Envelopes_PostEnvelopes.
func Operation(input *openapi3filter.RequestValidationInput) string {
	return input.Route.Operation.OperationID
}
