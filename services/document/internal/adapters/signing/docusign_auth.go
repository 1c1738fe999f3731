package signing

import (
	"context"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// tokenMargin is how long before its expiry a token is renewed, so no call starts with one that
// runs out on the way.
const tokenMargin = 5 * time.Minute

// account is where the API calls of the integration's user go (DocuSign's userinfo).
type account struct {
	ID, BaseURI string
}

// auth gets DocuSign access tokens with the OAuth 2 JWT grant (the integration acts as its API user
// after a one-time consent) and the user's account, and keeps both: a token lives an hour.
type auth struct {
	authURL        string
	integrationKey string
	userID         string
	accountID      string // the account to use; empty: the user's default account
	key            *rsa.PrivateKey
	now            func() time.Time
	http           *retrying
	logger         *slog.Logger

	mu      sync.Mutex
	token   string
	expires time.Time
	account account
}

// session returns a valid access token and the account, getting a new token when the one kept
// runs out within tokenMargin, and the account with the first token.
func (a *auth) session(ctx context.Context) (string, account, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.token == "" || a.now().Add(tokenMargin).After(a.expires) {
		token, lifetime, err := a.grant(ctx)
		if err != nil {
			return "", account{}, err
		}
		a.token, a.expires = token, a.now().Add(lifetime)
	}
	if a.account.ID == "" {
		acct, err := a.userinfo(ctx, a.token)
		if err != nil {
			return "", account{}, err
		}
		a.account = acct
		// Operators check here which account and API address the integration found.
		a.logger.InfoContext(ctx, "docusign account", "account_id", acct.ID, "base_uri", acct.BaseURI)
	}
	return a.token, a.account, nil
}

// forget drops token after DocuSign refused it (revoked consent, a clock off): the next call gets
// a new one.
func (a *auth) forget(token string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.token == token {
		a.token = ""
	}
}

type tokenResponse struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
}

// grant exchanges a signed assertion for an access token (POST /oauth/token).
func (a *auth) grant(ctx context.Context) (string, time.Duration, error) {
	assertion, err := a.assertion()
	if err != nil {
		return "", 0, err
	}
	form := url.Values{"grant_type": {"urn:ietf:params:oauth:grant-type:jwt-bearer"}, "assertion": {assertion}}
	body, err := a.http.do(ctx, func() (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.authURL+"/oauth/token", strings.NewReader(form.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Accept", "application/json")
		}
		return req, err
	})
	if err != nil {
		return "", 0, fmt.Errorf("docusign token: %w", err)
	}
	var t tokenResponse
	if err := json.Unmarshal(body, &t); err != nil || t.AccessToken == "" || t.ExpiresIn <= 0 {
		return "", 0, errors.New("docusign token: malformed answer")
	}
	return t.AccessToken, time.Duration(t.ExpiresIn) * time.Second, nil
}

// assertion is the JWT the grant presents: the integration key as issuer, the API user as
// subject, the authentication server's host as audience, an hour long, RS256 with the key whose
// public half is registered with the integration key.
func (a *auth) assertion() (string, error) {
	u, err := url.Parse(a.authURL)
	if err != nil {
		return "", fmt.Errorf("DOCUSIGN_AUTH_URL: %w", err)
	}
	now := a.now()
	claims := jwt.MapClaims{
		"iss": a.integrationKey, "sub": a.userID, "aud": u.Host, "scope": "signature impersonation",
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
	}
	return jwt.NewWithClaims(jwt.SigningMethodRS256, claims).SignedString(a.key)
}

type userinfoResponse struct {
	Sub      string `json:"sub"`
	Accounts []struct {
		AccountID   string `json:"account_id"`
		IsDefault   bool   `json:"is_default"`
		AccountName string `json:"account_name"`
		BaseURI     string `json:"base_uri"`
	} `json:"accounts"`
}

// checkBaseURI refuses an account's API address that is no absolute URL, or is plain HTTP while
// the OAuth server is reached over https (as production requires of DOCUSIGN_AUTH_URL): the access
// token and the renters' contracts would travel in the clear to it.
func (a *auth) checkBaseURI(baseURI string) error {
	u, err := url.Parse(baseURI)
	switch {
	case baseURI == "":
		return errors.New("no base_uri")
	case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http"):
		return fmt.Errorf("base_uri %q is no absolute URL", baseURI)
	case u.Scheme != "https" && strings.HasPrefix(a.authURL, "https://"):
		return fmt.Errorf("base_uri %q is not https://, as DOCUSIGN_AUTH_URL is", baseURI)
	}
	return nil
}

// userinfo finds the account (GET /oauth/userinfo): the configured one, else the default.
func (a *auth) userinfo(ctx context.Context, token string) (account, error) {
	body, err := a.http.do(ctx, func() (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.authURL+"/oauth/userinfo", nil)
		if err == nil {
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Accept", "application/json")
		}
		return req, err
	})
	if err != nil {
		return account{}, fmt.Errorf("docusign userinfo: %w", err)
	}
	var info userinfoResponse
	if err := json.Unmarshal(body, &info); err != nil {
		return account{}, errors.New("docusign userinfo: malformed answer")
	}
	for _, acct := range info.Accounts {
		if (a.accountID == "" && acct.IsDefault) || (a.accountID != "" && acct.AccountID == a.accountID) {
			if err := a.checkBaseURI(acct.BaseURI); err != nil {
				return account{}, fmt.Errorf("docusign userinfo: account %s: %w", acct.AccountID, err)
			}
			return account{ID: acct.AccountID, BaseURI: strings.TrimSuffix(acct.BaseURI, "/")}, nil
		}
	}
	if a.accountID != "" {
		return account{}, fmt.Errorf("docusign userinfo: the user has no account %s (DOCUSIGN_ACCOUNT_ID)", a.accountID)
	}
	return account{}, errors.New("docusign userinfo: the user has no default account")
}
