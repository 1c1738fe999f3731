package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"semesterhaus/tools/internal/realpeers"
	"semesterhaus/tools/internal/systemtest"
)

// stepLimit bounds each step of the walk: a mail through Postfix, a webhook, a job's round.
const stepLimit = 2 * time.Minute

// The booking's renter; Postfix delivers the mail domain into the Maildir the walk reads.
const (
	renterEmail = "anna.probe@" + mailDomain
	renterName  = "Anna Beispiel"
)

// walk books, confirms, approves, signs, pays and waits for the key code, each through the real
// partner, and fails where a step reaches a sandbox.
func walk(ctx context.Context, p *peers) error {
	mailbox := maildir{p.postfix}
	renter := systemtest.NewSiteWith(p.publicURL, p.transport(), mailbox)
	semesterID, apartmentID, err := renter.FreeApartment(ctx)
	if err != nil {
		return err
	}
	rentingID, err := renter.Book(ctx, systemtest.Booking{ApartmentID: apartmentID, SemesterID: semesterID, Email: renterEmail, FirstName: "Anna"})
	if err != nil {
		return fmt.Errorf("booking: %w", err)
	}
	logf("booked apartment %d for semester %d: renting %s", apartmentID, semesterID, rentingID)
	if err := confirm(ctx, renter); err != nil {
		return err
	}
	admin := systemtest.NewSiteWith(p.publicURL, p.transport(), mailbox)
	landed, err := p.oidc.SignIn(ctx, admin.Client(), p.publicURL, p.oidc.AdminUsername(), realpeers.OIDCPassword)
	if err != nil {
		return fmt.Errorf("staff sign-in through the OpenID provider: %w", err)
	}
	if landed.String() != p.publicURL+"/admin/overview" {
		return fmt.Errorf("the staff's sign-in through the OpenID provider ended at %s", landed)
	}
	if err := admin.ApproveIdentityCard(ctx, rentingID); err != nil {
		return fmt.Errorf("approval: %w", err)
	}
	logf("a member of staff signed in through the OpenID provider and approved the identity")
	if err := sign(ctx, p, renter, rentingID); err != nil {
		return fmt.Errorf("signing: %w", err)
	}
	if err := pay(ctx, p, renter, rentingID, apartmentID, semesterID); err != nil {
		return fmt.Errorf("payment: %w", err)
	}
	// Every mail to a renter links to their own page; the key code's is the one with this subject.
	if _, err := renter.MailLinkIn(ctx, renterEmail, "Schlüsselcode", "/booking/my-booking", stepLimit); err != nil {
		return fmt.Errorf("key code: %w", err)
	}
	logf("the key code came by mail")
	if err := checkMails(mailbox); err != nil {
		return err
	}
	return p.invalid.err()
}

// confirm follows the confirmation mail's link.
func confirm(ctx context.Context, renter *systemtest.Site) error {
	link, err := renter.MailLink(ctx, renterEmail, "/booking/step3", stepLimit)
	if err != nil {
		return fmt.Errorf("confirmation mail: %w", err)
	}
	page, err := renter.Confirm(ctx, link)
	if err != nil {
		return fmt.Errorf("confirmation: %w", err)
	}
	if !strings.HasPrefix(page, "/booking/step3done") {
		return fmt.Errorf("the confirmation led to %s", page)
	}
	logf("the confirmation mail came through Postfix and its link confirmed the address")
	return nil
}

// sign opens the contract mail's signing link, which must lead to DocuSign's signing view, signs
// there and lets Connect report the completed envelope.
func sign(ctx context.Context, p *peers, renter *systemtest.Site, rentingID string) error {
	link, err := providerLink(ctx, renter, "/booking/step4", rentingID, renter.SigningLink)
	if err != nil {
		return fmt.Errorf("contract: %w", err)
	}
	if !strings.HasPrefix(link.String(), p.publicURL+"/api/signing/") {
		return fmt.Errorf("the signing link is %s, not the residence's signing page", link)
	}
	view, err := redirect(ctx, renter.Client(), link.String())
	if err != nil {
		return err
	}
	if !strings.HasPrefix(view, p.docusign.URL()+"/") {
		return fmt.Errorf("the signing link leads to %s, not to DocuSign's signing view", view)
	}
	back, err := redirect(ctx, renter.Client(), view)
	if err != nil {
		return fmt.Errorf("DocuSign's signing view: %w", err)
	}
	if !strings.Contains(back, "/booking/step4done") || !strings.Contains(back, "event=signing_complete") {
		return fmt.Errorf("DocuSign's signing view returned to %s", back)
	}
	envelope, ok := p.docusign.Envelope(path.Base(link.Path))
	if !ok {
		return fmt.Errorf("DocuSign has no envelope of the signing session %s", path.Base(link.Path))
	}
	if envelope.SignerName != renterName || envelope.SignerEmail != renterEmail {
		return fmt.Errorf("the envelope asks %s <%s> to sign", envelope.SignerName, envelope.SignerEmail)
	}
	status, err := p.docusign.Sign(ctx, envelope.ID, p.publicURL+"/api/webhooks/signing", p.connectKey)
	if err != nil || status/100 != 2 {
		return fmt.Errorf("Connect's completion report answered %d (%v)", status, err)
	}
	if err := waitState(ctx, renter, rentingID, "UNPAID"); err != nil {
		return err
	}
	logf("the renter signed at DocuSign (envelope %s); Connect's report moved the booking on to payment", envelope.ID)
	return nil
}

