package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	"semesterhaus/platform/events"
	"semesterhaus/proto/events/v1/streams"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	"semesterhaus/services/renting/internal/domain"
)

// StateSubject is the subject a transition to the state is published on, e.g.
// renting.state.apartment_reserved.
func StateSubject(prefix string, s domain.State) string {
	return streams.RentingStream(prefix).StateChanged(string(s))
}

// DeletedSubject is the subject a deleted renting is announced on.
func DeletedSubject(prefix string) string { return streams.RentingStream(prefix).Deleted() }

// KeyCodeDueSubject is the subject a renting's key code is announced on.
func KeyCodeDueSubject(prefix string) string { return streams.RentingStream(prefix).KeyCodeDue() }

// ReminderDueSubject is the subject a renter's reminder is announced on.
func ReminderDueSubject(prefix string) string { return streams.RentingStream(prefix).ReminderDue() }

func (r *Repository) enqueueStateChanged(ctx context.Context, tx events.Writer, renting domain.Renting, t domain.Transition) error {
	event := &eventsv1.RentingStateChanged{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID),
		FromState: string(t.From), ToState: string(t.To), At: timestamppb.New(t.At), Renewal: renting.Renewal,
		ContractTotalCents: renting.ContractPrice.Cents, ContractCurrency: renting.ContractPrice.Currency,
		ContractItems: contractItemsToProto(renting.ContractPrice.Items),
	}
	if t.To == domain.RenewalRequest {
		event.RenewalToken = renting.RenewalToken() // for the renewal mail's link
	}
	if c := renting.Cancellation; t.To == domain.Canceled && c != nil {
		event.Cancellation = &eventsv1.Cancellation{Reason: c.Reason, RefundCents: c.RefundCents, Actor: c.Actor}
	}
	return enqueue(ctx, tx, event.EventId, StateSubject(r.subjects, t.To), event)
}

// contractItemsToProto spells the contract's items for the events: the payment charges and the
// documents name exactly these.
func contractItemsToProto(items []domain.PriceItem) []*eventsv1.ContractItem {
	out := make([]*eventsv1.ContractItem, len(items))
	for i, item := range items {
		out[i] = &eventsv1.ContractItem{
			Kind: item.Kind, TextDe: item.TextDe, TextEn: item.TextEn, Quantity: int32(item.Quantity),
			AmountCents: item.Amount, TotalCents: item.Total,
		}
	}
	return out
}

// ContractReissuedSubject is the subject a renting's reissued contract is announced on.
func ContractReissuedSubject(prefix string) string {
	return streams.RentingStream(prefix).ContractReissued()
}

func (r *Repository) enqueueContractReissued(ctx context.Context, tx events.Writer, renting domain.Renting) error {
	event := &eventsv1.ContractReissued{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID), Renewal: renting.Renewal,
		SigningLink: renting.SigningLink, ContractTotalCents: renting.ContractPrice.Cents,
		ContractCurrency: renting.ContractPrice.Currency, At: timestamppb.New(renting.ReissuedAt()),
	}
	return enqueue(ctx, tx, event.EventId, ContractReissuedSubject(r.subjects), event)
}

func (r *Repository) enqueueDeleted(ctx context.Context, tx events.Writer, renting domain.Renting, actor string, at time.Time) error {
	event := &eventsv1.RentingDeleted{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID), Actor: actor, At: timestamppb.New(at),
	}
	return enqueue(ctx, tx, event.EventId, DeletedSubject(r.subjects), event)
}

func (r *Repository) enqueueKeyCodeDue(ctx context.Context, tx events.Writer, renting domain.Renting, moveIn time.Time) error {
	event := &eventsv1.KeyCodeDue{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID),
		AccessKey: renting.AccessKey, MoveIn: timestamppb.New(moveIn),
	}
	return enqueue(ctx, tx, event.EventId, KeyCodeDueSubject(r.subjects), event)
}

func (r *Repository) enqueueReminderDue(ctx context.Context, tx events.Writer, renting domain.Renting, step domain.Step, at time.Time) error {
	event := &eventsv1.ReminderDue{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID), Renewal: renting.Renewal,
		Step: string(step), RenewalToken: renting.RenewalToken(), At: timestamppb.New(at),
		ContractTotalCents: renting.ContractPrice.Cents, ContractCurrency: renting.ContractPrice.Currency,
	}
	return enqueue(ctx, tx, event.EventId, ReminderDueSubject(r.subjects), event)
}

// WaitlistConfirmationSubject is the subject a waitlist entry's confirmation mail is announced on.
func WaitlistConfirmationSubject(prefix string) string {
	return streams.RentingStream(prefix).WaitlistConfirmation()
}

// WaitlistOfferSubject is the subject a waitlist offer is announced on.
func WaitlistOfferSubject(prefix string) string { return streams.RentingStream(prefix).WaitlistOffer() }

