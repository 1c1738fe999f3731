package engine

import (
	"crypto/tls"
	"io"
	"log/slog"
	"net/http"
	"slices"

	"semesterhaus/gateway/internal/upstream"
	"semesterhaus/platform/largevalues"
	"semesterhaus/platform/tracing"
)

// newSubgraphClient returns the HTTP client for all subgraph fetches.
func newSubgraphClient(logger *slog.Logger, tlsConfig *tls.Config) *http.Client {
	transport := upstream.NewTransport(tlsConfig)
	transport.DisableCompression = true
	return &http.Client{
		Timeout: upstream.Timeout,
		// With tracing on, every fetch is a client span of the operation's trace and carries it to
		// the subgraph in the traceparent header.
		Transport: tracing.HTTPTransport(&subgraphTransport{next: transport, logger: logger}),
	}
}

// subgraphTransport logs failed subgraph fetches with their details: clients only ever get a
// generic "service temporarily unavailable", so this log line is where the cause can be found.
type subgraphTransport struct {
	next   http.RoundTripper
	logger *slog.Logger
}

func (t *subgraphTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req, err := withLargeValues(withoutCompression(req))
	if err != nil {
		return nil, err
	}
	res, err := t.next.RoundTrip(req)
	if err != nil {
		t.logger.ErrorContext(req.Context(), "subgraph fetch failed", "url", req.URL.String(), "error", err)
		return nil, err
	}
	if res.StatusCode >= http.StatusInternalServerError {
		t.logger.ErrorContext(req.Context(), "subgraph answered with a server error", "url", req.URL.String(), "status", res.StatusCode)
	}
	return res, nil
}

// withoutCompression drops the Accept-Encoding the engine sets on every fetch: subgraphs are on the
// same host or network, where compressing and decompressing costs more CPU than it saves in transfer.
func withoutCompression(req *http.Request) *http.Request {
	if req.Header.Get("Accept-Encoding") == "" {
		return req
	}
	plain := *req
	plain.Header = req.Header.Clone()
	plain.Header.Del("Accept-Encoding")
	return &plain
}

// withLargeValues puts the uploads that the gateway lifted out of the client's request
// (package largevalues) back into the fetch's body. The body is sent piece by piece from where the
// pieces are: megabytes of uploads are not copied into a second body first.
func withLargeValues(req *http.Request) (*http.Request, error) {
	values := largevalues.FromContext(req.Context())
	if values == nil || req.Body == nil {
		return req, nil
	}
	body, err := io.ReadAll(req.Body)
	_ = req.Body.Close()
	if err != nil {
		return nil, err
	}
	parts := values.Restored(body)
	size := 0
	for _, part := range parts {
		size += len(part)
	}
	// Reading net.Buffers consumes the slice, so every reader gets a copy of the slice (not of the data).
	open := func() (io.ReadCloser, error) {
		unread := slices.Clone(parts)
		return io.NopCloser(&unread), nil
	}
	restored := *req
	restored.Body, _ = open()
	restored.ContentLength = int64(size)
	restored.GetBody = open
	return &restored, nil
}
