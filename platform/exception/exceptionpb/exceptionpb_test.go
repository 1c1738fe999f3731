package exceptionpb_test

import (
	"errors"
	"reflect"
	"testing"

	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/exception/exceptionpb"
	commonv1 "semesterhaus/proto/gen/common/v1"
)

func TestFromProto_exceptionSurvivesTheWire(t *testing.T) {
	t.Parallel()
	for _, sent := range []*exception.Error{
		exception.New("zip", "INVALID_ZIP", "country", "DEU"),
		exception.New("email", "ALREADY_RENTING"),
	} {
		wire, err := proto.Marshal(exceptionpb.ToProto(sent))
		if err != nil {
			t.Fatal(err)
		}
		var v commonv1.Violation
		if err := proto.Unmarshal(wire, &v); err != nil {
			t.Fatal(err)
		}
		var got *exception.Error
		if !errors.As(exceptionpb.FromProto(&v), &got) || !reflect.DeepEqual(got, sent) {
			t.Errorf("received %+v, sent %+v", got, sent)
		}
	}
}

func TestFromProto_noViolationIsNoError(t *testing.T) {
	t.Parallel()
	if err := exceptionpb.FromProto(nil); err != nil {
		t.Errorf("FromProto(nil) = %#v", err)
	}
}
