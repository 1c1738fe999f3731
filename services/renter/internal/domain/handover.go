package domain

import (
	"fmt"
	"time"
)

// The mails about a renting that ended: the handover the office recorded, the reminder to answer it,
// the receipt of the renter's answer and the settlement of the deposit. Each leads to the renter's
// own page, where the handover is shown and answered.
const (
	MailHandoverRecorded     MailKind = "handover_recorded"
	MailRemindAnswerHandover MailKind = "remind_answer_handover"
	MailHandoverAnswered     MailKind = "handover_answered"
	MailDepositSettled       MailKind = "deposit_settled"
)

// LeadsToOwnPage reports whether the mail's action is the renter's own page ("Meine Buchung") itself.
func (k MailKind) LeadsToOwnPage() bool {
	switch k {
	case MailPageLink, MailErasureLink, MailHandoverRecorded, MailRemindAnswerHandover, MailHandoverAnswered, MailDepositSettled:
		return true
	default:
		return false
	}
}

// dayLayout is how the renting service writes a calendar day (a handover's, its answer deadline).
const dayLayout = "2006-01-02"

// ParseDay reads a calendar day written yyyy-MM-dd; the mails print it as the renter's language does.
func ParseDay(day string) (time.Time, error) {
	t, err := time.Parse(dayLayout, day)
	if err != nil {
		return time.Time{}, fmt.Errorf("day %q: %w", day, err)
	}
	return t, nil
}

// Deduction is an amount (euro cents) kept of a deposit for a damage recorded at the handover.
type Deduction struct {
	Description string
	AmountCents int64
}

// MeterReading is one meter's value at a handover, under the residence's name of the meter.
type MeterReading struct {
	Meter string
	Value string
}

// Handover is what the office recorded when the renter moved out, as its mail tells it: the day, the
// meters, the damages with what is kept for each, the deposit, what comes back and until when the
// renter confirms or disputes it. The reminder to answer carries only the deadline.
type Handover struct {
	Date           time.Time
	MeterReadings  []MeterReading
	Damages        []Deduction
	DepositCents   int64
	RefundCents    int64
	AnswerDeadline time.Time
}

// DeductionsCents is what the damages keep of the deposit.
func (h Handover) DeductionsCents() int64 { return sumDeductions(h.Damages) }

// HandoverAnswer is the renter's answer to a handover on their page: confirmed, or disputed with
// their words.
type HandoverAnswer struct {
	Disputed bool
	Reason   string
}

// SettlementMethod is how a settled deposit goes back to the renter.
type SettlementMethod string

const (
	// SettlementRefund refunds the original payment through the payment provider.
	SettlementRefund SettlementMethod = "REFUND"
	// SettlementBankTransfer is a bank transfer the office made, under its reference.
	SettlementBankTransfer SettlementMethod = "BANK_TRANSFER"
)

// DepositSettlement is the office's settlement of a deposit as the renter's statement tells it.
type DepositSettlement struct {
	DepositCents  int64
	Deductions    []Deduction // the damages the office did not waive
	RefundCents   int64
	Method        SettlementMethod
	BankReference string
}

// DeductionsCents is what the settlement keeps of the deposit.
func (s DepositSettlement) DeductionsCents() int64 { return sumDeductions(s.Deductions) }

// ByBankTransfer reports whether the office transferred the refund itself.
func (s DepositSettlement) ByBankTransfer() bool { return s.Method == SettlementBankTransfer }

func sumDeductions(deductions []Deduction) int64 {
	var sum int64
	for _, d := range deductions {
		sum += d.AmountCents
	}
	return sum
}

// HandoverRecorded is the renting service's announcement that the office recorded the handover of a
// renting that ended.
type HandoverRecorded struct {
	EventID   string
	RentingID string
	RenterID  int64
	Stay      Stay
	Handover  Handover
}

// HandoverAnswered is the renting service's announcement that the renter answered the handover.
type HandoverAnswered struct {
	EventID   string
	RentingID string
	RenterID  int64
	Stay      Stay
	Answer    HandoverAnswer
}

// DepositSettled is the renting service's announcement that the office settled the deposit.
type DepositSettled struct {
	EventID    string
	RentingID  string
	RenterID   int64
	Stay       Stay
	Settlement DepositSettlement
}
