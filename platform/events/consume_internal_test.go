package events

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/proto/events/v1/streams"
)

var renting = streams.Stream{Name: "RENTING", Prefix: "renting", Declared: []string{"state.*", "deleted"}}

// fakeMsg is a delivery of JetStream that records how it was settled.
type fakeMsg struct {
	jetstream.Msg
	subject       string
	acked, termed bool
}

func (m *fakeMsg) Subject() string      { return m.subject }
func (m *fakeMsg) Headers() nats.Header { return nats.Header{jetstream.MsgIDHeader: {"e-1"}} }
func (m *fakeMsg) Ack() error           { m.acked = true; return nil }
func (m *fakeMsg) Term() error          { m.termed = true; return nil }
func (m *fakeMsg) Metadata() (*jetstream.MsgMetadata, error) {
	return &jetstream.MsgMetadata{NumDelivered: 1, Stream: "RENTING"}, nil
}

// An old server sends a consumer of several subjects the whole stream (streams.Consumer.Filters): the stream's
// other declared subjects are acknowledged and skipped, but a subject it does not declare (a typo
// of a producer) is an error, not a silent acknowledgement.
func TestHandle_subjectsNotHandled_skippedIfDeclaredElseAnError(t *testing.T) {
	tests := []struct {
		subject       string
		acked, termed bool
		logged        string
	}{
		{"renting.deleted", true, false, ""},
		{"renting.delted", false, true, "level=ERROR"},
		{"renting.state.canceled.x", false, true, "level=ERROR"},
	}
	for _, tt := range tests {
		var log bytes.Buffer
		durable := "internal-" + tt.subject
		c := consumer{
			logger:  slog.New(slog.NewTextHandler(&log, nil)),
			stream:  renting,
			decl:    streams.Consumer{Durable: durable, Handles: []string{"renting.state.*"}},
			metrics: newConsumerMetrics(durable),
		}
		before := Counters.Undeclared.Load()
		msg := &fakeMsg{subject: tt.subject}
		c.handle(context.Background(), msg)
		if msg.acked != tt.acked || msg.termed != tt.termed {
			t.Errorf("%s: acked %v, terminated %v; want %v, %v", tt.subject, msg.acked, msg.termed, tt.acked, tt.termed)
		}
		if tt.logged != "" && !strings.Contains(log.String(), tt.logged) || tt.logged == "" && log.Len() > 0 {
			t.Errorf("%s: logged %q, want %q", tt.subject, log.String(), tt.logged)
		}
		if counted := Counters.Undeclared.Load() - before; counted != map[bool]uint64{true: 1}[tt.termed] {
			t.Errorf("%s: %d counted as undeclared", tt.subject, counted)
		}
	}
}
