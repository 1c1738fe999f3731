package nats_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/grpctest"
	"semesterhaus/platform/natsprovision"
	"semesterhaus/platform/natstest"
	"semesterhaus/platform/pgtest"
	"semesterhaus/proto/catalog/catalogfake"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	grpcadapter "semesterhaus/services/renter/internal/adapters/grpc"
	"semesterhaus/services/renter/internal/adapters/mail"
	natsadapter "semesterhaus/services/renter/internal/adapters/nats"
	pgadapter "semesterhaus/services/renter/internal/adapters/postgres"
	"semesterhaus/services/renter/internal/app"
	"semesterhaus/services/renter/internal/domain"
	"semesterhaus/services/renter/migrations"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const publicURL = "https://wohnen.example"

// received is one mail as the SMTP sink got it.
type received struct {
	From    *netmail.Address
	To      []string
	Subject string
	Text    string
	HTML    string
}

// sink is a real SMTP server (go-smtp) that hands every received mail to a channel.
type sink struct{ mails chan received }

func (s sink) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{sink: s}, nil }

type session struct {
	sink sink
	to   []string
}

func (s *session) Mail(string, *smtp.MailOptions) error      { return nil }
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error { s.to = append(s.to, to); return nil }
func (s *session) Reset()                                    { s.to = nil }
func (s *session) Logout() error                             { return nil }
func (s *session) Data(r io.Reader) error {
	m, err := parseMail(r)
	if err != nil {
		return err
	}
	m.To = s.to
	s.sink.mails <- m
	return nil
}

func startSink(t *testing.T) (addr string, mails <-chan received) {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := sink{mails: make(chan received, 10)}
	server := smtp.NewServer(s)
	server.Domain = "localhost"
	go func() { _ = server.Serve(listener) }()
	t.Cleanup(func() { _ = server.Close() })
	return listener.Addr().String(), s.mails
}

// parseMail reads the subject and the plain-text and HTML parts of a multipart/alternative mail.
func parseMail(r io.Reader) (received, error) {
	msg, err := netmail.ReadMessage(r)
	if err != nil {
		return received{}, err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return received{}, err
	}
	from, err := netmail.ParseAddress(msg.Header.Get("From"))
	if err != nil {
		return received{}, err
	}
	m := received{From: from, Subject: subject}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return received{}, err
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := parts.NextRawPart()
		if err == io.EOF {
			return m, nil
		}
		if err != nil {
			return received{}, err
		}
		var body io.Reader = part
		if part.Header.Get("Content-Transfer-Encoding") == "quoted-printable" {
			body = quotedprintable.NewReader(part)
		}
		content, err := io.ReadAll(body)
		if err != nil {
			return received{}, err
		}
		text := strings.ReplaceAll(string(content), "\r\n", "\n") // SMTP's line ends, as the mail was written
		if strings.HasPrefix(part.Header.Get("Content-Type"), "text/html") {
			m.HTML = text
		} else {
			m.Text = text
		}
	}
}

// mailPath runs the renter's whole mail path on real parts: the consumer on its own JetStream
// stream, the database, the renderer and the sender delivering to the SMTP sink.
type mailPath struct {
	t       *testing.T
	catalog *catalogfake.Server
	js      jetstream.JetStream
	pool    *pgxpool.Pool
	renters *app.Renters
	stream  streams.RentingStream
	mails   <-chan received
}

func newMailPath(t *testing.T) mailPath {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pool, _ := pgtest.NewDatabase(t, migrations.FS)
	_, js := natstest.Connect(t)
	stream := streams.RentingStream(natstest.Unique("renting"))
	// A duplicate window of 100 ms (the least NATS allows) lets a re-published event reach the consumer, whose
	// own de-duplication is what this test is about.
	if err := natsprovision.Stream(ctx, js, stream.Stream(), natsprovision.DuplicateWindow(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream.Stream().Name) })

	smtpAddr, delivered := startSink(t)
	renderer, err := mail.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	transport, err := mail.NewSMTP(smtpAddr, "Studentenwohnheim Neckarblick <wohnen@neckarblick.example>", "neckarblick.example", mail.SMTPSecurity{TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.DiscardHandler)
	repo := pgadapter.NewRepository(pool)
	in := func(tx pgx.Tx) app.MailStore { return pgadapter.MailStoreIn(tx) }
	catalog := catalogfake.NewExample()
	catalogConn := grpctest.Dial(t, "renter", "catalog", grpctest.Serve(t, catalog.Register))
	mails := app.NewMails(renderer, grpcadapter.NewCatalogClient(catalogConn), app.MailSettings{
		PublicURL: publicURL, NoticeWindow: time.Hour, PageLinkValidity: 30 * 24 * time.Hour, PageLinkWindow: time.Minute,
		TimeZone: berlin,
	}, time.Now)
	consumer := natsadapter.NewMailConsumer(js, pool, in, mails, stream, logger)
	sender := app.NewMailSender(repo, transport, 50*time.Millisecond, 4, logger)
	done := make(chan struct{}, 2)
	for _, run := range []func(context.Context) error{consumer.Run, sender.Run} {
		go func() {
			defer func() { done <- struct{}{} }()
			if err := run(ctx); err != nil {
				t.Errorf("mail path stopped: %v", err)
			}
		}()
	}
	t.Cleanup(func() { cancel(); <-done; <-done })
	return mailPath{t: t, catalog: catalog, js: js, pool: pool, renters: app.NewRenters(repo, time.Now), stream: stream, mails: delivered}
}

