package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"semesterhaus/platform/audit"
	"semesterhaus/proto/audit/v1/concerns"
	"semesterhaus/services/renting/internal/adapters/postgres/db"
	"semesterhaus/services/renting/internal/domain"
)

// Handover loads the renting's handover with its damages, or domain.ErrNotFound.
func (r *Repository) Handover(ctx context.Context, rentingID string) (domain.Handover, error) {
	row, err := r.queries.GetHandover(ctx, rentingID)
	if err != nil {
		return domain.Handover{}, rentingError(rentingID, err)
	}
	handovers, err := r.withDamages(ctx, r.queries, []db.Handover{row})
	if err != nil {
		return domain.Handover{}, err
	}
	return handovers[0], nil
}

// HandoversOfRenter loads the handovers of the renter's rentings, oldest renting first.
func (r *Repository) HandoversOfRenter(ctx context.Context, renterID int64) ([]domain.Handover, error) {
	rows, err := r.queries.ListHandoversOfRenter(ctx, renterID)
	if err != nil {
		return nil, fmt.Errorf("load the handovers of renter %d: %w", renterID, err)
	}
	return r.withDamages(ctx, r.queries, rows)
}

// UnsettledHandovers loads the handovers whose deposit is not settled.
func (r *Repository) UnsettledHandovers(ctx context.Context) ([]domain.Handover, error) {
	rows, err := r.queries.ListUnsettledHandovers(ctx)
	if err != nil {
		return nil, fmt.Errorf("load the unsettled handovers: %w", err)
	}
	return r.withDamages(ctx, r.queries, rows)
}

// HandoverRemindersDue loads the unanswered handovers whose answer deadline lies within from … to
// (days) and whose renter was not reminded of them yet.
func (r *Repository) HandoverRemindersDue(ctx context.Context, from, to time.Time) ([]domain.Handover, error) {
	rows, err := r.queries.ListHandoverRemindersDue(ctx, db.ListHandoverRemindersDueParams{DeadlineFrom: dateToDB(from), DeadlineTo: dateToDB(to)})
	if err != nil {
		return nil, fmt.Errorf("load the handover reminders due: %w", err)
	}
	return r.withDamages(ctx, r.queries, rows)
}

// RecordHandover stores the handover of the renting with its damages, audits it (recordHandover)
// and enqueues HandoverRecorded, in one transaction; domain.ErrHandoverExists when the renting has
// one already.
func (r *Repository) RecordHandover(ctx context.Context, renting domain.Renting, h domain.Handover) error {
	err := r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		if err := insertHandover(ctx, q, h); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Entry{
			Actor: h.Actor, Action: "recordHandover", Subject: "renting/" + h.RentingID, Concerns: concerns.Renter(renting.RenterID),
			Details: map[string]any{
				"date": h.Date.Format(time.DateOnly), "depositCents": h.DepositCents, "deductionsCents": h.DeductionsCents(),
				"damages": len(h.Damages), "depositRentingId": h.DepositRentingID,
			},
		}); err != nil {
			return err
		}
		return r.enqueueHandoverRecorded(ctx, tx, renting, h)
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "handover_pkey" {
		return fmt.Errorf("renting %s: %w", h.RentingID, domain.ErrHandoverExists)
	}
	return err
}

func insertHandover(ctx context.Context, q *db.Queries, h domain.Handover) error {
	params := db.InsertHandoverParams{
		RentingID: h.RentingID, HandoverDate: dateToDB(h.Date), MeterNames: []string{}, MeterValues: []string{},
		DepositRentingID: h.DepositRentingID, DepositCents: h.DepositCents, Status: string(h.Status),
		AnswerDeadline: dateToDB(h.AnswerDeadline), SettlementDeadline: dateToDB(h.SettlementDeadline),
		RecordedAt: h.RecordedAt, Actor: h.Actor,
	}
	for _, m := range h.MeterReadings {
		params.MeterNames, params.MeterValues = append(params.MeterNames, m.Meter), append(params.MeterValues, m.Value)
	}
	if err := q.InsertHandover(ctx, params); err != nil {
		return fmt.Errorf("store the handover of renting %s: %w", h.RentingID, err)
	}
	for i, d := range h.Damages {
		photos := d.PhotoIDs
		if photos == nil {
			photos = []string{}
		}
		err := q.InsertHandoverDamage(ctx, db.InsertHandoverDamageParams{
			RentingID: h.RentingID, Position: int32(i), Description: d.Description, AmountCents: d.AmountCents, PhotoDocumentIds: photos,
		})
		if err != nil {
			return fmt.Errorf("store damage %d of the handover of renting %s: %w", i, h.RentingID, err)
		}
	}
	return nil
}