// pay opens the payment mail's link, which must lead to a Stripe Checkout Session, and reports the
// paid session on the webhook as Stripe does: the session object as stripe-mock answers it, with
// the payment's amount and metadata, signed with the endpoint's secret.
func pay(ctx context.Context, p *peers, renter *systemtest.Site, rentingID string, apartmentID, semesterID int) error {
	link, err := providerLink(ctx, renter, "/booking/step5", rentingID, renter.PaymentLink)
	if err != nil {
		return err
	}
	if !strings.HasPrefix(link.String(), p.publicURL+"/api/pay/") {
		return fmt.Errorf("the payment link is %s, not the residence's payment page", link)
	}
	checkout, err := redirect(ctx, renter.Client(), link.String())
	if err != nil {
		return err
	}
	session, ok := createdSession(p.stripe, rentingID)
	if !ok || checkout != session.URL {
		return fmt.Errorf("the payment link leads to %s, not to a session the payment service created at Stripe", checkout)
	}
	cents, err := total(ctx, renter, apartmentID, semesterID)
	if err != nil {
		return err
	}
	if session.AmountCents != cents || session.Currency != "eur" {
		return fmt.Errorf("the Checkout Session asks for %d %s, the booking costs %d eur", session.AmountCents, session.Currency, cents)
	}
	event, err := paidEvent(ctx, p, session)
	if err != nil {
		return err
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: event, Secret: p.webhookSecret})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.publicURL+"/api/webhooks/payment", bytes.NewReader(event))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", signed.Header)
	resp, err := renter.Client().Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the payment webhook answered %s", resp.Status)
	}
	if err := waitState(ctx, renter, rentingID, "PAYED"); err != nil {
		return err
	}
	logf("the renter was sent to Stripe Checkout; Stripe's signed report of %d cents paid the booking", cents)
	return nil
}

// providerLink waits for the mail that leads to the booking's step page, and returns the link that
// page sends the renter on to (the signing or the payment link).
func providerLink(ctx context.Context, renter *systemtest.Site, step, rentingID string, ask func(context.Context, string) (string, error)) (*url.URL, error) {
	if _, err := renter.MailLink(ctx, renterEmail, step, stepLimit); err != nil {
		return nil, fmt.Errorf("the mail with the link to %s: %w", step, err)
	}
	link, err := ask(ctx, rentingID)
	if err != nil {
		return nil, err
	}
	return url.Parse(link)
}

// paidEvent is checkout.session.completed about the session: the object stripe-mock answers for it,
// with what the payment service created it with and paid.
func paidEvent(ctx context.Context, p *peers, created checkoutSession) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.stripe.URL()+"/v1/checkout/sessions/"+url.PathEscape(created.ID), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+stripeKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("stripe-mock: %w", err)
	}
	defer resp.Body.Close()
	var session map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&session); err != nil || resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("stripe-mock's session: HTTP %d, %v", resp.StatusCode, err)
	}
	session["status"], session["payment_status"] = "complete", "paid"
	session["amount_total"], session["currency"] = created.AmountCents, created.Currency
	session["client_reference_id"] = created.PaymentID
	session["metadata"] = map[string]string{"payment_id": created.PaymentID, "renting_id": created.RentingID}
	return json.Marshal(map[string]any{
		"id": "evt_rehearsal_" + created.ID, "object": "event", "api_version": stripe.APIVersion,
		"created": time.Now().Unix(), "type": "checkout.session.completed", "livemode": false,
		"data": map[string]any{"object": session},
	})
}

// total is what the booking costs for the semester, in cents, as the booking pages show it.
func total(ctx context.Context, site *systemtest.Site, apartmentID, semesterID int) (int64, error) {
	var out struct{ PriceCalculation struct{ Total float64 } }
	err := site.GraphQL(ctx, `query($a: Int!, $s: Int!) { priceCalculation(apartmentId: $a, semesterId: $s) { total } }`,
		map[string]any{"a": apartmentID, "s": semesterID}, &out)
	return int64(math.Round(out.PriceCalculation.Total * 100)), err
}

// redirect gets target and returns where it redirects to.
func redirect(ctx context.Context, client *http.Client, target string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 3 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return "", fmt.Errorf("%s answered %s, not a redirect: %s", target, resp.Status, body)
	}
	location, err := resp.Location()
	if err != nil {
		return "", err
	}
	return location.String(), nil
}

func waitState(ctx context.Context, site *systemtest.Site, rentingID, want string) error {
	deadline := time.Now().Add(stepLimit)
	for {
		state, err := site.State(ctx, rentingID)
		if err == nil && state == want {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("renting %s is %s (%v), not %s, after %s", rentingID, state, err, want, stepLimit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}
