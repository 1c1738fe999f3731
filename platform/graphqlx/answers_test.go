package graphqlx_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"semesterhaus/platform/graphqlx"
)

func double(n int) *int { d := 2 * n; return &d }

func TestOptional_notFoundIsNull(t *testing.T) {
	t.Parallel()
	errNotFound, errDatabase := errors.New("not found"), errors.New("connection refused")
	if got, err := graphqlx.Optional(21, nil, errNotFound, double); err != nil || got == nil || *got != 42 {
		t.Errorf("found: %v, %v", got, err)
	}
	if got, err := graphqlx.Optional(0, fmt.Errorf("semester 9: %w", errNotFound), errNotFound, double); err != nil || got != nil {
		t.Errorf("not found: %v, %v; want null", got, err)
	}
	if got, err := graphqlx.Optional(0, errDatabase, errNotFound, double); got != nil || !errors.Is(err, errDatabase) {
		t.Errorf("other error: %v, %v", got, err)
	}
}

func TestAll_everyValueConvertedOrTheError(t *testing.T) {
	t.Parallel()
	got, err := graphqlx.All([]int{1, 2}, nil, double)
	if err != nil || len(got) != 2 || *got[0] != 2 || *got[1] != 4 {
		t.Errorf("values: %v, %v", got, err)
	}
	if got, err := graphqlx.All([]int{}, nil, double); err != nil || got == nil || len(got) != 0 {
		t.Errorf("no values: %#v, %v; want an empty list", got, err)
	}
	errDatabase := errors.New("connection refused")
	if got, err := graphqlx.All([]int{1}, errDatabase, double); got != nil || !reflect.DeepEqual(err, errDatabase) {
		t.Errorf("error: %v, %v", got, err)
	}
}
