package graphqlx_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/graphqlx"
)

func TestException_businessExceptionBecomesTheAnswersException(t *testing.T) {
	t.Parallel()
	errDatabase := errors.New("connection refused")
	tests := []struct {
		name    string
		err     error
		want    string // the exception as JSON; "null" for none
		wantErr error
	}{
		{"success", nil, "null", nil},
		{"business exception, params sorted by key", fmt.Errorf("edit: %w", exception.New("zip", "INVALID_ZIP", "max", "5", "country", "DEU")),
			`{"path":"zip","params":[{"key":"country","value":"DEU"},{"key":"max","value":"5"}],"messageId":"INVALID_ZIP"}`, nil},
		{"without params", exception.New("email", "ALREADY_RENTING"), `{"path":"email","params":[],"messageId":"ALREADY_RENTING"}`, nil},
		{"other error goes on", errDatabase, "null", errDatabase},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := graphqlx.Exception(tt.err)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && err != nil) {
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			b, _ := json.Marshal(got)
			if string(b) != tt.want {
				t.Errorf("exception = %s, want %s", b, tt.want)
			}
		})
	}
}

func TestUpdated_exceptionOrError(t *testing.T) {
	t.Parallel()
	if r, err := graphqlx.Updated(nil); err != nil || r == nil || r.Exception != nil {
		t.Errorf("success: %+v, %v", r, err)
	}
	if r, err := graphqlx.Updated(exception.New("id", "NO_RENTER")); err != nil || r == nil || r.Exception.MessageID != "NO_RENTER" {
		t.Errorf("business exception: %+v, %v", r, err)
	}
	errDatabase := errors.New("connection refused")
	if r, err := graphqlx.Updated(errDatabase); r != nil || !errors.Is(err, errDatabase) {
		t.Errorf("other error: %+v, %v", r, err)
	}
}
