package nats_test

import (
	"slices"
	"testing"

	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
)

var reissuedItems = []*eventsv1.ContractItem{{Kind: "RENT", TextDe: "Miete inkl. Nebenkosten", TextEn: "Rent incl. utilities", Quantity: 6, AmountCents: 49050, TotalCents: 294300}}

func (c *chain) reissueAnnouncements(t *testing.T) int {
	t.Helper()
	subjects := c.stateEvents(t)
	return len(slices.DeleteFunc(subjects, func(s string) bool { return s != pgadapter.ContractReissuedSubject(c.subjects) }))
}

func TestReissuedContract_anOpenContractTakesTheNewTotalAndLink_announcedOnce(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, true, domain.RenewalAccepted)
	c.publishTwice(t, c.document.ContractRequested(), &eventsv1.ContractRequested{RentingId: id, DocumentId: "d1", SigningLink: "https://wohnen.example/api/signing/s1", TotalCents: 288000, Currency: "EUR", Items: contractItems})

	c.publishTwice(t, c.document.ContractRequested(), &eventsv1.ContractRequested{
		RentingId: id, DocumentId: "d2", ReplacesDocumentId: "d1", SigningLink: "https://wohnen.example/api/signing/s2",
		TotalCents: 294300, Currency: "EUR", Items: reissuedItems,
	})
	r := c.renting(t, id)
	if r.State != domain.ContractRequested || r.SigningLink != "https://wohnen.example/api/signing/s2" || r.ContractPrice.Cents != 294300 || r.ContractPrice.Items[0].Kind != "RENT" {
		t.Errorf("renting %+v: want the reissued contract, still open", r)
	}
	if n := c.reissueAnnouncements(t); n != 1 {
		t.Errorf("%d reissues announced, want 1", n)
	}
}

func TestReissuedContract_aSignedContractKeepsItsPrice(t *testing.T) {
	t.Parallel()
	c := startChain(t)
	id := c.rentingIn(t, true, domain.RenewalAccepted)
	c.publishTwice(t, c.document.ContractRequested(), &eventsv1.ContractRequested{RentingId: id, DocumentId: "d1", SigningLink: "https://wohnen.example/api/signing/s1", TotalCents: 288000, Currency: "EUR", Items: contractItems})
	c.publishTwice(t, c.document.ContractSigned(), &eventsv1.ContractSigned{RentingId: id})

	c.publishTwice(t, c.document.ContractRequested(), &eventsv1.ContractRequested{
		RentingId: id, DocumentId: "d2", ReplacesDocumentId: "d1", SigningLink: "https://wohnen.example/api/signing/s2",
		TotalCents: 294300, Currency: "EUR", Items: reissuedItems,
	})
	if r := c.renting(t, id); r.State != domain.ContractSigned || r.ContractPrice.Cents != 288000 {
		t.Errorf("renting %+v: the signed contract's price stands", r)
	}
	if n := c.reissueAnnouncements(t); n != 0 {
		t.Errorf("%d reissues announced for a signed contract", n)
	}
}
