// Package scalar holds the GraphQL scalars the renter's schema declares.
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
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("a date must be a yyyy-MM-dd string")
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return fmt.Errorf("a date must be yyyy-MM-dd: %w", err)
	}
	*d = Date(t)
	return nil
}
