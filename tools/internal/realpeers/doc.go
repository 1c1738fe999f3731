// Package realpeers runs the partners' real software on loopback for the tests that talk to it: a
// private Postfix instance (a real MTA with strict HELO and STARTTLS, delivering into a Maildir the
// test reads) and zitadel/oidc's example OpenID provider. Their certificates come from the run's CA
// (tools/internal/runca). README.md says what each peer proves and how it is configured.
package realpeers