func (p mailPath) register(email, language string) int64 {
	p.t.Helper()
	id, _, err := p.renters.Register(context.Background(), domain.Form{
		Email: email, FirstName: "Anna", LastName: "Schmidt", Street: "Hauptstraße 1", Zip: "69117", City: "Heidelberg",
		Country: "DEU", Birthday: "2004-05-17", Phone: "+49 170 1234567", Nationality: "de", Gender: "female", Language: language,
	}, time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC), 0)
	if err != nil {
		p.t.Fatal(err)
	}
	return id
}

// publish sends a message as the renting service's relay would: with Nats-Msg-Id = event id.
func (p mailPath) publish(subject, eventID string, event proto.Message) {
	p.t.Helper()
	data, err := proto.Marshal(event)
	if err != nil {
		p.t.Fatal(err)
	}
	msg := &nats.Msg{Subject: subject, Data: data}
	if _, err := p.js.PublishMsg(context.Background(), msg, jetstream.WithMsgID(eventID)); err != nil {
		p.t.Fatal(err)
	}
}

func (p mailPath) stateChanged(eventID, rentingID string, renterID int64, state string) {
	p.publish(p.stream.StateChanged(state), eventID, &eventsv1.RentingStateChanged{
		EventId: eventID, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID, ToState: state,
	})
}

func (p mailPath) nextMail() received {
	p.t.Helper()
	select {
	case m := <-p.mails:
		return m
	case <-time.After(15 * time.Second):
		p.t.Fatal("no mail arrived")
		return received{}
	}
}

func (p mailPath) streamMessages() uint64 {
	p.t.Helper()
	stream, err := p.js.Stream(context.Background(), p.stream.Stream().Name)
	if err != nil {
		p.t.Fatal(err)
	}
	return stream.CachedInfo().State.Msgs
}

// storedMails counts the stored mails and the unsent ones, once the sender has marked the mail it
// delivered last (the sink sees a mail just before the sender's transaction commits).
func (p mailPath) storedMails() (total, unsent int) {
	p.t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		err := p.pool.QueryRow(context.Background(), "SELECT count(*), count(*) FILTER (WHERE sent_at IS NULL) FROM outgoing_mail").Scan(&total, &unsent)
		if err != nil {
			p.t.Fatal(err)
		}
		if unsent == 0 || time.Now().After(deadline) {
			return total, unsent
		}
	}
}

const rentingID = "6f1c1f0e-8a7b-4b8e-9a51-3c2d7f9e1a20"

// The stay of the events: catalogfake.NewExample's apartment 0.01 in the summer semester 2027, which
// costs 6 × 445,00 € rent + 85,00 € cleaning + 800,00 € deposit (a renewal the rent only).
const (
	apartmentID, semesterID = 1, 1
	totalDe, totalEn        = "3.555,00 €", "€3,555.00"
	renewalTotalEn          = "€2,670.00"
)

// signature is how the example catalog's residence signs every mail.
const signature = "Wohnheim am Beispielpark\nParkweg 1, 12345 Beispielstadt\nhaus@beispielpark.example · +49 30 1234567"

func TestRentingRequested_oneConfirmationMailInTheRentersLanguageWithAWorkingLink(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("Anna.Schmidt@Example.org", "de")

	const requested = "11111111-1111-4111-8111-111111111111"
	p.stateChanged(requested, rentingID, renterID, "APARTMENT_REQUESTED")
	time.Sleep(150 * time.Millisecond) // past the stream's duplicate window: the redelivery reaches the consumer
	p.stateChanged(requested, rentingID, renterID, "APARTMENT_REQUESTED")
	p.publish(p.stream.Deleted(), "22222222-2222-4222-8222-222222222222", &eventsv1.RentingDeleted{RentingId: rentingID, RenterId: renterID})
	p.stateChanged("33333333-3333-4333-8333-333333333333", rentingID, renterID, "CONTRACT_SIGNED")
	p.stateChanged("44444444-4444-4444-8444-444444444444", rentingID, renterID, "APARTMENT_RESERVED")

	confirm := p.nextMail()
	if confirm.Subject != "Bitte bestätige deine E-Mail-Adresse" || len(confirm.To) != 1 || confirm.To[0] != "Anna.Schmidt@Example.org" ||
		!strings.Contains(confirm.Text, "Hallo Anna Schmidt") || !strings.Contains(confirm.HTML, "Hallo Anna Schmidt") {
		t.Fatalf("confirmation mail: %+v", confirm)
	}
	// The sender is named as the site, the signature and the contract name the residence; the address is MAIL_FROM's.
	if *confirm.From != (netmail.Address{Name: "Wohnheim am Beispielpark", Address: "wohnen@neckarblick.example"}) {
		t.Errorf("the mail came from %v", confirm.From)
	}
	for _, want := range []string{"Apartment: 0.01\nSemester: SoSe 2027\nGesamt: " + totalDe + "\n", "Viele Grüße\n" + signature} {
		if !strings.Contains(confirm.Text, want) {
			t.Errorf("the confirmation mail lacks %q:\n%s", want, confirm.Text)
		}
	}
	for _, want := range []string{"0.01", "SoSe 2027", totalDe, "Wohnheim am Beispielpark", "haus@beispielpark.example"} {
		if !strings.Contains(confirm.HTML, want) {
			t.Errorf("the confirmation mail's HTML lacks %q", want)
		}
	}
	link := linkIn(t, confirm.Text, publicURL+"/booking/step3?")
	if !strings.Contains(confirm.HTML, strings.ReplaceAll(link, "&", "&amp;")) {
		t.Errorf("the HTML part lacks the link %s", link)
	}
	reserved := p.nextMail()
	if reserved.Subject != "Deine E-Mail-Adresse ist bestätigt" {
		t.Errorf("second mail %q, want the e-mail-confirmed one", reserved.Subject)
	}
	if n := p.streamMessages(); n != 5 {
		t.Errorf("the stream holds %d messages, want 5 (the re-published event included)", n)
	}
	if total, unsent := p.storedMails(); total != 2 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want 2 sent: one per event, none for other states", total, unsent)
	}

	query, _ := url.ParseQuery(strings.TrimPrefix(link, publicURL+"/booking/step3?"))
	c, err := p.renters.ConsumeEmailToken(context.Background(), query.Get("email"), query.Get("token"))
	if err != nil || c.RenterID != renterID || c.RentingID != rentingID || c.AlreadyUsed {
		t.Errorf("the mailed token: %+v, %v", c, err)
	}
}

