package events

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"
)

// Decoded is a Handler of the messages of one protobuf type: it decodes each message's payload and
// lets apply act on it in the consumer's transaction. An undecodable payload is logged and
// acknowledged: it would fail the same way on every delivery.
func Decoded[E any, P interface {
	*E
	proto.Message
}](logger *slog.Logger, apply func(ctx context.Context, tx pgx.Tx, event P) error) Handler {
	return func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error {
		event := P(new(E))
		if err := proto.Unmarshal(msg.Data(), event); err != nil {
			logger.ErrorContext(ctx, "dropping undecodable event", "subject", msg.Subject(), "type", proto.MessageName(event), "err", err)
			return nil
		}
		return apply(ctx, tx, event)
	}
}
