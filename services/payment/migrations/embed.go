// Package migrations embeds the payment service's database migrations.
package migrations

import "embed"

// FS holds the goose SQL migrations, numbered in the order they run.
//
//go:embed *.sql
var FS embed.FS
