package concerns_test

import (
	"testing"

	"semesterhaus/proto/audit/v1/concerns"
)

// The key is stored in every service's audit_log.concerns: changing its form hides old entries.
func TestRenter_keyKeepsItsStoredForm(t *testing.T) {
	if got := concerns.Renter(7); got != "renter/7" {
		t.Errorf("Renter(7) = %q, want renter/7", got)
	}
}
