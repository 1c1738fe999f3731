package app_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
)

// memoryQueue hands out each due mail once, as the database's row locks do.
type memoryQueue struct {
	mu  sync.Mutex
	due []domain.Mail
}

func (q *memoryQueue) DeliverNext(_ context.Context, deliver func(domain.Mail) error) (bool, error) {
	q.mu.Lock()
	if len(q.due) == 0 {
		q.mu.Unlock()
		return false, nil
	}
	m := q.due[0]
	q.due = q.due[1:]
	q.mu.Unlock()
	return true, deliver(m)
}

// slowServer answers each mail after a delay and remembers how many it had at the same time.
type slowServer struct {
	mu                   sync.Mutex
	delivered            map[string]int
	senders              map[string]bool // the sender names it saw
	inFlight, mostAtOnce int
}

func (s *slowServer) Send(_ context.Context, m domain.Mail) error {
	s.mu.Lock()
	s.inFlight++
	s.mostAtOnce = max(s.mostAtOnce, s.inFlight)
	s.mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inFlight--
	s.delivered[m.EventID]++
	s.senders[m.SenderName] = true
	return nil
}

func TestMailSender_deliversSeveralMailsAtOnceEachOnce(t *testing.T) {
	t.Parallel()
	server := deliver(t, 40, "Wohnheim am Beispielpark")

	if len(server.delivered) != 40 {
		t.Fatalf("%d of 40 mails delivered", len(server.delivered))
	}
	for id, n := range server.delivered {
		if n != 1 {
			t.Errorf("mail %s delivered %d times", id, n)
		}
	}
	if server.mostAtOnce != 4 {
		t.Errorf("at most %d mails were delivered at the same time, want 4", server.mostAtOnce)
	}
	if len(server.senders) != 1 || !server.senders["Wohnheim am Beispielpark"] {
		t.Errorf("the mails were sent as %v, want the residence's name they were written with", server.senders)
	}
}

// deliver runs a sender with four workers until it delivered n due mails, written under the
// sender's name, or five seconds passed.
func deliver(t *testing.T, n int, sender string) *slowServer {
	t.Helper()
	queue := &memoryQueue{}
	for i := range n {
		queue.due = append(queue.due, domain.Mail{EventID: fmt.Sprint("event-", i), To: "anna@example.org", SenderName: sender})
	}
	server := &slowServer{delivered: map[string]int{}, senders: map[string]bool{}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = app.NewMailSender(queue, server, time.Hour, 4, slog.New(slog.DiscardHandler)).Run(ctx)
	}()
	deadline := time.Now().Add(5 * time.Second)
	for {
		server.mu.Lock()
		delivered := len(server.delivered)
		server.mu.Unlock()
		if delivered == n || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	return server
}
