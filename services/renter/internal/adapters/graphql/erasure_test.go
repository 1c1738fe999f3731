package graphql_test

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"semesterhaus/platform/identity"
	eventsv1 "semesterhaus/proto/gen/events/v1"
)

// mutate runs a mutation answering an UpdateResult and returns its exception's message id.
func (s subgraph) mutate(as *identity.Identity, field, query string, vars map[string]any) (exception string, refused bool) {
	s.t.Helper()
	var data map[string]*struct {
		Exception *struct{ MessageID string }
	}
	r := s.Query(as, query, vars, &data)
	if len(r.Errors) > 0 {
		return "", true
	}
	if e := data[field].Exception; e != nil {
		return e.MessageID, false
	}
	return "", false
}

func (s subgraph) requestErasure(token string) string {
	s.t.Helper()
	e, refused := s.mutate(nil, "requestErasure", `mutation($t: String!) { requestErasure(token: $t) { exception { messageId } } }`, map[string]any{"t": token})
	if refused {
		s.t.Fatal("requestErasure answered an error")
	}
	return e
}

func (s subgraph) executeErasure(as *identity.Identity, renterID int) (exception string, refused bool) {
	s.t.Helper()
	return s.mutate(as, "executeErasure", `mutation($id: Int!) { executeErasure(renterId: $id) { exception { messageId } } }`, map[string]any{"id": renterID})
}

