package graphql

import (
	"context"

	"semesterhaus/platform/largevalues"
)

// upload is the base64 text of an upload field. The handler lifts long texts out of the request
// before gqlgen parses it (largevalues.Middleware), so that megabytes of scans are not decoded as
// JSON; graphqlx puts every lifted text back into the resolver's arguments (so a long name is
// refused as too long, never stored as the placeholder), and this returns the text behind a
// placeholder that is still left.
func upload(ctx context.Context, field string) (string, error) {
	return largevalues.Value(ctx, field)
}