func TestCancelledUnconfirmedRequests_atMostOneMailPerAddressPerWindow(t *testing.T) {
	t.Parallel()
	p := newMailPath(t) // window: one hour
	victim, other := p.register("anna@example.org", "en"), p.register("ben@example.org", "en")
	// Twenty requests somebody sent for Anna's address are superseded when she confirms hers (or expire).
	for i := range 20 {
		p.publish(p.stream.StateChanged("CANCELED"), fmt.Sprintf("00000000-0000-4000-8000-%012d", i), &eventsv1.RentingStateChanged{
			EventId: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), RentingId: rentingID, RenterId: victim,
			ApartmentId: apartmentID, SemesterId: semesterID, FromState: "APARTMENT_REQUESTED", ToState: "CANCELED",
		})
	}
	p.publish(p.stream.StateChanged("CANCELED"), "99999999-0000-4000-8000-000000000001", &eventsv1.RentingStateChanged{
		EventId: "99999999-0000-4000-8000-000000000001", RentingId: rentingID, RenterId: other, ApartmentId: apartmentID, SemesterId: semesterID, FromState: "APARTMENT_REQUESTED", ToState: "CANCELED",
	})
	// A cancellation of a confirmed booking is no request somebody else could send: always mailed.
	p.publish(p.stream.StateChanged("CANCELED"), "99999999-0000-4000-8000-000000000002", &eventsv1.RentingStateChanged{
		EventId: "99999999-0000-4000-8000-000000000002", RentingId: rentingID, RenterId: victim, ApartmentId: apartmentID, SemesterId: semesterID, FromState: "APARTMENT_RESERVED", ToState: "CANCELED",
	})
	got := map[string]int{}
	for range 3 {
		got[p.nextMail().To[0]]++
	}
	if got["anna@example.org"] != 2 || got["ben@example.org"] != 1 {
		t.Errorf("mails per address %v, want anna 2 (one for the twenty unconfirmed requests, one for the confirmed booking), ben 1", got)
	}
	if total, unsent := p.storedMails(); total != 3 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want 3", total, unsent)
	}
}

func TestRenewalRequest_englishMailWithTheExtendLinkAndItsToken(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("ben@example.org", "en")
	const token = "c2VjcmV0LXJlbmV3YWwtdG9rZW4tb2YtMzItYnl0ZXM"
	p.publish(p.stream.StateChanged("RENEWAL_REQUEST"), "55555555-5555-4555-8555-555555555555", &eventsv1.RentingStateChanged{
		EventId: "55555555-5555-4555-8555-555555555555", RentingId: rentingID, RenterId: renterID, ToState: "RENEWAL_REQUEST",
		ApartmentId: apartmentID, SemesterId: semesterID, Renewal: true, RenewalToken: token,
	})
	m := p.nextMail()
	if m.Subject != "Would you like to stay another semester?" || !strings.Contains(m.Text, "Hello Anna Schmidt") {
		t.Fatalf("renewal mail: %+v", m)
	}
	if link := linkIn(t, m.Text, publicURL+"/booking/extend?"); link != publicURL+"/booking/extend?rentingId="+rentingID+"&token="+token {
		t.Errorf("renewal link %s: want the renting id and the event's token", link)
	}
	if want := "Apartment: 0.01\nSemester: SoSe 2027\nTotal: " + renewalTotalEn + "\n"; !strings.Contains(m.Text, want) {
		t.Errorf("the renewal mail lacks %q (a renewal pays the rent only):\n%s", want, m.Text)
	}
}

