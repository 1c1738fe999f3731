package httpapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/wundergraph/graphql-go-tools/execution/graphql"

	"semesterhaus/platform/identity"
)

// confirmEmail is the operation behind the link in the confirmation mail.
const confirmEmail = `mutation ConfirmEmail($email: String!, $token: String!) {
  confirmEmail(email: $email, token: $token) { outcome rentingId }
}`

// Verify serves GET /api/verify?email=…&token=…, the link of the confirmation mail: it confirms the
// e-mail through the renting subgraph and sends the browser to the booking step that follows
// (docs/booking.md, "E-mail confirmation").
type Verify struct {
	Engine Executor
	Signer TokenSigner
	Logger *slog.Logger
}

type confirmation struct {
	Data *struct {
		ConfirmEmail struct {
			Outcome   string  `json:"outcome"`
			RentingID *string `json:"rentingId"`
		} `json:"confirmEmail"`
	} `json:"data"`
}

func (v *Verify) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	email, token := r.URL.Query().Get("email"), r.URL.Query().Get("token")
	if email == "" || token == "" {
		http.Redirect(w, r, "/booking/step3failed?reason=INVALID_TOKEN", http.StatusSeeOther)
		return
	}
	result, err := v.confirm(r, email, token)
	if err != nil {
		v.Logger.ErrorContext(r.Context(), "e-mail confirmation failed", "err", err)
		w.Header().Set("Retry-After", "30")
		http.Error(w, "Die Bestätigung ist gerade nicht möglich, bitte versuche es gleich noch einmal.\n"+
			"The confirmation is not possible right now, please try again in a moment.", http.StatusServiceUnavailable)
		return
	}
	http.Redirect(w, r, nextStep(result), http.StatusSeeOther)
}

func (v *Verify) confirm(r *http.Request, email, token string) (confirmation, error) {
	variables, err := json.Marshal(map[string]string{"email": email, "token": token})
	if err != nil {
		return confirmation{}, err
	}
	signed, err := v.Signer.Sign(identity.Anonymous)
	if err != nil {
		return confirmation{}, err
	}
	req := graphql.Request{OperationName: "ConfirmEmail", Query: confirmEmail, Variables: variables}
	req.SetHeader(http.Header{identity.Header: {signed}})
	var out bytes.Buffer
	if err := v.Engine.Execute(r.Context(), &req, &out); err != nil {
		return confirmation{}, err
	}
	var result confirmation
	if err := json.Unmarshal(out.Bytes(), &result); err != nil || result.Data == nil {
		return confirmation{}, &unexpectedAnswer{body: out.String()}
	}
	return result, nil
}

// nextStep maps the outcome to the booking site's page: confirmed, apartment taken meanwhile (the
// renter may choose another), or a link that does not work.
func nextStep(c confirmation) string {
	outcome := c.Data.ConfirmEmail.Outcome
	query := url.Values{}
	if id := c.Data.ConfirmEmail.RentingID; id != nil {
		query.Set("rentingId", *id)
	}
	switch outcome {
	case "CONFIRMED":
		return "/booking/step3done?" + query.Encode()
	case "APARTMENT_TAKEN":
		return "/booking/step3failed?" + query.Encode()
	default:
		query.Set("reason", outcome)
		return "/booking/step3failed?" + query.Encode()
	}
}

type unexpectedAnswer struct{ body string }

func (e *unexpectedAnswer) Error() string { return "unexpected answer to confirmEmail: " + e.body }
