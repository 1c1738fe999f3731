// Package exception is the business exception every service raises: which input (Path) broke which
// rule (MessageID), with the values its message needs (Params). The web apps translate the message
// id; the services declare their own ids. It imports nothing but the standard library, so that a
// service's domain package may use it.
package exception

import "fmt"

// Error is a business exception. Transports send it to the client as it is (a GraphQL
// UserDataException or error extensions, a gRPC Violation); it is never an internal error.
type Error struct {
	Path      string
	MessageID string
	Params    map[string]string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s %v", e.Path, e.MessageID, e.Params)
}

// New makes a business exception; params are key, value pairs (an odd last key is dropped).
func New(path, messageID string, params ...string) *Error {
	e := &Error{Path: path, MessageID: messageID, Params: make(map[string]string, len(params)/2)}
	for i := 0; i+1 < len(params); i += 2 {
		e.Params[params[i]] = params[i+1]
	}
	return e
}
