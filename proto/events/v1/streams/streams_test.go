package streams_test

import (
	"slices"
	"testing"

	"semesterhaus/proto/events/v1/streams"
)

func TestSubjects_ofTheServicesStreams(t *testing.T) {
	t.Parallel()
	tests := []struct{ got, want string }{
		{streams.Renting.StateChanged("APARTMENT_REQUESTED"), "renting.state.apartment_requested"},
		{streams.Renting.StateChanges(), "renting.state.*"},
		{streams.Renting.Deleted(), "renting.deleted"},
		{streams.Renting.KeyCodeDue(), "renting.key_code_due"},
		{streams.Renting.ReminderDue(), "renting.reminder_due"},
		{streams.Document.ContractRequested(), "document.contract_requested"},
		{streams.Document.ContractSigned(), "document.contract_signed"},
		{streams.Renter.Erased(), "renter.erased"},
		{streams.Payment.LinkCreated(), "payment.link_created"},
		{streams.Payment.Succeeded(), "payment.succeeded"},
		{streams.Payment.Failed(), "payment.failed"},
		{streams.Renting.Stream().Name, "RENTING"},
		{streams.Document.Stream().Name, "DOCUMENT"},
		{streams.Renter.Stream().Name, "RENTER"},
		{streams.Payment.Stream().Name, "PAYMENT"},
		{streams.RentingStream("renting_1a2b").Stream().Name, "RENTING_1A2B"},
		{streams.Payment.Stream().Wildcard(), "payment.>"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestDeclares_onlyTheCataloguesSubjects(t *testing.T) {
	t.Parallel()
	renting := streams.Renting.Stream()
	tests := []struct {
		subject string
		want    bool
	}{
		{"renting.state.canceled", true},
		{"renting.state.*", true},
		{"renting.deleted", true},
		{"renting.key_code_due", true},
		{"renting.reminder_due", true},
		{"renting.state", false},
		{"renting.state.", false},
		{"renting.state.canceled.again", false},
		{"renting.delted", false},
		{"document.contract_signed", false},
		{"renting.>", false},
	}
	for _, tt := range tests {
		if got := renting.Declares(tt.subject); got != tt.want {
			t.Errorf("Declares(%q) = %v, want %v", tt.subject, got, tt.want)
		}
	}
}

func TestConsumerFilters_severalSubjectsOnlyFrom2_10(t *testing.T) {
	t.Parallel()
	renting := streams.Stream{Name: "RENTING", Prefix: "renting", Declared: []string{"state.*", "deleted"}}
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
		c := streams.Consumer{Durable: "d", Handles: tt.handles}
		if got := c.Filters(renting, tt.version); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Filters = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestCatalogue_everyConsumerHandlesDeclaredSubjects: each durable of the services' streams acts on
// subjects its stream declares, under a name no other durable of the stream has.
func TestCatalogue_everyConsumerHandlesDeclaredSubjects(t *testing.T) {
	t.Parallel()
	for _, s := range streams.All() {
		seen := map[string]bool{}
		for _, c := range s.Consumers {
			if err := s.Check(c); err != nil {
				t.Error(err)
			}
			if seen[c.Durable] {
				t.Errorf("%s: two consumers %s", s.Name, c.Durable)
			}
			seen[c.Durable] = true
		}
	}
}
