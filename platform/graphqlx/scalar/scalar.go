// Package scalar holds the GraphQL scalars every subgraph declares the same way: Date (a calendar day,
// yyyy-MM-dd) and DateTime (a point in time, RFC 3339). Subgraphs bind them in gqlgen.yml.
package scalar

import (
	"io"
	"strconv"
	"time"

	"semesterhaus/platform/exception"
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

// parse reads v in layout; anything else is the business exception "invalid" (graphqlx puts it on
// the input field's path), so that a client gets a message id it translates.
func parse(v any, layout, message string) (time.Time, error) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, &invalid{message: message}
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return time.Time{}, &invalid{message: message, cause: err}
	}
	return t, nil
}

// invalid is a value a scalar cannot read: it says why in English and is the business exception
// "invalid" without a path, which the handler fills in.
type invalid struct {
	message string
	cause   error
}

func (e *invalid) Error() string {
	if e.cause == nil {
		return e.message
	}
	return e.message + ": " + e.cause.Error()
}

func (e *invalid) Unwrap() error { return e.cause }

// As makes it the business exception "invalid" for errors.As.
func (e *invalid) As(target any) bool {
	if t, ok := target.(**exception.Error); ok {
		*t = exception.New("", "invalid")
		return true
	}
	return false
}
