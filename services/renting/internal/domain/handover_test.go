package domain

import (
	"errors"
	"testing"
	"time"

	"semesterhaus/platform/exception"
)

var (
	handoverToday = time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC)
	handoverRules = HandoverRules{Meters: []string{"Strom", "Wasser"}}
	readings      = []MeterReading{{Meter: "Strom", Value: "100"}, {Meter: "Wasser", Value: "7"}}
)

func wantHandoverException(t *testing.T, err error, path, messageID string) {
	t.Helper()
	var e *exception.Error
	if !errors.As(err, &e) || e.Path != path || e.MessageID != messageID {
		t.Fatalf("got %v, want %s at %s", err, messageID, path)
	}
}

func recordHandover(in HandoverInput, deposit int64) (Handover, error) {
	return NewHandover(Renting{ID: "r"}, "d", deposit, in, make([][]string, len(in.Damages)), handoverRules, handoverToday, handoverToday, "admin")
}

func TestNewHandover_theDayIsNotInTheFuture_everyMeterOfTheResidenceIsReadAndNoOther(t *testing.T) {
	_, err := recordHandover(HandoverInput{Date: "2027-04-01", MeterReadings: readings}, 0)
	wantHandoverException(t, err, "date", MsgHandoverDateInvalid)
	_, err = recordHandover(HandoverInput{Date: "31.03.2027", MeterReadings: readings}, 0)
	wantHandoverException(t, err, "date", MsgHandoverDateInvalid)
	_, err = recordHandover(HandoverInput{Date: "2027-03-31", MeterReadings: readings[:1]}, 0)
	wantHandoverException(t, err, "meterReadings", MsgMeterReadingMissing)
	_, err = recordHandover(HandoverInput{Date: "2027-03-31", MeterReadings: append(readings, MeterReading{Meter: "Gas", Value: "1"})}, 0)
	wantHandoverException(t, err, "meterReadings.2.meter", MsgMeterUnknown)
	h, err := recordHandover(HandoverInput{Date: "2027-03-30", MeterReadings: readings}, 800_00)
	if err != nil || h.Status != HandoverRecorded || h.AnswerDeadline != handoverToday.AddDate(0, 0, 14) ||
		h.SettlementDeadline != time.Date(2027, 5, 11, 0, 0, 0, 0, time.UTC) {
		t.Fatalf("%+v, %v; want 14 days from today to answer, 42 from the handover day to settle", h, err)
	}
}

func TestNewHandover_damagesAreBoundedAndKeepAtMostTheDeposit_inWholeCents(t *testing.T) {
	in := HandoverInput{Date: "2027-03-31", MeterReadings: readings, Damages: []DamageInput{{Description: "Wand", AmountCents: 333_33}, {Description: "Tür", AmountCents: 466_67}}}
	h, err := recordHandover(in, 800_00)
	if err != nil || h.DeductionsCents() != 800_00 || h.RefundCents() != 0 {
		t.Fatalf("%+v, %v; want the whole deposit kept, nothing back", h, err)
	}
	in.Damages[1].AmountCents++
	_, err = recordHandover(in, 800_00)
	wantHandoverException(t, err, "damages", MsgDeductionsExceedDeposit)
	in.Damages[1] = DamageInput{Description: " ", AmountCents: 1}
	wantHandoverException(t, CheckDamages(in.Damages), "damages.1.description", MsgNotNull)
	in.Damages[1] = DamageInput{Description: "Tür", AmountCents: 0}
	wantHandoverException(t, CheckDamages(in.Damages), "damages.1.amountCents", MsgInvalid)
	in.Damages[1] = DamageInput{Description: "Tür", AmountCents: 1, Photos: make([][]byte, 4)}
	wantHandoverException(t, CheckDamages(in.Damages), "damages.1.photos", MsgInvalid)
	wantHandoverException(t, CheckDamages(make([]DamageInput, MaxDamages+1)), "damages", MsgInvalid)
	in.Damages[1] = DamageInput{Description: "Tür", AmountCents: 1, Photos: [][]byte{[]byte("\xff\xd8\xff\xe0"), []byte("%PDF-1.7")}}
	wantHandoverException(t, CheckDamages(in.Damages), "damages.1.photos.1", MsgInvalidFileType)
}