// AnswerHandover locks the renting's handover, lets answer (shown the renting) record the renter's
// answer, stores it and enqueues HandoverAnswered, in one transaction; domain.ErrNotFound when the
// renting has no handover. Nothing is stored when answer fails.
func (r *Repository) AnswerHandover(ctx context.Context, rentingID string, answer func(*domain.Handover, domain.Renting) error) error {
	return r.changeHandover(ctx, rentingID, func(tx pgx.Tx, h *domain.Handover, renting domain.Renting) error {
		if err := answer(h, renting); err != nil {
			return err
		}
		return r.enqueueHandoverAnswered(ctx, tx, renting, *h)
	})
}

// SettleDeposit locks the renting's handover, lets settle settle its deposit, stores the settlement
// and the waived damages, audits it (settleDeposit) and enqueues DepositSettled, in one transaction;
// domain.ErrNotFound when the renting has no handover. Nothing is stored when settle fails.
func (r *Repository) SettleDeposit(ctx context.Context, rentingID, actor string, settle func(*domain.Handover) error) error {
	return r.changeHandover(ctx, rentingID, func(tx pgx.Tx, h *domain.Handover, renting domain.Renting) error {
		if err := settle(h); err != nil {
			return err
		}
		var waived []int32
		for i, d := range h.Damages {
			if d.Waived {
				waived = append(waived, int32(i))
			}
		}
		if err := r.queries.WithTx(tx).WaiveHandoverDamages(ctx, db.WaiveHandoverDamagesParams{RentingID: rentingID, Positions: waived}); err != nil {
			return fmt.Errorf("waive damages of the handover of renting %s: %w", rentingID, err)
		}
		s := h.Settlement
		if err := audit.Record(ctx, tx, audit.Entry{
			Actor: actor, Action: "settleDeposit", Subject: "renting/" + rentingID, Concerns: concerns.Renter(renting.RenterID),
			Details: map[string]any{
				"method": s.Method, "refundCents": s.RefundCents, "bankReference": s.BankReference, "waived": waived,
				"depositCents": h.DepositCents, "depositRentingId": h.DepositRentingID,
			},
		}); err != nil {
			return err
		}
		return r.enqueueDepositSettled(ctx, tx, renting, *h)
	})
}

// changeHandover locks the renting's handover, loads its renting, lets change work on both in the
// transaction and stores the handover's answer and settlement as change left them.
func (r *Repository) changeHandover(ctx context.Context, rentingID string, change func(pgx.Tx, *domain.Handover, domain.Renting) error) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		row, err := q.LockHandover(ctx, rentingID)
		if err != nil {
			return rentingError(rentingID, err)
		}
		handovers, err := r.withDamages(ctx, q, []db.Handover{row})
		if err != nil {
			return err
		}
		h := handovers[0]
		rentingRow, err := q.GetRenting(ctx, rentingID)
		if err != nil {
			return rentingError(rentingID, err)
		}
		if err := change(tx, &h, rentingFromDB(rentingRow)); err != nil {
			return err
		}
		if err := q.UpdateHandover(ctx, handoverUpdateToDB(h)); err != nil {
			return fmt.Errorf("store the handover of renting %s: %w", rentingID, err)
		}
		return nil
	})
}

