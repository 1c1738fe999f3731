package domain

import "time"

// TaskKind is what a renting waits for from the office.
type TaskKind string

// The office's tasks, in the order a booking meets them.
const (
	TaskRequestExpiring   TaskKind = "REQUEST_EXPIRING"   // unconfirmed, canceled within a day
	TaskIdentityApproval  TaskKind = "IDENTITY_APPROVAL"  // confirmed, the identity card awaits approval
	TaskContractUnsigned  TaskKind = "CONTRACT_UNSIGNED"  // the contract went out and is unsigned for days
	TaskPaymentOpen       TaskKind = "PAYMENT_OPEN"       // signed, the rent is not paid
	TaskRenewalUnanswered TaskKind = "RENEWAL_UNANSWERED" // a renewal waits for its answer
	TaskPaymentDisputed   TaskKind = "PAYMENT_DISPUTED"   // the renter's bank disputes the payment, undecided
	TaskRefundFailed      TaskKind = "REFUND_FAILED"      // a refund failed and none succeeded since
	TaskHandoverDisputed  TaskKind = "HANDOVER_DISPUTED"  // the renter disputed a handover not settled
	// TaskDepositSettlementDue: a handover confirmed, or unanswered past its deadline, not settled.
	TaskDepositSettlementDue TaskKind = "DEPOSIT_SETTLEMENT_DUE"
)

// TaskStates are the states in which a renting may wait for the office.
var TaskStates = []State{ApartmentRequested, ApartmentReserved, ContractRequested, Unpaid, RenewalRequest}

// TaskRules say when a renting counts as waiting: a contract unsigned for UnsignedAfter, a request
// within a day of its expiry after ExpiresAfter.
type TaskRules struct {
	UnsignedAfter time.Duration
	ExpiresAfter  time.Duration
}

// Task is one renting the office should look at, since when.
type Task struct {
	Kind    TaskKind
	Renting Renting
	Since   time.Time
	Due     *time.Time // the deposit's settlement deadline for a handover's task; nil for the others
}

// TaskOf says what the renting waits for from the office at now, if anything: the money's tasks
// (in any state, a cancelled booking's refund too) before those of its state.
func (rules TaskRules) TaskOf(r Renting, now time.Time) (Task, bool) {
	task := Task{Renting: r, Since: r.UpdatedAt}
	switch {
	case r.Money.DisputedSince != nil:
		task.Kind, task.Since = TaskPaymentDisputed, *r.Money.DisputedSince
	case r.Money.RefundFailedSince != nil:
		task.Kind, task.Since = TaskRefundFailed, *r.Money.RefundFailedSince
	case r.State == ApartmentRequested && !now.Before(r.CreatedAt.Add(rules.ExpiresAfter-24*time.Hour)):
		task.Kind, task.Since = TaskRequestExpiring, r.CreatedAt
	case r.State == ApartmentReserved:
		task.Kind = TaskIdentityApproval
	case r.State == ContractRequested && !now.Before(r.UpdatedAt.Add(rules.UnsignedAfter)):
		task.Kind = TaskContractUnsigned
	case r.State == Unpaid:
		task.Kind = TaskPaymentOpen
	case r.State == RenewalRequest:
		task.Kind = TaskRenewalUnanswered
	default:
		return Task{}, false
	}
	return task, true
}

// HandoverTask says what the handover of renting r waits for from the office on today, if anything:
// a dispute to settle, or a deposit to settle since the renter confirmed or let the deadline pass;
// either is due by the settlement deadline.
func HandoverTask(h Handover, r Renting, today time.Time) (Task, bool) {
	if !h.SettlementDue(today) {
		return Task{}, false
	}
	due := h.SettlementDeadline
	task := Task{Kind: TaskDepositSettlementDue, Renting: r, Due: &due}
	switch {
	case h.Status == HandoverDisputed:
		task.Kind, task.Since = TaskHandoverDisputed, *h.AnsweredAt
	case h.AnsweredAt != nil:
		task.Since = *h.AnsweredAt
	default: // the renter's last day ended
		task.Since = h.AnswerDeadline.AddDate(0, 0, 1)
	}
	return task, true
}