func TestHandoverAnswer_onceUntilTheDeadline_aDisputeHasItsReason(t *testing.T) {
	h, _ := recordHandover(HandoverInput{Date: "2027-03-31", MeterReadings: readings}, 800_00)
	expired := h
	wantHandoverException(t, expired.Answer(true, "", h.AnswerDeadline.AddDate(0, 0, 1), handoverToday), "rentingId", MsgHandoverAnswerExpired)
	wantHandoverException(t, h.Answer(false, "  ", h.AnswerDeadline, handoverToday), "reason", MsgNotNull)
	if err := h.Answer(false, "Das war schon so.", h.AnswerDeadline, handoverToday); err != nil || h.Status != HandoverDisputed {
		t.Fatalf("%v, %s", err, h.Status)
	}
	wantHandoverException(t, h.Answer(true, "", h.AnswerDeadline, handoverToday), "rentingId", MsgHandoverAnswered)
}

func TestHandoverSettle_afterTheAnswerOrTheDeadline_once_waivedDamagesComeBack(t *testing.T) {
	in := HandoverInput{Date: "2027-03-31", MeterReadings: readings, Damages: []DamageInput{{Description: "Wand", AmountCents: 100_01}, {Description: "Tür", AmountCents: 50_00}}}
	h, _ := recordHandover(in, 800_00)
	wantHandoverException(t, h.Settle(SettleByRefund, "", nil, h.AnswerDeadline, handoverToday, "admin"), "rentingId", MsgHandoverAwaitsRenter)
	after := h.AnswerDeadline.AddDate(0, 0, 1)
	wantHandoverException(t, h.Settle(SettleByBankTransfer, "", nil, after, handoverToday, "admin"), "bankReference", MsgBankReferenceRequired)
	wantHandoverException(t, h.Settle(SettleByRefund, "", []int{2}, after, handoverToday, "admin"), "waived", MsgInvalid)
	if h.Settlement != nil || h.Damages[0].Waived {
		t.Fatal("a refused settlement changed the handover")
	}
	if err := h.Settle(SettleByRefund, "", []int{1}, after, handoverToday, "admin"); err != nil || h.Settlement.RefundCents != 699_99 || h.Status != HandoverSettled {
		t.Fatalf("%v, %+v; want 800,00 € less 100,01 €", err, h.Settlement)
	}
	wantHandoverException(t, h.Settle(SettleByRefund, "", nil, after, handoverToday, "admin"), "rentingId", MsgDepositSettled)
}

func TestCanHandOver_onlyAPaidRentingNotRenewed_andTheDepositIsTheFirstBookings(t *testing.T) {
	t0 := handoverToday
	first := Renting{ID: "a", RenterID: 1, ApartmentID: 11, State: Payed, CreatedAt: t0}
	renewal := Renting{ID: "b", RenterID: 1, ApartmentID: 11, State: RenewalRequest, Renewal: true, CreatedAt: t0.Add(time.Hour)}
	if err := CanHandOver(first, []Renting{first, renewal}); err != nil {
		t.Errorf("a renewal not answered yet: %v", err)
	}
	renewal.State = RenewalAccepted
	wantHandoverException(t, CanHandOver(first, []Renting{first, renewal}), "rentingId", MsgHandoverNotAllowed)
	renewal.State = Payed
	if err := CanHandOver(renewal, []Renting{first, renewal}); err != nil {
		t.Errorf("the paid renewal ends: %v", err)
	}
	wantHandoverException(t, CanHandOver(Renting{State: Unpaid}, nil), "rentingId", MsgHandoverNotAllowed)
	if d, ok := DepositRenting(renewal, []Renting{first, renewal}); !ok || d.ID != "a" {
		t.Errorf("deposit renting %q, %t; want the first booking", d.ID, ok)
	}
}

func TestHandoverReminderDue_fromTwoDaysBeforeTheDeadlineUntilIt_whileUnanswered(t *testing.T) {
	h := Handover{Status: HandoverRecorded, AnswerDeadline: handoverToday}
	for days, want := range map[int]bool{-3: false, -2: true, 0: true, 1: false} {
		if got := h.HandoverReminderDue(handoverToday.AddDate(0, 0, days)); got != want {
			t.Errorf("%d days from the deadline: %t, want %t", days, got, want)
		}
	}
	h.Status = HandoverConfirmed
	if h.HandoverReminderDue(handoverToday) {
		t.Error("an answered handover is reminded")
	}
}