// RemindOfHandover records that the renter of the unanswered handover is reminded of it and
// enqueues ReminderDue (step ANSWER_HANDOVER, with the answer deadline), in one transaction, once:
// a handover answered meanwhile or reminded already (by another replica) is left alone.
func (r *Repository) RemindOfHandover(ctx context.Context, h domain.Handover, at time.Time) error {
	return r.inTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		row, err := q.LockHandover(ctx, h.RentingID)
		if err != nil {
			return rentingError(h.RentingID, err)
		}
		if domain.HandoverStatus(row.Status) != domain.HandoverRecorded {
			return nil
		}
		step := domain.StepAnswerHandover
		_, err = q.InsertReminder(ctx, db.InsertReminderParams{RentingID: h.RentingID, Step: string(step), State: string(step.WaitsIn()), SentAt: at})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("remind renting %s of its handover: %w", h.RentingID, err)
		}
		rentingRow, err := q.GetRenting(ctx, h.RentingID)
		if err != nil {
			return rentingError(h.RentingID, err)
		}
		return r.enqueueHandoverReminder(ctx, tx, rentingFromDB(rentingRow), h, at)
	})
}

// withDamages turns the handover rows into handovers with their damages, read with one query.
func (r *Repository) withDamages(ctx context.Context, q *db.Queries, rows []db.Handover) ([]domain.Handover, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	ids := make([]string, len(rows))
	for i, row := range rows {
		ids[i] = row.RentingID
	}
	damages, err := q.ListHandoverDamages(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("load the damages of %d handovers: %w", len(ids), err)
	}
	byRenting := make(map[string][]domain.Damage, len(rows))
	for _, d := range damages {
		byRenting[d.RentingID] = append(byRenting[d.RentingID], domain.Damage{
			Description: d.Description, AmountCents: d.AmountCents, PhotoIDs: d.PhotoDocumentIds, Waived: d.Waived,
		})
	}
	handovers := make([]domain.Handover, len(rows))
	for i, row := range rows {
		handovers[i] = handoverFromDB(row, byRenting[row.RentingID])
	}
	return handovers, nil
}

func handoverFromDB(row db.Handover, damages []domain.Damage) domain.Handover {
	h := domain.Handover{
		RentingID: row.RentingID, Date: row.HandoverDate.Time, Damages: damages,
		DepositRentingID: row.DepositRentingID, DepositCents: row.DepositCents, Status: domain.HandoverStatus(row.Status),
		AnswerDeadline: row.AnswerDeadline.Time, SettlementDeadline: row.SettlementDeadline.Time,
		DisputeReason: row.DisputeReason.String, AnsweredAt: timeOrNil(row.AnsweredAt), RecordedAt: row.RecordedAt, Actor: row.Actor,
	}
	for i, meter := range row.MeterNames {
		h.MeterReadings = append(h.MeterReadings, domain.MeterReading{Meter: meter, Value: row.MeterValues[i]})
	}
	if row.SettledAt.Valid {
		h.Settlement = &domain.DepositSettlement{
			Method: domain.SettlementMethod(row.SettlementMethod.String), RefundCents: row.RefundCents.Int64,
			BankReference: row.BankReference.String, SettledAt: row.SettledAt.Time, Actor: row.SettledBy.String,
		}
	}
	return h
}

func handoverUpdateToDB(h domain.Handover) db.UpdateHandoverParams {
	params := db.UpdateHandoverParams{
		RentingID: h.RentingID, Status: string(h.Status),
		DisputeReason: pgtype.Text{String: h.DisputeReason, Valid: h.DisputeReason != ""},
	}
	if h.AnsweredAt != nil {
		params.AnsweredAt = pgtype.Timestamptz{Time: *h.AnsweredAt, Valid: true}
	}
	if s := h.Settlement; s != nil {
		params.SettlementMethod = pgtype.Text{String: string(s.Method), Valid: true}
		params.RefundCents = pgtype.Int8{Int64: s.RefundCents, Valid: true}
		params.BankReference = pgtype.Text{String: s.BankReference, Valid: s.BankReference != ""}
		params.SettledAt = pgtype.Timestamptz{Time: s.SettledAt, Valid: true}
		params.SettledBy = pgtype.Text{String: s.Actor, Valid: true}
	}
	return params
}

func dateToDB(day time.Time) pgtype.Date { return pgtype.Date{Time: day, Valid: true} }