func TestContractAndPayment_germanMailsWithTheSignAndPayLinksAndTheKeyCodeOnce(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("anna@example.org", "de")
	p.stateChanged("66666666-6666-4666-8666-666666666666", rentingID, renterID, "CONTRACT_REQUESTED")
	p.stateChanged("77777777-7777-4777-8777-777777777777", rentingID, renterID, "UNPAID")
	p.stateChanged("88888888-8888-4888-8888-888888888888", rentingID, renterID, "PAYED")
	const due = "99999999-9999-4999-8999-999999999999"
	keyCode := &eventsv1.KeyCodeDue{
		EventId: due, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID, AccessKey: "K7QX2MZP",
		MoveIn: timestamppb.New(time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC)),
	}
	p.publish(p.stream.KeyCodeDue(), due, keyCode)
	time.Sleep(150 * time.Millisecond) // past the stream's duplicate window: the redelivery reaches the consumer
	p.publish(p.stream.KeyCodeDue(), due, keyCode)

	sign := p.nextMail()
	if sign.Subject != "Bitte unterschreibe deinen Mietvertrag" ||
		linkIn(t, sign.Text, publicURL+"/booking/step4?") != publicURL+"/booking/step4?rentingId="+rentingID {
		t.Errorf("signing mail: %+v", sign)
	}
	pay := p.nextMail()
	if pay.Subject != "Bitte bezahle die Miete für das Semester" ||
		!strings.Contains(pay.Text, "Bitte bezahle jetzt die Miete für das Semester, "+totalDe+":") ||
		!strings.Contains(pay.HTML, "Semester, "+totalDe+":") ||
		linkIn(t, pay.Text, publicURL+"/booking/step5?") != publicURL+"/booking/step5?rentingId="+rentingID {
		t.Errorf("payment mail: %+v", pay)
	}
	if paid := p.nextMail(); paid.Subject != "Deine Zahlung ist eingegangen" || !strings.Contains(paid.Text, "Schlüsselcode") ||
		!strings.Contains(paid.Text, "deine Zahlung über "+totalDe+" ist eingegangen") {
		t.Errorf("payment received mail: %+v", paid)
	}
	key := p.nextMail()
	if key.Subject != "Dein Schlüsselcode für den Einzug" || !strings.Contains(key.Text, "K7QX2MZP") ||
		!strings.Contains(key.Text, "01.04.2027") || !strings.Contains(key.HTML, "K7QX2MZP") ||
		!strings.Contains(key.Text, "Apartment: 0.01\nSemester: SoSe 2027\n\n") || strings.Contains(key.Text, "Gesamt") {
		t.Errorf("key code mail: %+v", key)
	}
	if total, unsent := p.storedMails(); total != 4 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want 4 sent, one per event", total, unsent)
	}
}

func TestKeyCode_englishMailWithTheMoveInDay(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("ben@example.org", "en")
	p.publish(p.stream.KeyCodeDue(), "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", &eventsv1.KeyCodeDue{
		RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID, AccessKey: "K7QX2MZP", MoveIn: timestamppb.New(time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC)),
	})
	m := p.nextMail()
	if m.Subject != "Your key code for moving in" || !strings.Contains(m.Text, "K7QX2MZP") || !strings.Contains(m.Text, "1 April 2027") ||
		!strings.Contains(m.Text, "Apartment: 0.01\nSemester: SoSe 2027\n") || !strings.Contains(m.Text, "Kind regards\n"+signature) {
		t.Errorf("key code mail: %+v", m)
	}
}

// TestCatalogUnavailable_theMailWaitsForTheEventsRedelivery: while the catalog cannot name the
// apartment the mail cannot be written; the event is delivered again and the mail goes once the
// catalog answers.
func TestCatalogUnavailable_theMailWaitsForTheEventsRedelivery(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("ben@example.org", "en")
	const unknownApartment = 5
	p.publish(p.stream.StateChanged("UNPAID"), "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", &eventsv1.RentingStateChanged{
		EventId: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", RentingId: rentingID, RenterId: renterID,
		ApartmentId: unknownApartment, SemesterId: semesterID, ToState: "UNPAID",
	})
	select {
	case m := <-p.mails:
		t.Fatalf("a mail without the catalog's facts: %+v", m)
	case <-time.After(1500 * time.Millisecond):
	}
	p.catalog.AddApartment(catalogfake.Apartment(unknownApartment, "0.05", 500_00, 90_00, 850_00))
	m := p.nextMail()
	// 6 × 500,00 € + 90,00 € + 850,00 €
	if !strings.Contains(m.Text, "Please pay the rent for the semester now, €3,940.00:") || !strings.Contains(m.Text, "Apartment: 0.05\n") {
		t.Errorf("payment mail after the redelivery:\n%s", m.Text)
	}
	if total, unsent := p.storedMails(); total != 1 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want the one", total, unsent)
	}
}

// linkIn returns the line of text that starts with prefix.
func linkIn(t *testing.T, text, prefix string) string {
	t.Helper()
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, prefix) {
			return strings.TrimSpace(line)
		}
	}
	t.Fatalf("no link %s… in %q", prefix, text)
	return ""
}

// startRetention runs the retention consumer on the mail path's stream and database.
func (p mailPath) startRetention() {
	p.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	consumer := natsadapter.NewRetentionConsumer(p.js, p.pool, pgadapter.ForgetRentingIn, p.stream, slog.New(slog.DiscardHandler))
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := consumer.Run(ctx); err != nil {
			p.t.Errorf("retention consumer: %v", err)
		}
	}()
	p.t.Cleanup(func() { cancel(); <-done })
}