func (s subgraph) count(query string, args ...any) int {
	s.t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

type erasureRequest struct {
	ID                           int
	FirstName, LastName, Email   string
	ErasureRequestedAt, ErasedAt *string
}

func (s subgraph) erasureRequests(as *identity.Identity) ([]erasureRequest, bool) {
	s.t.Helper()
	var data struct{ ErasureRequests []erasureRequest }
	r := s.Query(as, `{ erasureRequests { id firstName lastName email erasureRequestedAt erasedAt } }`, nil, &data)
	return data.ErasureRequests, len(r.Errors) > 0
}

func TestRequestErasure_theTokensRenterAsksOnce_auditedAndMailedOnce(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna := s.add("Anna", "Schmidt", "anna@example.org")
	bob := s.add("Bob", "Weber", "bob@example.org")
	token := s.pageToken("anna@example.org")
	s.pageToken("bob@example.org")

	for range 2 {
		if e := s.requestErasure(token); e != "" {
			t.Fatalf("exception %s", e)
		}
	}
	if e := s.requestErasure("x" + token); e != "PAGE_LINK_INVALID" {
		t.Errorf("a wrong token: exception %q, want PAGE_LINK_INVALID", e)
	}
	if n := s.count(`SELECT count(*) FROM outgoing_mail WHERE recipient = 'anna@example.org' AND subject = 'We have received your request for erasure'`); n != 1 {
		t.Errorf("%d confirmation mails, want one", n)
	}
	if n := s.count(`SELECT count(*) FROM audit_log WHERE action = 'requestErasure' AND actor = 'renter' AND concerns = $1`, "renter/"+itoa(anna)); n != 1 {
		t.Errorf("%d audit entries, want one", n)
	}
	var data struct {
		RenterPage struct{ ErasureRequestedAt *string }
	}
	s.Query(nil, `query($t: String!) { renterPage(token: $t) { erasureRequestedAt } }`, map[string]any{"t": token}, &data)
	if data.RenterPage.ErasureRequestedAt == nil {
		t.Error("the page does not show the request")
	}
	requests, _ := s.erasureRequests(admin)
	if len(requests) != 1 || requests[0].ID != anna || requests[0].ErasureRequestedAt == nil || requests[0].ErasedAt != nil {
		t.Errorf("requests %+v, want Anna's alone (not Bob %d's)", requests, bob)
	}
}

func TestErasure_listAndExecution_refusedWithoutAdminIdentity_nothingChanges(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna := s.add("Anna", "Schmidt", "anna@example.org")
	s.requestErasure(s.pageToken("anna@example.org"))

	for name, as := range map[string]*identity.Identity{"no token": nil, "anonymous token": &identity.Anonymous} {
		if requests, refused := s.erasureRequests(as); !refused || len(requests) != 0 {
			t.Errorf("%s: the list answered %+v", name, requests)
		}
		if _, refused := s.executeErasure(as, anna); !refused {
			t.Errorf("%s: the erasure was not refused", name)
		}
	}
	requests, _ := s.erasureRequests(admin)
	if len(requests) != 1 || requests[0].FirstName != "Anna" || requests[0].ErasedAt != nil {
		t.Errorf("after the refused attempts: %+v, want Anna unerased", requests)
	}
}

func TestExecuteErasure_personalDataTokensAndMailsGoOnce_auditedWithoutTheContent(t *testing.T) {
	t.Parallel()
	s := newSubgraph(t)
	anna := s.add("Anna", "Schmidt", "anna@example.org")
	bob := s.add("Bob", "Weber", "bob@example.org")
	s.Query(admin, `mutation($id: Int!) { updateRenter(update: {id: $id, firstName: "Anna", lastName: "Schmidt-Lang", phone: "0170 7654321", notes: "quiet"}) { exception { messageId } } }`,
		map[string]any{"id": anna}, nil)
	token := s.pageToken("anna@example.org")
	s.pageToken("bob@example.org")
	s.requestErasure(token)

	if e, refused := s.executeErasure(admin, bob); refused || e != "NO_ERASURE_REQUEST" {
		t.Errorf("Bob, who did not ask: exception %q (refused %v), want NO_ERASURE_REQUEST", e, refused)
	}
	if e, _ := s.executeErasure(admin, 99999); e != "NO_RENTER" {
		t.Errorf("an unknown renter: exception %q, want NO_RENTER", e)
	}
	for i := range 2 {
		if e, refused := s.executeErasure(admin, anna); e != "" || refused {
			t.Fatalf("execution %d: exception %q, refused %v", i+1, e, refused)
		}
	}

	requests, _ := s.erasureRequests(admin)
	if len(requests) != 1 || requests[0].ErasedAt == nil || requests[0].FirstName != "" || requests[0].LastName != "" ||
		requests[0].Email != "erased-"+itoa(anna)+"@erased.invalid" {
		t.Errorf("after the erasure: %+v", requests)
	}
	var row string
	if err := s.pool.QueryRow(context.Background(), `SELECT row_to_json(r)::text FROM renter r WHERE id = $1`, anna).Scan(&row); err != nil {
		t.Fatal(err)
	}
	for _, personal := range []string{"Anna", "Schmidt", "anna@", "Hauptstraße", "69117", "Heidelberg", "2004-05-17", "1234567", "quiet", `"de"`} {
		if strings.Contains(row, personal) {
			t.Errorf("the renter row keeps %q: %s", personal, row)
		}
	}
	for table, want := range map[string]int{"email_token": 0, "page_token": 0, "mail_notice": 0, "outgoing_mail": 0} {
		if n := s.count(`SELECT count(*) FROM `+table+` WHERE renter_id = $1`, anna); n != want {
			t.Errorf("%s: %d rows of the erased renter left", table, n)
		}
	}
	if n := s.count(`SELECT count(*) FROM outgoing_mail WHERE renter_id = $1`, bob); n == 0 {
		t.Error("Bob's mails went too")
	}
	if s.openPage(token) != nil {
		t.Error("the erased renter's page link still opens a page")
	}
	if s.requestLink("anna@example.org"); len(s.pageLinks("anna@example.org")) != 0 {
		t.Error("the old address still gets a page link")
	}

	if n := s.count(`SELECT count(*) FROM audit_log WHERE action = 'eraseRenter' AND actor = 'admin' AND concerns = $1`, "renter/"+itoa(anna)); n != 1 {
		t.Errorf("%d eraseRenter entries, want one (the second execution changed nothing)", n)
	}
	var payload []byte
	if err := s.pool.QueryRow(context.Background(), `SELECT payload FROM outbox WHERE subject = 'renter.erased'`).Scan(&payload); err != nil {
		t.Fatalf("renter.erased announced not exactly once: %v", err)
	}
	var event eventsv1.RenterErased
	if err := proto.Unmarshal(payload, &event); err != nil || event.GetRenterId() != int64(anna) || event.GetActor() != "admin" || event.GetEventId() == "" {
		t.Errorf("renter.erased = %v (%v)", &event, err)
	}
	var log string
	if err := s.pool.QueryRow(context.Background(), `SELECT string_agg(details::text, ' ') FROM audit_log WHERE concerns = $1`, "renter/"+itoa(anna)).Scan(&log); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(log, "Schmidt") || strings.Contains(log, "7654321") || strings.Contains(log, "quiet") ||
		!strings.Contains(log, "GDPR art. 17") || !strings.Contains(log, `"mails": `) {
		t.Errorf("the audit log of the erased renter: %s", log)
	}
}
