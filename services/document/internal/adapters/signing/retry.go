package signing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// maxAnswerBytes bounds what is read of an answer: a combined contract with its certificate is a
// few hundred kilobytes.
const maxAnswerBytes = 32 << 20

// errUnauthorized is a 401: the access token was refused.
var errUnauthorized = errors.New("unauthorized")

// retrying sends requests to a partner and tries again, a bounded number of times with growing
// waits, when it answers 429 (its rate limit) or 5xx (a passing fault), waiting as long as its
// Retry-After asks if it says (within maxWait). Network errors are not retried: a request that
// may have arrived (an envelope created) must not be sent twice.
type retrying struct {
	client   *http.Client
	attempts int
	backoff  time.Duration // the first wait; each next one doubles
	maxWait  time.Duration
}

func newRetrying(client *http.Client) *retrying {
	return &retrying{client: client, attempts: 4, backoff: 500 * time.Millisecond, maxWait: 30 * time.Second}
}

// httpError is an answer other than 2xx, with the start of its body (DocuSign's errorCode and
// message) for the log, and the errorCode of a DocuSign errorDetails body, if it is one.
type httpError struct {
	status int
	body   string
	code   string
}

func (e *httpError) Error() string { return fmt.Sprintf("answered %d: %s", e.status, e.body) }

// do sends the request newRequest makes (anew for each attempt, as a body is read once) and returns
// the body of a 2xx answer.
func (r *retrying) do(ctx context.Context, newRequest func() (*http.Request, error)) ([]byte, error) {
	for attempt := 1; ; attempt++ {
		body, retryAfter, err := r.once(newRequest)
		var he *httpError
		if err == nil || !errors.As(err, &he) || !retryable(he.status) || attempt == r.attempts {
			return body, err
		}
		wait := r.backoff << (attempt - 1)
		if retryAfter > 0 {
			wait = retryAfter
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w (after %w)", ctx.Err(), err)
		case <-time.After(min(wait, r.maxWait)):
		}
	}
}

func (r *retrying) once(newRequest func() (*http.Request, error)) ([]byte, time.Duration, error) {
	req, err := newRequest()
	if err != nil {
		return nil, 0, err
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return nil, 0, fmt.Errorf("read the answer: %w", err)
	}
	if resp.StatusCode/100 == 2 {
		return body, 0, nil
	}
	he := &httpError{status: resp.StatusCode, body: string(body[:min(len(body), 300)]), code: errorCode(body)}
	if resp.StatusCode == http.StatusUnauthorized {
		return nil, 0, fmt.Errorf("%w: %w", errUnauthorized, he)
	}
	return nil, retryAfter(resp.Header.Get("Retry-After")), he
}

// errorCode is the errorCode of DocuSign's error answer (errorDetails: errorCode and message);
// empty when the body is none.
func errorCode(body []byte) string {
	var details struct {
		ErrorCode string `json:"errorCode"`
	}
	if json.Unmarshal(body, &details) != nil {
		return ""
	}
	return details.ErrorCode
}

func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status >= 500
}

// retryAfter reads Retry-After in seconds or as an HTTP date; 0 when absent or unreadable.
func retryAfter(value string) time.Duration {
	if s, err := strconv.Atoi(value); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(value); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}
