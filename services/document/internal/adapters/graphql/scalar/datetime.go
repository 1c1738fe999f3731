// Package scalar holds the GraphQL scalars the document service's schema declares.
package scalar

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// DateTime is a point in time sent as an RFC 3339 string.
type DateTime time.Time

// MarshalGQL writes the time as a quoted RFC 3339 string in UTC.
func (t DateTime) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, strconv.Quote(time.Time(t).UTC().Format(time.RFC3339)))
}

// UnmarshalGQL reads an RFC 3339 string.
func (t *DateTime) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("a date-time must be an RFC 3339 string")
	}
	parsed, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return fmt.Errorf("a date-time must be RFC 3339: %w", err)
	}
	*t = DateTime(parsed)
	return nil
}
