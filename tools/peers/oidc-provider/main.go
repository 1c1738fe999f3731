// Command oidc-provider is zitadel/oidc's example OpenID provider (example/server, the version
// go.mod pins) as the tests run it, with one change: with TLS_CERT_FILE and TLS_KEY_FILE it serves
// https and its issuer is https://localhost:PORT/, as a production provider's is (the gateway
// refuses an http issuer when PRODUCTION=true); without them it is the example itself, on
// http://localhost:PORT/. It reads PORT, REDIRECT_URI and USERS_FILE as the example does.
package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"

	"github.com/zitadel/oidc/v3/example/server/config"
	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "oidc-provider:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg := config.FromEnvVars(&config.Config{Port: config.DefaultIssuerPort})
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	certFile, keyFile := os.Getenv("TLS_CERT_FILE"), os.Getenv("TLS_KEY_FILE")
	if (certFile == "") != (keyFile == "") {
		return errors.New("set TLS_CERT_FILE and TLS_KEY_FILE together")
	}
	scheme := "http"
	if certFile != "" {
		scheme = "https"
	}
	issuer := fmt.Sprintf("%s://localhost:%s/", scheme, cfg.Port)

	storage.RegisterClients(
		storage.NativeClient("native", cfg.RedirectURI...),
		storage.WebClient("web", "secret", cfg.RedirectURI...),
		storage.WebClient("api", "secret", cfg.RedirectURI...),
	)
	users := storage.NewUserStore(issuer)
	if cfg.UsersFile != "" {
		var err error
		if users, err = storage.StoreFromFile(cfg.UsersFile); err != nil {
			return err
		}
	}
	router := exampleop.SetupServer(issuer, storage.NewStorage(users), logger, false)
	server := &http.Server{Addr: ":" + cfg.Port, Handler: router}
	logger.Info("server listening", "issuer", issuer)
	var err error
	if certFile != "" {
		err = server.ListenAndServeTLS(certFile, keyFile)
	} else {
		err = server.ListenAndServe()
	}
	return err
}