// TestRentingDeleted_aRenterNothingRefersToIsForgottenWithTokensAndMails: the request of a renter
// who never confirmed the address is deleted (retention or an admin): the renter, the token and
// the mail sent go, audited once even if the event comes twice; a renter with another booking stays.
func TestRentingDeleted_aRenterNothingRefersToIsForgottenWithTokensAndMails(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	p.startRetention()
	ctx := context.Background()
	alone := p.register("alone@example.org", "de")
	twice := p.register("twice@example.org", "en")
	p.register("twice@example.org", "en") // a second request counts on the renter too
	const other = "7a1c1f0e-8a7b-4b8e-9a51-3c2d7f9e1a21"
	p.stateChanged("55555555-5555-4555-8555-555555555555", rentingID, alone, "APARTMENT_REQUESTED")
	p.stateChanged("66666666-6666-4666-8666-666666666666", other, twice, "APARTMENT_REQUESTED")
	p.nextMail()
	p.nextMail()
	if total, unsent := p.storedMails(); total != 2 || unsent != 0 {
		t.Fatalf("%d mails, %d unsent before the deletion", total, unsent)
	}

	deleted := "77777777-7777-4777-8777-777777777777"
	for range 2 {
		p.publish(p.stream.Deleted(), deleted, &eventsv1.RentingDeleted{EventId: deleted, RentingId: rentingID, RenterId: alone, Actor: "retention"})
		time.Sleep(150 * time.Millisecond) // past the duplicate window: the consumer's own de-duplication is tested
	}
	p.publish(p.stream.Deleted(), "88888888-8888-4888-8888-888888888888",
		&eventsv1.RentingDeleted{EventId: "88888888-8888-4888-8888-888888888888", RentingId: other, RenterId: twice, Actor: "retention"})

	count := func(query string, args ...any) int {
		var n int
		if err := p.pool.QueryRow(ctx, query, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for deadline := time.Now().Add(10 * time.Second); count("SELECT count(*) FROM renter WHERE id = $1", alone) != 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the renter nothing refers to is still there")
		}
	}
	time.Sleep(300 * time.Millisecond) // the rest of the events
	if n := count("SELECT count(*) FROM email_token WHERE renter_id = $1", alone); n != 0 {
		t.Errorf("%d e-mail tokens of the forgotten renter left", n)
	}
	if n := count("SELECT count(*) FROM outgoing_mail WHERE renter_id = $1", alone); n != 0 {
		t.Errorf("%d mails to the forgotten renter left", n)
	}
	if n := count("SELECT count(*) FROM audit_log WHERE action = 'forgetRenter' AND subject = $1", fmt.Sprintf("renter/%d", alone)); n != 1 {
		t.Errorf("the forgetting is audited %d times, want once", n)
	}
	if n := count("SELECT count(*) FROM renter WHERE id = $1", twice); n != 1 {
		t.Error("a renter with another request was forgotten")
	}
}

func (p mailPath) reminderDue(eventID string, renterID int64, step, renewalToken string) {
	p.publish(p.stream.ReminderDue(), eventID, &eventsv1.ReminderDue{
		EventId: eventID, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID,
		Step: step, Renewal: renewalToken != "", RenewalToken: renewalToken,
	})
}

// TestReminders_onceEachInTheRentersLanguageWithTheLinkToTheOpenStep: the confirmation reminder's
// link carries a new working token beside the first mail's, the renewal reminder the event's
// token; a redelivered reminder is mailed once, a step without a mail never.
func TestReminders_onceEachInTheRentersLanguageWithTheLinkToTheOpenStep(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	anna, ben := p.register("anna@example.org", "de"), p.register("ben@example.org", "en")
	const token = "cmVtaW5kZXItcmVuZXdhbC10b2tlbi1vZi0zMi1ieXQ"
	p.stateChanged("a0000000-0000-4000-8000-000000000001", rentingID, anna, "APARTMENT_REQUESTED")
	p.nextMail()
	const confirmReminder = "a0000000-0000-4000-8000-000000000002"
	p.reminderDue(confirmReminder, anna, "CONFIRM_EMAIL", "")
	time.Sleep(150 * time.Millisecond) // past the stream's duplicate window: the redelivery reaches the consumer
	p.reminderDue(confirmReminder, anna, "CONFIRM_EMAIL", "")
	p.reminderDue("a0000000-0000-4000-8000-000000000003", anna, "MOVE_IN", "")
	p.reminderDue("a0000000-0000-4000-8000-000000000004", anna, "SIGN_CONTRACT", "")
	p.reminderDue("a0000000-0000-4000-8000-000000000005", ben, "PAY_RENT", "")
	p.reminderDue("a0000000-0000-4000-8000-000000000006", ben, "ANSWER_RENEWAL", token)

	confirm := p.nextMail()
	if confirm.Subject != "Erinnerung: Bitte bestätige deine E-Mail-Adresse" || confirm.To[0] != "anna@example.org" ||
		!strings.Contains(confirm.Text, "Apartment: 0.01\nSemester: SoSe 2027\nGesamt: "+totalDe+"\n") {
		t.Fatalf("confirmation reminder: %+v", confirm)
	}
	query, _ := url.ParseQuery(strings.TrimPrefix(linkIn(t, confirm.Text, publicURL+"/booking/step3?"), publicURL+"/booking/step3?"))
	if c, err := p.renters.ConsumeEmailToken(context.Background(), query.Get("email"), query.Get("token")); err != nil || c.RentingID != rentingID || c.AlreadyUsed {
		t.Errorf("the reminder's token: %+v, %v", c, err)
	}
	// The two renters' mails go out side by side (the sender's workers), each renter's in order.
	rest := map[string]received{}
	for range 3 {
		m := p.nextMail()
		rest[m.Subject] = m
	}
	if sign, ok := rest["Erinnerung: Bitte unterschreibe deinen Mietvertrag"]; !ok ||
		linkIn(t, sign.Text, publicURL+"/booking/step4?") != publicURL+"/booking/step4?rentingId="+rentingID {
		t.Errorf("signing reminder: %+v", sign)
	}
	if pay, ok := rest["Reminder: please pay the rent for the semester"]; !ok || pay.To[0] != "ben@example.org" ||
		!strings.Contains(pay.Text, "the rent for the semester, "+totalEn+", is still unpaid") ||
		linkIn(t, pay.Text, publicURL+"/booking/step5?") != publicURL+"/booking/step5?rentingId="+rentingID {
		t.Errorf("payment reminder: %+v", pay)
	}
	if renewal, ok := rest["Reminder: would you like to stay another semester?"]; !ok ||
		linkIn(t, renewal.Text, publicURL+"/booking/extend?") != publicURL+"/booking/extend?rentingId="+rentingID+"&token="+token ||
		!strings.Contains(renewal.Text, "Total: "+renewalTotalEn+"\n") {
		t.Errorf("renewal reminder: %+v", renewal)
	}
	if total, unsent := p.storedMails(); total != 5 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want 5: the request and one per reminder", total, unsent)
	}
}

