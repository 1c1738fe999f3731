// Package scalar holds the GraphQL scalars every subgraph declares the same way: Date (a calendar day,
// yyyy-MM-dd) and DateTime (a point in time, RFC 3339). Subgraphs bind them in gqlgen.yml.
package scalar

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// Date is a calendar day sent as yyyy-MM-dd.
type Date time.Time

// MarshalGQL writes the day as a quoted yyyy-MM-dd string.
func (d Date) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, strconv.Quote(time.Time(d).Format(time.DateOnly)))
}

// UnmarshalGQL reads a yyyy-MM-dd string.
func (d *Date) UnmarshalGQL(v any) error {
	t, err := parse(v, time.DateOnly, "a date must be a yyyy-MM-dd string")
	*d = Date(t)
	return err
}

// DateTime is a point in time sent as an RFC 3339 string in UTC.
type DateTime time.Time

// MarshalGQL writes the time as a quoted RFC 3339 string in UTC.
func (t DateTime) MarshalGQL(w io.Writer) {
	_, _ = io.WriteString(w, strconv.Quote(time.Time(t).UTC().Format(time.RFC3339)))
}

// UnmarshalGQL reads an RFC 3339 string.
func (t *DateTime) UnmarshalGQL(v any) error {
	parsed, err := parse(v, time.RFC3339, "a date-time must be an RFC 3339 string")
	*t = DateTime(parsed)
	return err
}

func parse(v any, layout, message string) (time.Time, error) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, fmt.Errorf("%s", message)
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: %w", message, err)
	}
	return t, nil
}
