// Package exceptionpb carries business exceptions between services: a server answers with the
// proto Violation (semesterhaus.common.v1) of an exception, and its client turns it back into one.
package exceptionpb

import (
	"semesterhaus/platform/exception"
	commonv1 "semesterhaus/proto/gen/common/v1"
)

// ToProto is the Violation a gRPC server answers with.
func ToProto(e *exception.Error) *commonv1.Violation {
	return &commonv1.Violation{Path: e.Path, MessageId: e.MessageID, Params: e.Params}
}

// FromProto turns a peer's Violation back into a business exception; no violation is no error.
func FromProto(v *commonv1.Violation) error {
	if v == nil {
		return nil
	}
	params := make(map[string]string, len(v.GetParams()))
	for k, val := range v.GetParams() {
		params[k] = val
	}
	return &exception.Error{Path: v.GetPath(), MessageID: v.GetMessageId(), Params: params}
}