var berlin = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		panic(err)
	}
	return loc
}()

// TestWaitlist_confirmationAndOfferMailedOnceEachInTheLanguageOfTheEntryToItsAddress: the waitlist's
// mails go to people who are no renter, with the links the renting service's tokens open, once per
// event; once sent they keep no recipient or text.
func TestWaitlist_confirmationAndOfferMailedOnceEachInTheLanguageOfTheEntryToItsAddress(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	confirmation := &eventsv1.WaitlistConfirmationRequested{
		EventId: "cccccccc-cccc-4ccc-8ccc-cccccccccccc", EntryId: "e1", SemesterId: semesterID,
		Email: "lea@example.org", Name: "Lea Wagner", Language: "de", Token: "tok/en+1",
	}
	p.publish(p.stream.WaitlistConfirmation(), confirmation.EventId, confirmation)
	p.publish(p.stream.WaitlistConfirmation(), confirmation.EventId, confirmation) // redelivered: mailed once
	m := p.nextMail()
	if m.Subject != "Bitte bestätige deinen Platz auf der Warteliste" || !slices.Equal(m.To, []string{"lea@example.org"}) ||
		!strings.HasPrefix(m.Text, "Hallo Lea Wagner,\n") || strings.Contains(m.Text, "Meine Buchung") {
		t.Errorf("confirmation mail: %+v", m)
	}
	if got := linkIn(t, m.Text, publicURL+"/booking/waitlist-confirm?"); got != publicURL+"/booking/waitlist-confirm?token=tok%2Fen%2B1" {
		t.Errorf("confirmation link %q", got)
	}

	offer := &eventsv1.WaitlistOfferMade{
		EventId: "dddddddd-dddd-4ddd-8ddd-dddddddddddd", EntryId: "e1", ApartmentId: apartmentID, SemesterId: semesterID,
		Email: "ben@example.org", Name: "Ben", Language: "en", Token: "offer-token",
		ExpiresAt: timestamppb.New(time.Date(2026, 11, 24, 11, 0, 0, 0, time.UTC)),
	}
	p.publish(p.stream.WaitlistOffer(), offer.EventId, offer)
	m = p.nextMail()
	if m.Subject != "An apartment is free for you" || !slices.Equal(m.To, []string{"ben@example.org"}) || !strings.HasPrefix(m.Text, "Hello Ben,\n") ||
		!strings.Contains(m.Text, "until 24 November 2026, 12:00 CET") || !strings.Contains(m.Text, "Apartment: 0.01\nSemester: SoSe 2027\nTotal: "+totalEn) {
		t.Errorf("offer mail: %+v", m)
	}
	if got := linkIn(t, m.Text, publicURL+"/booking/step2?"); got != publicURL+"/booking/step2?apartment-id=1&offer=offer-token" {
		t.Errorf("offer link %q", got)
	}
	if total, unsent := p.storedMails(); total != 2 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want the two sent", total, unsent)
	}
	var n int
	err := p.pool.QueryRow(context.Background(), "SELECT count(*) FROM outgoing_mail WHERE renter_id IS NULL AND recipient = '' AND text_body = '' AND html_body = '' AND subject = ''").Scan(&n)
	if err != nil || n != 2 {
		t.Errorf("%d sent waitlist mails without personal data, want 2", n)
	}
}

