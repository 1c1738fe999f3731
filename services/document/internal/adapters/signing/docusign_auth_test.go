package signing

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestUserinfo_anAPIAddressOverPlainHTTP_isRefusedWhileTheOAuthServerIsHTTPS: a userinfo answer
// (or someone who changed it on the way) that names an http:// API address gets no token and no
// contract sent there; one over https is taken.
func TestUserinfo_anAPIAddressOverPlainHTTP_isRefusedWhileTheOAuthServerIsHTTPS(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ baseURI, wantErr string }{
		{"https://eu.docusign.net/", ""},
		{"http://eu.docusign.net", `base_uri "http://eu.docusign.net" is not https://, as DOCUSIGN_AUTH_URL is`},
		{"eu.docusign.net", "is no absolute URL"},
		{"", "no base_uri"},
	} {
		t.Run(tt.baseURI, func(t *testing.T) {
			t.Parallel()
			server := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprintf(w, `{"sub":"u","accounts":[{"account_id":"a1","is_default":true,"account_name":"Haus","base_uri":%q}]}`, tt.baseURI)
			}))
			defer server.Close()
			a := &auth{authURL: server.URL, http: fastRetries(server.Client()), logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
			acct, err := a.userinfo(t.Context(), "token")
			switch {
			case tt.wantErr == "" && (err != nil || acct.BaseURI != "https://eu.docusign.net"):
				t.Errorf("userinfo = %+v, %v; want the https address", acct, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("userinfo = %+v, %v; want an error with %q", acct, err, tt.wantErr)
			}
		})
	}
}

func TestUserinfo_aLocalOAuthServerOverHTTP_mayNameAnHTTPAddress(t *testing.T) {
	t.Parallel()
	a := &auth{authURL: "http://127.0.0.1:9"}
	if err := a.checkBaseURI("http://127.0.0.1:9/restapi"); err != nil {
		t.Errorf("a simulator over http: %v", err)
	}
}
