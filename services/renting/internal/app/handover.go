package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"semesterhaus/platform/exception"
	"semesterhaus/platform/identity"
	"semesterhaus/services/renting/internal/domain"
)

// Handovers are the use cases of a renting's end (docs/booking.md, "Move-out and the deposit"): the
// office records the handover, the renter confirms or disputes it on their page, the office settles
// the deposit.
type Handovers struct {
	handovers HandoverStore
	queries   QueryStore
	catalog   Catalog
	renters   Renters
	documents Documents
	clock
}

// NewHandovers returns the handover use cases; now is the clock (injectable for tests).
func NewHandovers(handovers HandoverStore, queries QueryStore, catalog Catalog, renters Renters, documents Documents, now func() time.Time, settings Settings) *Handovers {
	return &Handovers{handovers: handovers, queries: queries, catalog: catalog, renters: renters, documents: documents, clock: newClock(now, settings)}
}

// HandoverForm is what the office's handover form needs: the meters to read, the deposit the
// handover would return, and why none can be recorded (nil when one can).
type HandoverForm struct {
	Meters       []string
	DepositCents int64
	Refusal      error
	// Recorded is the handover recorded already, nil before.
	Recorded *domain.Handover
}

// Form answers the office's handover form of the renting, with the handover when one is recorded
// already (so a booking's card asks once). Admins only.
func (h *Handovers) Form(ctx context.Context, rentingID string) (HandoverForm, error) {
	if err := identity.RequireAdmin(ctx); err != nil {
		return HandoverForm{}, err
	}
	rules, err := h.catalog.HandoverRules(ctx)
	if err != nil {
		return HandoverForm{}, err
	}
	_, deposit, refusal, err := h.ending(ctx, rentingID)
	if err != nil {
		return HandoverForm{}, err
	}
	form := HandoverForm{Meters: rules.Meters, DepositCents: deposit.DepositCents(), Refusal: refusal}
	recorded, err := h.handovers.Handover(ctx, rentingID)
	if err == nil {
		form.Recorded = &recorded
	} else if !errors.Is(err, domain.ErrNotFound) {
		return HandoverForm{}, err
	}
	return form, nil
}

// Record records the handover of a renting that ends: its photos go to the document service first
// (a broken one is its exception), then the handover is stored, audited, with HandoverRecorded.
// Admins only.
func (h *Handovers) Record(ctx context.Context, rentingID string, in domain.HandoverInput) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	if err := domain.CheckDamages(in.Damages); err != nil {
		return err
	}
	rules, err := h.catalog.HandoverRules(ctx)
	if err != nil {
		return err
	}
	if err := domain.CheckHandoverForm(in, rules, h.today()); err != nil {
		return err
	}
	r, deposit, refusal, err := h.ending(ctx, rentingID)
	if err != nil || refusal != nil {
		return errors.Join(err, refusal)
	}
	// Checked before the photos are stored; the stored ids complete it below.
	actor := identity.FromContext(ctx).Subject
	noPhotos := make([][]string, len(in.Damages))
	if _, err := domain.NewHandover(r, deposit.ID, deposit.DepositCents(), in, noPhotos, rules, h.today(), h.now(), actor); err != nil {
		return err
	}
	photoIDs := noPhotos
	if uploads := in.PhotoUploads(); len(uploads) > 0 {
		ids, err := h.documents.StoreHandoverPhotos(ctx, r.RenterID, r.ID, uploads)
		if err != nil {
			return err
		}
		if photoIDs, err = in.PhotoIDsByDamage(ids); err != nil {
			return fmt.Errorf("photos of the handover of renting %s: %w", r.ID, err)
		}
	}
	handover, err := domain.NewHandover(r, deposit.ID, deposit.DepositCents(), in, photoIDs, rules, h.today(), h.now(), actor)
	if err != nil {
		return err
	}
	if err := h.handovers.RecordHandover(ctx, r, handover); errors.Is(err, domain.ErrHandoverExists) {
		return domain.ErrHandoverExists // recorded meanwhile
	} else {
		return err
	}
}