// TestPaymentMails_nameTheContractsTotal_notTheCatalogsPriceOfToday: the office raised the rent after
// the contract was written at 2.880,00 €; the catalog now prices the semester at 3.555,00 €. The
// payment mail and the payment reminder name the contract's total, which the payment asks.
func TestPaymentMails_nameTheContractsTotal_notTheCatalogsPriceOfToday(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("anna@example.org", "de")
	const unpaid, reminder = "c0000000-0000-4000-8000-000000000001", "c0000000-0000-4000-8000-000000000002"
	p.publish(p.stream.StateChanged("UNPAID"), unpaid, &eventsv1.RentingStateChanged{
		EventId: unpaid, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID,
		FromState: "CONTRACT_SIGNED", ToState: "UNPAID", ContractTotalCents: 288000, ContractCurrency: "EUR",
	})
	p.publish(p.stream.ReminderDue(), reminder, &eventsv1.ReminderDue{
		EventId: reminder, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID,
		Step: "PAY_RENT", ContractTotalCents: 288000, ContractCurrency: "EUR",
	})

	for _, m := range []received{p.nextMail(), p.nextMail()} {
		if !strings.Contains(m.Text, "2.880,00 €") || strings.Contains(m.Text, totalDe) {
			t.Errorf("mail %q names another amount than the contract's 2.880,00 €:\n%s", m.Subject, m.Text)
		}
	}
}

func TestOfficeCancellation_mailInTheRentersLanguageWithTheReasonAndTheRefund(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("ben@example.org", "en")
	const eventID = "66666666-6666-4666-8666-666666666666"
	event := &eventsv1.RentingStateChanged{
		EventId: eventID, RentingId: rentingID, RenterId: renterID, FromState: "PAYED", ToState: "CANCELED",
		ApartmentId: apartmentID, SemesterId: semesterID, ContractTotalCents: 376500, ContractCurrency: "EUR",
		Cancellation: &eventsv1.Cancellation{Reason: "Water damage in the apartment", RefundCents: 120000, Actor: "admin"},
	}
	p.publish(p.stream.StateChanged("CANCELED"), eventID, event)
	m := p.nextMail()
	if m.Subject != "Your booking was cancelled" {
		t.Fatalf("cancellation mail: %+v", m)
	}
	for _, want := range []string{"“Water damage in the apartment”", "We refund €1,200.00", "the way you paid"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the mail lacks %q:\n%s", want, m.Text)
		}
	}
	if total, _ := p.storedMails(); total != 1 {
		t.Errorf("%d mails for one cancellation", total)
	}
}

func TestContractReissued_germanMailWithTheNewTotalAndTheSigningPage(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	renterID := p.register("anna@example.org", "de")
	const eventID = "77777777-7777-4777-8777-777777777777"
	p.publish(p.stream.ContractReissued(), eventID, &eventsv1.ContractReissued{
		EventId: eventID, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID,
		SigningLink: "https://wohnen.example/api/signing/s2", ContractTotalCents: 294300, ContractCurrency: "EUR",
	})
	m := p.nextMail()
	if m.Subject != "Dein Mietvertrag wurde neu ausgestellt" || !strings.Contains(m.Text, "neuen Gesamtbetrag von 2.943,00 €") {
		t.Fatalf("reissue mail: %+v", m)
	}
	if link := linkIn(t, m.Text, publicURL+"/booking/step4?"); link != publicURL+"/booking/step4?rentingId="+rentingID {
		t.Errorf("signing page %s", link)
	}
}

