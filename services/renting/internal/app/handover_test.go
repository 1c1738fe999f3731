package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/identity"
	eventsv1 "semesterhaus/proto/gen/events/v1"
	pgadapter "semesterhaus/services/renting/internal/adapters/postgres"
	"semesterhaus/services/renting/internal/domain"
	"semesterhaus/services/renting/internal/testenv"
)

var depositContract = testenv.DepositContract

func today(env *testenv.Env) string { return env.Clock.Now().In(testenv.Berlin).Format(time.DateOnly) }

// read are the readings of the residence's meters (the catalog fake's Strom and Wasser).
var read = []domain.MeterReading{{Meter: "Strom", Value: "12345,6 kWh"}, {Meter: "Wasser", Value: "321 m³"}}

func damage(description string, cents int64) domain.DamageInput {
	return domain.DamageInput{Description: description, AmountCents: cents}
}

func handoverOf(t *testing.T, env *testenv.Env, rentingID string) domain.Handover {
	t.Helper()
	h, err := env.Repo.Handover(context.Background(), rentingID)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestHandover_recordedAnsweredRemindedOnceAndSettledByRefund_eachWithItsEventAndAudit(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	id := env.PaidWithContract(t, domain.NewRenting(7, 11, 2, env.Clock.Now()), depositContract)
	handovers := env.Handovers
	in := domain.HandoverInput{Date: today(env), MeterReadings: read, Damages: []domain.DamageInput{damage("Wand im Flur beschädigt", 120_50), damage("Schlüssel verloren", 79_50)}}

	if err := handovers.Record(testenv.Anonymous(), id, in); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous: %v", err)
	}
	tooMuch := domain.HandoverInput{Date: today(env), MeterReadings: read, Damages: []domain.DamageInput{damage("Küche", 800_01)}}
	wantException(t, handovers.Record(testenv.Admin(), id, tooMuch), "damages", domain.MsgDeductionsExceedDeposit)
	if n := count(t, env, "SELECT count(*) FROM handover"); n != 0 || len(outbox(t, env)) != 7 {
		t.Fatalf("a refused handover stored %d handovers, outbox %v", n, outbox(t, env))
	}
	form, err := handovers.Form(testenv.Admin(), id)
	if err != nil || form.DepositCents != 800_00 || form.Refusal != nil {
		t.Fatalf("form %+v, %v; want the deposit of 800,00 € and no refusal", form, err)
	}

	if err := handovers.Record(testenv.Admin(), id, in); err != nil {
		t.Fatal(err)
	}
	wantException(t, handovers.Record(testenv.Admin(), id, in), "rentingId", domain.MsgHandoverExists)
	recorded := outboxEvents[eventsv1.HandoverRecorded](t, env, pgadapter.HandoverRecordedSubject(testenv.Subjects))
	if len(recorded) != 1 || recorded[0].GetDepositCents() != 800_00 || recorded[0].GetRefundCents() != 600_00 ||
		recorded[0].GetAnswerDeadline() != "2026-12-06" || len(recorded[0].GetDamages()) != 2 {
		t.Fatalf("HandoverRecorded %v; want one with 800,00 € less 200,00 € due 14 days later", recorded)
	}
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE action = 'recordHandover'"); n != 1 {
		t.Errorf("%d audit entries of recordHandover", n)
	}

	wantException(t, handovers.Settle(testenv.Admin(), id, domain.SettleByRefund, "", nil), "rentingId", domain.MsgHandoverAwaitsRenter)

	env.Clock.Set(testenv.DesignDay.AddDate(0, 0, 11)) // three days before the deadline: no reminder yet
	runJobs(t, env)
	env.Clock.Set(testenv.DesignDay.AddDate(0, 0, 12))
	runJobs(t, env)
	runJobs(t, env)
	var reminders []*eventsv1.ReminderDue
	for _, e := range outboxEvents[eventsv1.ReminderDue](t, env, pgadapter.ReminderDueSubject(testenv.Subjects)) {
		if e.GetStep() == string(domain.StepAnswerHandover) {
			reminders = append(reminders, e)
		}
	}
	if len(reminders) != 1 || reminders[0].GetAnswerDeadline() != "2026-12-06" {
		t.Fatalf("handover reminders %v; want one two days before the deadline", reminders)
	}

	r := mustGet(t, env, id)
	env.Renters.IssuePageToken("page", r.RenterID)
	wantException(t, handovers.Answer(context.Background(), "forged", id, true, ""), "rentingId", domain.MsgNoHandover)
	env.Renters.IssuePageToken("another renter's page", r.RenterID+1)
	wantException(t, handovers.Answer(context.Background(), "another renter's page", id, true, ""), "rentingId", domain.MsgNoHandover)
	if err := handovers.Answer(context.Background(), "page", id, false, "Der Schlüssel wurde abgegeben."); err != nil {
		t.Fatal(err)
	}
	wantException(t, handovers.Answer(context.Background(), "page", id, true, ""), "rentingId", domain.MsgHandoverAnswered)
	answered := outboxEvents[eventsv1.HandoverAnswered](t, env, pgadapter.HandoverAnsweredSubject(testenv.Subjects))
	if len(answered) != 1 || answered[0].GetAnswer() != "DISPUTED" || answered[0].GetReason() != "Der Schlüssel wurde abgegeben." {
		t.Fatalf("HandoverAnswered %v", answered)
	}
	tasks, err := env.Queries.OfficeTasks(testenv.Admin())
	if err != nil || len(tasks) != 1 || tasks[0].Kind != domain.TaskHandoverDisputed || tasks[0].Due == nil || tasks[0].Due.Format(time.DateOnly) != "2027-01-03" {
		t.Fatalf("tasks %+v, %v; want the disputed handover due 42 days after it", tasks, err)
	}

	if err := handovers.Settle(testenv.Anonymous(), id, domain.SettleByRefund, "", []int{1}); !errors.Is(err, identity.ErrForbidden) {
		t.Errorf("anonymous settles: %v", err)
	}
	if err := handovers.Settle(testenv.Admin(), id, domain.SettleByRefund, "", []int{1}); err != nil {
		t.Fatal(err)
	}
	wantException(t, handovers.Settle(testenv.Admin(), id, domain.SettleByRefund, "", nil), "rentingId", domain.MsgDepositSettled)
	settled := outboxEvents[eventsv1.DepositSettled](t, env, pgadapter.DepositSettledSubject(testenv.Subjects))
	if len(settled) != 1 || settled[0].GetRefundCents() != 679_50 || settled[0].GetDepositRentingId() != id ||
		len(settled[0].GetDeductions()) != 1 || settled[0].GetMethod() != "REFUND" || settled[0].GetHandoverDate() != "2026-11-22" {
		t.Fatalf("DepositSettled %v; want 800,00 € less the damage not waived", settled)
	}
	if h := handoverOf(t, env, id); h.Status != domain.HandoverSettled || !h.Damages[1].Waived || h.Settlement.Actor != "admin" {
		t.Errorf("stored %+v", h)
	}
	if tasks, _ := env.Queries.OfficeTasks(testenv.Admin()); len(tasks) != 0 {
		t.Errorf("tasks after the settlement: %+v", tasks)
	}
}

