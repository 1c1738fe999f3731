package main

import (
	"encoding/json"
	"strconv"

	"semesterhaus/services/payment/paymenttest"
)

// checkoutSession is what the payment service asked Stripe for, as Stripe keeps it: stripe-mock
// checks every request against Stripe's API description but keeps nothing, so the session is read
// from the request and the answer its front recorded.
type checkoutSession struct {
	ID, URL              string
	PaymentID, RentingID string // the session's metadata
	AmountCents          int64  // its one line item's unit amount
	Currency             string
}

// createdSession is the newest session the payment service created for the renting.
func createdSession(mock *paymenttest.StripeMock, rentingID string) (checkoutSession, bool) {
	created := mock.Requests("POST", "/v1/checkout/sessions")
	for i := len(created) - 1; i >= 0; i-- {
		r := created[i]
		var answer struct{ ID, URL string }
		if r.Form.Get("metadata[renting_id]") != rentingID || json.Unmarshal(r.Answer, &answer) != nil {
			continue
		}
		cents, _ := strconv.ParseInt(r.Form.Get("line_items[0][price_data][unit_amount]"), 10, 64)
		return checkoutSession{
			ID: answer.ID, URL: answer.URL, PaymentID: r.Form.Get("metadata[payment_id]"), RentingID: rentingID,
			AmountCents: cents, Currency: r.Form.Get("line_items[0][price_data][currency]"),
		}, true
	}
	return checkoutSession{}, false
}