// TestHandover_recordedReminderAnswerAndSettlementMailedOnceEachInTheRentersLanguageLeadingToTheirPage:
// the handover's mail lists the day, the meters, each damage with its amount, the deposit, what is
// kept and what comes back and the deadline; a redelivered event is mailed once; every mail's
// action opens the renter's own page.
func TestHandover_recordedReminderAnswerAndSettlementMailedOnceEachInTheRentersLanguageLeadingToTheirPage(t *testing.T) {
	t.Parallel()
	p := newMailPath(t)
	anna, ben := p.register("anna@example.org", "de"), p.register("ben@example.org", "en")
	recorded := func(eventID string, renterID int64) *eventsv1.HandoverRecorded {
		return &eventsv1.HandoverRecorded{
			EventId: eventID, RentingId: rentingID, RenterId: renterID, ApartmentId: apartmentID, SemesterId: semesterID,
			HandoverDate:  "2027-09-30",
			MeterReadings: []*eventsv1.MeterReading{{Meter: "Strom", Value: "12345,6"}, {Meter: "Wasser", Value: "321"}},
			Damages: []*eventsv1.Deduction{
				{Description: "Kratzer in der Tür", AmountCents: 5000}, {Description: "Loch in der Wand", AmountCents: 123456},
			},
			DepositCents: 200000, RefundCents: 71544, AnswerDeadline: "2027-10-14", Actor: "admin",
		}
	}
	const annasHandover = "h0000000-0000-4000-8000-000000000001"
	p.publish(p.stream.HandoverRecorded(), annasHandover, recorded(annasHandover, anna))
	time.Sleep(150 * time.Millisecond) // past the stream's duplicate window: the redelivery reaches the consumer
	p.publish(p.stream.HandoverRecorded(), annasHandover, recorded(annasHandover, anna))
	de := p.nextMail()
	if de.Subject != "Deine Wohnungsübergabe" || de.To[0] != "anna@example.org" {
		t.Fatalf("handover mail: %+v", de)
	}
	for _, want := range []string{
		"Übergabe am: 30.09.2027\nZählerstand Strom: 12345,6\nZählerstand Wasser: 321\nKaution: 2.000,00 €\n" +
			"Schaden „Kratzer in der Tür“: 50,00 €\nSchaden „Loch in der Wand“: 1.234,56 €\nEinbehalten: 1.284,56 €\n" +
			"Zurück an dich: 715,44 €\nAntwort bis: 14.10.2027\n",
		"Du bekommst 715,44 € deiner Kaution zurück.", "widersprich bis zum 14.10.2027", "Apartment: 0.01\nSemester: SoSe 2027\n",
	} {
		if !strings.Contains(de.Text, want) {
			t.Errorf("the German handover mail lacks %q:\n%s", want, de.Text)
		}
	}
	if strings.Contains(de.Text, "Gesamt:") || !strings.Contains(de.HTML, ">Schaden „Loch in der Wand“<") {
		t.Errorf("the handover mail names the semester's total or misses the damage in HTML:\n%s\n%s", de.Text, de.HTML)
	}
	p.openPage(linkIn(t, de.Text, publicURL+"/booking/my-booking?"), anna)

	p.publish(p.stream.HandoverRecorded(), "h0000000-0000-4000-8000-000000000002", recorded("h0000000-0000-4000-8000-000000000002", ben))
	en := p.nextMail()
	for _, want := range []string{"Handover on: 30 September 2027\n", "Damage “Loch in der Wand”: €1,234.56\n", "Back to you: €715.44\n", "dispute it by 14 October 2027"} {
		if en.Subject != "Your apartment handover" || !strings.Contains(en.Text, want) {
			t.Errorf("the English handover mail lacks %q:\n%s", want, en.Text)
		}
	}

	const reminder = "h0000000-0000-4000-8000-000000000003"
	p.publish(p.stream.ReminderDue(), reminder, &eventsv1.ReminderDue{
		EventId: reminder, RentingId: rentingID, RenterId: anna, ApartmentId: apartmentID, SemesterId: semesterID,
		Step: "ANSWER_HANDOVER", AnswerDeadline: "2027-10-14",
	})
	remind := p.nextMail()
	if remind.Subject != "Erinnerung: Bitte bestätige deine Wohnungsübergabe oder widersprich" || !strings.Contains(remind.Text, "bis zum 14.10.2027") {
		t.Errorf("handover reminder: %+v", remind)
	}
	p.openPage(linkIn(t, remind.Text, publicURL+"/booking/my-booking?"), anna)

	const answer = "h0000000-0000-4000-8000-000000000004"
	p.publish(p.stream.HandoverAnswered(), answer, &eventsv1.HandoverAnswered{
		EventId: answer, RentingId: rentingID, RenterId: anna, ApartmentId: apartmentID, SemesterId: semesterID,
		Answer: "DISPUTED", Reason: "Das Loch war schon beim Einzug da.",
	})
	receipt := p.nextMail()
	if receipt.Subject != "Deine Antwort zur Wohnungsübergabe ist eingegangen" || !strings.Contains(receipt.Text, "Du schreibst: „Das Loch war schon beim Einzug da.“") {
		t.Errorf("answer receipt: %+v", receipt)
	}

	const settled = "h0000000-0000-4000-8000-000000000005"
	p.publish(p.stream.DepositSettled(), settled, &eventsv1.DepositSettled{
		EventId: settled, RentingId: rentingID, RenterId: anna, ApartmentId: apartmentID, SemesterId: semesterID,
		DepositCents: 200000, Deductions: []*eventsv1.Deduction{{Description: "Kratzer in der Tür", AmountCents: 5000}},
		RefundCents: 195000, Method: "BANK_TRANSFER", BankReference: "KAUTION-0.01-2027", DepositRentingId: rentingID, HandoverDate: "2027-09-30",
	})
	statement := p.nextMail()
	for _, want := range []string{
		"Kaution: 2.000,00 €\nSchaden „Kratzer in der Tür“: 50,00 €\nEinbehalten: 50,00 €\nZurück an dich: 1.950,00 €\nReferenz der Überweisung: KAUTION-0.01-2027\n",
		"Wir haben dir 1.950,00 € überwiesen, mit der Referenz „KAUTION-0.01-2027“.",
	} {
		if statement.Subject != "Die Abrechnung deiner Kaution" || !strings.Contains(statement.Text, want) {
			t.Errorf("the settlement statement lacks %q:\n%s", want, statement.Text)
		}
	}
	if total, unsent := p.storedMails(); total != 5 || unsent != 0 {
		t.Errorf("%d mails stored, %d unsent; want 5: two handovers, the reminder, the receipt and the statement", total, unsent)
	}
}

// openPage checks that a mail's link opens the renter's own page.
func (p mailPath) openPage(link string, renterID int64) {
	p.t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		p.t.Fatal(err)
	}
	var owner int64
	err = p.pool.QueryRow(context.Background(), "SELECT renter_id FROM page_token WHERE hash = sha256(convert_to($1, 'UTF8'))", u.Query().Get("token")).Scan(&owner)
	if err != nil || owner != renterID {
		p.t.Errorf("the link %s opens renter %d (%v), want %d", link, owner, err, renterID)
	}
}