func (r *Repository) enqueueWaitlistConfirmation(ctx context.Context, tx events.Writer, e domain.WaitlistEntry, token string, at time.Time) error {
	event := &eventsv1.WaitlistConfirmationRequested{
		EventId: uuid.NewString(), EntryId: e.ID, SemesterId: int32(e.SemesterID),
		Email: e.Email, Name: e.Name, Language: e.Language, Token: token, At: timestamppb.New(at),
	}
	return enqueue(ctx, tx, event.EventId, WaitlistConfirmationSubject(r.subjects), event)
}

func (r *Repository) enqueueWaitlistOffer(ctx context.Context, tx events.Writer, e domain.WaitlistEntry, token string, at time.Time) error {
	event := &eventsv1.WaitlistOfferMade{
		EventId: uuid.NewString(), EntryId: e.ID, ApartmentId: int32(e.OfferApartmentID), SemesterId: int32(e.SemesterID),
		Email: e.Email, Name: e.Name, Language: e.Language, Token: token,
		ExpiresAt: timestamppb.New(e.OfferExpiresAt), At: timestamppb.New(at),
	}
	return enqueue(ctx, tx, event.EventId, WaitlistOfferSubject(r.subjects), event)
}

func enqueue(ctx context.Context, tx events.Writer, eventID, subject string, event proto.Message) error {
	payload, err := proto.Marshal(event)
	if err != nil {
		return fmt.Errorf("encode %s: %w", subject, err)
	}
	return events.EnqueueWithID(ctx, tx, eventID, subject, payload)
}

// HandoverRecordedSubject is the subject of a recorded handover.
func HandoverRecordedSubject(prefix string) string {
	return streams.RentingStream(prefix).HandoverRecorded()
}

// HandoverAnsweredSubject is the subject of the renter's answer to a handover.
func HandoverAnsweredSubject(prefix string) string {
	return streams.RentingStream(prefix).HandoverAnswered()
}

// DepositSettledSubject is the subject of a deposit's settlement.
func DepositSettledSubject(prefix string) string {
	return streams.RentingStream(prefix).DepositSettled()
}

func (r *Repository) enqueueHandoverRecorded(ctx context.Context, tx events.Writer, renting domain.Renting, h domain.Handover) error {
	event := &eventsv1.HandoverRecorded{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID),
		HandoverDate: h.Date.Format(time.DateOnly), DepositCents: h.DepositCents, RefundCents: h.RefundCents(),
		AnswerDeadline: h.AnswerDeadline.Format(time.DateOnly), Actor: h.Actor, At: timestamppb.New(h.RecordedAt),
		Damages: deductionsToProto(h.Damages, true),
	}
	for _, m := range h.MeterReadings {
		event.MeterReadings = append(event.MeterReadings, &eventsv1.MeterReading{Meter: m.Meter, Value: m.Value})
	}
	return enqueue(ctx, tx, event.EventId, HandoverRecordedSubject(r.subjects), event)
}

func (r *Repository) enqueueHandoverAnswered(ctx context.Context, tx events.Writer, renting domain.Renting, h domain.Handover) error {
	event := &eventsv1.HandoverAnswered{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID),
		Answer: string(h.Status), Reason: h.DisputeReason, At: timestamppb.New(*h.AnsweredAt),
	}
	return enqueue(ctx, tx, event.EventId, HandoverAnsweredSubject(r.subjects), event)
}

func (r *Repository) enqueueDepositSettled(ctx context.Context, tx events.Writer, renting domain.Renting, h domain.Handover) error {
	s := h.Settlement
	event := &eventsv1.DepositSettled{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID),
		DepositCents: h.DepositCents, Deductions: deductionsToProto(h.Damages, false), RefundCents: s.RefundCents,
		Method: string(s.Method), BankReference: s.BankReference, Actor: s.Actor, At: timestamppb.New(s.SettledAt),
		DepositRentingId: h.DepositRentingID, HandoverDate: h.Date.Format(time.DateOnly),
	}
	return enqueue(ctx, tx, event.EventId, DepositSettledSubject(r.subjects), event)
}

func (r *Repository) enqueueHandoverReminder(ctx context.Context, tx events.Writer, renting domain.Renting, h domain.Handover, at time.Time) error {
	event := &eventsv1.ReminderDue{
		EventId: uuid.NewString(), RentingId: renting.ID, RenterId: renting.RenterID,
		ApartmentId: int32(renting.ApartmentID), SemesterId: int32(renting.SemesterID), Renewal: renting.Renewal,
		Step: string(domain.StepAnswerHandover), AnswerDeadline: h.AnswerDeadline.Format(time.DateOnly), At: timestamppb.New(at),
		ContractTotalCents: renting.ContractPrice.Cents, ContractCurrency: renting.ContractPrice.Currency,
	}
	return enqueue(ctx, tx, event.EventId, ReminderDueSubject(r.subjects), event)
}

// deductionsToProto spells the damages as deductions: all of them (what the office recorded), or
// only those not waived (what the settlement keeps).
func deductionsToProto(damages []domain.Damage, waivedToo bool) []*eventsv1.Deduction {
	var out []*eventsv1.Deduction
	for _, d := range damages {
		if waivedToo || !d.Waived {
			out = append(out, &eventsv1.Deduction{Description: d.Description, AmountCents: d.AmountCents})
		}
	}
	return out
}
