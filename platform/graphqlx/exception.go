package graphqlx

import (
	"errors"
	"maps"
	"slices"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"semesterhaus/platform/exception"
)

// UserDataException, KeyValue and UpdateResult are the Go models of the schema types of the same
// names that the subgraphs share (@shareable); each subgraph binds them in its gqlgen.yml.

// UserDataException is a business exception in an operation's answer: which input (path) broke
// which rule (messageId), with the values its message needs.
type UserDataException struct {
	Path      *string     `json:"path,omitempty"`
	Params    []*KeyValue `json:"params"`
	MessageID string      `json:"messageId"`
}

// KeyValue is one of a UserDataException's params.
type KeyValue struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// UpdateResult answers a mutation that changes data: its exception, or none when it succeeded.
type UpdateResult struct {
	Exception *UserDataException `json:"exception,omitempty"`
}

// Exception splits a use case's error for an answer that carries business exceptions: a business
// exception becomes the answer's UserDataException (and no error), any other error is returned for
// the error presenter, and nil stays nil.
func Exception(err error) (*UserDataException, error) {
	var e *exception.Error
	if !errors.As(err, &e) {
		return nil, err
	}
	path := e.Path
	params := make([]*KeyValue, 0, len(e.Params))
	for _, k := range slices.Sorted(maps.Keys(e.Params)) {
		params = append(params, &KeyValue{Key: k, Value: e.Params[k]})
	}
	return &UserDataException{Path: &path, MessageID: e.MessageID, Params: params}, nil
}

// Updated answers an UpdateResult mutation with the use case's error: see Exception.
func Updated(err error) (*UpdateResult, error) {
	e, err := Exception(err)
	if err != nil {
		return nil, err
	}
	return &UpdateResult{Exception: e}, nil
}

// ExceptionError is a business exception as a GraphQL error, for fields whose type has no place for
// it: the message is the message id, and the extensions "messageId", "path" and "params" carry
// the exception. The error presenter answers every business exception that reaches it so.
func ExceptionError(e *exception.Error) *gqlerror.Error {
	return &gqlerror.Error{Message: e.MessageID, Extensions: map[string]any{"messageId": e.MessageID, "path": e.Path, "params": e.Params}}
}
