package events

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"semesterhaus/proto/events/v1/streams"
)

var renting = streams.Stream{Name: "RENTING", Prefix: "renting", Declared: []string{"state.*", "deleted"}}

func TestFiltersFor(t *testing.T) {
	t.Parallel()
	stream := []string{"renting.>"}
	tests := []struct {
		name    string
		handles []string
		version string
		want    []string
	}{
		{"one subject handled, old server", []string{"renting.deleted"}, "2.9.10", []string{"renting.deleted"}},
		{"several subjects, old server", []string{"renting.deleted", "renting.state.x"}, "2.9.10", stream},
		{"several subjects, 2.10", []string{"renting.deleted", "renting.state.x"}, "2.10.0", []string{"renting.deleted", "renting.state.x"}},
		{"several subjects, newer", []string{"renting.deleted", "renting.state.x"}, "2.15.2", []string{"renting.deleted", "renting.state.x"}},
		{"several subjects, unknown version", []string{"renting.deleted", "renting.state.x"}, "", stream},
	}
	for _, tt := range tests {
		cfg := ConsumerConfig{Stream: renting, Handles: tt.handles}
		if got := filtersFor(cfg, tt.version); !slices.Equal(got, tt.want) {
			t.Errorf("%s: filtersFor = %v, want %v", tt.name, got, tt.want)
		}
	}
}

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

// An old server sends a consumer of several subjects the whole stream (filtersFor): the stream's
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
			cfg:     ConsumerConfig{Stream: renting, Durable: durable, Handles: []string{"renting.state.*"}},
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
