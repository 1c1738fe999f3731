package topology

import (
	"slices"
	"testing"
)

func TestServices_callOnlyServicesOfTheTableNeverThemselves_portsUnique(t *testing.T) {
	t.Parallel()
	ports := map[int]string{}
	for _, s := range Services {
		for _, callee := range s.Calls {
			if _, ok := Lookup(callee); !ok || callee == s.Name {
				t.Errorf("%s calls %q, which is no other service of the table", s.Name, callee)
			}
		}
		for _, port := range []int{s.HTTPPort, s.GRPCPort} {
			if other, taken := ports[port]; taken {
				t.Errorf("%s and %s share port %d", s.Name, other, port)
			}
			ports[port] = s.Name
		}
	}
}

func TestCallersOf_isTheTableReadBackwards(t *testing.T) {
	t.Parallel()
	if got := CallersOf("catalog"); !slices.Equal(got, []string{"document", "payment", "renter", "renting"}) {
		t.Errorf("CallersOf(catalog) = %v", got)
	}
	if got := CallersOf("payment"); !slices.Equal(got, []string{"document", "renting"}) {
		t.Errorf("CallersOf(payment) = %v", got)
	}
	if Calls("payment", "renting") || !Calls("renting", "payment") || Calls("nobody", "catalog") {
		t.Error("Calls does not read the table")
	}
}
