package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func sec(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

func TestCheckReminders_oncePerRentingAndStep_onlyWhileWaiting_andNoWaitUnreminded(t *testing.T) {
	t.Parallel()
	after := 20 * time.Second
	signed := renting{id: "a", email: "ada@example.org", log: []logEntry{{"CONTRACT_REQUESTED", sec(0)}, {"CONTRACT_SIGNED", sec(30)}, {"UNPAID", sec(30)}, {"PAYED", sec(35)}}}
	quick := renting{id: "b", email: "bo@example.org", log: []logEntry{{"CONTRACT_REQUESTED", sec(0)}, {"CONTRACT_SIGNED", sec(5)}, {"UNPAID", sec(5)}, {"PAYED", sec(6)}}}
	reminded := []reminder{{"a", "SIGN_CONTRACT", sec(22)}}
	mails := map[string]map[string]int{"ada@example.org": {"SIGN_CONTRACT": 1}}
	now := sec(600)

	if c := checkReminders([]renting{signed, quick}, reminded, mails, nil, after, now); len(c.problems) != 0 || c.reminders != 1 || c.mails != 1 {
		t.Errorf("one reminder while waiting, mailed once: %+v", c)
	}
	twice := map[string]map[string]int{"ada@example.org": {"SIGN_CONTRACT": 2}}
	if c := checkReminders([]renting{signed, quick}, reminded, twice, nil, after, now); len(c.problems) != 1 {
		t.Errorf("a reminder mailed twice: %+v, want one problem", c)
	}
	if c := checkReminders([]renting{signed, quick}, reminded, map[string]map[string]int{}, nil, after, now); len(c.problems) != 1 {
		t.Errorf("a reminder never mailed: %+v, want one problem", c)
	}
	late := []reminder{{"b", "SIGN_CONTRACT", sec(10)}}
	lateMails := map[string]map[string]int{"bo@example.org": {"SIGN_CONTRACT": 1}}
	if c := checkReminders([]renting{quick}, late, lateMails, nil, after, now); len(c.problems) != 1 {
		t.Errorf("a reminder after the step was done: %+v, want one problem", c)
	}
	early := []reminder{{"a", "SIGN_CONTRACT", sec(10)}}
	if c := checkReminders([]renting{signed}, early, mails, nil, after, now); len(c.problems) != 1 {
		t.Errorf("a reminder before its time: %+v, want one problem", c)
	}
	waitsLong := renting{id: "c", email: "cy@example.org", log: []logEntry{{"UNPAID", sec(0)}, {"PAYED", sec(300)}}}
	if c := checkReminders([]renting{waitsLong}, nil, nil, nil, after, now); len(c.problems) != 1 || c.due != 1 {
		t.Errorf("a long wait without its reminder: %+v, want one problem", c)
	}
	renewal := renting{id: "d", email: "di@example.org", log: []logEntry{{"RENEWAL_REQUEST", sec(0)}, {"RENEWAL_ACCEPTED", sec(300)}}}
	if c := checkReminders([]renting{renewal}, nil, nil, nil, after, now); len(c.problems) != 1 || c.due != 1 {
		t.Errorf("a renewal unanswered long without its reminder: %+v, want one problem", c)
	}
	renewalMails := map[string]map[string]int{"di@example.org": {"ANSWER_RENEWAL": 1}}
	if c := checkReminders([]renting{renewal}, []reminder{{"d", "ANSWER_RENEWAL", sec(5)}}, renewalMails, nil, after, now); len(c.problems) != 1 {
		t.Errorf("a renewal reminded right after its offer: %+v, want one problem", c)
	}
	if c := checkReminders([]renting{renewal}, []reminder{{"d", "ANSWER_RENEWAL", sec(21)}}, renewalMails, nil, after, now); len(c.problems) != 0 {
		t.Errorf("a renewal reminded when due: %+v", c)
	}
	forgottenReminder := map[string]map[string]int{"dee@example.org": {"CONFIRM_EMAIL": 1}}
	if c := checkReminders(nil, nil, forgottenReminder, map[string]int{"dee@example.org": 1}, after, now); len(c.problems) != 0 {
		t.Errorf("the reminder of a request forgotten since: %+v", c)
	}
	if c := checkReminders(nil, nil, forgottenReminder, nil, after, now); len(c.problems) != 1 {
		t.Errorf("a reminder of no renting: %+v, want one problem", c)
	}
}

func TestCheckForgottenRequests_dueOnesDeletedOnceWithAudit_othersKept(t *testing.T) {
	t.Parallel()
	retention := 30 * time.Second
	cancelled := func(id string, at int) renting {
		return renting{id: id, state: "CANCELED", log: []logEntry{{"APARTMENT_REQUESTED", sec(0)}, {"CANCELED", sec(at)}}}
	}
	paidThenCancelled := renting{id: "p", state: "CANCELED", log: []logEntry{{"APARTMENT_REQUESTED", sec(0)}, {"APARTMENT_RESERVED", sec(1)}, {"CANCELED", sec(2)}}}
	superseded := map[string]string{"gone": "a@example.org", "recent": "b@example.org"}
	now := sec(200)

	c := checkForgottenRequests([]renting{cancelled("recent", 190), paidThenCancelled}, superseded, map[string]int{"gone": 1}, retention, now)
	if len(c.problems) != 0 || c.forgotten != 1 || c.waiting != 1 {
		t.Errorf("one forgotten, one not due, a confirmed one kept: %+v", c)
	}
	if c := checkForgottenRequests([]renting{cancelled("recent", 10)}, superseded, map[string]int{"gone": 1}, retention, now); len(c.problems) != 1 {
		t.Errorf("a due request kept: %+v, want one problem", c)
	}
	if c := checkForgottenRequests(nil, superseded, map[string]int{"gone": 2, "recent": 1}, retention, now); len(c.problems) != 1 {
		t.Errorf("a request forgotten twice: %+v, want one problem", c)
	}
	if c := checkForgottenRequests(nil, superseded, map[string]int{"recent": 1}, retention, now); len(c.problems) != 1 {
		t.Errorf("a request gone without audit: %+v, want one problem", c)
	}
	if c := checkForgottenRequests(nil, superseded, map[string]int{"gone": 1, "recent": 1, "other": 1}, retention, now); len(c.problems) != 1 {
		t.Errorf("a request forgotten that was no harness's superseded one: %+v, want one problem", c)
	}
}

func TestCheckDocuments_idCopiesGoAfterTheirTime_contractsAndCertificatesStay(t *testing.T) {
	t.Parallel()
	retention := 30 * time.Second
	old := renting{id: "old", state: "PAYED", log: []logEntry{{"OWNER_ACKNOWLEDGED", sec(0)}, {"PAYED", sec(10)}}}
	recent := renting{id: "new", state: "OWNER_ACKNOWLEDGED", log: []logEntry{{"OWNER_ACKNOWLEDGED", sec(190)}}}
	papers := []document{{rentingID: "old", typ: "IMMATRICULATION"}, {rentingID: "old", typ: "SIGNED_CONTRACT"}, {rentingID: "new", typ: "IDENTITY_CARD_FRONT"}}
	deleted := []document{{"old", "IDENTITY_CARD_FRONT", sec(31)}, {"old", "IDENTITY_CARD_BACK", sec(31)}}
	now := sec(200)

	if c := checkDocuments([]renting{old, recent}, papers, deleted, retention, now); len(c.problems) != 0 || c.idCopiesDeleted != 2 || c.idCopiesKept != 1 || c.payedWithPapers != 1 {
		t.Errorf("the due copies deleted, the rest kept: %+v", c)
	}
	if c := checkDocuments([]renting{old}, append(papers, document{rentingID: "old", typ: "IDENTITY_CARD_BACK"}), deleted[:1], retention, now); len(c.problems) != 1 {
		t.Errorf("a due copy kept: %+v, want one problem", c)
	}
	if c := checkDocuments([]renting{old}, papers, append(deleted, deleted[0]), retention, now); len(c.problems) != 1 {
		t.Errorf("a copy deleted twice: %+v, want one problem", c)
	}
	if c := checkDocuments([]renting{old}, papers, append(deleted, document{"new", "IDENTITY_CARD_BACK", sec(191)}), retention, now); len(c.problems) != 1 {
		t.Errorf("a copy deleted before its time: %+v, want one problem", c)
	}
	if c := checkDocuments([]renting{old}, papers[:1], deleted, retention, now); len(c.problems) != 1 {
		t.Errorf("a paid booking's contract deleted: %+v, want one problem", c)
	}
	erased := old
	erased.erased = true
	if c := checkDocuments([]renting{erased}, papers[1:2], deleted, retention, now); len(c.problems) != 0 || c.payedErased != 1 {
		t.Errorf("an erased renter's PAYED renting with its contract only: %+v", c)
	}
	if c := checkDocuments([]renting{erased}, papers[:1], deleted, retention, now); len(c.problems) != 1 {
		t.Errorf("an erased renter's contract deleted: %+v, want one problem", c)
	}
}

func TestCheckOffers_neverTwoAtOnce_noEntryStuck(t *testing.T) {
	t.Parallel()
	expired := entry{id: "e1", state: "EXPIRED", apartment: 7, offeredAt: sec(0), expiresAt: sec(60), endedAt: sec(62)}
	passedOn := entry{id: "e2", state: "BOOKED", apartment: 7, offeredAt: sec(62), expiresAt: sec(122), endedAt: sec(80)}
	open := entry{id: "e3", state: "OFFERED", apartment: 8, offeredAt: sec(150), expiresAt: sec(210)}
	waiting := entry{id: "e4", state: "WAITING"}
	now := sec(200)

	c := checkOffers([]entry{expired, passedOn, open, waiting}, 0, now)
	if len(c.twice) != 0 || len(c.stuck) != 0 || c.offers != 3 || c.booked != 1 || c.expired != 1 || c.open != 1 || c.waiting != 1 {
		t.Errorf("offers one after the other: %+v", c)
	}
	meanwhile := entry{id: "e5", state: "BOOKED", apartment: 7, offeredAt: sec(30), expiresAt: sec(90), endedAt: sec(40)}
	if c := checkOffers([]entry{expired, passedOn, meanwhile}, 0, now); len(c.twice) != 1 {
		t.Errorf("an apartment offered while its offer was open: %+v, want one", c.twice)
	}
	if c := checkOffers([]entry{open}, 0, sec(400)); len(c.stuck) != 1 {
		t.Errorf("an offer open long past its deadline: %+v, want stuck", c.stuck)
	}
	if c := checkOffers([]entry{waiting}, 1, now); len(c.stuck) != 1 {
		t.Errorf("an entry waiting while an apartment is free: %+v, want stuck", c.stuck)
	}
	early := entry{id: "e6", state: "EXPIRED", apartment: 9, offeredAt: sec(0), expiresAt: sec(60), endedAt: sec(30)}
	if c := checkOffers([]entry{early}, 0, now); len(c.stuck) != 1 {
		t.Errorf("an offer ended before its deadline: %+v, want one", c.stuck)
	}
}

func TestCheckMails_remindersAndWaitlistMailsCountApart(t *testing.T) {
	t.Parallel()
	requested := renting{email: "ada@example.org", log: []logEntry{{"APARTMENT_REQUESTED", sec(0)}}}
	mails := []caughtMail{
		{"ada@example.org", "Bitte bestätige deine E-Mail-Adresse"},
		{"ada@example.org", reminderSteps["CONFIRM_EMAIL"].subject},
		{"ada@example.org", waitlistOfferSubject},
	}
	var lines []string
	check := func(ok bool, name, format string, args ...any) {
		if !ok {
			lines = append(lines, name)
		}
	}
	checkMails([]renting{requested}, mails, nil, check)
	if len(lines) != 0 {
		t.Errorf("a state change's mail beside a reminder and an offer: failed %v", lines)
	}
	checkMails([]renting{requested}, append(mails, mails[0]), nil, check)
	if len(lines) != 1 {
		t.Errorf("a state change mailed twice: failed %v, want one", lines)
	}
}

func TestRecorder_sendsTheVeryWebhookRequestAgain(t *testing.T) {
	t.Parallel()
	type request struct {
		body      []byte
		signature string
	}
	var mu sync.Mutex
	var received []request
	gateway := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		received = append(received, request{body, r.Header.Get("Stripe-Signature")})
		mu.Unlock()
	}))
	defer gateway.Close()
	rec, err := newRecorder(gateway.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	body := `{"data":{"object":{"metadata":{"payment_id":"p1","renting_id":"r1"}}},"id":"evt_1","type":"checkout.session.completed"}`
	req, _ := http.NewRequest(http.MethodPost, "http://"+rec.Addr()+webhookPath, strings.NewReader(body))
	req.Header.Set("Stripe-Signature", "t=1,v1=abc")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := rec.resendPaid(context.Background(), "r1"); err != nil {
		t.Fatal(err)
	}
	if err := rec.resendPaid(context.Background(), "r2"); err == nil {
		t.Error("a renting without a webhook: sent something")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(received) != 2 || !bytes.Equal(received[0].body, received[1].body) || string(received[1].body) != body ||
		received[0].signature != received[1].signature || received[1].signature != "t=1,v1=abc" {
		t.Errorf("the gateway received %q, want the same body and signature twice", received)
	}
}

func TestCheckErasures_erasedInEveryServiceOnce_contractsKept(t *testing.T) {
	t.Parallel()
	erased := map[int64]string{7: "ada@example.org"}
	done := func() erasureFound {
		return erasureFound{
			renters: []erasedRenter{{id: 7, email: "erased-7@erased.invalid", erased: true}}, all: 1,
			papers: map[int64][]string{7: {"CONTRACT", "SIGNED_CONTRACT"}},
			forms:  map[int64]int{},
			audits: map[string]map[string]int{
				"renter": {"7": 1}, "renting": {"7": 1}, "document": {"7": 1},
			},
		}
	}
	confirmed := []caughtMail{{"ada@example.org", erasureRequestedSubject}}
	if c := checkErasures(erased, done(), confirmed); len(c.problems) != 0 || c.erased != 1 || c.papersKept != 2 {
		t.Errorf("an erasure done everywhere: %+v", c)
	}
	notErased := done()
	notErased.renters[0] = erasedRenter{id: 7, email: "ada@example.org", firstName: "Ada"}
	certificateLeft := done()
	certificateLeft.papers[7] = append(certificateLeft.papers[7], "IMMATRICULATION")
	contractGone := done()
	contractGone.papers[7] = nil
	formLeft := done()
	formLeft.forms[7] = 1
	twice := done()
	twice.audits["document"]["7"] = 2
	missed := done()
	delete(missed.audits["renting"], "7")
	another := done()
	another.all = 2
	for name, found := range map[string]erasureFound{
		"the renter not erased": notErased, "a certificate left": certificateLeft, "the contract gone": contractGone,
		"a request form left": formLeft, "erased twice in a service": twice, "a service that missed the event": missed,
		"a renter erased who did not ask": another,
	} {
		if c := checkErasures(erased, found, confirmed); len(c.problems) != 1 {
			t.Errorf("%s: %+v, want one problem", name, c)
		}
	}
	if c := checkErasures(erased, done(), append(confirmed, confirmed...)); len(c.problems) != 1 {
		t.Errorf("the request confirmed twice: %+v, want one problem", c)
	}
}