func TestHandover_ofARenewal_theFirstBookingCollectedTheDeposit_aBankTransferNamesItsReference(t *testing.T) {
	t.Parallel()
	env := testenv.New(t, testenv.DesignDay, testenv.Subjects)
	first := env.PaidWithContract(t, domain.NewRenting(7, 11, 1, env.Clock.Now()), depositContract)
	env.Clock.Add(time.Hour)
	rentOnly := domain.ContractPrice{Cents: 2880_00, Currency: "EUR", Items: depositContract.Items[:1]}
	renewal := env.PaidWithContract(t, domain.NewRenewal(7, 11, 2, env.Clock.Now()), rentOnly)
	handovers := env.Handovers

	wantException(t, handovers.Record(testenv.Admin(), first, domain.HandoverInput{Date: today(env), MeterReadings: read}), "rentingId", domain.MsgHandoverNotAllowed)
	if err := handovers.Record(testenv.Admin(), renewal, domain.HandoverInput{Date: today(env), MeterReadings: read}); err != nil {
		t.Fatal(err)
	}
	env.Clock.Set(testenv.DesignDay.AddDate(0, 0, 15)) // the renter let the deadline pass
	tasks, err := env.Queries.OfficeTasks(testenv.Admin())
	if err != nil || len(tasks) != 1 || tasks[0].Kind != domain.TaskDepositSettlementDue {
		t.Fatalf("tasks %+v, %v", tasks, err)
	}
	wantException(t, handovers.Answer(context.Background(), "none", renewal, true, ""), "rentingId", domain.MsgNoHandover)
	wantException(t, handovers.Settle(testenv.Admin(), renewal, domain.SettleByBankTransfer, " ", nil), "bankReference", domain.MsgBankReferenceRequired)
	if err := handovers.Settle(testenv.Admin(), renewal, domain.SettleByBankTransfer, "Überweisung 2026-12-07", nil); err != nil {
		t.Fatal(err)
	}
	settled := outboxEvents[eventsv1.DepositSettled](t, env, pgadapter.DepositSettledSubject(testenv.Subjects))
	if len(settled) != 1 || settled[0].GetRentingId() != renewal || settled[0].GetDepositRentingId() != first ||
		settled[0].GetRefundCents() != 800_00 || settled[0].GetBankReference() != "Überweisung 2026-12-07" {
		t.Fatalf("DepositSettled %v; want the first booking's deposit back by bank transfer", settled)
	}
	if n := count(t, env, "SELECT count(*) FROM audit_log WHERE action = 'settleDeposit'"); n != 1 {
		t.Errorf("%d audit entries of settleDeposit", n)
	}
}
