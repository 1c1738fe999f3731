package provider

import "net/url"

// bookingPages is the public site (PUBLIC_URL) where the renter pays and comes back to.
type bookingPages string

// done is the booking page after a successful payment.
func (b bookingPages) done(rentingID string) string {
	return string(b) + "/booking/step5done?rentingId=" + url.QueryEscape(rentingID)
}

// pay is the booking's payment step, where the renter can try again.
func (b bookingPages) pay(rentingID string) string {
	return string(b) + "/booking/step5?rentingId=" + url.QueryEscape(rentingID)
}

// failed is the payment step telling the renter that the payment failed.
func (b bookingPages) failed(rentingID string) string {
	return b.pay(rentingID) + "&payment=failed"
}

// checkout is the sandbox's checkout page of a payment, through the gateway.
func (b bookingPages) checkout(paymentID string) string {
	return string(b) + "/api/checkout/" + url.PathEscape(paymentID)
}

// webhook is where providers report, through the gateway.
func (b bookingPages) webhook() string {
	return string(b) + "/api/webhooks/payment"
}

// PaymentPage is the link the renter is given for a payment, through the gateway: the page that
// sends them on to an open checkout (PaymentPageRoute).
func PaymentPage(publicURL string) func(paymentID string) string {
	return func(paymentID string) string { return publicURL + "/api/pay/" + url.PathEscape(paymentID) }
}
