package graphql_test

import (
	"context"
	"testing"

	"semesterhaus/services/renting/internal/domain"
)

// The subgraph decodes the uploads' base64 before the use cases see the form: a text that is no
// base64 is "invalid" on its field, and nothing is stored, mailed or uploaded.
func TestCreateRentingRequest_uploadThatIsNoBase64_isInvalidOnItsFieldAndStoresNothing(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	for _, field := range []string{"identityCardBack", "immatriculation"} {
		form := map[string]any{
			"apartmentId": 11, "semesterId": s.bookable(), "birthday": "2004-05-06", "city": "Heidelberg",
			"country": "DEU", "email": "ada@example.org", "firstName": "Ada", "lastName": "Lovelace", "gender": "female",
			"identityCardFront": "aGVsbG8=", "identityCardBack": "aGVsbG8=", "nationality": "de", "phone": "+49 170 1234567",
			"street": "Hauptstraße 1", "zip": "69117", "language": "de", "immatriculation": "aGVsbG8=",
		}
		form[field] = "not base64!"
		var data struct {
			CreateRentingRequest struct {
				UUID      *string
				Exception map[string]any
			}
		}
		if r := s.Query(nil, createRequest, map[string]any{"c": form}, &data); len(r.Errors) > 0 {
			t.Fatalf("errors: %+v", r.Errors)
		}
		if e := data.CreateRentingRequest.Exception; data.CreateRentingRequest.UUID != nil || e["path"] != field || e["messageId"] != domain.MsgInvalid {
			t.Errorf("%s that is no base64: %+v", field, data.CreateRentingRequest)
		}
	}
	var rentings, outbox int
	if err := s.env.Pool.QueryRow(context.Background(), "SELECT (SELECT count(*) FROM renting), (SELECT count(*) FROM outbox)").Scan(&rentings, &outbox); err != nil {
		t.Fatal(err)
	}
	if rentings != 0 || outbox != 0 || s.env.Documents.Rentings() != 0 {
		t.Errorf("%d rentings, %d events, uploads of %d rentings stored by refused requests", rentings, outbox, s.env.Documents.Rentings())
	}
}

func TestApproveRenewal_certificateThatIsNoBase64_isInvalidAndChangesNothing(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	ctx := context.Background()
	renterID, _, err := s.env.RenterClient.Register(ctx, domain.RenterData{Email: "ada@example.org"}, s.env.Clock.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	renewal := domain.NewRenewal(renterID, 11, s.bookable(), s.env.Clock.Now())
	if err := s.env.Repo.Create(ctx, renewal); err != nil {
		t.Fatal(err)
	}
	var data struct {
		ApproveRenewal struct {
			UUID      *string
			Exception map[string]any
		}
	}
	form := map[string]any{
		"birthday": "2004-05-06", "city": "Heidelberg", "country": "DEU", "firstName": "Ada", "lastName": "Lovelace", "gender": "female",
		"phone": "+49 170 1234567", "street": "Hauptstraße 1", "zip": "69117", "language": "de", "nationality": "de", "immatriculation": "%%%",
	}
	r := s.Query(nil, `mutation($id: ID!, $token: String!, $r: RentingRenewal!) { approveRenewal(rentingId: $id, token: $token, rentingRenewal: $r) { uuid exception { path messageId } } }`,
		map[string]any{"id": renewal.ID, "token": renewal.RenewalToken(), "r": form}, &data)
	if len(r.Errors) > 0 {
		t.Fatalf("errors: %+v", r.Errors)
	}
	if e := data.ApproveRenewal.Exception; e["path"] != "immatriculation" || e["messageId"] != domain.MsgInvalid {
		t.Errorf("a certificate that is no base64: %+v", data.ApproveRenewal)
	}
	if got, err := s.env.Queries.Renting(ctx, renewal.ID); err != nil || got.State != domain.RenewalRequest || s.env.Documents.StoredFor(renewal.ID) != 0 {
		t.Errorf("renting %+v, %v, %d certificates stored after a refused renewal", got, err, s.env.Documents.StoredFor(renewal.ID))
	}
}
