package peer

import (
	"strings"
	"testing"
)

func TestCheckTopology_rulesNamingAnUndeclaredCallerOrMissingADeclaredOne_refused(t *testing.T) {
	t.Parallel()
	exact := Rules{"/catalog.v1.CatalogService/GetBuilding": {Callers: []string{"document", "payment", "renter", "renting"}}}
	if err := exact.CheckTopology("catalog"); err != nil {
		t.Errorf("the table's callers: %v", err)
	}
	for name, rules := range map[string]Rules{
		"an undeclared caller":    exact.With(Rules{"/catalog.v1.CatalogService/GetSemester": {Callers: []string{"gateway"}}}),
		"a declared one left out": {"/catalog.v1.CatalogService/GetBuilding": {Callers: []string{"document", "renting"}}},
	} {
		if err := rules.CheckTopology("catalog"); err == nil || !strings.Contains(err.Error(), "platform/topology") {
			t.Errorf("%s: %v, want refused naming the topology", name, err)
		}
	}
}

func TestCheckCall_aCallTheTopologyDoesNotDeclare_refused(t *testing.T) {
	t.Parallel()
	if err := CheckCall("renting", "payment"); err != nil {
		t.Errorf("renting → payment: %v", err)
	}
	for _, call := range [][2]string{{"payment", "renting"}, {"catalog", "renter"}, {"gateway", "catalog"}} {
		if err := CheckCall(call[0], call[1]); err == nil {
			t.Errorf("%s → %s admitted, which the topology does not declare", call[0], call[1])
		}
	}
}
