package graphql

import (
	"context"

	"semesterhaus/platform/largevalues"
)

// upload is the base64 text of an upload field. The handler lifted long texts out of the request
// before gqlgen parsed it (largevalues.Middleware), so that megabytes of scans are not decoded as
// JSON; the field then holds a placeholder for the text, which comes back here.
func upload(ctx context.Context, field string) (string, error) {
	return largevalues.Value(ctx, field)
}