// ending loads the renting and the renting that collected its deposit; refusal says why no handover
// can be recorded (HANDOVER_NOT_ALLOWED, HANDOVER_EXISTS), NO_RENTING for an unknown one.
func (h *Handovers) ending(ctx context.Context, rentingID string) (r, deposit domain.Renting, refusal, err error) {
	r, err = h.queries.Get(ctx, rentingID)
	if err != nil {
		return r, deposit, nil, notFoundAs(err, noRenting())
	}
	others, err := h.queries.RentingsOfRenter(ctx, r.RenterID)
	if err != nil {
		return r, deposit, nil, err
	}
	deposit, found := domain.DepositRenting(r, others)
	if !found { // a renewal whose first booking is gone: the renting itself, which charged no deposit
		deposit = r
	}
	if refusal = domain.CanHandOver(r, others); refusal != nil {
		return r, deposit, refusal, nil
	}
	if _, err := h.handovers.Handover(ctx, rentingID); err == nil {
		return r, deposit, domain.ErrHandoverExists, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return r, deposit, nil, err
	}
	return r, deposit, nil, nil
}

// Settle settles the deposit of the renting's handover by method (a bank transfer names its
// reference), waiving the damages at the indexes waived; audited, with DepositSettled. Admins only.
func (h *Handovers) Settle(ctx context.Context, rentingID string, method domain.SettlementMethod, bankReference string, waived []int) error {
	if err := identity.RequireAdmin(ctx); err != nil {
		return err
	}
	if _, err := domain.CheckSettlement(method, bankReference); err != nil {
		return err
	}
	actor := identity.FromContext(ctx).Subject
	err := h.handovers.SettleDeposit(ctx, rentingID, actor, func(handover *domain.Handover) error {
		return handover.Settle(method, bankReference, waived, h.today(), h.now(), actor)
	})
	return notFoundAs(err, noHandover())
}

// Answer records the renter's answer to the handover of their renting on their page (the renter
// service checks the token): a confirmation, or a dispute with its reason. A wrong token, another
// renter's renting or one without a handover is NO_HANDOVER alike.
func (h *Handovers) Answer(ctx context.Context, token, rentingID string, confirm bool, reason string) error {
	// The form first: a mistake in it is the renter's to mend, whatever the handover.
	if _, err := domain.CheckAnswer(confirm, reason); err != nil {
		return err
	}
	renterID, err := h.renters.OpenPage(ctx, token)
	if errors.Is(err, domain.ErrInvalidToken) {
		return noHandover()
	}
	if err != nil {
		return err
	}
	err = h.handovers.AnswerHandover(ctx, rentingID, func(handover *domain.Handover, r domain.Renting) error {
		if r.RenterID != renterID {
			return domain.ErrNotFound
		}
		return handover.Answer(confirm, reason, h.today(), h.now())
	})
	return notFoundAs(err, noHandover())
}

func noHandover() error { return exception.New("rentingId", domain.MsgNoHandover) }

// remindOfHandovers reminds the renter of each unanswered handover whose answer deadline is within
// HandoverReminderDays, once.
func (h *Handovers) remindOfHandovers(ctx context.Context) error {
	today := h.today()
	due, err := h.handovers.HandoverRemindersDue(ctx, today, today.AddDate(0, 0, domain.HandoverReminderDays))
	if err != nil {
		return err
	}
	var errs []error
	for _, handover := range due {
		if handover.HandoverReminderDue(today) {
			errs = append(errs, h.handovers.RemindOfHandover(ctx, handover, h.now()))
		}
	}
	return errors.Join(errs...)
}

// handoverTasks are the office's tasks of the unsettled handovers on today.
func handoverTasks(ctx context.Context, store HandoverStore, rentings QueryStore, today time.Time) ([]domain.Task, error) {
	handovers, err := store.UnsettledHandovers(ctx)
	if err != nil {
		return nil, err
	}
	var tasks []domain.Task
	for _, handover := range handovers {
		if !handover.SettlementDue(today) {
			continue
		}
		r, err := rentings.Get(ctx, handover.RentingID)
		if err != nil {
			return nil, err
		}
		if task, ok := domain.HandoverTask(handover, r, today); ok {
			tasks = append(tasks, task)
		}
	}
	return tasks, nil
}
