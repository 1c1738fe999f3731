package app

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"semesterhaus/services/renter/internal/domain"
)

// MailQueue holds the stored mails until they are delivered.
type MailQueue interface {
	// DeliverNext claims the next due mail that no other sender holds and whose renter has no earlier
	// mail unsent, and calls deliver with it; a delivered mail is marked sent, a failed one is due
	// again after domain.RetryDelay. found is false when no mail is due.
	DeliverNext(ctx context.Context, deliver func(domain.Mail) error) (found bool, err error)
}

// MailTransport delivers one mail (SMTP in production).
type MailTransport interface {
	Send(ctx context.Context, mail domain.Mail) error
}

// MailSender delivers the stored mails. Several replicas may run one each: a mail is claimed for
// its delivery, so none is sent twice by two senders.
type MailSender struct {
	queue     MailQueue
	transport MailTransport
	interval  time.Duration
	workers   int
	logger    *slog.Logger
}

// Senders is how many mails a sender delivers at the same time (MAIL_SENDERS).
type Senders int

// NewMailSender returns a sender that looks for due mails every interval and delivers up to senders
// of them at the same time: a delivery mostly waits for the mail server's answers (a tenth of a
// second or more for each mail), so one at a time would fall behind a busy booking hour.
func NewMailSender(queue MailQueue, transport MailTransport, interval time.Duration, senders Senders, logger *slog.Logger) *MailSender {
	return &MailSender{queue: queue, transport: transport, interval: interval, workers: max(int(senders), 1), logger: logger}
}

// Run delivers due mails until ctx ends.
func (s *MailSender) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for range s.workers {
		wg.Go(func() { s.work(ctx) })
	}
	wg.Wait()
	return nil
}

// work is one of the sender's workers: it delivers due mails whenever it looks.
func (s *MailSender) work(ctx context.Context) {
	ticker := time.NewTicker(s.interval)
	defer ticker.Stop()
	for {
		s.deliverDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// deliverDue delivers mails until none is due; a failed mail waits for its retry, the others go on.
func (s *MailSender) deliverDue(ctx context.Context) {
	for ctx.Err() == nil {
		found, err := s.queue.DeliverNext(ctx, func(m domain.Mail) error {
			if err := s.transport.Send(ctx, m); err != nil {
				s.logger.Warn("mail delivery failed, will retry", "event_id", m.EventID, "renter_id", m.RenterID, "err", err)
				return err
			}
			s.logger.Info("mail delivered", "event_id", m.EventID, "renter_id", m.RenterID)
			return nil
		})
		if err != nil && ctx.Err() == nil {
			s.logger.Error("mail queue unavailable", "err", err)
		}
		if !found || err != nil {
			return
		}
	}
}
